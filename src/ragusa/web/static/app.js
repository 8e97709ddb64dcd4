// Ragusa in the browser: new-game form, the table for one seat (by its secret link), replay viewer.
"use strict";
const $ = (sel, el = document) => el.querySelector(sel);
const PHASE = {
  setup_bonus: "keep one of the three dealt bonus cards", place: "place a house", order: "choose which hex of the new house activates next",
  trade_window: "trade fish before the house activates, or pass", mason: "build a wall segment (Mason)", architect: "put a tower on a tower spot (Architect)",
  market: "buy a ship (Market) or pass", wharf: "sell a commodity (Wharf) or pass", rector_draw: "draw two bonus cards (Rector's Palace) or pass",
  rector_keep: "keep one of the drawn bonus cards", end_trade: "trade fish before the bonus cards score, or pass", over: "the game is over",
};
let B = null;           // board and component data
let G = null;           // {game, token, reply, log, poll}

// The one seam to the rules: over HTTP by default; a page that runs them itself (ragusa export-web) sets window.ragusaTransport.
const transport = window.ragusaTransport || {
  send: async msg => (await fetch("/api/message", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(msg) })).json(),
  board: async () => (await fetch("/api/board")).json(),
  route: () => location.pathname,
};
async function api(msg) { return transport.send(msg); }
function say(text, kind) { const m = $("#message"); if (m) { m.textContent = text; m.className = kind || ""; } }
function card(id) { return esc(id.replace(/^bonus-/, "")); }
function amounts(values, names) { return values.map((n, i) => n ? `${n} ${names[i].replace("_", " ")}` : "").filter(Boolean).join(", ") || "–"; }
function seatName(i) { return `<span class="swatch" style="background:${B.seat_colours[i]}"></span>seat ${i}`; }
function colourLog(line) { return esc(line).replace(/seat (\d)/g, (m, d) => `<b style="color:${B.seat_colours[+d]}">${m}</b>`); }

// ------------------------------------------------------------------ home: new game and replay upload
function home() {
  $("#subtitle").textContent = "new game";
  $("#main").innerHTML = `
  <section class="panel"><h3>New game</h3>
  <form class="newgame" id="newgame">
    <label>Players <select name="players">${[1, 2, 3, 4, 5].map(n => `<option ${n === 3 ? "selected" : ""}>${n}</option>`).join("")}</select> (1 = solo against the Patrician)</label>
    <label>Edition <select name="edition"><option>2nd</option><option>1st</option></select></label>
    <div id="seats"></div>
    <label><input type="checkbox" name="strict"> strict R-3 (Market and Wharf need a commodity already held)</label>
    <label><input type="checkbox" name="powerhouse_any_hex"> literal R-9 (2 players: one powerhouse per hex, country and sea too)</label>
    <div id="solo">
      <label><input type="checkbox" name="solo_human_first"> solo, easier: the human plays first (SOLO-3)</label>
      <label><input type="checkbox" name="solo_easier_rector"> solo, easier: bots score the better card of each Rector pair (SOLO-5)</label>
      <label><input type="checkbox" name="solo_harder"> solo, harder (SOLO-8)</label>
    </div>
    <label>Seed <input name="seed" size="10" placeholder="random"></label>
    <button type="submit" id="start">Start</button>
  </form><div id="message"></div><ul class="links" id="links"></ul></section>
  <section class="panel"><h3>Replay a record</h3><input type="file" id="upload" accept=".json,application/json"> <span id="upmsg"></span></section>`;
  const form = $("#newgame");
  const seats = () => {
    const n = +form.players.value;
    $("#seats").innerHTML = Array.from({ length: n }, (_, i) => `<label>Seat ${i} <select name="seat${i}">
      <option value="human" ${i === 0 ? "selected" : ""}>person</option><option value="greedy" ${i ? "selected" : ""}>greedy bot</option><option value="random">random bot</option><option value="ismcts">search bot (ismcts, 0.5 s a move)</option></select></label>`).join("");
    $("#solo").className = n === 1 ? "" : "hidden";
  };
  form.players.onchange = seats; seats();
  form.onsubmit = async e => {
    e.preventDefault();
    const n = +form.players.value, options = {};
    for (const k of ["strict", "powerhouse_any_hex", "solo_human_first", "solo_easier_rector", "solo_harder"]) if (form[k].checked) options[k] = true;
    const msg = { op: "new_game", players: n, edition: form.edition.value, options, seats: Array.from({ length: n }, (_, i) => form["seat" + i].value) };
    if (form.seed.value.trim()) msg.seed = +form.seed.value;
    const r = await api(msg);
    if (!r.ok) return say(r.error.message, "error");
    const links = r.links.map((l, i) => l ? { seat: i, url: l } : null).filter(Boolean);
    if (links.length === 1) { location.href = links[0].url; return; }
    say(links.length ? "Each person opens their own secret link:" : "Bots only: the game has been played out.", "info");
    $("#links").innerHTML = links.map(l => `<li>seat ${l.seat}: <a href="${l.url}" target="_blank">${location.origin}${l.url}</a></li>`).join("");
  };
  $("#upload").onchange = async e => {
    const f = e.target.files[0]; if (!f) return;
    let record; try { record = JSON.parse(await f.text()); } catch (err) { $("#upmsg").textContent = "not a JSON file"; return; }
    const r = await api({ op: "replay", record, seat: 0 });
    if (!r.ok) { $("#upmsg").textContent = r.error.message; return; }
    replayViewer(r);
  };
}

