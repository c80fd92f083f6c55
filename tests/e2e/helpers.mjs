// helpers.mjs - shared set-up of the e2e suites: the static server on an ephemeral port
// (scripts/serve.mjs), headless Chromium through playwright-core with a fresh profile, a
// page that records console errors and uncaught exceptions, and the choice of solvers
// from the build's own list (none is hard-coded as present).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeShellManifest } from '../../scripts/shell-manifest.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { ROOT, CHROMIUM_ARGS, setup, waitReady } from '../../scripts/browser.mjs';

export { ROOT, CHROMIUM_ARGS, setup, waitReady };

export const tid = (name) => `[data-testid="${name}"]`;

// With the network off, reload the page and wait for it to boot from the service worker's
// cache; the facelet string it then shows (the network is back on afterwards, also on failure).
export async function reloadOffline(env, page) {
  await env.context.setOffline(true);
  try {
    await page.reload();
    await waitReady(page);
    return await page.textContent(tid('facelets'));
  } finally {
    await env.context.setOffline(false);
  }
}

// A temporary copy of the site (index.html and web/, its manifest written) served on an
// ephemeral port, for tests that change its files: {site, server, close()}.
export async function siteCopy(prefix) {
  const site = mkdtempSync(join(tmpdir(), prefix));
  cpSync(join(ROOT, 'index.html'), join(site, 'index.html'));
  cpSync(join(ROOT, 'web'), join(site, 'web'), { recursive: true });
  writeShellManifest(site);
  const copy = { site, server: await startServer({ root: site, port: 0 }) };
  copy.close = async () => {
    await copy.server.close();
    rmSync(site, { recursive: true, force: true });
  };
  return copy;
}

// The registered solvers of this build (the core's list), in order of preference.
export function pickSolver(core, prefer) {
  const names = core.solvers().map((s) => s.name);
  for (const p of prefer) if (names.includes(p)) return p;
  return names[0] || null;
}

// Set the replay speed slider (a logarithmic slider of stops) to `movesPerSecond` with its
// keys, as a person would: Home (the slowest), then → until the read-out says it; the
// focus is left on the page's body. Throws when no stop has that speed.
export async function setSpeed(page, movesPerSecond) {
  await page.focus('[data-testid="speed"]');
  await page.keyboard.press('Home');
  for (let i = 0; i < 40; i++) {
    if ((await text(page, 'speed-out')) === String(movesPerSecond)) {
      await page.evaluate(() => document.activeElement.blur());
      return;
    }
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`the speed slider has no stop at ${movesPerSecond} moves/s`);
}

export async function text(page, name) {
  return (await page.textContent(tid(name))).trim();
}

export async function waitStatus(page, values, timeout = 60000) {
  const want = [].concat(values);
  await page.waitForFunction((w) => w.includes(document.querySelector('[data-testid="status"]').textContent.trim()),
    want, { timeout });
  return text(page, 'status');
}

// ---- the 3D view as rendered: every sticker mesh's world position and colour, read from the
// three.js scene (window.evocube.view, read-only), and the facelet string they show, placed
// by this file's own reading of Kociemba's order (not by web/lib/geometry.mjs).

// In the page: [{p: [x, y, z], c: 'rrggbb'}] of the 54 sticker meshes, or null without WebGL.
export function readStickers(page) {
  return page.evaluate(() => {
    const v = window.evocube.view;
    if (!v || !v.available) return null;
    v.scene.updateMatrixWorld(true);
    return v.stickers.map((m) => ({ p: [12, 13, 14].map((k) => m.matrixWorld.elements[k]), c: m.material.color.getHexString() }));
  });
}

// sRGB colours of the six faces (the page's palette: U white, R red, F green, D yellow,
// L orange, B blue), matched to the nearest
const PALETTE = { U: 'f4f4f0', R: 'c41e3a', F: '009e60', D: 'ffd500', L: 'ff5800', B: '0051ba' };
export function colourFace(hex) {
  const rgb = (h) => [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  const [r, g, b] = rgb(hex);
  let best = null, dist = Infinity;
  for (const [face, h] of Object.entries(PALETTE)) {
    const [R, G, B] = rgb(h);
    const d = (r - R) ** 2 + (g - G) ** 2 + (b - B) ** 2;
    if (d < dist) { dist = d; best = face; }
  }
  return dist < 30 * 30 ? best : '?';
}

// Kociemba's facelet index of a sticker at world position p (cubies 1 apart, stickers just
// outside them): U seen from above with B at the top, D from below with F at the top, the
// side faces with U at the top, each read row by row; -1 for a position that is no facelet.
export function faceletAt([x, y, z]) {
  const r = (v) => Math.round(v);
  const out = (v) => Math.abs(v) > 1.3;
  let face, row, col;
  if (out(y) && y > 0) [face, row, col] = [0, r(z) + 1, r(x) + 1];
  else if (out(x) && x > 0) [face, row, col] = [1, 1 - r(y), 1 - r(z)];
  else if (out(z) && z > 0) [face, row, col] = [2, 1 - r(y), r(x) + 1];
  else if (out(y)) [face, row, col] = [3, 1 - r(z), r(x) + 1];
  else if (out(x)) [face, row, col] = [4, 1 - r(y), r(z) + 1];
  else if (out(z)) [face, row, col] = [5, 1 - r(y), 1 - r(x)];
  else return -1;
  if (![row, col].every((v) => v >= 0 && v <= 2)) return -1;
  return face * 9 + row * 3 + col;
}

// The 54-char facelet string the stickers show ('?' where no sticker or colour fits).
export function shownFacelets(stickers) {
  const out = Array(54).fill('?');
  for (const s of stickers) {
    const i = faceletAt(s.p);
    if (i >= 0) out[i] = out[i] === '?' ? colourFace(s.c) : '!'; // '!': two stickers in one place
  }
  return out.join('');
}
