// railhead review page: the scan, the hex overlay, and edits sent to the review server.
// Plain JavaScript, no library: every edit is a POST to /api/...; after it the page reloads
// /api/state, so what it shows is always what the labels and overrides files say.
"use strict";

const NS = "http://www.w3.org/2000/svg";
// the page's own colours for the terrains, in the legend's order: a map's printed colours are often
// too close to tell apart (the classifier tells them apart by texture), and tinting a hex with the
// colour it already has shows nothing
const TERRAIN_COLOURS = ["#fff176", "#1b5e20", "#8d6e63", "#7b1fa2", "#d32f2f", "#00838f", "#f57c00",
  "#37474f", "#c2185b", "#9e9d24", "#1565c0", "#ffffff"];
const PALETTE = ["#1565c0", "#6d4c41", "#2e7d32", "#c62828", "#6a1b9a", "#00838f", "#ef6c00"];
const LINE_COLOURS = { rail: "#111111", road: "#a0522d", waterway: "#1e88e5" };
const SIDE_COLOURS = { river: "#1565c0", bridge: "#616161", lake: "#0097a7", canal: "#00838f", escarpment: "#6d4c41" };

const S = {
  state: null,
  view: { x: 0, y: 0, k: 1 },
  tool: "terrain",
  selected: null, // hex id (terrain tool)
  start: null, // first hex of a line edge (line tool)
  hover: null,
  byId: new Map(), // hex id -> record
  polys: new Map(), // hex id -> <polygon>
  radius: 20, // a hex's circumradius in image pixels
  keys: new Map(), // key -> terrain name
  learning: false,
  labelEdits: 0, // terrain edits (and undos) since the guesses were made
};

const $ = (id) => document.getElementById(id);
const svg = $("map");
const world = $("world");

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function toast(message, error) {
  const t = $("toast");
  t.textContent = message;
  t.className = "show" + (error ? " error" : "");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.className = ""; }, error ? 6000 : 2500);
}

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(path, opts);
  let data = {};
  try { data = await r.json(); } catch (e) { /* not JSON */ }
  if (!r.ok) throw new Error(data.error || `${r.status} ${r.statusText}`);
  return data;
}

// ------------------------------------------------------------------ geometry
function dist2(a, b) { const dx = a[0] - b[0], dy = a[1] - b[1]; return dx * dx + dy * dy; }

function segDist(p, a, b) {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const len = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len));
  return Math.sqrt(dist2(p, [a[0] + t * dx, a[1] + t * dy]));
}

function inside(p, poly) {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i], [xj, yj] = poly[j];
    if ((yi > p[1]) !== (yj > p[1]) && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

function nearestHex(p, within) {
  let best = null, bd = Infinity;
  for (const h of S.state.hexes) {
    const d = dist2(p, h.centre);
    if (d < bd) { bd = d; best = h; }
  }
  return best && bd <= within * within ? best : null;
}

function hexAt(p) {
  const h = nearestHex(p, S.radius * 1.2);
  return h && inside(p, h.polygon) ? h : null;
}

// The hexside nearest the point: the side of the hex under it, and the hex across that side
// (whose centre is the hex's centre mirrored through the side's midpoint).
function sideAt(p) {
  const h = hexAt(p);
  if (!h) return null;
  const poly = h.polygon;
  let best = null;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i], b = poly[(i + 1) % poly.length];
    const d = segDist(p, a, b);
    if (!best || d < best.d) best = { d, a, b };
  }
  const mid = [(best.a[0] + best.b[0]) / 2, (best.a[1] + best.b[1]) / 2];
  const across = nearestHex([2 * mid[0] - h.centre[0], 2 * mid[1] - h.centre[1]], S.radius * 0.5);
  return { hex: h, other: across, segment: [best.a, best.b], d: best.d };
}

