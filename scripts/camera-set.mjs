// camera-set.mjs - the camera test set: faces of random cubes rendered by the app's own three.js
// cube (tests/data/camera/render.html in headless Chromium, software WebGL), then photographed
// in Node: the light and the camera's faults added to the rendered pixels. Used by the camera
// reader's e2e test and `npm run bench -- camera`. Deterministic: every draw comes from a
// seeded PRNG (mulberry32) and the cubes from the core's seeded scrambles.
//
// Set layout: cube k (k = 0 .. cubes-1) is clean when k is even, hard when odd; its sticker
// colours are scheme SCHEMES[(k >> 1) % 3]; its state is the core's 30-move scramble of seed
// seed + k. A clean cube is six square-on renders. A hard cube's six faces are rendered with
// the camera tilted up to 15 degrees off the face's axis and rolled up to 10 degrees, and then
// get one light for the cube (colour temperature 2,700-6,500 K, of which the camera's white
// balance takes out 40% in log terms; brightness x0.5-1.4 with clipping; a coloured cast of
// up to ~15% per channel) and per face: brightness jitter, 0-2 glare spots, a Gaussian blur of
// 0.5-1.2 px and Gaussian noise of 2-6 levels.
// Costs (200 cubes, 1,200 faces, at load ~10): rendering ~70-90 s with Chromium's start, the
// Node side ~30 ms a hard face (blur and noise), ~2 ms a clean one, ~5 ms a cube's reading.
import { pathToFileURL } from 'node:url';
import { setup } from './browser.mjs';
import { rng } from '../web/lib/experiments/papers.mjs';
import { FACES, COLORS } from '../web/lib/geometry.mjs';
import { sampleFace, readCube, centredGrid, checkReading, byteToLinear, linearToByte } from '../web/lib/scan-colours.mjs';

export const SIZE = 192; // tests/data/camera/render.mjs's canvas
export const DISTANCE = 5.9; // camera to face: the face spans ~80% of the picture (the grid)

// Sticker colours (sRGB) of three kinds of commercial cube, by face letter.
export const SCHEMES = {
  bright: COLORS,
  pastel: { U: '#f2f2ea', R: '#ee5560', F: '#63d98a', D: '#f8ea72', L: '#ffab63', B: '#6b9cf0' },
  dark: { U: '#c9c9c0', R: '#9c1626', F: '#00744a', D: '#d1b000', L: '#d4490a', B: '#073f8e' },
};
const SCHEME_NAMES = Object.keys(SCHEMES);

// The white of a black body at T kelvin in sRGB (from blackbody colour tables), 6500 K ~ white.
const KELVIN = [[2700, [255, 169, 87]], [3500, [255, 193, 141]], [4500, [255, 219, 186]], [5500, [255, 236, 224]], [6500, [255, 249, 253]]];
const toLinear = byteToLinear;
const LINEAR = Float32Array.from({ length: 256 }, (_, v) => toLinear(v));
// linear light -> sRGB byte through a table of 2^16 steps over [0, 1] (clipped above)
const STEPS = 65535;
const ENCODE = Uint8Array.from({ length: STEPS + 1 }, (_, i) => linearToByte(i / STEPS));
const toByte = (l) => ENCODE[l <= 0 ? 0 : l >= 1 ? STEPS : Math.round(l * STEPS)];

export function kelvinGain(t) {
  let i = 0;
  while (i < KELVIN.length - 2 && t > KELVIN[i + 1][0]) i++;
  const [t0, a] = KELVIN[i], [t1, b] = KELVIN[i + 1];
  const k = Math.max(0, Math.min(1, (t - t0) / (t1 - t0)));
  return a.map((v, c) => toLinear(v + k * (b[c] - v)));
}

function normal(rand) {
  let u = 0;
  while (u === 0) u = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
}
const between = (rand, lo, hi) => lo + (hi - lo) * rand();

// The set's cubes and their render jobs (no pixels yet).
export function planSet(core, { cubes, seed = 1 }) {
  const rand = rng(seed * 7919 + 17);
  return Array.from({ length: cubes }, (_, k) => {
    const hard = k % 2 === 1;
    const scheme = SCHEME_NAMES[(k >> 1) % 3];
    const facelets = core.apply(core.scrambleMoves(30, seed + k));
    const faces = FACES.map((face) => ({
      facelets, face, colours: SCHEMES[scheme], distance: DISTANCE,
      tilt: hard ? [between(rand, -15, 15), between(rand, -15, 15)].map((a, _, t) => a * Math.min(1, 15 / Math.hypot(...t))) : [0, 0],
      roll: hard ? between(rand, -10, 10) : 0,
    }));
    const light = hard ? {
      kelvin: between(rand, 2700, 6500), exposure: between(rand, 0.5, 1.4),
      cast: [0, 1, 2].map(() => Math.exp(0.07 * normal(rand))),
      perFace: FACES.map(() => ({
        exposure: Math.exp(0.08 * normal(rand)),
        glare: Array.from({ length: Math.floor(rand() * 3) }, () => ({
          x: between(rand, 0.1, 0.9) * SIZE, y: between(rand, 0.1, 0.9) * SIZE,
          radius: between(rand, 3, 9), strength: between(rand, 0.6, 1.6),
        })),
        blur: between(rand, 0.5, 1.2), noise: between(rand, 2, 6), seed: Math.floor(rand() * 2 ** 31),
      })),
    } : null;
    return { index: k, hard, scheme, facelets, faces, light };
  });
}

