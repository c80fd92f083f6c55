// scan-colours.mjs - reads a cube's 54 sticker colours from six face pictures (no DOM: the
// Camera tab, the test set and the benchmark all use it on plain RGBA pixel arrays).
//
// Pipeline:
//   sampleFace(image, grid)  nine robust samples of one face: the middle of each grid cell,
//                            pixels ordered by CIELAB lightness, the brightest 25% (glare) and
//                            the darkest 15% (shadow, gaps) dropped, the rest averaged in
//                            linear RGB.
//   readCube(samples, opts)  the 54 samples -> facelets: the most neutral centre calibrates the
//                            light (von Kries: each channel divided by that sticker's, so its
//                            colour becomes white at L*=100 whatever the lamp's temperature,
//                            brightness or cast); every sticker goes to CIELAB; the six centres
//                            are the first colour references; then all 54 are assigned
//                            JOINTLY, each colour exactly 9 times (a min-cost assignment,
//                            Hungarian, on a Lab distance with lightness weighted down), the
//                            references re-estimated from their nine stickers and the
//                            assignment redone (a balanced k-means, 3 rounds). So red against
//                            orange and white against yellow are decided by where the two
//                            groups sit relative to each other, never by fixed ranges.
//                            Pinned stickers (a centre, a user's tap) keep their colour.
//   confidence               per sticker, after the joint reading: how much nearer it sits to
//                            its colour's reference than to the next colour's, as a share of
//                            the two references' distance, clipped to [0, 1]: 1 is a sticker
//                            at its colour's place, 0 one half-way or one the counting forced
//                            against its own look. Relative, so red and orange (close
//                            together) are judged on their own scale.
//   checkReading(core, r)    the core's own cube check (core.validate -> ec_validate): ok, or
//                            its fault message ("a corner is twisted ...") and the least
//                            confident stickers as suspects.
// Layout: samples and Lab values are [r, g, b] / [L, a, b] triples indexed by facelet
// (Kociemba's order, facelet i = face FACES[i / 9 | 0], cell i % 9 read row by row as the face
// is shown). Letters are face letters: a sticker's letter is the face whose centre it matches.
// Costs: sampling reads about (cell/2)^2 pixels per cell (~2 ms a 192-px face); readCube is
// three O(54^3) assignments and the confidences, ~5 ms in Node.
import { FACES } from './geometry.mjs';

const N = 54;
const LIGHT_WEIGHT = 0.5; // lightness varies with glare and shade more than hue does
const TRIM_HIGH = 0.25;
const TRIM_LOW = 0.15;
const ROUNDS = 3;

// sRGB (0..255, fractions allowed) <-> linear light in [0, 1] (the sRGB transfer curve)
export function byteToLinear(v) {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}
export function linearToByte(l) {
  const c = l <= 0.0031308 ? 12.92 * l : 1.055 * l ** (1 / 2.4) - 0.055;
  return Math.max(0, Math.min(255, Math.round(c * 255)));
}
const LINEAR = Float64Array.from({ length: 256 }, (_, v) => byteToLinear(v));

function fLab(t) { return t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116; }