function sideSegment(a, b) {
  // the shared side of two neighbouring hexes: the side of a's polygon nearest b's centre
  const pa = S.byId.get(a), pb = S.byId.get(b);
  if (!pa || !pb) return null;
  const m = [(pa.centre[0] + pb.centre[0]) / 2, (pa.centre[1] + pb.centre[1]) / 2];
  let best = null;
  for (let i = 0; i < pa.polygon.length; i++) {
    const s = [pa.polygon[i], pa.polygon[(i + 1) % pa.polygon.length]];
    const d = segDist(m, s[0], s[1]);
    if (!best || d < best.d) best = { d, s };
  }
  return best.s;
}

// ------------------------------------------------------------------ view
function applyView() {
  const v = S.view;
  world.setAttribute("transform", `translate(${v.x} ${v.y}) scale(${v.k})`);
}

function fit() {
  const r = svg.getBoundingClientRect();
  const { width, height } = S.state.image;
  const k = Math.min(r.width / width, r.height / height) * 0.98;
  S.view = { k, x: (r.width - width * k) / 2, y: (r.height - height * k) / 2 };
  applyView();
}

function toWorld(evt) {
  const r = svg.getBoundingClientRect();
  return [(evt.clientX - r.left - S.view.x) / S.view.k, (evt.clientY - r.top - S.view.y) / S.view.k];
}

function centreOn(h) {
  const r = svg.getBoundingClientRect();
  const k = Math.max(S.view.k, Math.min(r.width, r.height) / (S.radius * 14));
  S.view = { k, x: r.width / 2 - h.centre[0] * k, y: r.height / 2 - h.centre[1] * k };
  applyView();
}

// ------------------------------------------------------------------ drawing
function colourOf(terrain) {
  const i = S.state.legend.terrain.findIndex((x) => x.name === terrain);
  return i < 0 ? "#999999" : TERRAIN_COLOURS[i % TERRAIN_COLOURS.length];
}

// hexside features and line kinds: water blue, borders purple, slopes brown, whatever the legend
// calls them; the rest from the palette
const KIND_COLOURS = [[/major|great/, "#0d47a1"], [/river|canal|stream|creek|brook/, "#1976d2"],
  [/lake|sea|ocean|water|marsh/, "#0097a7"], [/bridge|ford|ferry/, "#616161"], [/border|frontier|boundary/, "#8e24aa"],
  [/escarp|cliff|ridge|slope/, "#6d4c41"], [/rail/, "#111111"], [/road|track|trail/, "#a0522d"]];

function featureColour(name, list, table) {
  if (table[name]) return table[name];
  const named = KIND_COLOURS.find(([re]) => re.test(name));
  return named ? named[1] : PALETTE[Math.max(0, list.indexOf(name)) % PALETTE.length];
}

function kindList(box, names, table) {
  box.replaceChildren(...names.map((n) => {
    const d = document.createElement("span");
    d.className = "kind";
    const sw = document.createElement("i");
    sw.style.background = featureColour(n, names, table);
    d.append(sw, n.replace(/_/g, " "));
    return d;
  }));
}

