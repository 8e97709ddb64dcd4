// The board editor (/editor): set up any position by clicking, see at once what makes it impossible
// (each problem beside the piece or number that causes it, with its clause), the legal moves and what
// each does, and the ruling on any move. The address always holds the position text, so a link shares it.
"use strict";
const PHASES = ["setup_bonus", "place", "order", "trade_window", "mason", "architect", "market", "wharf", "rector_draw", "rector_keep", "end_trade", "over"];
// each clause prefix's rule page (the others are city buildings); the docs as `mkdocs serve` shows them
const RULE_PAGES = { SETUP: "rules/setup", RES: "rules/resources", TURN: "rules/turn", BUILD: "rules/build", ACT: "rules/activation",
  FISH: "rules/fish", END: "rules/end", WIN: "rules/end", TWO: "rules/two-player", SOLO: "rules/solo", ED: "editions", R: "rulings" };
const DOCS = () => localStorage.getItem("ragusa.docs") || "http://127.0.0.1:8000/";
const NOBODY = { seats: [], names: [] };  // seats without people or bots: named by number
let E = null;  // the editor: {state, text, reply, tool, seat, ruling}

function rulePage(clause) {
  const prefix = clause.replace(/-\d+[a-z]?$/, ""), first = prefix.split("-")[0];
  return `${DOCS()}${RULE_PAGES[first] || "rules/buildings"}/#${clause}`;
}
function clauseLink(clause) {
  return clause ? `<a class="clause" href="${esc(rulePage(clause))}" target="_blank" rel="noopener">${esc(clause)}</a>` : "";
}

// what the address names: /editor?position=TEXT&move=NOTATION (served) or #/editor?position=... (the static
// site); a rule page's example opens its position with the move its clause rules on
function addressParams(route) {
  return new URLSearchParams(route.includes("?") ? route.slice(route.indexOf("?")) : location.search);
}
function showAddress(text) {
  if (!text) return;
  const query = "?position=" + encodeURIComponent(text);
  if (window.ragusaTransport) history.replaceState(null, "", location.pathname + location.search + "#/editor" + query);
  else history.replaceState(null, "", "/editor" + query);
}

async function editor(route) {
  document.title = `${t("Board editor")} · Ragusa`;
  $("#subtitle").textContent = t("Board editor");
  E = { state: null, text: null, reply: null, tool: "house", seat: 0, ruling: null };
  const params = addressParams(route), given = params.get("position"), move = params.get("move");
  await ask(given ? { position: given } : { players: 4, unknown: true });
  if (given && move && E.reply && E.reply.decision) await rule(move);
}

async function ask(fields) {
  const reply = await send(Object.assign({ op: "position", lang: LANG }, fields));
  if (!reply.ok) { say(reply.error.message, "error"); return; }
  E.reply = reply;
  if (reply.state) E.state = reply.state;
  if (reply.position) { E.text = reply.position; showAddress(reply.position); }
  if (!fields.action) E.ruling = null;
  renderEditor();
}
const edited = () => ask({ state: E.state, unknown: true });

// ------------------------------------------------------------------ problems beside what causes them
function pathKey(path) { return path.replace(/^\$\.?/, "").replace(/\[(\d+)\]/g, ".$1"); }
function problemsAt(key) {
  return ((E.reply && E.reply.problems) || []).filter(p => pathKey(p.path) === key);
}
function problemNote(key) {
  return problemsAt(key).map(p => `<span class="problem" role="note">${clauseLink(p.clause)} ${esc(p.message)}</span>`).join("");
}
function numberInput(key, value, max) {
  const bad = problemsAt(key).length ? "bad" : "";
  return `<input type="number" class="num ${bad}" min="0" max="${max}" data-path="${key}" value="${value}">${problemNote(key)}`;
}
function get(key) { return key.split(".").reduce((o, k) => o[k], E.state); }
function put(key, value) {
  const keys = key.split("."), last = keys.pop(), parent = keys.reduce((o, k) => o[k], E.state);
  parent[last] = value;
}

