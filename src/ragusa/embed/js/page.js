// page.js: the page of `ragusa serve` without a server (written by `ragusa export-web`).
// The page sends every game request through one function; this script gives it one that answers
// in the browser itself (ragusa.mjs: the rules in Pyodide, in a Web Worker so that a bot's search never
// holds the page) instead of over HTTP, keeps the games in the browser's storage (so a reload, or another
// tab of the same site, finds them), and shapes the answers as the web app's are (links for the human seats).
"use strict";
(() => {
  const KEY = "ragusa-games";
  const here = document.currentScript.src;
  const CHANGES = new Set(["new_game", "apply", "undo"]);
  const storage = (() => { try { return window.localStorage; } catch (error) { return null; } })();
  const saved = () => (storage && storage.getItem(KEY)) || "";
  let stale = false;
  const ready = import(new URL("ragusa.mjs", here).href)
    .then(module => module.loadRagusa({ saved: saved(), worker: true }))
    .then(engine => {
      transport.readyAt = performance.now();
      document.documentElement.dataset.engine = "ready";
      return engine;
    });
  ready.catch(error => {
    document.documentElement.dataset.engine = "failed";
    const main = document.querySelector("#main");
    if (main) main.textContent = `The rules engine could not start in this browser: ${error.message}`;
  });

  async function send(message) {
    const engine = await ready;
    if (stale) { stale = false; await engine.restore(saved()); }
    const answer = await engine.request(message);
    if (answer.ok && CHANGES.has(answer.op) && storage) storage.setItem(KEY, await engine.dump());
    if (answer.ok && answer.op === "new_game") {  // as the web app answers: a link per human seat, no seed
      const page = location.pathname + location.search;
      answer.links = answer.tokens.map(token => token ? `${page}#/play/${answer.status.game}/${token}` : null);
      delete answer.tokens;
      delete answer.seed;
    }
    return answer;
  }

  addEventListener("storage", event => { if (event.key === KEY) stale = true; });
  addEventListener("hashchange", () => location.reload());  // a seat's link: the page starts on it
  const transport = {
    send,
    board: () => fetch(new URL("board.json", here)).then(response => response.json()),
    route: () => location.hash.slice(1) || "/",
    ready,
    readyAt: null,
  };
  window.ragusaTransport = transport;
})();