function buildStatic() {
  const st = S.state;
  $("scan").setAttribute("width", st.image.width);
  $("scan").setAttribute("height", st.image.height);
  S.byId = new Map(st.hexes.map((h) => [h.id, h]));
  const h0 = st.hexes[0];
  if (h0) S.radius = Math.sqrt(Math.max(...h0.polygon.map((p) => dist2(p, h0.centre))));
  const g = $("hexes");
  g.replaceChildren();
  S.polys = new Map();
  for (const h of st.hexes) {
    const p = el("polygon", { class: "hex", points: h.polygon.map((q) => q.join(",")).join(" "), "data-hex": h.id }, g);
    S.polys.set(h.id, p);
  }
  // the legend's keys and the tools' choices
  S.keys = new Map(st.legend.terrain.map((t) => [t.key, t.name]));
  const ul = $("keys");
  ul.replaceChildren();
  for (const t of st.legend.terrain) {
    const li = document.createElement("li");
    li.dataset.terrain = t.name;
    li.title = `set the selected hex to ${t.name}`;
    const sw = document.createElement("span");
    sw.className = "swatch";
    sw.style.background = colourOf(t.name);
    sw.title = `shading on this page; printed on the map as ${t.color || "-"}`;
    const k = document.createElement("kbd");
    k.textContent = t.key;
    li.append(sw, k, document.createTextNode(" " + t.name.replace(/_/g, " ")));
    li.addEventListener("click", () => setTerrain(t.name));
    ul.appendChild(li);
  }
  kindList($("sidekinds"), st.legend.hexside_features, SIDE_COLOURS);
  kindList($("linekinds"), st.legend.line_kinds, LINE_COLOURS);
  fillSelect($("feature"), st.legend.hexside_features);
  fillSelect($("kind"), st.legend.line_kinds);
  const f = st.files || {};
  $("files").replaceChildren(
    ...[["labels", f.labels], ["overrides", f.overrides], ["map", f.map]].map(([k, v]) => {
      const d = document.createElement("div");
      d.textContent = `${k}: ${v || "-"}`;
      return d;
    }),
  );
}

function fillSelect(select, names) {
  const keep = select.value;
  select.replaceChildren(...names.map((n) => new Option(n.replace(/_/g, " "), n)));
  if (names.includes(keep)) select.value = keep;
  select.disabled = names.length === 0;
}

function draw() {
  const st = S.state;
  for (const h of st.hexes) {
    const p = S.polys.get(h.id);
    if (!p) continue;
    const conf = h.confidence == null ? 0.5 : h.confidence;
    p.setAttribute("fill", colourOf(h.terrain));
    p.setAttribute("fill-opacity", (h.labelled ? 0.55 : 0.05 + 0.45 * conf).toFixed(2));
  }
  const marks = $("marks");
  marks.replaceChildren();
  for (const h of st.hexes) {
    if (h.labelled) el("circle", { class: "mark", cx: h.centre[0], cy: h.centre[1], r: S.radius * 0.12 }, marks);
  }
  const sides = $("sides");
  sides.replaceChildren();
  for (const s of st.hexsides) {
    const seg = s.segment && s.segment.length === 2 ? s.segment : sideSegment(s.hexes[0], s.hexes[1]);
    if (!seg) continue;
    s.features.forEach((f, i) => {
      const off = (i - (s.features.length - 1) / 2) * S.radius * 0.08;
      const line = el("line", {
        class: "side", x1: seg[0][0] + off, y1: seg[0][1] + off, x2: seg[1][0] + off, y2: seg[1][1] + off,
        stroke: featureColour(f, st.legend.hexside_features, SIDE_COLOURS), "data-side": s.hexes.join("|"), "data-feature": f,
      }, sides);
      el("title", {}, line).textContent = `${f}: ${s.hexes.join("–")}`;
    });
  }
  const edges = $("edges");
  edges.replaceChildren();
  for (const e of st.edges) {
    const a = S.byId.get(e.hexes[0]), b = S.byId.get(e.hexes[1]);
    if (!a || !b) continue;
    const at = { x1: a.centre[0], y1: a.centre[1], x2: b.centre[0], y2: b.centre[1], "data-edge": `${e.kind}|${e.hexes.join("|")}` };
    el("line", { ...at, class: "edge", stroke: featureColour(e.kind, st.legend.line_kinds, LINE_COLOURS) }, edges);
    if (e.kind === "rail") el("line", { ...at, class: "edge rail-ties" }, edges);
  }
  const next = $("next");
  next.replaceChildren();
  nextList().forEach((id, i) => {
    const h = S.byId.get(id);
    if (!h) return;
    const R = S.radius;
    el("circle", { class: "ring", cx: h.centre[0], cy: h.centre[1], r: R * 0.78, "data-next": id }, next);
    const bx = h.centre[0], by = h.centre[1] - R * 0.55;
    el("circle", { class: "badge", cx: bx, cy: by, r: R * 0.26 }, next);
    el("text", { class: "badge-text", x: bx, y: by, "font-size": R * 0.3 }, next).textContent = String(i + 1);
  });
  drawSelection();
  drawCounts();
}

