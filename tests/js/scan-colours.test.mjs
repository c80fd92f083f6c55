// scan-colours.test.mjs - the camera's colour reader (web/lib/scan-colours.mjs) on synthetic
// pictures and samples: the assignment is a true minimum (brute force on small matrices), the
// joint reading uses every colour 9 times and decides red/orange and white/yellow by their
// relative places when every sticker has drifted towards its neighbour, a warm lamp is taken
// out by the white centre, glare in a cell is trimmed away, a pin re-runs the assignment, and
// the core's check names a fault and the least confident stickers. The rendered test set is
// tests/e2e/camera-reader.test.mjs.
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { assign, readCube, sampleFace, centredGrid, checkReading, srgbToLab, whiteCentre } from '../../web/lib/scan-colours.mjs';
import { rng } from '../../web/lib/experiments/papers.mjs';

let core;
beforeAll(async () => { core = await loadCoreNode(); });

const BRIGHT = { U: [244, 244, 240], R: [196, 30, 58], F: [0, 158, 96], D: [255, 213, 0], L: [255, 88, 0], B: [0, 81, 186] };
const lin = (v) => { const c = v / 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };

// 54 linear-RGB samples of a cube's facelets in a colour table, lamp gains and noise applied
function samplesOf(facelets, table, { gain = [1, 1, 1], noise = 0, seed = 1 } = {}) {
  const rand = rng(seed);
  return [...facelets].map((ch) => table[ch].map((v, c) => lin(v) * gain[c] * (1 + noise * (rand() - 0.5))));
}

function permutations(n) {
  if (n === 1) return [[0]];
  return permutations(n - 1).flatMap((p) => Array.from({ length: n }, (_, k) => [...p.slice(0, k), n - 1, ...p.slice(k)]));
}

test('the assignment is the minimum-cost matching (brute force, 6x6)', () => {
  const rand = rng(5);
  const perms = permutations(6);
  for (let t = 0; t < 30; t++) {
    const cost = Array.from({ length: 6 }, () => Array.from({ length: 6 }, () => Math.floor(rand() * 20)));
    const col = assign(cost);
    expect(new Set(col).size).toBe(6);
    const total = (p) => p.reduce((s, j, i) => s + cost[i][j], 0);
    expect(total(col)).toBe(Math.min(...perms.map(total)));
  }
});

test('scrambled cubes are read exactly, each colour 9 times', () => {
  for (let seed = 1; seed <= 20; seed++) {
    const facelets = core.apply(core.scrambleMoves(30, seed));
    const r = readCube(samplesOf(facelets, BRIGHT, { noise: 0.1, seed }));
    expect(r.facelets).toBe(facelets);
    for (const f of 'URFDLB') expect(r.facelets.split(f).length - 1).toBe(9);
    expect(checkReading(core, r)).toEqual({ ok: true, message: 'ok', suspects: [] });
  }
});

test('red/orange and white/yellow are decided relative to each other, not by fixed ranges', () => {
  const facelets = core.apply(core.scrambleMoves(30, 3));
  // every red drifted towards orange and every orange towards red, yellow pale, whites creamy:
  // a per-sticker nearest-colour rule with the centres as references gets some wrong, the
  // joint reading none
  const table = { ...BRIGHT, R: [238, 72, 22], L: [255, 104, 0], U: [240, 235, 190], D: [250, 228, 150] };
  const centres = { R: [196, 30, 58], L: [255, 88, 0], U: [244, 244, 240], D: [255, 213, 0] };
  const s = samplesOf(facelets, table);
  for (const [f, rgb] of Object.entries(centres)) s['URFDLB'.indexOf(f) * 9 + 4] = rgb.map(lin);
  const r = readCube(s);
  expect(r.facelets).toBe(facelets);
  const lab = s.map((x) => srgbToLab(x.map((v) => 255 * v ** (1 / 2.2))));
  const nearest = lab.map((p) => 'URFDLB'[[0, 1, 2, 3, 4, 5].reduce((b, f) => (Math.hypot(...p.map((v, c) => v - lab[f * 9 + 4][c])) < Math.hypot(...p.map((v, c) => v - lab[b * 9 + 4][c])) ? f : b), 0)]).join('');
  expect(nearest).not.toBe(facelets); // the case is hard for a sticker-by-sticker rule
});

