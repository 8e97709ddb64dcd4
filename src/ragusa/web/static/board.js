// Draws the board as SVG from /api/board data and a seat's view, and finds what a click or tap meant.
"use strict";
const SIZE = 30;
const SQ3 = Math.sqrt(3);
// the legal-move highlight: lime edged in black, far from every seat's colour (red, orange, blue,
// purple, teal) and from the hexes'; what changed since your last decision: gold
const HL = "#b6f500", HL_EDGE = "#111", CHANGED = "#ffd000";

function hexCentre(h) { return [SIZE * SQ3 * (h.q + h.r / 2), SIZE * 1.5 * h.r]; }

function geometry(B) {
  if (B._geo) return B._geo;
  const centre = {}, spot = {}, wall = {};
  for (const h of B.hexes) centre[h.id] = hexCentre(h);
  for (const s of B.spots) {
    const pts = s.hexes.map(id => centre[id]);
    spot[s.id] = [pts.reduce((a, p) => a + p[0], 0) / 3, pts.reduce((a, p) => a + p[1], 0) / 3];
  }
  for (const w of B.walls) wall[w.id] = w.spots.map(s => spot[s]);
  const xs = Object.values(centre).map(p => p[0]), ys = Object.values(centre).map(p => p[1]);
  const box = [Math.min(...xs) - SIZE, Math.min(...ys) - SIZE, Math.max(...xs) - Math.min(...xs) + 2 * SIZE,
               Math.max(...ys) - Math.min(...ys) + 2 * SIZE];
  B._geo = { centre, spot, wall, box };
  return B._geo;
}

