// The table for one seat (by its secret link): the board, what to decide and why, what changed, the log.
"use strict";
function phaseAsk(phase) {
  return {
    setup_bonus: t("keep one of the three dealt bonus cards"), place: t("place a house"), order: t("choose which hex of the new house activates next"),
    trade_window: t("trade fish before the house activates, or pass"), mason: t("build a wall segment (Mason)"), architect: t("put a tower on a tower spot (Architect)"),
    market: t("buy a ship (Market) or pass"), wharf: t("sell a commodity (Wharf) or pass"), rector_draw: t("draw two bonus cards (Rector's Palace) or pass"),
    rector_keep: t("keep one of the drawn bonus cards"), end_trade: t("trade fish before the bonus cards score, or pass"), over: t("the game is over"),
  }[phase] || phase;
}
const narrow = () => window.matchMedia("(max-width: 760px), (pointer: coarse)").matches;
const amounts = (values, names, name) => values.map((n, i) => n ? `${n} ${esc(name(names[i]))}` : "").filter(Boolean).join(", ") || "–";
const seenKey = () => `ragusa.seen.${G.game}.${G.token.slice(0, 8)}`;

// what the board can be clicked for now: legal targets, and in the place phase every free spot (the server explains why not)
function targetsOf(legal, v, placing) {
  const tg = { spots: {}, walls: new Set(), towers: new Set(), hexes: new Set(), free: [] };
  for (const l of legal) {
    const a = l.action;
    if (a.type === "place") { tg.spots[a.spot] = tg.spots[a.spot] || {}; tg.spots[a.spot][a.powerhouse ? "power" : "house"] = true; }
    else if (a.type === "build_wall") tg.walls.add(a.segment);
    else if (a.type === "build_tower") tg.towers.add(a.spot);
    else if (a.type === "activate_hex") tg.hexes.add(a.hex);
  }
  if (placing) tg.free = B.spots.filter((s, i) => v.houses[i] === -1).map(s => s.id);
  return tg;
}

function moveButton(l, i) {
  const fish = l.fish ? `<span class="fish">🐟 −${l.fish}</span>` : "";
  return `<button class="move ${l.fish ? "spends" : ""}" data-i="${i}"><span class="what">${esc(l.explain || l.text)}</span> ${fish}<code>${esc(l.text)}</code></button>`;
}

function movesHtml(legal, phase) {
  const items = legal.map((l, i) => ({ l, i }));
  const main = items.filter(x => x.l.action.type !== "trade"), trades = items.filter(x => x.l.action.type === "trade");
  let html = "";
  if (phase === "place" && main.length > 6) {
    html += `<p class="hint">${esc(t("Tap a highlighted spot on the board ({n} choices).", { n: main.length }))}</p>
      <details class="all"><summary>${esc(t("All placements ({n})", { n: main.length }))}</summary>${main.map(x => moveButton(x.l, x.i)).join("")}</details>`;
  } else html += `<div class="buttons">${main.map(x => moveButton(x.l, x.i)).join("")}</div>`;
  if (trades.length) html += `<details class="trades"><summary>${esc(t("Fish trades ({n})", { n: trades.length }))}</summary>${trades.map(x => moveButton(x.l, x.i)).join("")}</details>`;
  return html;
}

function cardChip(id, edition) {
  const c = cardInfo(id, edition);
  return `<button type="button" class="chip" data-tip="${esc(c.name + ": " + c.text)}" title="${esc(c.text)}">${esc(c.name)}</button>`;
}

function seatsTable(v, status) {
  const rows = v.players.map((p, i) => {
    const hand = p.bonus_cards === null ? esc(t("{n} hidden", { n: p.bonus_card_count })) : (p.bonus_cards.map(c => cardChip(c, status.edition)).join(" ") || "–");
    const ships = p.ships.map(s => COMP.ships[s]).filter(Boolean);
    const shipText = ships.map(s => s.name).join(", "), shipTips = ships.map(s => s.text).join("; ");
    return `<tr class="${status.seat === i ? "turn" : ""}"><td>${seatHtml(i, status)}${i === v.viewer ? ` <i>${esc(t("(you)"))}</i>` : ""}<div class="muted">${esc(kindLabel(status.seats[i]))}</div></td>
      <td><b>${p.vp.reduce((a, b) => a + b, 0)}</b></td><td>${amounts(p.resources, B.resources, resName)}</td><td>${amounts(p.commodities, B.commodities, comName)}</td>
      <td ${ships.length ? `data-tip="${esc(shipTips)}" title="${esc(shipTips)}"` : ""}>${p.ships.length}${shipText ? `<div class="muted">${esc(shipText)}</div>` : ""}</td>
      <td>${p.houses_left}${p.powerhouses_left ? "+" + p.powerhouses_left + "◆" : ""} / ${p.towers_left}</td><td>${hand}</td></tr>`;
  });
  return `<div class="scroll"><table><tr><th>${esc(t("seat"))}</th><th>${esc(t("VP"))}</th><th>${esc(t("resources"))}</th><th>${esc(t("commodities"))}</th><th>${esc(t("ships"))}</th><th>${esc(t("houses / towers left"))}</th><th>${esc(t("bonus cards"))}</th></tr>${rows.join("")}</table></div>`;
}

