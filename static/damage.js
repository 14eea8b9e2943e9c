// A damage track drawn in a spectator's browser from its shape (models/service/views/drawings.py `shape`): the
// same SVG the table page gets from `draw` there, mark for mark, so the view sent on each change carries a few
// numbers and the track's description instead of a drawing. Made from numbers and our own words only; names and
// the description are escaped as the server's drawing escapes them.

const RING_RADII = [0.86, 0.58, 0.3];

// Python's html.escape (quote=True).
function escape(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

// A number as Python's str() writes a float ("14.0", "13.5").
function float(x) {
  return Number.isInteger(x) ? x.toFixed(1) : String(x);
}

// A system or aspect letter as safe SVG text.
function letter(ch) {
  return /^[A-Za-z]$/.test(ch) ? ch : "?";
}

function web(sizes, marks, label, size = 168) {
  const half = size / 2;
  const parts = [`<svg class="tk-web" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" ` +
    `role="img" aria-label="${escape(label)}">`];
  sizes.forEach((count, ring) => {
    const radius = RING_RADII[ring] * (half - 8);
    parts.push(`<circle class="tk-ring tk-ring-${ring}" cx="${float(half)}" cy="${float(half)}" r="${radius.toFixed(1)}"/>`);
    const box = Math.max(2.5, Math.min(7.0, Math.PI * radius / Math.max(count, 1) * 0.8));
    for (let k = 0; k < count; k++) {
      const angle = 2 * Math.PI * k / count - Math.PI / 2;
      const x = half + radius * Math.cos(angle), y = half + radius * Math.sin(angle);
      const state = k < marks[ring] ? "marked" : "open";
      parts.push(`<circle class="tk-box tk-${state}" cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${box.toFixed(1)}"/>`);
    }
  });
  parts.push("</svg>");
  return parts.join("");
}

function boxes(total, marked, label, perRow = 10) {
  const cell = 16;
  const rows = Math.max(1, Math.ceil(total / perRow));
  const width = Math.min(total, perRow) * cell + 2, height = rows * cell + 2;
  const parts = [`<svg class="tk-boxes" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" ` +
    `role="img" aria-label="${escape(label)}">`];
  for (let k = 0; k < total; k++) {
    const x = 1 + (k % perRow) * cell, y = 1 + Math.floor(k / perRow) * cell;
    const state = k < marked ? "marked" : "open";
    parts.push(`<rect class="tk-box tk-${state}" x="${x}" y="${y}" width="${cell - 3}" height="${cell - 3}" rx="2"/>`);
  }
  parts.push("</svg>");
  return parts.join("");
}

// One box of a grid or spiral, with its system or aspect letter ("." a plain box).
function box(x, y, cell, marked, ch, corner, lift) {
  const state = marked ? "marked" : "open";
  const out = [`<rect class="tk-box tk-${state}" x="${x}" y="${y}" width="${cell - 3}" height="${cell - 3}" rx="${corner}"/>`];
  if (ch !== ".") {
    out.push(`<text class="tk-sys tk-${state}" x="${float(x + (cell - 3) / 2)}" y="${float(y + cell / 2 + lift)}" ` +
      `text-anchor="middle">${letter(ch)}</text>`);
  }
  return out;
}

function grid(columns, marks, label, sides) {
  const cell = 28, top = 20, gap = 12;
  const per = Math.floor(columns.length / sides);
  const rows = Math.max(0, ...columns.map((c) => c.length));
  const width = columns.length * cell + (sides - 1) * gap + 2, height = top + rows * cell + 2;
  const parts = [`<svg class="tk-grid" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" ` +
    `role="img" aria-label="${escape(label)}">`];
  columns.forEach((column, i) => {
    const x = 1 + i * cell + Math.floor(i / per) * gap;
    const head = sides === 2 ? `${"LR"[Math.floor(i / per)]}${(i % per) + 1}` : String(i + 1);
    parts.push(`<text class="tk-grid-head" x="${float(x + cell / 2 - 1)}" y="14" text-anchor="middle">${head}</text>`);
    let n = 0;
    [...column].forEach((ch, row) => {
      if (ch === "-") return;
      parts.push(...box(x, top + row * cell, cell, n < marks[i], ch, 2, 2));
      n += 1;
    });
  });
  parts.push("</svg>");
  return parts.join("");
}

function spiral(branches, heads, marks, label) {
  const count = branches.length;
  const labelW = Math.max(84, 8 * Math.max(0, ...heads.map((h) => h.length))), gap = 4;
  const sizes = branches.map((b) => [...b].filter((ch) => ch !== "-").length);
  const longest = count ? Math.max(...sizes) : 1;
  const cell = Math.max(12, Math.min(24, Math.floor((320 - labelW) / Math.max(longest, 1))));
  const width = labelW + longest * cell + 2, height = count * (cell + gap) + 2;
  const parts = [`<svg class="tk-spiral" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" ` +
    `role="img" aria-label="${escape(label)}">`];
  branches.forEach((branch, i) => {
    const y = 1 + i * (cell + gap);
    parts.push(`<text class="tk-branch" x="0" y="${y + cell - 5}">${escape(heads[i])}</text>`);
    [...branch].filter((ch) => ch !== "-").forEach((ch, k) => {
      parts.push(...box(labelW + k * cell, y, cell, k < marks[i], ch, 6, 1));
    });
  });
  parts.push("</svg>");
  return parts.join("");
}

// The SVG of a track's shape ("" for none).
export default function drawing(track) {
  if (!track) return "";
  if (track.kind === "grid") return grid(track.columns, track.marks, track.label, track.sides);
  if (track.kind === "spiral") return spiral(track.branches, track.heads, track.marks, track.label);
  if (track.kind === "web") return web(track.sizes, track.marks, track.label);
  return boxes(track.sizes[0], track.marks[0], track.label);
}