// ------------------------------------------------------------------ the board: click to put or take a piece
function boardProblems() {
  const marks = [], g = geometry(B);
  for (const p of (E.reply && E.reply.problems) || []) {
    const m = pathKey(p.path).match(/^(houses|towers|walls)\.(\d+)$/);
    if (!m) continue;
    const [x, y] = m[1] === "walls" ? g.wall[B.walls[+m[2]].id].reduce((a, q) => [a[0] + q[0] / 2, a[1] + q[1] / 2], [0, 0]) : g.spot[B.spots[+m[2]].id];
    marks.push(`<circle class="problem-mark" cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="10" fill="none" stroke="#b00020" stroke-width="3"><title>${esc(p.clause + ": " + p.message)}</title></circle>`);
  }
  return marks.join("");
}

function clickBoard(ev) {
  const svg = $("#boardwrap svg");
  const all = { spots: B.spots.map(s => s.id) };
  if (E.tool === "tower") all.towers = B.spots.filter(s => s.tower).map(s => s.id), all.spots = [];
  if (E.tool === "wall") all.walls = B.walls.map(w => w.id), all.spots = [];
  const hit = nearestTarget(B, svg, ev.clientX, ev.clientY, all, 22);
  if (!hit || !E.state) return;
  const seat = E.seat, st = E.state;
  if (hit.kind === "wall") {
    const i = B.walls.findIndex(w => w.id === hit.id);
    st.walls[i] = st.walls[i] === seat ? -1 : seat;
  } else if (hit.kind === "tower") {
    const i = B.spots.findIndex(s => s.id === hit.id), had = st.towers[i];
    st.towers[i] = had === seat ? -1 : seat;
    stock(had, "towers_left", +1); stock(st.towers[i], "towers_left", -1);
  } else {
    const i = B.spots.findIndex(s => s.id === hit.id), had = st.houses[i];
    const mark = { house: seat, power: -2, reserved: -3, remove: -1 }[E.tool];
    st.houses[i] = had === mark ? -1 : mark;
    stock(had, "houses_left", +1); stock(st.houses[i], "houses_left", -1);
  }
  edited();
}
// a seat's pieces left follow the pieces it puts on the board or takes off
function stock(seat, field, delta) {
  if (seat >= 0 && E.state.players[seat]) E.state.players[seat][field] = Math.max(0, E.state.players[seat][field] + delta);
}

// ------------------------------------------------------------------ the panels
function toolsHtml(n) {
  const tools = { house: t("house"), power: t("powerhouse"), reserved: t("reserved (solo)"), tower: t("tower"), wall: t("wall"), remove: t("remove") };
  const seats = [...Array(n).keys()].map(i => `<option value="${i}" ${i === E.seat ? "selected" : ""}>${esc(seatText(i, NOBODY))}</option>`);
  return `<div class="tools edtools"><label>${esc(t("Piece"))} <select id="tool">${Object.entries(tools).map(([k, v]) => `<option value="${k}" ${k === E.tool ? "selected" : ""}>${esc(v)}</option>`).join("")}</select></label>
    <label>${esc(t("of"))} <select id="toolseat">${seats.join("")}</select></label> <span class="muted">${esc(t("Click the board to put a piece there, click again to take it off."))}</span></div>`;
}

function seatsEditor(st) {
  const head = [t("seat"), ...B.resources.map(resName), ...B.commodities.map(comName), t("fish traded"), t("houses left"), t("powerhouses left"), t("towers left")];
  const rows = st.players.map((p, i) => `<tr><td>${seatHtml(i, NOBODY)}</td>
    ${p.resources.map((v, k) => `<td>${numberInput(`players.${i}.resources.${k}`, v, 99)}</td>`).join("")}
    ${p.commodities.map((v, k) => `<td>${numberInput(`players.${i}.commodities.${k}`, v, 12)}</td>`).join("")}
    <td>${numberInput(`players.${i}.fish_traded`, p.fish_traded, 99)}</td><td>${numberInput(`players.${i}.houses_left`, p.houses_left, 12)}</td>
    <td>${numberInput(`players.${i}.powerhouses_left`, p.powerhouses_left, 2)}</td><td>${numberInput(`players.${i}.towers_left`, p.towers_left, 15)}</td></tr>`);
  const vpHead = [t("seat"), ...B.vp_sources.map(s => tp("vp source", s)), t("bonus cards"), t("ships")];
  const vpRows = st.players.map((p, i) => `<tr><td>${seatHtml(i, NOBODY)}</td>${p.vp.map((v, k) => `<td>${numberInput(`players.${i}.vp.${k}`, v, 99)}</td>`).join("")}
    <td><input class="list" data-list="players.${i}.bonus_cards" data-prefix="bonus-" value="${esc(p.bonus_cards.map(c => c.replace(/^bonus-/, "")).join(", "))}">${problemNote(`players.${i}.bonus_cards`)}</td>
    <td><input class="list" data-list="players.${i}.ships" data-prefix="ship-" value="${esc(p.ships.map(s => s.replace(/^ship-/, "")).join(", "))}">${problemNote(`players.${i}.ships`)}</td></tr>`);
  return `<div class="scroll"><table class="edseats"><tr>${head.map(h => `<th>${esc(h)}</th>`).join("")}</tr>${rows.join("")}</table></div>
    <div class="scroll"><table class="edseats"><tr>${vpHead.map(h => `<th>${esc(h)}</th>`).join("")}</tr>${vpRows.join("")}</table></div>`;
}

