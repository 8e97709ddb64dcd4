// Ragusa in the browser: the one seam to the game (send), the busy sign, this browser's games, start.
"use strict";
const $ = (sel, el = document) => el.querySelector(sel);
let B = null;      // board and component data (/api/board)
let G = null;      // the game on screen: {game, token, reply, log, seen, ...}

// The only way the page talks to the game: send(message), one protocol message in, its answer out.
// A page that answers the protocol itself (the exported static site) sets window.ragusaTransport =
// {send(message), board(), route()}; without it, HTTP to the server.
const httpTransport = {
  send: async message => (await fetch("/api/message", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(message) })).json(),
  board: async () => (await fetch("/api/board")).json(),
  route: () => location.pathname,
};
const transport = () => Object.assign({}, httpTransport, window.ragusaTransport || {});
let pending = 0, busyTimer = null;
async function send(message, quiet) {
  if (!quiet) busy(+1);
  try { return await transport().send(message); }
  catch (e) { return { ok: false, error: { code: "network", message: t("The server cannot be reached; try again.") } }; }
  finally { if (!quiet) busy(-1); }
}
function busy(delta) {
  pending += delta;
  const el = $("#busy");
  if (!el) return;
  clearTimeout(busyTimer);
  if (pending > 0) busyTimer = setTimeout(() => { el.hidden = false; }, 120);  // no flicker for quick answers
  else el.hidden = true;
}

function say(text, kind) { const m = $("#message"); if (m) { m.textContent = text; m.className = kind || ""; } }

// ------------------------------------------------------------------ seats: names, colours, kinds
function kindLabel(kind) {
  const level = INFO && (INFO.levels || []).find(l => l.name === kind);
  if (level) return t("{level} bot", { level: t(level.name) });
  return { human: t("person"), greedy: t("greedy bot"), random: t("random bot"), ismcts: t("search bot"), expert: t("expert bot"), patrician: t("Patrician") }[kind] || kind;
}
// a seat as plain text: its person's name, or "seat 2" (people count seats from 1); solo bots are the Patrician's
function seatText(i, status) {
  const st = status || (G && G.reply && G.reply.status);
  if (st && st.names && st.names[i]) return st.names[i];
  if (st && st.seats[i] === "patrician") return t("Patrician, bot {bot}", { bot: "AB"[i - 1] || i });
  return t("seat {n}", { n: i + 1 });
}
function seatHtml(i, status) {
  return `<span class="swatch" style="background:${B.seat_colours[i]}"></span>${esc(seatText(i, status))}`;
}

// ------------------------------------------------------------------ this browser's games (the lobby)
function savedGames() {
  try { const list = JSON.parse(localStorage.getItem("ragusa.games") || "[]"); return Array.isArray(list) ? list : []; }
  catch (e) { return []; }
}
function saveGame(entry) {
  const list = savedGames().filter(g => !(g.game === entry.game && g.url === entry.url));
  const old = savedGames().find(g => g.game === entry.game && g.url === entry.url) || {};
  list.unshift(Object.assign(old, entry));
  localStorage.setItem("ragusa.games", JSON.stringify(list.slice(0, 40)));
}

// what the list of games keeps of a game for one seat: who plays, whose turn, the result
function savedEntry(status, seat) {
  const entry = { game: status.game, seat, name: status.names ? status.names[seat] : null, players: status.seats.length,
    seats: status.seats, names: status.names || [], turn: status.seat, over: status.over };
  if (status.over) Object.assign(entry, { winners: status.winners, scores: status.scores });
  return entry;
}

function setTitle(mine, over) {
  document.title = over ? `${t("Game over")} · Ragusa` : mine ? `▶ ${t("Your turn")} · Ragusa` : "Ragusa";
}

// where the start page is: "/" on the server, the page itself (no #route) in the exported site
const homeHref = () => (window.ragusaTransport ? location.pathname + location.search : "/");
function navHtml() {
  return `<a class="nav" href="${esc(homeHref())}#new" id="navnew">${esc(t("New game"))}</a> <a class="nav" href="${esc(homeHref())}#games" id="navgames">${esc(t("My games"))}</a>`;
}

function header() {
  $("#navbox").innerHTML = navHtml();
  $("#langbox").innerHTML = languageSwitch();
  $("#rules").textContent = t("Rules summary");
  $("#busy").textContent = t("Thinking…");
  $("#rules").onclick = toggleRules;
  if ($("#rulesbox")) $("#rulesslot").innerHTML = rulesSummary();
  $("#rulesslot").onclick = e => { if (e.target.id === "closerules") $("#rulesslot").innerHTML = ""; };
  $("#lang").onchange = async e => {
    localStorage.setItem("ragusa.lang", e.target.value);
    await loadLanguage(e.target.value);
    route();
  };
}

function route() {
  header();
  const m = transport().route().match(/^\/play\/([^/]+)\/([^/]+)$/);
  if (transport().route().startsWith("/editor")) editor(transport().route());
  else if (m) game(decodeURIComponent(m[1]), decodeURIComponent(m[2]));
  else home();
}

(async () => {
  B = await transport().board();
  B.hexByID = Object.fromEntries(B.hexes.map(h => [h.id, h]));
  await loadLanguage(pickLanguage());
  route();
})();