// ------------------------------------------------------------------ the table for one seat
function legalSets(legal) {
  const sets = { spots: new Set(), walls: new Set(), towers: new Set(), hexes: new Set() };
  for (const l of legal) {
    const a = l.action;
    if (a.type === "place") sets.spots.add(a.spot);
    else if (a.type === "build_wall") sets.walls.add(a.segment);
    else if (a.type === "build_tower") sets.towers.add(a.spot);
    else if (a.type === "activate_hex") sets.hexes.add(a.hex);
  }
  return sets;
}

function seatsTable(v, status) {
  const rows = v.players.map((p, i) => {
    const hand = p.bonus_cards === null ? `${p.bonus_card_count} hidden` : (p.bonus_cards.map(card).join(", ") || "none");
    const turn = status.seat === i ? " ◀" : "";
    return `<tr><td>${seatName(i)}${i === v.viewer ? " (you)" : ""} ${esc(status.seats[i])}${turn}</td><td>${p.vp.reduce((a, b) => a + b, 0)}</td>
      <td>${amounts(p.resources, B.resources)}</td><td>${amounts(p.commodities, B.commodities)}</td><td>${p.ships.length}</td>
      <td>${p.houses_left}${p.powerhouses_left ? "+" + p.powerhouses_left + "p" : ""} / ${p.towers_left}</td><td class="hand">${hand}</td></tr>`;
  });
  return `<table><tr><th>seat</th><th>VP</th><th>resources</th><th>commodities</th><th>ships</th><th>houses/towers left</th><th>bonus cards</th></tr>${rows.join("")}</table>`;
}

function shipCost(slot, ship) {
  const cost = Object.assign({}, B.slots[slot].cost), extra = B.ships[ship].extra_cost;
  if (extra) cost[extra] = (cost[extra] || 0) + 1;
  return Object.entries(cost).map(([c, n]) => `${n} ${c}`).join(" + ");
}

function marketHtml(v, legal) {
  const rows = B.commodities.map((c, k) => `<tr><th>${c}</th>${B.track.map((val, i) => `<td class="${v.market[k] === i ? "on" : ""}">${val}</td>`).join("")}</tr>`);
  const buy = new Set(legal.filter(l => l.action.type === "buy_ship").map(l => l.action.slot));
  const slots = v.slots.map((s, i) => s === null ? `<span class="slot">slot ${i}: empty</span>` :
    `<span class="slot ${buy.has(i) ? "legal" : ""}" data-slot="${i}">slot ${i}: ${esc(B.ships[s].good)} ${"★".repeat(B.ships[s].stars)}<br>costs ${shipCost(i, s)}</span>`);
  return `<table class="track">${rows.join("")}</table><div>${slots.join("")}</div><div>ship deck: ${v.ship_deck_size}, bonus deck: ${v.bonus_deck_size}</div>`;
}