function drawSelection() {
  const g = $("select");
  g.replaceChildren();
  const outline = (id, cls) => {
    const h = S.byId.get(id);
    if (h) el("polygon", { class: cls, points: h.polygon.map((q) => q.join(",")).join(" ") }, g);
  };
  if (S.hover && S.hover.kind === "hex") outline(S.hover.id, "hover");
  if (S.hover && S.hover.kind === "side") {
    const [a, b] = S.hover.segment;
    el("line", { class: "hover-side", x1: a[0], y1: a[1], x2: b[0], y2: b[1] }, g);
  }
  if (S.selected) outline(S.selected, "selected");
  if (S.start) outline(S.start, "start");
}

function pct(x) { return `${(100 * x).toFixed(1)} %`; }

function drawCounts() {
  const st = S.state;
  $("counts").innerHTML = "";
  $("counts").append("Labelled ", bold(`${st.labelled} / ${st.total}`), " hexes");
  const cv = $("cv");
  cv.replaceChildren();
  const known = st.cv && st.cv.accuracy != null;
  if (known) {
    cv.append(bold(pct(st.cv.accuracy)), " ");
    const s = document.createElement("small");
    s.textContent = "terrain right, expected (cross-validated)";
    cv.append(s);
  }
  cv.title = (st.cv && st.cv.text) || "";
  $("cvtext").textContent = (st.cv && st.cv.text)
    || (known ? "" : "no cross-validated figure yet: label a few hexes, then Learn again");
  const fresh = S.labelEdits;
  $("stale").hidden = fresh === 0;
  $("stale").textContent = fresh
    ? `${fresh} label${fresh === 1 ? "" : "s"} given since these guesses were made: Learn again to update them`
    : "";
  showInfo(S.selected || (S.hover && S.hover.id));
}

function bold(text) { const b = document.createElement("b"); b.textContent = text; return b; }

function showInfo(id) {
  const h = id && S.byId.get(id);
  const info = $("info");
  if (!h) { info.textContent = "Point at a hex."; return; }
  info.replaceChildren(bold(h.id), document.createElement("br"));
  const conf = h.confidence == null ? "" : ` (${Math.round(100 * h.confidence)} % sure)`;
  info.append(h.labelled ? `${h.terrain.replace(/_/g, " ")}: labelled by you` : `${h.terrain.replace(/_/g, " ")}: the classifier's guess${conf}`);
  const rank = nextList().indexOf(h.id);
  if (rank >= 0) { info.append(document.createElement("br"), `worth labelling: #${rank + 1}`); }
}

function nextList() {
  return (S.state.next || []).filter((id) => { const h = S.byId.get(id); return h && !h.labelled; });
}

// ------------------------------------------------------------------ state and edits
async function load(rebuild) {
  S.state = await api("GET", "/api/state");
  if (rebuild || S.polys.size !== S.state.hexes.length) buildStatic();
  else S.byId = new Map(S.state.hexes.map((h) => [h.id, h]));
  draw();
  document.body.dataset.revision = String(S.state.revision);
}

async function edit(path, body, what) {
  if (S.learning) { toast("the classifier is learning again; edit once it is done", true); return false; }
  try {
    await api("POST", path, body);
    await load(false);
    if (what) toast(what);
    return true;
  } catch (e) {
    toast(e.message, true);
    return false;
  }
}

