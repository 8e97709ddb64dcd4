// The start page: this browser's games, the new-game form (seat kinds or levels, names), a record to replay.
"use strict";

function seatOptions(i) {
  const levels = (INFO && INFO.levels) || [];
  const names = levels.map(l => l.name);
  const opts = [`<option value="human" ${i === 0 ? "selected" : ""}>${esc(t("person"))}</option>`];
  // the levels first (easiest first, each with what it is), then every other bot the server offers
  if (levels.length) {
    opts.push(`<optgroup label="${esc(t("Levels"))}">`);
    levels.forEach((l, k) => opts.push(`<option value="${esc(l.name)}" ${i && k === 0 ? "selected" : ""} title="${esc(l.description || "")}">${esc(t(l.name))} — ${esc(l.description || l.budget || "")}</option>`));
    opts.push(`</optgroup><optgroup label="${esc(t("Other bots"))}">`);
  }
  const kinds = ((INFO && INFO.seat_kinds) || ["human", "greedy", "random", "ismcts"]).filter(k => k !== "human" && !names.includes(k));
  kinds.forEach(k => opts.push(`<option value="${esc(k)}" ${i && !levels.length && k === "greedy" ? "selected" : ""}>${esc(kindLabel(k))}${k === "ismcts" ? " " + esc(t("(half a second a move)")) : ""}</option>`));
  if (levels.length) opts.push("</optgroup>");
  return opts.join("");
}

// what the chosen level is, in full under its seat (a phone cuts the option's text short)
function seatNote(form, i) {
  const level = ((INFO && INFO.levels) || []).find(l => l.name === form["seat" + i].value);
  $("#seatnote" + i).textContent = level ? `${t(level.name)}: ${level.description} (${level.budget})` : "";
}

// a saved game's seats as its status would name them (seat kinds and names kept with the link)
const savedStatus = g => ({ seats: g.seats || [], names: g.names || [] });
function opponentsText(g) {
  if (!g.seats) return g.players ? tn("{n} player", "{n} players", g.players) : "";
  const st = savedStatus(g);
  const others = g.seats.map((kind, i) => i === g.seat ? null : (kind === "human" || kind === "patrician" ? seatText(i, st) : `${seatText(i, st)} (${kindLabel(kind)})`)).filter(Boolean);
  return t("against {who}", { who: others.join(", ") });
}
function turnText(g) {
  const st = savedStatus(g);
  if (g.over && g.winners) {
    const scores = (g.scores || []).join(" – ");
    const won = g.winners.includes(g.seat);
    const who = g.seats && g.seats.includes("patrician") && !won ? t("the Patrician") : g.winners.map(i => seatText(i, st)).join(", ");
    return `${won ? t("you won") : t("won by {who}", { who })}${scores ? " · " + t("VP: {scores}", { scores }) : ""}`;
  }
  if (g.over) return t("finished");
  if (g.turn === undefined || g.turn === null || !g.seats) return t("playing");
  return g.turn === g.seat ? t("your turn") : t("{who} to play", { who: seatText(g.turn, st) });
}

function gamesHtml() {
  const list = savedGames();
  if (!list.length) return `<p class="muted">${esc(t("No games in this browser yet."))}</p>`;
  const rows = list.map((g, i) => {
    const when = g.created ? new Date(g.created).toLocaleString(LANG) : "";
    const me = g.seats ? seatText(g.seat, savedStatus(g)) : g.name || t("seat {n}", { n: (g.seat || 0) + 1 });
    return `<li class="saved ${g.over ? "over" : ""} ${!g.over && g.turn === g.seat ? "myturn" : ""}"><a href="${esc(g.url)}">${esc(t("{me}, game {game}", { me, game: g.game }))}</a>
      <span class="tag">${esc(turnText(g))}</span> <span class="opp">${esc(opponentsText(g))}</span> <span class="muted">${esc(when)}</span>
      <span class="acts">${g.over ? `<button type="button" class="replay" data-replay="${i}">${esc(t("Replay"))}</button>` : ""}<button type="button" class="copy" data-copy="${i}">${esc(t("Copy link"))}</button></span></li>`;
  });
  return `<ul class="games">${rows.join("")}</ul>`;
}