// Linear RGB (white = 1, 1, 1) -> CIELAB (D65), lightness 100 at white.
export function linearToLab([r, g, b]) {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089;
  const fx = fLab(x), fy = fLab(y), fz = fLab(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

export function srgbToLab(rgb) { return linearToLab(rgb.map((v) => LINEAR[Math.max(0, Math.min(255, Math.round(v)))])); }

// The 3x3 grid the picture is read in: a centred square `fraction` of the shorter side.
export function centredGrid(width, height, fraction = 0.8) {
  const size = Math.min(width, height) * fraction;
  return { x: (width - size) / 2, y: (height - size) / 2, size };
}

// image: {width, height, data: RGBA bytes}; grid: {x, y, size}; inset: the share of each cell
// left out on every side (0.25: the middle half of the cell). -> nine linear-RGB triples.
export function sampleFace(image, grid, { inset = 0.27 } = {}) {
  const { width, height, data } = image;
  if (!data || data.length < width * height * 4) throw new Error('sampleFace: the image is smaller than its width x height');
  const cell = grid.size / 3;
  const out = [];
  for (let k = 0; k < 9; k++) {
    const x0 = Math.max(0, Math.round(grid.x + (k % 3 + inset) * cell));
    const x1 = Math.min(width, Math.round(grid.x + (k % 3 + 1 - inset) * cell));
    const y0 = Math.max(0, Math.round(grid.y + ((k / 3 | 0) + inset) * cell));
    const y1 = Math.min(height, Math.round(grid.y + ((k / 3 | 0) + 1 - inset) * cell));
    const px = [];
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const o = (y * width + x) * 4;
        const r = LINEAR[data[o]], g = LINEAR[data[o + 1]], b = LINEAR[data[o + 2]];
        px.push([0.2126 * r + 0.7152 * g + 0.0722 * b, r, g, b]);
      }
    }
    if (!px.length) throw new Error(`sampleFace: cell ${k + 1} of the grid lies outside the picture`);
    px.sort((p, q) => p[0] - q[0]);
    const lo = Math.floor(px.length * TRIM_LOW), hi = Math.max(lo + 1, Math.ceil(px.length * (1 - TRIM_HIGH)));
    const sum = [0, 0, 0];
    for (let i = lo; i < hi; i++) for (let c = 0; c < 3; c++) sum[c] += px[i][c + 1];
    out.push(sum.map((s) => s / (hi - lo)));
  }
  return out;
}

// The centre that is most nearly grey (smallest max/min channel ratio): the white sticker,
// under any lamp a room has.
export function whiteCentre(samples) {
  let best = -1, ratio = Infinity;
  for (let f = 0; f < 6; f++) {
    const s = samples[f * 9 + 4];
    const r = Math.max(...s) / Math.max(1e-6, Math.min(...s));
    if (r < ratio) { ratio = r; best = f; }
  }
  return best;
}

function dist(p, q) {
  const dl = LIGHT_WEIGHT * (p[0] - q[0]);
  return Math.sqrt(dl * dl + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2);
}

// Min-cost perfect matching of an n x n cost matrix (rows to columns), by the Hungarian
// method with potentials: O(n^3). -> colOf[row].
export function assign(cost) {
  const n = cost.length;
  const u = new Float64Array(n + 1), v = new Float64Array(n + 1);
  const p = new Int32Array(n + 1), way = new Int32Array(n + 1);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Float64Array(n + 1).fill(Infinity);
    const used = new Uint8Array(n + 1);
    do {
      used[j0] = 1;
      const i0 = p[j0];
      let delta = Infinity, j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost[i0 - 1][j - 1] - u[i0] - v[j];
        if (cur < minv[j]) { minv[j] = cur; way[j] = j0; }
        if (minv[j] < delta) { delta = minv[j]; j1 = j; }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) { u[p[j]] += delta; v[j] -= delta; } else minv[j] -= delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do { const j1 = way[j0]; p[j0] = p[j1]; j0 = j1; } while (j0);
  }
  const colOf = new Int32Array(n);
  for (let j = 1; j <= n; j++) colOf[p[j] - 1] = j - 1;
  return colOf;
}

const PINNED_OFF = 1e6; // the cost of giving a pinned sticker another colour

// Assign the 54 Lab values to the six references, each colour 9 times, pins kept.
// -> Int8Array of face indices (0..5).
function jointAssign(lab, refs, pins) {
  const cost = [];
  for (let i = 0; i < N; i++) {
    const row = new Float64Array(N);
    for (let c = 0; c < 6; c++) {
      const d = pins.has(i) ? (pins.get(i) === c ? 0 : PINNED_OFF) : dist(lab[i], refs[c]);
      for (let s = 0; s < 9; s++) row[c * 9 + s] = d;
    }
    cost.push(row);
  }
  const col = assign(cost);
  return Int8Array.from(col, (j) => (j / 9) | 0);
}