function movesHtml(legal) {
  const main = legal.filter(l => l.action.type !== "trade"), trades = legal.filter(l => l.action.type === "trade");
  const btn = (l, cls) => `<button class="${cls}" data-action="${esc(l.text)}">${esc(l.text)}</button>`;
  return `<div>${main.map(l => btn(l, "")).join("")}</div>` + (trades.length ? `<div>Fish trades: ${trades.map(l => btn(l, "trade")).join("")}</div>` : "");
}

function endHtml(status) {
  const keys = [...new Set(status.result.flatMap(d => Object.keys(d)))].filter(k => k !== "total");
  const rows = keys.map(k => `<tr><td>${esc(k.replace("bonus:bonus-", "bonus card: "))}</td>${status.result.map(d => `<td>${d[k] ?? ""}</td>`).join("")}</tr>`);
  return `<section class="panel end" id="end"><h3>Game over — winner${status.winners.length > 1 ? "s" : ""}: ${status.winners.map(seatName).join(", ")}</h3>
    <table><tr><th>source</th>${status.result.map((_, i) => `<th>${seatName(i)}</th>`).join("")}</tr>${rows.join("")}
    <tr><th>total</th>${status.result.map(d => `<th>${d.total}</th>`).join("")}</tr></table>
    <button id="record">Download the record</button></section>`;
}

function renderGame() {
  const { reply, log } = G, v = reply.view, status = reply.status, legal = reply.legal, me = v.viewer;
  const mine = status.seat === me && !status.over;
  const who = status.over ? "The game is over." : mine ? `Your turn (seat ${me}): ${PHASE[status.phase]}.` : `Seat ${status.seat} (${status.seats[status.seat]}) to ${PHASE[status.phase]}…`;
  const hand = [v.dealt.length ? `dealt: ${v.dealt.map(card).join(", ")}` : "", v.rector_hand.length ? `drawn at the Rector's Palace: ${v.rector_hand.map(card).join(", ")}` : ""].filter(Boolean).join("; ");
  $("#main").innerHTML = `<div class="layout"><div class="boardcol">
      <div id="status">${who}</div>
      <div id="boardwrap">${drawBoard(B, v, { legal: legalSets(legal), placing: mine && status.phase === "place" })}</div>
      ${legendHtml(B, status.seats)}</div>
    <div class="side">
      ${status.over ? endHtml(status) : ""}
      <section class="panel"><h3>${status.over ? "Messages" : "Your move"}</h3><div id="message"></div><div class="choices" id="choices"></div>
        <div class="moves" id="moves">${mine ? movesHtml(legal) : status.over ? "" : "<i>waiting…</i>"}</div>
        <form id="notation"><input name="text" size="28" placeholder="notation, e.g. place s28"> <button>Play</button>
        <button type="button" id="undo" ${status.undo ? "" : "disabled"}>Undo</button></form>
        ${hand ? `<div class="hand">${hand}</div>` : ""}${v.solo ? `<div>Solo round ${v.solo.round} of 9; Patrician cards left: ${v.solo.bot_card_counts.join(", ")}</div>` : ""}</section>
      <section class="panel"><h3>Seats</h3>${seatsTable(v, status)}</section>
      <section class="panel"><h3>Market and ships</h3>${marketHtml(v, legal)}</section>
      <section class="panel"><h3>Log</h3><div id="log">${log.map(colourLog).join("\n")}</div></section>
    </div></div>`;
  $("#log").scrollTop = 1e9;
  wireGame(legal, mine);
}

async function play(action) {
  const r = await api({ op: "apply", game: G.game, token: G.token, action });
  if (!r.ok) { say(`${r.error.rule ? "[" + r.error.rule + "] " : ""}${r.error.message}`, "error"); return false; }
  await refresh(); say(`played: ${r.applied}`, "info"); return true;
}

function choose(options) {
  if (options.length === 1) return play(options[0].text);
  $("#choices").innerHTML = "Choose: " + options.map(l => `<button data-action="${esc(l.text)}">${esc(l.text)}</button>`).join("");
}