test('a warm lamp (2,700 K-like gains) is taken out by the white centre', () => {
  const facelets = core.apply(core.scrambleMoves(30, 9));
  const s = samplesOf(facelets, BRIGHT, { gain: [1, 0.45, 0.12], noise: 0.05 });
  expect(whiteCentre(s)).toBe(0);
  expect(readCube(s).facelets).toBe(facelets);
});

test('sampleFace reads the middle of each cell and trims a glare spot away', () => {
  const size = 90, grid = centredGrid(size, size, 1);
  const data = new Uint8Array(size * size * 4);
  const colours = ['U', 'R', 'F', 'D', 'L', 'B', 'U', 'R', 'F'].map((f) => BRIGHT[f]);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const k = Math.floor(y / 30) * 3 + Math.floor(x / 30);
      // a black gap of 3 px between cells, and a white glare spot in cell 1's middle
      const gap = x % 30 < 3 || y % 30 < 3;
      const glare = k === 1 && Math.hypot(x - 45, y - 15) < 4;
      const rgb = gap ? [0, 0, 0] : glare ? [255, 255, 255] : colours[k];
      data.set([...rgb, 255], (y * size + x) * 4);
    }
  }
  const s = sampleFace({ width: size, height: size, data }, grid);
  s.forEach((v, k) => v.forEach((x, c) => expect(x).toBeCloseTo(lin(colours[k][c]), 2)));
  expect(() => sampleFace({ width: size, height: size, data: data.subarray(0, 10) }, grid)).toThrow(/smaller/);
  expect(() => sampleFace({ width: size, height: size, data }, { x: 200, y: 0, size: 60 })).toThrow(/cell 1 of the grid lies outside/);
});

test('a pinned sticker re-runs the joint assignment; bad pins are refused by name', () => {
  const facelets = core.apply(core.scrambleMoves(30, 11));
  const s = samplesOf(facelets, BRIGHT, { noise: 0.1 });
  // sticker 0 and sticker j (another colour) read as each other: swap their samples
  const j = [...facelets].findIndex((c, i) => i % 9 !== 4 && c !== facelets[0]);
  [s[0], s[j]] = [s[j], s[0]];
  const wrong = readCube(s);
  expect(wrong.facelets[0]).toBe(facelets[j]);
  const fixed = readCube(s, { pins: { 0: facelets[0] } });
  expect(fixed.facelets[0]).toBe(facelets[0]);
  expect(fixed.confidence[0]).toBe(1);
  for (const f of 'URFDLB') expect(fixed.facelets.split(f).length - 1).toBe(9);
  expect(() => readCube(s, { pins: { 4: 'R' } })).toThrow(/centre of U/);
  expect(() => readCube(s, { pins: { 60: 'R' } })).toThrow(/sticker 0..53/);
  expect(() => readCube(s.slice(1))).toThrow(/54 samples/);
  const tenWhite = Object.fromEntries([0, 1, 2, 3, 5, 6, 7, 8, 9, 10].map((i) => [i, 'U']));
  expect(() => readCube(s, { pins: tenWhite })).toThrow(/11 stickers are pinned to U; a colour has 9/); // ten and the centre;
});

test('an impossible reading gets the core\'s fault and the least confident stickers', () => {
  const facelets = core.apply(core.scrambleMoves(30, 13));
  const s = samplesOf(facelets, BRIGHT, { noise: 0.05 });
  // the UF edge's two stickers (U8, F2) each read as half-way to the other's colour, a bit past
  // the middle: the joint reading flips the edge, and they are its least confident stickers
  const [a, b] = [7, 19];
  const [sa, sb] = [s[a], s[b]];
  s[a] = sa.map((v, c) => 0.45 * v + 0.55 * sb[c]);
  s[b] = sb.map((v, c) => 0.45 * v + 0.55 * sa[c]);
  const r = readCube(s);
  const check = checkReading(core, r, 4);
  expect(r.facelets).not.toBe(facelets);
  expect(check.ok).toBe(false);
  expect(check.message).toMatch(/edges? (is|are) flipped/);
  expect(check.suspects).toHaveLength(4);
  expect(check.suspects.slice(0, 2).sort((x, y) => x - y)).toEqual([a, b]);
  // a tap on one of them (the user sets its true colour) re-runs the reading: the cube is right
  const fixed = readCube(s, { pins: { [a]: facelets[a] } });
  expect(fixed.facelets).toBe(facelets);
  expect(checkReading(core, fixed).ok).toBe(true);
});