function tableEditor(st) {
  const n = st.players.length, seatOptions = (value, none) => (none ? [`<option value="" ${value === null ? "selected" : ""}>–</option>`] : [])
    .concat([...Array(n).keys()].map(i => `<option value="${i}" ${i === value ? "selected" : ""}>${esc(seatText(i, NOBODY))}</option>`)).join("");
  const ships = Object.keys(B.ships), slot = (s, i) => `<select data-path="slots.${i}" data-kind="ship"><option value="">–</option>${ships.map(id => `<option value="${id}" ${id === s ? "selected" : ""}>${esc(id.replace("ship-", ""))} ${esc(goodName(B.ships[id].good))}</option>`).join("")}</select>${problemNote(`slots.${i}`)}`;
  return `<div class="edtable">
    <label>${esc(t("Phase"))} <select data-path="phase" data-kind="text">${PHASES.map(p => `<option ${p === st.phase ? "selected" : ""}>${p}</option>`).join("")}</select></label>${problemNote("phase")}
    <label>${esc(t("deciding"))} <select data-path="seat" data-kind="seat">${seatOptions(st.seat, true)}</select></label>${problemNote("seat")}
    <label>${esc(t("whose turn"))} <select data-path="turn_seat" data-kind="seat">${seatOptions(st.turn_seat)}</select></label>
    <label>${esc(t("start seat"))} <select data-path="start_seat" data-kind="seat">${seatOptions(st.start_seat)}</select></label>
    <label>${esc(t("placements"))} ${numberInput("placements", st.placements, 60)}</label>
    <div>${esc(t("Market"))}: ${B.commodities.map((c, k) => `<label>${esc(comName(c))} ${numberInput(`market.${k}`, st.market[k], 14)}</label>`).join(" ")}</div>
    <div>${esc(t("Ships for sale"))}: ${st.slots.map(slot).join(" ")}</div></div>`;
}

function movesPanel(reply) {
  const d = reply.decision;
  if (!d) return `<p class="muted">${esc(t("Fix the problems to see the legal moves."))}</p>`;
  const moves = d.choices.map((c, i) => `<button class="move" data-move="${i}"><span class="what">${esc(c.effect)}</span> <code>${esc(c.notation)}</code></button>`);
  const r = E.ruling;
  let ruling = "";
  if (r && r.legal) ruling = `<div class="ruling legal"><b>${esc(t("legal"))}: ${esc(r.notation)}</b>${r.effect ? `<div>${esc(r.effect)}</div>` : ""}${[...r.happens, ...r.changes, r.next].map(l => `<div class="line">${esc(l)}</div>`).join("")}</div>`;
  else if (r) ruling = `<div class="ruling illegal"><b>${esc(t("illegal"))}: ${esc(r.notation)}</b> ${clauseLink(r.rule)} ${esc(r.message)}</div>`;
  return `<div id="headline">${esc(d.headline)}</div>${d.lines.map(l => `<div class="line">${esc(l)}</div>`).join("")}
    <form id="trymove"><input id="movetext" size="24" autocomplete="off" placeholder="${esc(t("notation, e.g. place s28"))}"> <button>${esc(t("Is it legal?"))}</button></form>
    <div id="ruling">${ruling}</div><details class="all" ${moves.length <= 8 ? "open" : ""}><summary>${esc(t("Legal moves ({n})", { n: moves.length }))}</summary>${moves.join("")}</details>`;
}