// a finished game of this browser, replayed from its record (the protocol's record op, no download):
// the game's names and seat kinds kept
async function replaySaved(g) {
  const m = g.url.match(/\/play\/([^/#]+)\/([^/#]+)$/);
  if (!m) return;
  const rec = await send({ op: "record", game: decodeURIComponent(m[1]), token: decodeURIComponent(m[2]) });
  if (!rec.ok) return say(rec.error.message, "error");
  const r = await send({ op: "replay", record: rec.record, seat: g.seat || 0, lang: LANG });
  if (!r.ok) return say(r.error.message, "error");
  replayViewer(r, g.seats ? savedStatus(g) : null);
}

function linksHtml(links) {
  return links.map((l, i) => `<li><b>${esc(l.label)}</b>: <a href="${esc(l.url)}" target="_blank">${esc(location.origin + l.url)}</a>
    <button type="button" class="copy" data-link="${i}">${esc(t("Copy link"))}</button></li>`).join("");
}

function copyText(text, button) {
  const done = () => { button.textContent = t("Copied"); };
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, () => fallbackCopy(text, done));
  else fallbackCopy(text, done);
}
function fallbackCopy(text, done) {
  const area = document.createElement("textarea");
  area.value = text; document.body.appendChild(area); area.select();
  try { document.execCommand("copy"); } catch (e) { /* the link stays on screen to copy by hand */ }
  area.remove(); done();
}

function home() {
  G = null; setTitle(false, false);
  $("#subtitle").textContent = t("new game");
  $("#main").innerHTML = `
  <section class="panel" id="games"><h3>${esc(t("Your games in this browser"))}</h3>${gamesHtml()}</section>
  <section class="panel" id="new"><h3>${esc(t("New game"))}</h3>
  <form class="newgame" id="newgame">
    <label>${esc(t("Players"))} <select name="players">${[1, 2, 3, 4, 5].map(n => `<option ${n === 3 ? "selected" : ""}>${n}</option>`).join("")}</select> <span class="muted">${esc(t("(1 = solo against the Patrician)"))}</span></label>
    <label>${esc(t("Edition"))} <select name="edition"><option value="2nd">${esc(t("2nd edition"))}</option><option value="1st">${esc(t("1st edition"))}</option></select></label>
    <div id="seats"></div>
    <label><input type="checkbox" name="strict"> ${esc(t("strict R-3 (Market and Wharf need a commodity already held)"))}</label>
    <label id="twoonly"><input type="checkbox" name="powerhouse_any_hex"> ${esc(t("literal R-9 (2 players: one powerhouse per hex, country and sea too)"))}</label>
    <div id="solo">
      <label><input type="checkbox" name="solo_human_first"> ${esc(t("solo, easier: you play first (SOLO-3)"))}</label>
      <label><input type="checkbox" name="solo_easier_rector"> ${esc(t("solo, easier: the bots score the better card of each Rector pair (SOLO-5)"))}</label>
      <label><input type="checkbox" name="solo_harder"> ${esc(t("solo, harder (SOLO-8)"))}</label>
    </div>
    <label>${esc(t("Seed"))} <input name="seed" size="10" inputmode="numeric" placeholder="${esc(t("random"))}"></label>
    <button type="submit" id="start" class="primary">${esc(t("Start"))}</button>
  </form><div id="message" role="status"></div><ul class="links" id="links"></ul></section>
  <section class="panel"><h3>${esc(t("Replay a record"))}</h3><input type="file" id="upload" accept=".json,application/json"> <span id="upmsg"></span></section>`;
  const form = $("#newgame");
  const seats = () => {
    const n = +form.players.value;
    $("#seats").innerHTML = Array.from({ length: n }, (_, i) => `<div class="seatrow"><label>${esc(t("Seat {n}", { n: i + 1 }))} <select name="seat${i}">${seatOptions(i)}</select></label>
      <label>${esc(t("Name"))} <input name="name${i}" maxlength="40" size="14" autocomplete="off" placeholder="${esc(t("optional"))}"></label>
      <div class="muted seatnote" id="seatnote${i}"></div></div>`).join("");
    // only the options of this number of players are offered (solo: SOLO-3, 5, 8; two players: R-9)
    $("#solo").className = n === 1 ? "" : "hidden";
    $("#twoonly").className = n === 2 ? "" : "hidden";
    if (n !== 2) form.powerhouse_any_hex.checked = false;
    if (n !== 1) for (const k of ["solo_human_first", "solo_easier_rector", "solo_harder"]) form[k].checked = false;
    for (let i = 0; i < n; i++) seatNote(form, i);
  };
  form.addEventListener("change", e => { const m = e.target.name && e.target.name.match(/^seat(\d+)$/); if (m) seatNote(form, +m[1]); });
  form.players.onchange = seats; seats();
  form.onsubmit = async e => {
    e.preventDefault();
    const n = +form.players.value, options = {};
    for (const k of ["strict", "powerhouse_any_hex", "solo_human_first", "solo_easier_rector", "solo_harder"]) if (form[k].checked) options[k] = true;
    const seatKinds = Array.from({ length: n }, (_, i) => form["seat" + i].value);
    const names = Array.from({ length: n }, (_, i) => form["name" + i].value.trim() || null);
    const msg = { op: "new_game", players: n, edition: form.edition.value, options, seats: seatKinds };
    if (names.some(Boolean)) msg.names = names;
    if (form.seed.value.trim()) msg.seed = +form.seed.value;
    const r = await send(msg);
    if (!r.ok) return say(r.error.message, "error");
    const links = r.links.map((url, i) => url ? { seat: i, url, label: names[i] || t("seat {n}", { n: i + 1 }) } : null).filter(Boolean);
    const created = Date.now();
    for (const l of links) saveGame(Object.assign(savedEntry(r.status, l.seat), { url: l.url, created }));
    if (links.length === 1) { location.href = links[0].url; return; }
    say(links.length ? t("Each person opens their own secret link; they are kept in this browser's list above.") : t("Bots only: the game has been played out."), "info");
    $("#links").innerHTML = linksHtml(links);
    $("#links").onclick = ev => { const b = ev.target.closest("[data-link]"); if (b) copyText(location.origin + links[+b.dataset.link].url, b); };
  };
  $("#main").addEventListener("click", ev => {
    const b = ev.target.closest("[data-copy]");
    if (b) copyText(location.origin + savedGames()[+b.dataset.copy].url, b);
    const rb = ev.target.closest("[data-replay]");
    if (rb) replaySaved(savedGames()[+rb.dataset.replay]);
  });
  if (location.hash === "#games" || location.hash === "#new") { const el = $(location.hash); if (el) el.scrollIntoView(); }
  $("#upload").onchange = async e => {
    const f = e.target.files[0]; if (!f) return;
    let record; try { record = JSON.parse(await f.text()); } catch (err) { $("#upmsg").textContent = t("not a JSON file"); return; }
    const r = await send({ op: "replay", record, seat: 0, lang: LANG });
    if (!r.ok) { $("#upmsg").textContent = r.error.message; return; }
    replayViewer(r);
  };
  refreshSaved();
}

// ask each saved game's state (quietly) so the list says whose turn it is and which are finished
async function refreshSaved() {
  const list = savedGames().filter(g => !g.over || !g.winners).slice(0, 12);
  for (const g of list) {
    const m = g.url.match(/\/play\/([^/#]+)\/([^/#]+)$/);
    if (!m) continue;
    const r = await send({ op: "legal", game: decodeURIComponent(m[1]), token: decodeURIComponent(m[2]) }, true);
    if (r.ok) saveGame(Object.assign(savedEntry(r.status, g.seat), { url: g.url }));
  }
  if (list.length && !G && $("#games")) $("#games").innerHTML = `<h3>${esc(t("Your games in this browser"))}</h3>${gamesHtml()}`;
}