function shipCost(slot, ship) {
  const cost = Object.assign({}, B.slots[slot].cost), extra = B.ships[ship].extra_cost;
  if (extra) cost[extra] = (cost[extra] || 0) + 1;
  return Object.entries(cost).map(([c, n]) => `${n} ${comName(c)}`).join(" + ");
}

function marketHtml(v, legal, changedSlots) {
  const rows = B.commodities.map((c, k) => `<tr><th>${esc(comName(c))}</th>${B.track.map((val, i) => `<td class="${v.market[k] === i ? "on" : ""}">${val}</td>`).join("")}</tr>`);
  const buy = new Map(legal.map((l, i) => [l, i]).filter(([l]) => l.action.type === "buy_ship").map(([l, i]) => [l.action.slot, i]));
  const changed = new Set(changedSlots || []);
  const slots = v.slots.map((s, i) => {
    if (s === null) return `<div class="slot">${esc(t("slot {slot}: empty", { slot: i }))}</div>`;
    const info = COMP.ships[s] || { name: B.ships[s].good, text: "" };
    const cls = ["slot", buy.has(i) ? "legal" : "", changed.has(i) ? "changed" : ""].join(" ");
    return `<div class="${cls}" ${buy.has(i) ? `data-i="${buy.get(i)}" role="button" tabindex="0"` : ""} data-tip="${esc(info.text)}" title="${esc(info.text)}">
      <b>${esc(t("slot {slot}", { slot: i }))}: ${esc(info.name)}</b> ${"★".repeat(B.ships[s].stars)}<br>${esc(t("costs {cost}", { cost: shipCost(i, s) }))}</div>`;
  });
  return `<div class="scroll"><table class="track">${rows.join("")}</table></div><div class="slots">${slots.join("")}</div>
    <div class="muted">${esc(t("ship deck: {ships}, bonus deck: {cards}", { ships: v.ship_deck_size, cards: v.bonus_deck_size }))}</div>`;
}

function endHtml(status, withRecord) {
  const keys = [...new Set(status.result.flatMap(d => Object.keys(d)))].filter(k => k !== "total");
  const label = k => k.startsWith("bonus:") ? t("bonus card: {card}", { card: cardInfo(k.slice(6), status.edition).name }) : tp("vp source", k);
  const rows = keys.map(k => `<tr><td>${esc(label(k))}</td>${status.result.map(d => `<td>${d[k] ?? ""}</td>`).join("")}</tr>`);
  let head;
  if (status.seats.includes("patrician")) {
    head = status.winners.includes(0) ? t("{who} wins against the Patrician (SOLO-7)", { who: seatText(0, status) }) : t("The Patrician wins (SOLO-7)");
  } else head = t("Winner: {who}", { who: status.winners.map(i => seatText(i, status)).join(", ") });
  return `<section class="panel end" id="end"><h3>${esc(t("Game over"))} — ${esc(head)}</h3>
    <div class="scroll"><table><tr><th>${esc(t("source"))}</th>${status.result.map((_, i) => `<th>${seatHtml(i, status)}</th>`).join("")}</tr>${rows.join("")}
    <tr><th>${esc(t("total"))}</th>${status.result.map(d => `<th>${d.total}</th>`).join("")}</tr></table></div>
    ${withRecord ? `<button id="record">${esc(t("Download the record"))}</button>` : ""}</section>`;
}

// the log, one group per turn; a solo bot's long reasoning folds away
function colourLog(line, status) {
  const pattern = new RegExp(esc(t("seat {n}", { n: "\u0000" })).replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("\u0000", "(\\d)"), "g");
  const who = (m, d) => (status.names && status.names[+d]) || (status.seats[+d] === "patrician" ? t("bot {bot}", { bot: "AB"[+d - 1] }) : m);
  let html = esc(line).replace(pattern, (m, d) => `<b style="color:${B.seat_colours[+d]}">${esc(who(m, d))}</b>`);
  const long = html.match(/^(.*?) \[(.{40,})\]$/);
  if (long) html = `<details class="reason"><summary>${long[1]}</summary>${long[2]}</details>`;
  return `<div class="line">${html}</div>`;
}
function logHtml(lines, status) {
  const groups = [];
  for (const line of lines) {
    if (!line.startsWith(" ") || !groups.length) groups.push([line]); else groups[groups.length - 1].push(line);
  }
  return groups.map((g, k) => g.length === 1 ? colourLog(g[0], status)
    : `<details class="turn" ${k >= groups.length - 3 ? "open" : ""}><summary>${colourLog(g[0], status)}</summary>${g.slice(1).map(l => colourLog(l, status)).join("")}</details>`).join("");
}

