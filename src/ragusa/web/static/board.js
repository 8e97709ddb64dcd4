// Draws the board as SVG from /api/board data and a seat's view (no hidden information is needed).
"use strict";
const SIZE = 30;
const SQ3 = Math.sqrt(3);

function hexCentre(h) { return [SIZE * SQ3 * (h.q + h.r / 2), SIZE * 1.5 * h.r]; }

function geometry(B) {
  if (B._geo) return B._geo;
  const centre = {}, spot = {};
  for (const h of B.hexes) centre[h.id] = hexCentre(h);
  for (const s of B.spots) {
    const pts = s.hexes.map(id => centre[id]);
    spot[s.id] = [pts.reduce((a, p) => a + p[0], 0) / 3, pts.reduce((a, p) => a + p[1], 0) / 3];
  }
  const xs = Object.values(centre).map(p => p[0]), ys = Object.values(centre).map(p => p[1]);
  const box = [Math.min(...xs) - SIZE, Math.min(...ys) - SIZE, Math.max(...xs) - Math.min(...xs) + 2 * SIZE,
               Math.max(...ys) - Math.min(...ys) + 2 * SIZE];
  B._geo = { centre, spot, box };
  return B._geo;
}

function esc(t) { return String(t).replace(/[&<>"]/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c])); }

function hexFill(B, h) {
  if (h.kind === "city") return B.fills.city;
  return B.fills[h.resource] || "#ccc";
}

// opts.legal: {spots:Set, walls:Set, towers:Set, hexes:Set}; highlights what can be clicked
function drawBoard(B, v, opts) {
  const g = geometry(B), legal = opts.legal || {}, colour = B.seat_colours;
  const out = [];
  out.push(`<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="${g.box.join(" ")}">`);
  for (const h of B.hexes) {
    const [x, y] = g.centre[h.id];
    const pts = [];
    for (let k = 0; k < 6; k++) {
      const a = Math.PI / 180 * (60 * k - 30);
      pts.push(`${(x + SIZE * Math.cos(a)).toFixed(1)},${(y + SIZE * Math.sin(a)).toFixed(1)}`);
    }
    const isCurrent = v && v.current_hex >= 0 && B.hexes[v.current_hex].id === h.id;
    const cls = legal.hexes && legal.hexes.has(h.id) ? "legal" : "";
    const stroke = cls ? "#e0a800" : isCurrent ? "#000" : "#fff";
    out.push(`<polygon class="${cls}" data-hex="${h.id}" points="${pts.join(" ")}" fill="${hexFill(B, h)}" stroke="${stroke}" stroke-width="${cls || isCurrent ? 3 : 1}"><title>${esc(h.name)}</title></polygon>`);
    const label = h.kind === "city" ? h.name : h.id;
    out.push(`<text x="${x.toFixed(1)}" y="${(y + 3).toFixed(1)}" font-size="${h.kind === "city" ? 7 : 6}" text-anchor="middle" pointer-events="none" fill="#222">${esc(label)}</text>`);
  }
  const ring = B.ring.map(s => g.spot[s]).concat([g.spot[B.ring[0]]]);
  out.push(`<polyline points="${ring.map(p => p.map(n => n.toFixed(1)).join(",")).join(" ")}" fill="none" stroke="#777" stroke-dasharray="3,3" stroke-width="1"/>`);
  B.walls.forEach((w, i) => {
    const [a, b] = w.spots.map(s => g.spot[s]);
    const owner = v ? v.walls[i] : -1;
    if (owner >= 0) out.push(`<line x1="${a[0]}" y1="${a[1]}" x2="${b[0]}" y2="${b[1]}" stroke="${colour[owner]}" stroke-width="6" stroke-linecap="round"><title>wall ${w.id}: seat ${owner}</title></line>`);
    if (legal.walls && legal.walls.has(w.id)) out.push(`<line class="legal" data-wall="${w.id}" x1="${a[0]}" y1="${a[1]}" x2="${b[0]}" y2="${b[1]}" stroke="#e0a800" stroke-opacity="0.8" stroke-width="8" stroke-linecap="round"><title>wall ${w.id}</title></line>`);
  });
  B.spots.forEach((s, i) => {
    const [x, y] = g.spot[s.id];
    const house = v ? v.houses[i] : -1, tower = v ? v.towers[i] : -1;
    if (s.tower) {
      const tc = tower >= 0 ? colour[tower] : "#555";
      const tl = legal.towers && legal.towers.has(s.id);
      out.push(`<rect class="${tl ? "legal" : ""}" data-tower="${s.id}" x="${x - 8}" y="${y - 8}" width="16" height="16" fill="${tower >= 0 ? tc : "none"}" fill-opacity="${tower >= 0 ? 0.9 : 0}" stroke="${tl ? "#e0a800" : tc}" stroke-width="${tl ? 3 : 1}" stroke-dasharray="${tower >= 0 || tl ? "" : "2,2"}"><title>tower spot ${s.id}${tower >= 0 ? ": tower of seat " + tower : ""}</title></rect>`);
    }
    let fill = "#fff", r = 3.5, title = `${s.id} (${s.hexes.join(", ")})`;
    if (house >= 0) { fill = colour[house]; r = 6; title += `: house of seat ${house}`; }
    else if (house === -2) { fill = "#444"; r = 6; title += ": powerhouse"; }
    else if (house === -3) { fill = "#000"; r = 6; title += ": reserved (Patrician)"; }
    const isLegal = legal.spots && legal.spots.has(s.id);
    const clickable = opts.placing && house === -1;
    const cls = isLegal ? "legal" : clickable ? "click" : "";
    const stroke = isLegal ? "#e0a800" : (v && v.placed === i) ? "#000" : "#333";
    if (house === -2) out.push(`<rect data-spot="${s.id}" x="${x - 6}" y="${y - 6}" width="12" height="12" fill="${fill}" stroke="#fff" stroke-width="1.5"><title>${esc(title)}</title></rect>`);
    else out.push(`<circle class="${cls}" data-spot="${s.id}" cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${isLegal ? 6 : r}" fill="${fill}" stroke="${stroke}" stroke-width="${isLegal || (v && v.placed === i) ? 2.5 : 0.8}"><title>${esc(title)}</title></circle>`);
  });
  out.push("</svg>");
  return out.join("");
}

function legendHtml(B, seats) {
  const parts = seats.map((k, i) => `<span><span class="swatch" style="background:${B.seat_colours[i]}"></span>seat ${i} (${esc(k)})</span>`);
  const names = { fish: "sea (fish)", wood: "forest (wood)", stone: "quarry (stone)", silver_ore: "silver mine (ore)", grapes: "vineyard (grapes)", olives: "olive grove (olives)", city: "city building" };
  for (const [k, c] of Object.entries(B.fills)) parts.push(`<span><span class="box" style="background:${c}"></span>${names[k] || k}</span>`);
  parts.push(`<span><span class="box" style="background:#444"></span>powerhouse</span>`, `<span><span class="swatch" style="background:#000"></span>reserved (solo)</span>`,
             `<span><span class="box" style="border:1px dashed #555"></span>tower spot</span>`, `<span>dashed line: wall ring</span>`);
  return `<div class="legend">${parts.join("")}</div>`;
}