function setTerrain(name) {
  if (!S.selected) { toast("click a hex first, then press its terrain's key", true); return; }
  const hex = S.selected;
  const rank = nextList().indexOf(hex);
  S.labelEdits += 1;
  edit("/api/terrain", { hex, terrain: name }, `${hex}: ${name.replace(/_/g, " ")}`).then((ok) => {
    if (!ok) S.labelEdits -= 1;
    drawCounts();
    // a numbered hex labelled: on to the one numbered after it, if the person wants that
    if (ok && rank >= 0 && $("autonext").checked && S.selected === hex) {
      const list = nextList();
      if (list.length) goTo(list[Math.min(rank, list.length - 1)]);
      else toast("every numbered hex is labelled: Learn again for the next ones");
    }
  });
}

function undo() {
  edit("/api/undo", {}, "undone").then((ok) => { if (ok) { S.labelEdits += 1; drawCounts(); } });
}

function gotoNext() {
  const list = nextList();
  if (!list.length) { toast("no hex is waiting to be labelled: Learn again for new suggestions"); return; }
  const i = list.indexOf(S.selected);
  goTo(list[(i + 1) % list.length]);
}

function goTo(id) {
  setTool("terrain");
  S.selected = id;
  centreOn(S.byId.get(id));
  drawSelection();
  showInfo(id);
}

function setTool(name) {
  S.tool = name;
  for (const r of document.querySelectorAll('input[name="tool"]')) r.checked = r.value === name;
  S.start = null;
  drawSelection();
}

function click(p) {
  if (S.tool === "terrain") {
    const h = hexAt(p);
    S.selected = h ? h.id : null;
    drawSelection();
    showInfo(S.selected);
  } else if (S.tool === "hexside") {
    const s = sideAt(p);
    const feature = $("feature").value;
    if (!feature) { toast("the legend names no hexside feature", true); return; }
    if (!s) return;
    if (s.d > S.radius * 0.35) { toast("click nearer the side between two hexes", true); return; }
    if (!s.other) { toast("that side is the edge of the map", true); return; }
    edit("/api/hexside", { hexes: [s.hex.id, s.other.id], feature }, `${feature}: ${s.hex.id}–${s.other.id} toggled`);
  } else if (S.tool === "edge") {
    const h = hexAt(p);
    const kind = $("kind").value;
    if (!h) return;
    if (!kind) { toast("the legend names no line kind", true); return; }
    if (!S.start || S.start === h.id) {
      S.start = S.start === h.id ? null : h.id;
      drawSelection();
      return;
    }
    const a = S.start;
    edit("/api/edge", { hexes: [a, h.id], kind }, `${kind}: ${a}–${h.id} toggled`).then((ok) => {
      if (ok) S.start = h.id; // go on along the line from here
      drawSelection();
    });
  }
}

// ------------------------------------------------------------------ learn again, save
async function learn() {
  if (S.learning) return;
  try {
    await api("POST", "/api/relearn", {});
  } catch (e) { toast(e.message, true); return; }
  S.learning = true;
  document.body.classList.add("learning");
  $("learn").disabled = true;
  const bar = $("learnbar");
  bar.hidden = false;
  bar.value = 0;
  let done = null;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    let p;
    try { p = await api("GET", "/api/relearn"); } catch (e) { toast(e.message, true); break; }
    bar.value = p.progress || 0;
    $("learnmsg").textContent = p.message || "";
    if (!p.running) {
      if (p.error) toast(p.error, true);
      else done = p;
      break;
    }
  }
  if (done) S.labelEdits = 0;
  await load(false);
  // said once the page shows what was learnt
  $("learnmsg").textContent = done ? `learned in ${done.seconds} s` : "";
  S.learning = false;
  document.body.classList.remove("learning");
  $("learn").disabled = false;
  bar.hidden = true;
}

async function save() {
  $("save").disabled = true;
  try {
    const r = await api("POST", "/api/save", {});
    toast(`saved ${r.path} (${r.hexes} hexes)`);
  } catch (e) {
    toast(e.message, true);
  } finally {
    $("save").disabled = false;
  }
}

