// The replay viewer (step and play controls, the market; the result only at the end) and the rules summary.
"use strict";

// kept: the game's seat kinds and names ({seats, names}) when the record comes from a game of this browser
function replayViewer(r, kept) {
  if (G && G.timer) clearInterval(G.timer);
  G = null;
  if (kept) r.status = Object.assign({}, r.status, { seats: kept.seats, names: kept.names });
  $("#subtitle").textContent = t("replay");
  const frames = r.frames, last = frames.length - 1;
  let at = 0, timer = null;
  $("#main").innerHTML = `<div class="layout"><div class="boardcol"><div id="status"></div><div id="boardwrap"></div>
    <section class="panel act"><div class="stepbar"><button id="rfirst" aria-label="${esc(t("first step"))}">«</button><button id="rprev" aria-label="${esc(t("previous step"))}">◀</button>
      <button id="rplay">${esc(t("Play"))}</button><button id="rnext" aria-label="${esc(t("next step"))}">▶</button><button id="rlast" aria-label="${esc(t("last step"))}">»</button></div>
      <input type="range" id="slider" min="0" max="${last}" value="0" aria-label="${esc(t("step"))}"><div id="stepno"></div></section>
    <section class="panel"><h3>${esc(t("This step"))}</h3><div id="log"></div></section></div>
    <div class="side"><div id="rend"></div><section class="panel"><h3>${esc(t("Seats"))}</h3><div id="rseats"></div></section>
      <section class="panel"><h3>${esc(t("Market and ships"))}</h3><div id="rmarket"></div></section></div></div>`;
  const show = i => {
    at = Math.max(0, Math.min(last, i));
    const v = frames[at].view, prev = frames[Math.max(0, at - 1)].view;
    const status = Object.assign({}, r.status, { seat: v.seat });
    const changed = at ? diffViews(prev, v) : null;
    $("#boardwrap").innerHTML = drawBoard(B, v, { targets: {}, changed });
    $("#status").textContent = v.seat === null ? t("The game is over.") : t("{who} to {ask}", { who: seatText(v.seat, status), ask: phaseAsk(v.phase) });
    $("#stepno").textContent = t("step {k} of {n}", { k: at, n: last });
    $("#slider").value = String(at);
    $("#rseats").innerHTML = seatsTable(v, status);
    $("#rmarket").innerHTML = marketHtml(v, [], changed && changed.slots);
    $("#log").innerHTML = frames[at].log.map(l => colourLog(l, status)).join("");
    $("#rend").innerHTML = at === last && r.status.over ? endHtml(r.status, false) : "";  // the result only once reached
  };
  const stop = () => { clearInterval(timer); timer = null; $("#rplay").textContent = t("Play"); };
  $("#slider").oninput = e => { stop(); show(+e.target.value); };
  $("#rfirst").onclick = () => { stop(); show(0); };
  $("#rprev").onclick = () => { stop(); show(at - 1); };
  $("#rnext").onclick = () => { stop(); show(at + 1); };
  $("#rlast").onclick = () => { stop(); show(last); };
  $("#rplay").onclick = () => {
    if (timer) return stop();
    $("#rplay").textContent = t("Pause");
    timer = setInterval(() => { if (at >= last) stop(); else show(at + 1); }, 700);
  };
  show(0);
}

function diffViews(a, b) {
  const ids = (xs, ys, name) => xs.map((x, i) => (x !== ys[i] ? name(i) : null)).filter(x => x !== null);
  return { houses: ids(a.houses, b.houses, i => B.spots[i].id), walls: ids(a.walls, b.walls, i => B.walls[i].id),
    towers: ids(a.towers, b.towers, i => B.spots[i].id), slots: ids(a.slots, b.slots, i => i) };
}

// the rules summary: every building, bonus card (both editions), ship and fish trade, from the component texts
function rulesSummary() {
  const cards = Object.keys(COMP.cards["2nd"]).map(id => {
    const c2 = COMP.cards["2nd"][id], c1 = COMP.cards["1st"][id];
    return `<tr><td><b>${esc(c2.name)}</b></td><td>${esc(c2.text)}${c1.text !== c2.text ? `<div class="muted">${esc(t("1st edition:"))} ${esc(c1.text)}</div>` : ""}</td></tr>`;
  });
  const buildings = Object.values(COMP.buildings).map(b => `<tr><td><b>${esc(b.name)}</b></td><td>${esc(b.text)}</td></tr>`);
  const goods = new Map(Object.values(COMP.ships).map(s => [s.name, s.text]));
  const ships = [...goods].map(([name, text]) => `<tr><td><b>${esc(name)}</b></td><td>${esc(text)}</td></tr>`);
  return `<section class="panel rules" id="rulesbox"><h3>${esc(t("Rules summary"))} <button type="button" id="closerules">${esc(t("Close"))}</button></h3>
    <p>${esc(t("On your turn place one house on a free spot; its three hexes activate: a country hex gives 1 of its resource, a sea hex 1 fish, a city building works for every house around it. Resources are never spent: a country hex needs as much wood as your houses on it, a city hex as much stone. Fish buy what you lack: 2 fish a wood, grapes or olives, 3 a stone, 4 a silver ore. When every house is placed: walls, the Cathedral, then the bonus cards score; most VP wins."))}</p>
    <h4>${esc(t("Buildings"))}</h4><table>${buildings.join("")}</table>
    <h4>${esc(t("Bonus cards (each at most 12 VP)"))}</h4><table>${cards.join("")}</table>
    <h4>${esc(t("Ships"))}</h4><table>${ships.join("")}</table></section>`;
}

function toggleRules() {
  const box = $("#rulesbox");
  if (box) return box.remove();
  $("#rulesslot").innerHTML = rulesSummary();
  $("#rulesbox").scrollIntoView();
}