// Render every job in Chromium: -> the cubes, each face with .image {width, height, data}.
export async function renderSet(plan, { batch = 24 } = {}) {
  const env = await setup();
  try {
    const page = await env.context.newPage();
    // plain bytes: the dev server's brotli of three.js would cost more than the renders
    await page.setExtraHTTPHeaders({ 'accept-encoding': 'identity' });
    await page.goto(new URL("tests/data/camera/render.html", env.server.url).href);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
    const jobs = plan.flatMap((c) => c.faces);
    for (let i = 0; i < jobs.length; i += batch) {
      const part = jobs.slice(i, i + batch);
      const out = await page.evaluate((js) => window.renderFaces(js), part.map(({ facelets, face, colours, paint, tilt, roll, distance }) => ({ facelets, face, colours, paint, tilt, roll, distance })));
      out.forEach((b64, j) => { part[j].image = { width: SIZE, height: SIZE, data: new Uint8Array(Buffer.from(b64, 'base64')) }; });
    }
  } finally {
    await env.close();
  }
  return plan;
}

const BACKGROUND = [58, 52, 48]; // a table or a hand around the cube

// The photographed face: the rendered pixels under the cube's light (null: as rendered, on
// the background). -> a new RGBA image.
export function photograph(image, light, f) {
  const { width, height, data } = image;
  const n = width * height;
  const lin = new Float32Array(n * 3);
  for (let p = 0; p < n; p++) {
    const a = data[p * 4 + 3];
    for (let c = 0; c < 3; c++) {
      lin[p * 3 + c] = a === 255 ? LINEAR[data[p * 4 + c]] : a === 0 ? LINEAR[BACKGROUND[c]] : toLinear(data[p * 4 + c] * a / 255 + BACKGROUND[c] * (1 - a / 255));
    }
  }
  if (light) {
    const face = light.perFace[f];
    const white = kelvinGain(light.kelvin);
    const gain = white.map((w, c) => Math.exp(0.6 * Math.log(w / white[1])) * light.cast[c] * light.exposure * face.exposure);
    for (let p = 0; p < n * 3; p++) lin[p] *= gain[p % 3];
    for (const s of face.glare) {
      const r = Math.ceil(4 * s.radius);
      for (let y = Math.max(0, Math.floor(s.y - r)); y < Math.min(height, s.y + r); y++) {
        for (let x = Math.max(0, Math.floor(s.x - r)); x < Math.min(width, s.x + r); x++) {
          const g = s.strength * Math.exp(-((x - s.x) ** 2 + (y - s.y) ** 2) / (2 * s.radius ** 2));
          for (let c = 0; c < 3; c++) lin[(y * width + x) * 3 + c] += g * white[c];
        }
      }
    }
    blur(lin, width, height, face.blur);
  }
  const out = new Uint8Array(n * 4);
  const rand = light ? rng(light.perFace[f].seed) : null;
  for (let p = 0; p < n; p++) {
    for (let c = 0; c < 3; c++) {
      let v = toByte(lin[p * 3 + c]);
      if (rand) v = Math.max(0, Math.min(255, Math.round(v + light.perFace[f].noise * normal(rand))));
      out[p * 4 + c] = v;
    }
    out[p * 4 + 3] = 255;
  }
  return { width, height, data: out };
}

// separable Gaussian blur of a 3-channel float image, in place (edges clamped)
function blur(img, w, h, sigma) {
  const r = Math.ceil(2.5 * sigma);
  const k = Float32Array.from({ length: 2 * r + 1 }, (_, i) => Math.exp(-((i - r) ** 2) / (2 * sigma * sigma)));
  const sum = k.reduce((x, y) => x + y, 0);
  for (let i = 0; i < k.length; i++) k[i] /= sum;
  const tmp = new Float32Array(img.length);
  // one pass along lines of n pixels: pixel j of line l sits at base(l) + j * step
  const pass = (src, dst, lines, n, lineStride, step) => {
    for (let l = 0; l < lines; l++) {
      const base = l * lineStride;
      for (let j = 0; j < n; j++) {
        let a0 = 0, a1 = 0, a2 = 0;
        for (let i = -r; i <= r; i++) {
          const jj = j + i < 0 ? 0 : j + i >= n ? n - 1 : j + i;
          const o = base + jj * step, kk = k[i + r];
          a0 += kk * src[o]; a1 += kk * src[o + 1]; a2 += kk * src[o + 2];
        }
        const o = base + j * step;
        dst[o] = a0; dst[o + 1] = a1; dst[o + 2] = a2;
      }
    }
  };
  pass(img, tmp, h, w, w * 3, 3);
  pass(tmp, img, w, h, 3, w * 3);
}