function wireGame(legal, mine) {
  $("#main").onclick = async e => {
    const t = e.target.closest("[data-action],[data-spot],[data-wall],[data-tower],[data-hex],[data-slot],#undo,#record");
    if (!t) return;
    if (t.id === "undo") { const r = await api({ op: "undo", game: G.game, token: G.token }); await refresh(); say(r.ok ? `undone: ${r.undone} action(s)` : r.error.message, r.ok ? "info" : "error"); return; }
    if (t.id === "record") return downloadRecord();
    if (!mine) return say("It is not your turn.", "error");
    const d = t.dataset;
    if (d.action) return play(d.action);
    if (d.wall) return play(`wall ${d.wall}`);
    if (d.tower && G.reply.status.phase === "architect") return play(`tower ${d.tower}`);
    if (d.hex && G.reply.status.phase === "order") return play(`hex ${d.hex}`);
    if (d.slot !== undefined) return play(`buy ${d.slot}`);
    if (d.spot && G.reply.status.phase === "place") {
      const options = legal.filter(l => l.action.type === "place" && l.action.spot === d.spot);
      return options.length ? choose(options) : play(`place ${d.spot}`);  // the server explains why not
    }
  };
  $("#notation").onsubmit = e => { e.preventDefault(); const t = e.target.text.value.trim(); if (t) play(t); };
}

async function downloadRecord() {
  const r = await api({ op: "record", game: G.game, token: G.token });
  if (!r.ok) return say(r.error.message, "error");
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([JSON.stringify(r.record, null, 1)], { type: "application/json" }));
  a.download = `ragusa-${G.game}.json`; a.click();
}

async function refresh() {
  const [reply, log] = await Promise.all([api({ op: "view", game: G.game, token: G.token }), api({ op: "log", game: G.game, token: G.token })]);
  if (!reply.ok) { $("#main").innerHTML = `<p id="message" class="error">${esc(reply.error.message)}</p>`; return; }
  G.reply = reply; G.log = log.lines;
  renderGame();
}

async function game(gameId, token) {
  $("#subtitle").textContent = `game ${gameId}`;
  G = { game: gameId, token };
  await refresh();
  setInterval(async () => {
    if (!G.reply || G.reply.status.over || G.reply.status.seat === G.reply.view.viewer) return;
    const r = await api({ op: "legal", game: G.game, token: G.token });
    if (r.ok && (r.status.actions !== G.reply.status.actions || r.status.seat !== G.reply.status.seat)) refresh();
  }, 1500);
}

// ------------------------------------------------------------------ replay viewer
function replayViewer(r) {
  $("#subtitle").textContent = "replay";
  const frames = r.frames;
  $("#main").innerHTML = `<div class="layout"><div class="boardcol"><div id="status"></div><div id="boardwrap"></div></div>
    <div class="side"><section class="panel"><h3>Replay</h3><input type="range" id="slider" min="0" max="${frames.length - 1}" value="0" style="width:100%">
    <div id="stepno"></div></section><section class="panel"><h3>Seats</h3><div id="rseats"></div></section><section class="panel"><h3>This step</h3><div id="log"></div></section>
    ${r.status.over ? endHtml(r.status).replace('<button id="record">Download the record</button>', "") : ""}</div></div>`;
  const show = i => {
    const f = frames[i], v = f.view, status = Object.assign({}, r.status, { seat: v.seat, seats: v.players.map(() => "") });
    $("#boardwrap").innerHTML = drawBoard(B, v, { legal: {} }) + legendHtml(B, status.seats);
    $("#status").textContent = v.seat === null ? "The game is over." : `Seat ${v.seat} to ${PHASE[v.phase]}`;
    $("#stepno").textContent = `step ${i} of ${frames.length - 1}`;
    $("#rseats").innerHTML = seatsTable(v, status);
    $("#log").innerHTML = f.log.map(colourLog).join("\n");
  };
  $("#slider").oninput = e => show(+e.target.value);
  show(0);
}

// ------------------------------------------------------------------ start
(async () => {
  B = await transport.board();
  const m = transport.route().match(/^\/play\/([^/]+)\/([^/]+)$/);
  if (m) game(decodeURIComponent(m[1]), decodeURIComponent(m[2])); else home();
})();