function renderEditor() {
  const st = E.state, reply = E.reply, problems = reply.problems || [];
  const status = problems.length ? t("This position cannot arise in a game: {n} problem(s).", { n: problems.length }) : t("A position the rules can reach.");
  const list = problems.map(p => `<li>${clauseLink(p.clause)} <code>${esc(p.path)}</code> ${esc(p.message)}</li>`).join("");
  const board = st ? drawBoard(B, st, { labels: true }).replace("</svg>", boardProblems() + "</svg>") : "";
  $("#main").innerHTML = `<div class="layout editor"><div class="boardcol">
      <div id="edstatus" class="${problems.length ? "bad" : "ok"}">${esc(status)}</div><div id="message" role="status"></div>
      ${problems.length ? `<ul id="problems">${list}</ul>` : ""}
      ${st ? toolsHtml(st.players.length) : ""}<div id="boardwrap">${board}</div>
      <section class="panel" id="edmoves">${movesPanel(reply)}</section></div>
    <div class="side">
      <section class="panel"><h3>${esc(t("Position text"))}</h3><textarea id="postext" rows="4">${esc(E.text || "")}</textarea>
        <div class="buttons"><button id="readtext">${esc(t("Read this text"))}</button>
        <label>${esc(t("New table"))} <select id="newplayers">${[1, 2, 3, 4, 5].map(n => `<option value="${n}" ${n === 4 ? "selected" : ""}>${n === 1 ? esc(t("solo")) : n}</option>`).join("")}</select></label>
        <select id="newedition"><option>2nd</option><option>1st</option></select> <button id="newtable">${esc(t("Set up"))}</button>
        <button id="playhere" ${reply.decision ? "" : "disabled"}>${esc(t("Play from here"))}</button></div></section>
      ${st ? `<section class="panel"><h3>${esc(t("The table"))}</h3>${tableEditor(st)}</section><section class="panel"><h3>${esc(t("Seats"))}</h3>${seatsEditor(st)}</section>` : ""}
    </div></div>`;
  wireEditor();
}

function wireEditor() {
  const svg = $("#boardwrap svg");
  if (svg) svg.addEventListener("click", clickBoard);
  if ($("#tool")) $("#tool").onchange = e => { E.tool = e.target.value; };
  if ($("#toolseat")) $("#toolseat").onchange = e => { E.seat = +e.target.value; };
  for (const el of document.querySelectorAll("[data-path]")) el.onchange = () => {
    const kind = el.dataset.kind, v = el.value;
    put(el.dataset.path, kind === "text" ? v : kind === "seat" ? (v === "" ? null : +v) : kind === "ship" ? (v || null) : Math.max(0, +v || 0));
    edited();
  };
  for (const el of document.querySelectorAll("[data-list]")) el.onchange = () => {
    const names = el.value.split(/[\s,]+/).filter(Boolean);
    put(el.dataset.list, names.map(x => x.startsWith(el.dataset.prefix) ? x : el.dataset.prefix + x));
    edited();
  };
  for (const el of document.querySelectorAll("[data-move]")) el.onclick = () => rule(E.reply.decision.choices[+el.dataset.move].notation);
  if ($("#trymove")) $("#trymove").onsubmit = e => { e.preventDefault(); rule($("#movetext").value); };
  $("#readtext").onclick = () => ask({ position: $("#postext").value.trim() });
  $("#newtable").onclick = () => ask({ players: +$("#newplayers").value, edition: $("#newedition").value, unknown: true });
  $("#playhere").onclick = playHere;
}

async function rule(notation) {
  if (!notation.trim()) return;
  const reply = await send({ op: "position", position: E.text, action: notation.trim(), lang: LANG });
  if (!reply.ok) { say(reply.error.message, "error"); return; }
  E.ruling = reply.ruling;
  renderEditor();
}

// a game from this position: the protocol's new_game with the position; the first seat a person, the others bots
async function playHere() {
  const n = E.state.solo ? 1 : E.state.players.length;
  const seats = n === 1 ? ["human"] : ["human", ...Array(n - 1).fill("greedy")];
  const reply = await send({ op: "new_game", players: n, seats, position: E.text });
  if (!reply.ok) { say(reply.error.message, "error"); return; }
  const link = reply.links && reply.links[0];
  if (link) location.href = link;
}
