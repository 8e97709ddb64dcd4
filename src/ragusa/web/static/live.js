// Live updates: the server pushes every change of the game (Server-Sent Events, /api/live/GAME/TOKEN);
// the page calls followGame(game, token, onChange) and redraws when the version it shows is not the
// newest. No polling: the browser keeps one stream open and reconnects by itself if it drops.
// A page that answers the protocol itself (the exported static site, window.ragusaTransport) is the
// game's only page, so there is nothing to follow.
"use strict";

function followGame(game, token, onChange) {
  if (window.ragusaTransport || typeof EventSource === "undefined") return () => {};
  const source = new EventSource(`/api/live/${encodeURIComponent(game)}/${encodeURIComponent(token)}`);
  source.onmessage = e => {
    let change = null;
    try { change = JSON.parse(e.data); } catch (err) { return; }
    if (change && change.game === game) onChange(change);
  };
  return () => source.close();
}