function esc(text) {
  return String(text).replace(/[&<>"']/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}
const f1 = n => n.toFixed(1);

function hexPoints(x, y) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 180 * (60 * k - 30);
    pts.push(`${f1(x + SIZE * Math.cos(a))},${f1(y + SIZE * Math.sin(a))}`);
  }
  return pts.join(" ");
}

function hexLabel(h) {
  if (h.kind === "city") return bName(h.building);
  const m = h.id.match(/^(.*)-(\d+)$/);
  return m ? tp("hex", `${m[1]}-{n}`, { n: m[2] }) : h.id;
}

function hexTitle(h) {
  if (h.kind === "city") return `${bName(h.building)}: ${COMP.buildings[h.building].text}`;
  return `${hexLabel(h)}: +1 ${resName(h.resource || "fish")}`;
}

// opts: {targets: {spots: {id: {house, power}}, walls: Set, towers: Set, hexes: Set}, changed, labels, selected}
function drawBoard(B, v, opts) {
  const g = geometry(B), tg = opts.targets || {}, colour = B.seat_colours, ch = opts.changed || {};
  const changed = { houses: new Set(ch.houses || []), walls: new Set(ch.walls || []), towers: new Set(ch.towers || []) };
  const out = [`<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="${g.box.join(" ")}" role="img" aria-label="${esc(t("The board"))}">`];
  for (const h of B.hexes) {
    const [x, y] = g.centre[h.id];
    const current = v && v.current_hex >= 0 && B.hexes[v.current_hex].id === h.id;
    out.push(`<polygon points="${hexPoints(x, y)}" fill="${h.kind === "city" ? B.fills.city : B.fills[h.resource] || "#ccc"}" stroke="${current ? "#000" : "#fff"}" stroke-width="${current ? 3 : 1}"><title>${esc(hexTitle(h))}</title></polygon>`);
    const label = hexLabel(h), size = Math.min(h.kind === "city" ? 6.5 : 5.5, 88 / label.length);
    out.push(`<text x="${f1(x)}" y="${f1(y + 3)}" font-size="${size.toFixed(2)}" text-anchor="middle" pointer-events="none" fill="#222">${esc(label)}</text>`);
  }
  const ring = B.ring.map(s => g.spot[s]).concat([g.spot[B.ring[0]]]);
  out.push(`<polyline points="${ring.map(p => p.map(f1).join(",")).join(" ")}" fill="none" stroke="#777" stroke-dasharray="3,3" stroke-width="1" pointer-events="none"/>`);
  B.walls.forEach((w, i) => {
    const [a, b] = g.wall[w.id], owner = v ? v.walls[i] : -1;
    if (changed.walls.has(w.id)) out.push(`<line class="changed" x1="${f1(a[0])}" y1="${f1(a[1])}" x2="${f1(b[0])}" y2="${f1(b[1])}" stroke="${CHANGED}" stroke-width="12" stroke-linecap="round"/>`);
    if (owner >= 0) out.push(`<line x1="${f1(a[0])}" y1="${f1(a[1])}" x2="${f1(b[0])}" y2="${f1(b[1])}" stroke="${colour[owner]}" stroke-width="6" stroke-linecap="round"><title>${esc(t("wall {wall}: {who}", { wall: w.id, who: seatText(owner) }))}</title></line>`);
    if (tg.walls && tg.walls.has(w.id)) {
      const seg = `x1="${f1(a[0])}" y1="${f1(a[1])}" x2="${f1(b[0])}" y2="${f1(b[1])}"`;
      out.push(`<line class="legal" data-wall="${w.id}" ${seg} stroke="${HL_EDGE}" stroke-width="7" stroke-linecap="round"/><line class="legal" data-wall="${w.id}" ${seg} stroke="${HL}" stroke-width="4" stroke-dasharray="6,3" stroke-linecap="round"/>`);
    }
  });
  B.spots.forEach((s, i) => {
    const [x, y] = g.spot[s.id], house = v ? v.houses[i] : -1, tower = v ? v.towers[i] : -1;
    if (changed.houses.has(s.id) || changed.towers.has(s.id)) out.push(`<circle class="changed" cx="${f1(x)}" cy="${f1(y)}" r="11" fill="none" stroke="${CHANGED}" stroke-width="4"/>`);
    if (s.tower) {
      const legal = tg.towers && tg.towers.has(s.id), tc = tower >= 0 ? colour[tower] : "#555";
      out.push(`<rect class="${legal ? "legal" : ""}" data-tower="${s.id}" x="${f1(x - 8)}" y="${f1(y - 8)}" width="16" height="16" fill="${tower >= 0 ? tc : "none"}" stroke="${legal ? HL : tc}" stroke-width="${legal ? 3 : 1}" stroke-dasharray="${tower >= 0 || legal ? "" : "2,2"}"><title>${esc(t("tower spot {spot}", { spot: s.id }) + (tower >= 0 ? ": " + seatText(tower) : ""))}</title></rect>`);
    }
    let title = `${s.id}: ${s.hexes.map(id => hexLabel(B.hexByID[id])).join(", ")}`;
    if (house >= 0) title += " — " + t("house of {who}", { who: seatText(house) });
    else if (house === -2) title += " — " + t("powerhouse");
    else if (house === -3) title += " — " + t("reserved for the Patrician");
    const spot = tg.spots && tg.spots[s.id];
    if (house === -2) out.push(`<rect data-spot="${s.id}" x="${f1(x - 6)}" y="${f1(y - 6)}" width="12" height="12" transform="rotate(45 ${f1(x)} ${f1(y)})" fill="#333" stroke="#fff" stroke-width="1.5"><title>${esc(title)}</title></rect>`);
    else if (house >= 0 || house === -3) out.push(`<circle data-spot="${s.id}" cx="${f1(x)}" cy="${f1(y)}" r="6" fill="${house >= 0 ? colour[house] : "#000"}" stroke="${v && v.placed === i ? "#000" : "#fff"}" stroke-width="${v && v.placed === i ? 2.5 : 1}"><title>${esc(title)}</title></circle>`);
    else out.push(`<circle data-spot="${s.id}" cx="${f1(x)}" cy="${f1(y)}" r="3" fill="#fff" stroke="#333" stroke-width="0.8"><title>${esc(title)}</title></circle>`);
    if (spot && spot.house) out.push(`<circle class="legal" data-spot="${s.id}" cx="${f1(x)}" cy="${f1(y)}" r="6.5" fill="${HL}" fill-opacity="0.5" stroke="${HL_EDGE}" stroke-width="1.5"><title>${esc(title)}</title></circle>`);
    if (spot && spot.power) out.push(`<rect class="legal power" data-spot="${s.id}" x="${f1(x - 8)}" y="${f1(y - 8)}" width="16" height="16" transform="rotate(45 ${f1(x)} ${f1(y)})" fill="none" stroke="${HL_EDGE}" stroke-width="2" stroke-dasharray="3,2"><title>${esc(t("powerhouse spot {spot}", { spot: s.id }))}</title></rect>`);
    if (opts.labels) out.push(`<text class="spotname" x="${f1(x)}" y="${f1(y - 7)}" font-size="6" text-anchor="middle" pointer-events="none">${s.id}</text>`);
    if (opts.selected === s.id) out.push(`<circle cx="${f1(x)}" cy="${f1(y)}" r="12" fill="none" stroke="#000" stroke-width="2" stroke-dasharray="2,2" pointer-events="none"/>`);
  });
  if (tg.hexes) for (const id of tg.hexes) {
    const [x, y] = g.centre[id];
    out.push(`<polygon class="legal" data-hex="${id}" points="${hexPoints(x, y)}" fill="${HL}" fill-opacity="0.25" stroke="${HL_EDGE}" stroke-width="2.5" stroke-dasharray="5,3"/>`);
  }
  out.push("</svg>");
  return out.join("");
}

// Where a click or tap at (px, py) in screen pixels points: the nearest target within `reach`
// screen pixels (a 44 px finger covers 22 px around its centre), or null.
function nearestTarget(B, svg, px, py, targets, reach) {
  const g = geometry(B), m = svg.getScreenCTM();
  if (!m) return null;
  const inv = m.inverse(), x = inv.a * px + inv.c * py + inv.e, y = inv.b * px + inv.d * py + inv.f;
  const scale = Math.hypot(m.a, m.b) || 1, limit = reach / scale;
  let best = null, bestD = Infinity;
  const consider = (kind, id, d) => { if (d < bestD) { best = { kind, id }; bestD = d; } };
  for (const id of targets.spots || []) consider("spot", id, Math.hypot(g.spot[id][0] - x, g.spot[id][1] - y));
  for (const id of targets.towers || []) consider("tower", id, Math.hypot(g.spot[id][0] - x, g.spot[id][1] - y));
  for (const id of targets.walls || []) {
    const [a, b] = g.wall[id], dx = b[0] - a[0], dy = b[1] - a[1];
    const k = Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)));
    consider("wall", id, Math.hypot(a[0] + k * dx - x, a[1] + k * dy - y));
  }
  for (const id of targets.hexes || []) consider("hex", id, Math.hypot(g.centre[id][0] - x, g.centre[id][1] - y) * 0.6);
  return bestD <= limit ? best : null;
}

function legendHtml(B) {
  const names = { fish: t("sea (fish)"), wood: t("forest (wood)"), stone: t("quarry (stone)"), silver_ore: t("silver mine (silver ore)"),
    grapes: t("vineyard (grapes)"), olives: t("olive grove (olives)"), city: t("city building") };
  const parts = Object.entries(B.fills).map(([k, c]) => `<span><span class="box" style="background:${c}"></span>${esc(names[k] || k)}</span>`);
  parts.push(`<span><span class="box legal-key"></span>${esc(t("your legal moves"))}</span>`, `<span><span class="box changed-key"></span>${esc(t("changed since your last move"))}</span>`,
    `<span><span class="box diamond"></span>${esc(t("powerhouse"))}</span>`, `<span><span class="swatch" style="background:#000"></span>${esc(t("reserved (solo)"))}</span>`,
    `<span><span class="box" style="border:1px dashed #555"></span>${esc(t("tower spot"))}</span>`);
  return `<div class="legend">${parts.join("")}</div>`;
}
