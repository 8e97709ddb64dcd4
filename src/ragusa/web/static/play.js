// Playing: clicks and taps on the board, choices and confirmations, undo, refreshing, following the bots.
"use strict";

// an error answer in the page's language; a refused move keeps the rule's own words and numbers
function errorText(r) {
  const e = r.error;
  if (e.code === "stale") return t("The game changed since you saw it: here it is now.");
  if (e.code === "not_your_turn") return t("It is not your turn.");
  if (e.code === "not_found") return t("No such game: check the link.");
  if (e.code === "forbidden") return t("This link is not a seat of this game.");
  if (e.code === "illegal") return t("The rules do not allow this move: {why}", { why: `${e.rule ? "[" + e.rule + "] " : ""}${e.message}` });
  return e.message;
}

async function play(action, label) {
  const before = G.reply.status.actions;
  const r = await send({ op: "apply", game: G.game, token: G.token, action, lang: LANG, expect: G.reply.status.version });
  if (!r.ok && r.error.code === "stale") { await refresh(); say(errorText(r), "error"); return false; }
  if (!r.ok) { say(errorText(r), "error"); return false; }
  G.seen = before;  // this action and what follows it (a solo game's bot decisions are inside it) are marked as changed
  localStorage.setItem(seenKey(), String(G.seen));
  G.selected = null;
  await refresh();
  say(t("played: {action}", { action: label || r.applied }), "info");
  return true;
}

// the options of one target: play at once when there is one, it spends no fish and the pointer is
// precise; otherwise say what each does (and the fish it spends) and wait for a confirmation
function offer(options, target) {
  G.selected = target && target.kind === "spot" ? target.id : null;
  if (options.length === 1 && !options[0].fish && !narrow()) return play(options[0].text, options[0].explain);
  const legal = G.reply.legal;
  const spends = options.some(o => o.fish);
  $("#choices").innerHTML = `<div class="confirm"><b>${esc(spends ? t("This move spends fish:") : options.length > 1 ? t("Choose:") : t("Play this move?"))}</b>
    ${options.map(o => moveButton(o, legal.indexOf(o))).join("")}<button type="button" id="cancel">${esc(t("Cancel"))}</button></div>`;
  if (G.selected) $("#boardwrap").innerHTML = drawBoard(B, G.reply.view, { targets: G.targets, changed: G.changed, labels: G.labels, selected: G.selected });
  $("#choices").scrollIntoView({ block: "nearest" });
}

function onTarget(target) {
  const legal = G.reply.legal, phase = G.reply.status.phase;
  if (target.kind === "spot") {
    const options = legal.filter(l => l.action.type === "place" && l.action.spot === target.id);
    if (options.length) return offer(options, target);
    if (phase === "place") return play(`place ${target.id}`);  // not legal: the server explains why, with the clause
  }
  const match = { tower: l => l.action.type === "build_tower" && l.action.spot === target.id, wall: l => l.action.type === "build_wall" && l.action.segment === target.id,
    hex: l => l.action.type === "activate_hex" && l.action.hex === target.id }[target.kind];
  const options = match ? legal.filter(match) : [];
  if (options.length) return offer(options, target);
}

function boardClick(e, mine) {
  const svg = $("#boardwrap svg");
  if (mine && G.targets && svg) {
    const tg = G.targets, reach = narrow() ? 22 : 12;
    const legalSpots = Object.keys(tg.spots);
    // a legal target under the pointer, anywhere on its shape; else the nearest within a finger's reach
    const under = e.target.closest(".legal[data-spot],.legal[data-tower],.legal[data-wall],.legal[data-hex]");
    const direct = under && ["spot", "tower", "wall", "hex"].map(kind => ({ kind, id: under.dataset[kind] })).find(x => x.id);
    if (direct) return onTarget(direct);
    const hit = nearestTarget(B, svg, e.clientX, e.clientY, { spots: legalSpots, towers: [...tg.towers], walls: [...tg.walls], hexes: [...tg.hexes] }, reach)
      || nearestTarget(B, svg, e.clientX, e.clientY, { spots: tg.free }, 8);
    if (hit) return onTarget(hit);
  }
  const title = e.target.closest("[data-spot],[data-tower],polygon,line,rect,circle");
  const text = title && title.querySelector("title") ? title.querySelector("title").textContent : "";
  $("#tip").textContent = text;
  if (mine && G.targets && Object.keys(G.targets.spots).length + G.targets.walls.size + G.targets.towers.size + G.targets.hexes.size)
    say(t("Nothing to play there: tap a highlighted place."), "error");
}

// the bots' turns one after the other, as if they were played again (then back to now)
function playSteps() {
  G.playing = setInterval(() => {
    const next = G.stepAt === null ? 0 : G.stepAt + 1;
    if (next >= G.steps.length) { stopSteps(); stepTo(null); } else stepTo(next);
  }, 900);
  stepTo(0);
}
function stopSteps() { clearInterval(G.playing); G.playing = null; }

function stepTo(k) {
  const n = (G.steps || []).length;
  G.stepAt = k === null || k >= n ? null : Math.max(0, k);
  renderGame();
}