function mean(points) {
  const m = [0, 0, 0];
  for (const p of points) for (let c = 0; c < 3; c++) m[c] += p[c] / points.length;
  return m;
}

// samples: 54 linear-RGB triples (sampleFace of the six faces, in FACES order).
// opts.pins: {index: letter} stickers whose colour is known (the centres always are).
// -> {facelets, confidence: Float64Array(54), lab, white: the face whose centre calibrated}
export function readCube(samples, { pins = {} } = {}) {
  if (!Array.isArray(samples) || samples.length !== N) throw new Error(`readCube: 54 samples are needed, not ${samples && samples.length}`);
  const pin = new Map();
  for (let f = 0; f < 6; f++) pin.set(f * 9 + 4, f);
  for (const [k, letter] of Object.entries(pins)) {
    const i = Number(k), f = FACES.indexOf(letter);
    if (!(i >= 0 && i < N) || f < 0) throw new Error(`readCube: a pin must be a sticker 0..53 and a face letter (URFDLB), not ${k}=${letter}`);
    if (i % 9 === 4 && f !== (i / 9 | 0)) throw new Error(`readCube: the centre of ${FACES[i / 9 | 0]} names its own colour`);
    pin.set(i, f);
  }
  for (let f = 0; f < 6; f++) {
    const n = [...pin.values()].filter((c) => c === f).length;
    if (n > 9) throw new Error(`readCube: ${n} stickers are pinned to ${FACES[f]}; a colour has 9`);
  }
  const w = whiteCentre(samples);
  const gain = samples[w * 9 + 4].map((v) => 1 / Math.max(1e-6, v));
  const lab = samples.map((s) => linearToLab(s.map((v, c) => v * gain[c])));
  let refs = FACES.map((_, f) => lab[f * 9 + 4]);
  let face;
  for (let round = 0; round < ROUNDS; round++) {
    face = jointAssign(lab, refs, pin);
    // each reference moves to the mean of its nine, the centre counted three times (it was
    // seen square-on in the middle of the picture)
    refs = FACES.map((_, f) => {
      const pts = [];
      for (let i = 0; i < N; i++) if (face[i] === f) pts.push(lab[i]);
      pts.push(lab[f * 9 + 4], lab[f * 9 + 4]);
      return mean(pts);
    });
  }
  const confidence = confidences(lab, refs, face, pin);
  return { facelets: Array.from(face, (f) => FACES[f]).join(''), confidence, lab, white: FACES[w] };
}

// Each sticker's margin to the nearest other colour, relative to the references' distance.
// Pinned stickers are certain (1).
function confidences(lab, refs, face, pin) {
  const conf = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    if (pin.has(i)) { conf[i] = 1; continue; }
    const c = face[i];
    const own = dist(lab[i], refs[c]);
    let best = Infinity;
    for (let c2 = 0; c2 < 6; c2++) {
      if (c2 === c) continue;
      const m = (dist(lab[i], refs[c2]) - own) / Math.max(1, dist(refs[c], refs[c2]));
      if (m < best) best = m;
    }
    conf[i] = Math.max(0, Math.min(1, best));
  }
  return conf;
}

// The core's check of a reading: {ok: true} or {ok: false, message, suspects: the `count`
// least confident stickers, least first}. core: web/lib/core.mjs's EvocubeCore.
export function checkReading(core, reading, count = 4) {
  try {
    core.validate(reading.facelets);
    return { ok: true, message: 'ok', suspects: [] };
  } catch (e) {
    const order = [...reading.confidence.keys()].filter((i) => reading.confidence[i] < 1)
      .sort((a, b) => reading.confidence[a] - reading.confidence[b]);
    return { ok: false, message: e.message, suspects: order.slice(0, count) };
  }
}