function stepsHtml() {
  const steps = G.steps || [];
  if (!steps.length) return "";
  const at = G.stepAt, s = at === null ? null : steps[at];
  const where = at === null ? t("now: the marked pieces changed since your last move") : t("step {k} of {n}: {who}", { k: at + 1, n: steps.length, who: seatText(s.seat) });
  return `<section class="panel steps" id="steps"><h3>${esc(t("Since your last move: {n} steps", { n: steps.length }))}</h3>
    <div class="stepbar"><button id="sfirst" aria-label="${esc(t("first step"))}">«</button><button id="sprev" aria-label="${esc(t("previous step"))}">◀</button>
    <button id="snext" aria-label="${esc(t("next step"))}">▶</button><button id="splay">${esc(G.playing ? t("Pause") : t("Play the steps"))}</button><button id="snow">${esc(t("now"))}</button></div>
    <div id="stepat">${esc(where)}</div>${s ? `<div class="steplog">${s.log.map(l => colourLog(l, G.reply.status)).join("")}</div>` : ""}</section>`;
}

function renderGame() {
  const reply = G.reply, status = reply.status, live = reply.view, legal = reply.legal, me = live.viewer;
  const mine = status.seat === me && !status.over;
  const step = G.stepAt === null ? null : G.steps[G.stepAt];
  const v = step ? step.view : live, changed = step ? step.changed : G.changed;
  const tg = mine && !step ? targetsOf(legal, live, status.phase === "place") : {};
  G.targets = tg;
  const who = status.over ? t("The game is over.") : mine ? t("Your turn: {ask}.", { ask: phaseAsk(status.phase) }) : t("Waiting for {who} to {ask}…", { who: seatText(status.seat), ask: phaseAsk(status.phase) });
  const hand = [live.dealt.length ? `${esc(t("dealt to you:"))} ${live.dealt.map(c => cardChip(c, status.edition)).join(" ")}` : "",
    live.rector_hand.length ? `${esc(t("drawn at the Rector's Palace:"))} ${live.rector_hand.map(c => cardChip(c, status.edition)).join(" ")}` : ""].filter(Boolean).join("<br>");
  const keep = keepInputs();
  setTitle(mine, status.over);
  $("#main").innerHTML = `<div class="layout"><div class="boardcol">
      <div id="status" class="${mine ? "mine" : ""}">${esc(who)}</div>${mine && reply.why ? `<div id="why">${esc(reply.why)}</div>` : ""}
      <div id="boardwrap" class="${G.zoom ? "zoom" : ""}">${drawBoard(B, v, { targets: step ? {} : { spots: tg.spots, walls: tg.walls, towers: tg.towers, hexes: tg.hexes }, changed, labels: G.labels, selected: G.selected })}</div>
      <div class="tools"><label><input type="checkbox" id="labels" ${G.labels ? "checked" : ""}> ${esc(t("spot names"))}</label>
        <label><input type="checkbox" id="zoom" ${G.zoom ? "checked" : ""}> ${esc(t("zoom"))}</label> <span id="tip" role="status"></span></div>
      <section class="panel act" id="act"><div id="message" role="status"></div><div id="choices"></div>
        <div class="moves" id="moves">${mine ? movesHtml(legal, status.phase) : status.over ? "" : `<i>${esc(t("waiting…"))}</i>`}</div>
        ${hand ? `<div class="hand">${hand}</div>` : ""}
        ${live.solo ? `<div class="muted">${esc(t("Solo round {round} of 9; Patrician cards left: {left}", { round: live.solo.round, left: live.solo.bot_card_counts.join(", ") }))}</div>` : ""}
        <form id="notation"><input id="notationtext" name="text" size="24" autocomplete="off" placeholder="${esc(t("notation, e.g. place s28"))}"> <button>${esc(t("Play"))}</button>
        ${status.over ? "" : `<button type="button" id="undo" ${status.undo ? "" : "disabled"}>${esc(t("Undo"))}</button>`}
        ${mine ? `<button type="button" id="hint">${esc(t("Hint"))}</button>` : ""}</form></section>
      ${stepsHtml()}${legendHtml(B)}</div>
    <div class="side">
      ${status.over ? endHtml(status, true) : ""}
      <section class="panel"><h3>${esc(t("Seats"))}</h3>${seatsTable(v, status)}</section>
      <section class="panel"><h3>${esc(t("Market and ships"))}</h3>${marketHtml(v, mine && !step ? legal : [], changed && changed.slots)}</section>
      <section class="panel"><h3>${esc(t("Log"))}</h3><div id="log">${logHtml(G.log, status)}</div></section>
    </div></div>`;
  $("#log").scrollTop = 1e9;
  restoreInputs(keep);
  wireGame(mine);
}

// a redraw keeps what the person is typing (the notation box keeps its text, focus and caret)
function keepInputs() {
  const el = $("#notationtext");
  return el ? { value: el.value, focus: document.activeElement === el, start: el.selectionStart, end: el.selectionEnd } : null;
}
function restoreInputs(keep) {
  const el = $("#notationtext");
  if (!keep || !el) return;
  el.value = keep.value;
  if (keep.focus) { el.focus(); el.setSelectionRange(keep.start, keep.end); }
}