function wireGame(mine) {
  $("#boardwrap").onclick = e => boardClick(e, mine);
  $("#labels").onchange = e => { G.labels = e.target.checked; renderGame(); };
  $("#zoom").onchange = e => { G.zoom = e.target.checked; renderGame(); };
  $("#main").onclick = async e => {
    const el = e.target.closest("[data-i],[data-tip],#undo,#hint,#record,#replaygame,#cancel,#sfirst,#sprev,#snext,#snow,#splay");
    if (!el || el.closest("#boardwrap")) return;
    if (el.id === "undo") {
      const r = await send({ op: "undo", game: G.game, token: G.token, expect: G.reply.status.version });
      await refresh();
      say(r.ok ? tn("Taken back: {n} action", "Taken back: {n} actions", r.undone) : errorText(r), r.ok ? "info" : "error");
      return;
    }
    if (el.id === "hint") return hint();
    if (el.id === "record") return downloadRecord();
    if (el.id === "replaygame") return replaySaved(Object.assign(savedEntry(G.reply.status, G.reply.view.viewer), { url: location.pathname + location.hash }));
    if (el.id === "cancel") { G.selected = null; return renderGame(); }
    if (["sfirst", "sprev", "snext"].includes(el.id)) stopSteps();
    if (el.id === "sfirst") return stepTo(0);
    if (el.id === "sprev") return stepTo(G.stepAt === null ? G.steps.length - 1 : G.stepAt - 1);
    if (el.id === "snext") return stepTo(G.stepAt === null ? 0 : G.stepAt + 1);
    if (el.id === "snow") { stopSteps(); return stepTo(null); }
    if (el.id === "splay") return G.playing ? (stopSteps(), renderGame()) : playSteps();
    if (el.dataset.i !== undefined) {
      if (!mine) return say(t("It is not your turn."), "error");
      const l = G.reply.legal[+el.dataset.i];
      if (l.fish && !el.closest(".confirm")) return offer([l], null);
      return play(l.text, l.explain);
    }
    if (el.dataset.tip) $("#tip").textContent = el.dataset.tip;
  };
  $("#notation").onsubmit = e => { e.preventDefault(); const text = e.target.text.value.trim(); if (text) { e.target.text.value = ""; play(text); } };
}

// what the expert would play here (the analysis reads only what this seat may see)
async function hint() {
  const r = await send({ op: "analyse", game: G.game, token: G.token, level: "medium", budget: { ms: 500 } });
  if (!r.ok) return say(errorText(r), "error");
  const best = G.reply.legal.find(l => l.text === r.moves[0].text);
  say(t("Hint: {move}", { move: best && best.explain ? best.explain : r.moves[0].text }), "info");
}

async function downloadRecord() {
  const r = await send({ op: "record", game: G.game, token: G.token });
  if (!r.ok) return say(errorText(r), "error");
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([JSON.stringify(r.record, null, 1)], { type: "application/json" }));
  a.download = `ragusa-${G.game}.json`; a.click();
}

async function refresh(quiet) {
  const msg = { op: "view", game: G.game, token: G.token, lang: LANG, explain: true };
  if (G.seen !== null && G.seen >= 0) msg.since = G.seen;
  const logMsg = { op: "log", game: G.game, token: G.token, lang: LANG };
  let [reply, log] = await Promise.all([send(msg, quiet), send(logMsg, true)]);
  // a move may land between the two answers: the log must be of the board's version
  for (let tries = 0; reply.ok && log.ok && log.version !== reply.status.version && tries < 3; tries++) {
    [reply, log] = await Promise.all([send(msg, quiet), send(logMsg, true)]);
  }
  if (!reply.ok) { $("#main").innerHTML = `<p id="message" class="error">${esc(errorText(reply))}</p>`; return; }
  G.reply = reply; G.log = log.ok ? log.lines : [];
  if (G.playing) stopSteps();
  G.steps = reply.steps || []; G.changed = reply.changed || null; G.stepAt = null;
  const st = reply.status;
  saveGame(Object.assign(savedEntry(st, reply.view.viewer), { url: location.pathname + location.hash }));
  renderGame();
}

async function game(gameId, token) {
  if (G && G.unfollow) G.unfollow();
  const stored = localStorage.getItem(`ragusa.seen.${gameId}.${token.slice(0, 8)}`);
  G = { game: gameId, token, seen: stored === null ? null : +stored, labels: false, zoom: false, selected: null, steps: [], stepAt: null };
  $("#subtitle").textContent = t("game {game}", { game: gameId });
  await refresh();
  // every change pushed by the server (live.js): redraw when this page shows an older version, once
  // this page's own request (a move: its answer brings the news) has its answer, one redraw at a time
  const mine = G;
  mine.newest = G.reply && G.reply.status ? G.reply.status.version : -1;
  const check = () => {
    if (G !== mine || mine.fetching || !G.reply || !G.reply.status || mine.newest <= G.reply.status.version) return;
    if (pending) { setTimeout(check, 150); return; }
    mine.fetching = true;
    refresh(true).finally(() => { mine.fetching = false; check(); });
  };
  mine.unfollow = followGame(gameId, token, change => { mine.newest = Math.max(mine.newest, change.version); check(); });
}