// ------------------------------------------------------------------ input
let drag = null;

svg.addEventListener("pointerdown", (e) => {
  if (e.button !== 0) return;
  drag = { x: e.clientX, y: e.clientY, vx: S.view.x, vy: S.view.y, moved: false };
  svg.setPointerCapture(e.pointerId);
});

svg.addEventListener("pointermove", (e) => {
  if (drag) {
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && dx * dx + dy * dy > 16) { drag.moved = true; svg.classList.add("panning"); }
    if (drag.moved) { S.view.x = drag.vx + dx; S.view.y = drag.vy + dy; applyView(); return; }
  }
  if (!S.state) return;
  const p = toWorld(e);
  let hover = null;
  if (S.tool === "hexside") {
    const s = sideAt(p);
    if (s && s.other && s.d <= S.radius * 0.35) hover = { kind: "side", id: s.hex.id, segment: s.segment };
  } else {
    const h = hexAt(p);
    if (h) hover = { kind: "hex", id: h.id };
  }
  const key = hover ? hover.kind + hover.id + (hover.segment ? hover.segment.join() : "") : "";
  const old = S.hover ? S.hover.kind + S.hover.id + (S.hover.segment ? S.hover.segment.join() : "") : "";
  if (key !== old) { S.hover = hover; drawSelection(); if (!S.selected) showInfo(hover && hover.id); }
});

svg.addEventListener("pointerup", (e) => {
  if (!drag) return;
  const wasDrag = drag.moved;
  drag = null;
  svg.classList.remove("panning");
  if (!wasDrag && S.state) click(toWorld(e));
});

svg.addEventListener("wheel", (e) => {
  e.preventDefault();
  const r = svg.getBoundingClientRect();
  const mx = e.clientX - r.left, my = e.clientY - r.top;
  const f = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
  const k = Math.max(0.05, Math.min(40, S.view.k * f));
  S.view.x = mx - ((mx - S.view.x) * k) / S.view.k;
  S.view.y = my - ((my - S.view.y) * k) / S.view.k;
  S.view.k = k;
  applyView();
}, { passive: false });

document.addEventListener("keydown", (e) => {
  if (!S.state || e.target.tagName === "SELECT") return;
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "z") { e.preventDefault(); undo(); return; }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === " ") { e.preventDefault(); svg.classList.add("plain"); return; }
  if (e.key === "Escape") { S.selected = null; S.start = null; drawSelection(); showInfo(null); return; }
  if (e.key === "n") { gotoNext(); return; }
  if (e.key === "z") { undo(); return; }
  const terrain = S.keys.get(e.key) || S.keys.get(e.key.toLowerCase());
  if (terrain) {
    if (S.tool !== "terrain") { toast("choose the Terrain tool to set a hex's terrain", true); return; }
    setTerrain(terrain);
  }
});

document.addEventListener("keyup", (e) => { if (e.key === " ") svg.classList.remove("plain"); });

for (const r of document.querySelectorAll('input[name="tool"]')) r.addEventListener("change", () => setTool(r.value));
$("feature").addEventListener("change", () => setTool("hexside"));
$("kind").addEventListener("change", () => setTool("edge"));
for (const c of document.querySelectorAll("input[data-layer]")) {
  c.addEventListener("change", () => svg.classList.toggle(`no-${c.dataset.layer}`, !c.checked));
}
$("learn").addEventListener("click", learn);
$("save").addEventListener("click", save);
$("fit").addEventListener("click", () => fit());
// a control gives the keyboard back to the map once used (Space would press a focused button again)
for (const c of document.querySelectorAll("button, input, select")) {
  c.addEventListener(c.tagName === "BUTTON" ? "click" : "change", () => c.blur());
}
window.addEventListener("resize", () => { if (S.state) applyView(); });

load(true).then(() => { fit(); document.body.dataset.ready = "1"; }, (e) => toast(`cannot load the map: ${e.message}`, true));