// Read every cube of a rendered set as the Camera tab does (web/lib/scan-colours.mjs: the grid
// of the picture's middle 80%, the joint reading, the core's check).
// -> {cubes: [{index, hard, scheme, truth, read, nearest (each sticker alone to the nearest
//     centre: the baseline), wrong: [facelet indices], check}]}
export function readSet(core, plan) {
  const grid = centredGrid(SIZE, SIZE, 0.8);
  const cubes = plan.map((cube) => {
    const samples = cube.faces.flatMap((face, i) => sampleFace(photograph(face.image, cube.light, i), grid));
    const r = readCube(samples);
    // the baseline a joint reading replaces: each sticker alone to the nearest centre (CIELAB
    // distance, the same light calibration)
    const nearest = r.lab.map((p) => FACES[FACES.map((_, f) => Math.hypot(...p.map((v, c) => v - r.lab[f * 9 + 4][c])))
      .reduce((b, d, f, all) => (d < all[b] ? f : b), 0)]).join('');
    const wrong = [];
    for (let i = 0; i < 54; i++) if (r.facelets[i] !== cube.facelets[i]) wrong.push(i);
    return { index: cube.index, hard: cube.hard, scheme: cube.scheme, truth: cube.facelets, read: r, nearest, wrong, check: checkReading(core, r) };
  });
  return { cubes };
}

// {cubes, correct, stickers, stickersCorrect} of one half of readSet's cubes
export function tally(cubes) {
  return {
    cubes: cubes.length,
    correct: cubes.filter((c) => c.wrong.length === 0).length,
    stickers: cubes.length * 54,
    stickersCorrect: cubes.reduce((s, c) => s + 54 - c.wrong.length, 0),
  };
}

// A Y4M video (4:2:0, BT.601 studio range) of RGBA frames, for Chromium's fake camera
// (--use-file-for-fake-video-capture). frames: [{image, count}] shown `count` frames each.
export function y4m(frames, fps = 10) {
  const { width: w, height: h } = frames[0].image;
  const head = Buffer.from(`YUV4MPEG2 W${w} H${h} F${fps}:1 Ip A1:1 C420jpeg\n`);
  const parts = [head];
  for (const { image, count } of frames) {
    const d = image.data, cw = w >> 1, ch = h >> 1;
    const yuv = Buffer.alloc(w * h + 2 * cw * ch);
    for (let p = 0; p < w * h; p++) yuv[p] = Math.round(16 + (65.481 * d[p * 4] + 128.553 * d[p * 4 + 1] + 24.966 * d[p * 4 + 2]) / 255);
    for (let y = 0; y < ch; y++) {
      for (let x = 0; x < cw; x++) {
        let r = 0, g = 0, b = 0;
        for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
          const o = ((2 * y + dy) * w + 2 * x + dx) * 4;
          r += d[o] / 4; g += d[o + 1] / 4; b += d[o + 2] / 4;
        }
        yuv[w * h + y * cw + x] = Math.round(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255);
        yuv[w * h + cw * ch + y * cw + x] = Math.round(128 + (112 * r - 93.786 * g - 18.214 * b) / 255);
      }
    }
    for (let k = 0; k < count; k++) parts.push(Buffer.from('FRAME\n'), yuv);
  }
  return Buffer.concat(parts);
}

// The whole set, planned, rendered and read, as plain JSON-able data: {cubes: [{index, hard,
// scheme, truth, read, nearest, confidence, wrong, check}], ms: {render, read}}.
export async function runSet(core, { cubes, seed = 1 }) {
  let t = Date.now();
  const plan = await renderSet(planSet(core, { cubes, seed }));
  const render = Date.now() - t;
  t = Date.now();
  const out = readSet(core, plan).cubes.map((c) => ({
    index: c.index, hard: c.hard, scheme: c.scheme, truth: c.truth, read: c.read.facelets, nearest: c.nearest,
    confidence: Array.from(c.read.confidence), wrong: c.wrong, check: c.check,
  }));
  return { cubes: out, ms: { render, read: Date.now() - t } };
}

// `node scripts/camera-set.mjs CUBES [SEED]` prints runSet's answer as JSON: what the e2e test
// runs in its own process (Jest's module sandbox runs these pixel loops about 9x slower).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { loadCoreNode } = await import('../web/lib/core-node.mjs');
  const [cubes, seed = '1'] = process.argv.slice(2);
  if (!/^\d+$/.test(cubes || '') || !/^\d+$/.test(seed)) {
    console.error('usage: node scripts/camera-set.mjs CUBES [SEED]');
    process.exit(2);
  }
  process.stdout.write(JSON.stringify(await runSet(await loadCoreNode(), { cubes: Number(cubes), seed: Number(seed) })));
}
