// camera.test.mjs - the Camera tab in Chromium with its fake camera playing a video made by
// this test from faces of the app's own three.js cube (scripts/camera-set.mjs; the .y4m goes
// to a temporary folder): the six faces are scanned in the page's order, the cube read equals
// the rendered state and is solved and verified once the user presses Solve; a planted fault
// (an edge whose two stickers were each painted half-way to the other's colour, so the reading
// flips it) is named by the core's check, its stickers outlined, and fixed by one tap; a denied
// permission, a camera in use and no camera get their own messages and the Paint tab; on a
// 390x844 viewport the picture and grid show whole; no camera track is live at the end. The three
// videos are rendered in one Chromium before the tests (~15 s); the file runs ~80 s in all.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setup, tid, text, waitStatus, pickSolver } from './helpers.mjs';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { SCHEMES, DISTANCE, renderSet, photograph, y4m } from '../../scripts/camera-set.mjs';

const ORDER = ['U', 'F', 'R', 'B', 'L', 'D']; // the page's scan order (camera.lazy.mjs)
const FPS = 10;
const dir = mkdtempSync(join(tmpdir(), 'evocube-camera-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// videos of cubes' six faces in scan order, each held 2.2 s after 0.8 s of empty table, all
// rendered in one Chromium: {name: {facelets, paint}} -> {name: .y4m path}
async function videos(specs) {
  const names = Object.keys(specs);
  const plan = names.map((name, index) => {
    const { facelets, paint } = specs[name];
    return { index, facelets, light: null, faces: ORDER.map((face) => ({ facelets, face, colours: SCHEMES.bright, paint, tilt: [0, 0], roll: 0, distance: DISTANCE })) };
  });
  await renderSet(plan);
  return Object.fromEntries(plan.map((cube, k) => {
    const images = cube.faces.map((f) => photograph(f.image, null, 0));
    const empty = { width: images[0].width, height: images[0].height, data: new Uint8Array(images[0].data.length).map((_, i) => (i % 4 === 3 ? 255 : 50)) };
    const file = join(dir, `${names[k]}.y4m`);
    writeFileSync(file, y4m(images.flatMap((image) => [{ image: empty, count: 8 }, { image, count: 22 }]), FPS));
    return [names[k], file];
  }));
}

// the clean cube, the planted one (the UF edge: U8 and F2 each painted 55% of the way to the
// other's colour) and a solved one
let core, files;
const CLEAN = { seed: 4242 }, PLANTED = { seed: 77, a: 7, b: 19 };
beforeAll(async () => {
  core = await loadCoreNode();
  CLEAN.truth = core.apply(core.scrambleMoves(30, CLEAN.seed));
  PLANTED.truth = core.apply(core.scrambleMoves(30, PLANTED.seed));
  const { truth, a, b } = PLANTED;
  const mix = (x, y) => {
    const c = (h) => [1, 3, 5].map((k) => parseInt(h.slice(k, k + 2), 16));
    return `#${c(x).map((v, k) => Math.round(0.45 * v + 0.55 * c(y)[k]).toString(16).padStart(2, '0')).join('')}`;
  };
  const col = SCHEMES.bright;
  files = await videos({
    clean: { facelets: CLEAN.truth },
    planted: { facelets: truth, paint: { [a]: mix(col[truth[a]], col[truth[b]]), [b]: mix(col[truth[b]], col[truth[a]]) } },
    solved: { facelets: core.apply('') },
  });
}, 120000);

// record every stream the page gets, so the test can see that none is left live
const recordStreams = () => {
  window.cameraStreams = [];
  const md = navigator.mediaDevices;
  const get = md.getUserMedia.bind(md);
  md.getUserMedia = async (c) => { const s = await get(c); window.cameraStreams.push(s); return s; };
};
const liveTracks = (page) => page.evaluate(() => window.cameraStreams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length);

async function scan(file) {
  const env = await setup({ site: 'built', args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`] });
  await env.context.addInitScript(recordStreams);
  const page = await env.open();
  await page.click(tid('tab-camera'));
  await page.waitForSelector(`${tid('camera-step')}`);
  await page.waitForFunction(() => /^Scanned/.test(document.querySelector('[data-testid="paint-kind"]').textContent), null, { timeout: 90000 });
  return { env, page };
}

test('six faces scanned: the cube read is the rendered one, solved and verified after Solve', async () => {
  const { truth } = CLEAN;
  const { env, page } = await scan(files.clean);
  try {
    expect(await text(page, 'facelets')).toBe(truth);
    expect(await page.getAttribute(tid('tab-paint'), 'aria-selected')).toBe('true');
    expect(await liveTracks(page)).toBe(0);
    // nothing runs until the user accepts the cube with Solve
    expect(await text(page, 'status')).toBe('idle');
    const confidences = await page.$$eval('[data-testid="net"] .st', (els) => els.map((e) => Number(e.dataset.confidence)));
    expect(confidences).toHaveLength(54);
    expect(confidences.every((c) => c >= 0 && c <= 1)).toBe(true);
    const solver = pickSolver(env.core, ['twophase', 'greedy', 'hugo']);
    await page.selectOption(tid('solver-select'), solver);
    await page.click(tid('solve'));
    expect(await waitStatus(page, ['solved', 'gave up', 'error'])).toBe('solved');
    expect(core.verify(truth, await text(page, 'solution')).solved).toBe(true);
    expect(env.errors).toEqual([]);
  } finally {
    await env.close();
  }
}, 240000);

test('a planted fault is named by the core, outlined, and fixed by one tap', async () => {
  const { truth, a, b } = PLANTED;
  const { env, page } = await scan(files.planted);
  try {
    const read = await text(page, 'facelets');
    expect(read).not.toBe(truth);
    expect(await text(page, 'paint-validation')).toMatch(/flipped/);
    expect(await text(page, 'paint-kind')).toMatch(/not possible/);
    const unsure = await page.$$eval('[data-testid="net"] .st.unsure', (els) => els.map((e) => Number(e.dataset.index)));
    expect(unsure).toEqual(expect.arrayContaining([a, b]));
    expect(unsure.length).toBeLessThanOrEqual(10); // the least sure (<= 6) and the check's suspects (4)
    // the two planted stickers are the least confident of the 54
    const conf = await page.$$eval('[data-testid="net"] .st', (els) => els.map((e) => Number(e.dataset.confidence)));
    expect([...conf.keys()].sort((x, y) => conf[x] - conf[y]).slice(0, 2).sort((x, y) => x - y)).toEqual([a, b]);
    // the user picks the true colour of sticker a and taps it: the joint reading runs again
    await page.click(tid(`paint-${truth[a]}`));
    await page.click(tid(`sticker-${a}`));
    await page.waitForFunction((t) => document.querySelector('[data-testid="facelets"]').textContent === t, truth);
    expect(await text(page, 'paint-validation')).toMatch(/^This cube is possible/);
    expect(await liveTracks(page)).toBe(0);
    expect(env.errors).toEqual([]);
  } finally {
    await env.close();
  }
}, 240000);

test('a denied permission, a camera in use and no camera each get their own message and the Paint tab; leaving the tab releases the camera', async () => {
  const env = await setup({ site: 'built' });
  try {
    // the page's getUserMedia fails as the address's #hash named at load (the page's own
    // address sync rewrites the address later)
    await env.context.addInitScript(() => {
      const name = location.hash.slice(1);
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('fake failure', name));
    });
    const cases = { NotAllowedError: /permission was denied/, NotReadableError: /in use by another app/, NotFoundError: /No camera was found/ };
    const seen = new Set();
    for (const [name, want] of Object.entries(cases)) {
      const page = await env.open(`#${name}`);
      await page.click(tid('tab-camera'));
      await page.waitForFunction(() => /Paint the cube by hand|paint the cube by hand/.test(document.querySelector('[data-testid="paint-kind"]').textContent));
      const message = await text(page, 'paint-kind');
      expect(message).toMatch(want);
      seen.add(message);
      expect(await page.getAttribute(tid('tab-paint'), 'aria-selected')).toBe('true');
      expect(await page.isHidden('#camera-pane')).toBe(true);
      await page.close();
    }
    expect(seen.size).toBe(3);
  } finally {
    await env.close();
  }
  // a live camera on a phone's viewport (390x844): the picture and its grid are on screen
  // whole, without scrolling; then the Scramble tab: the track ends
  const file = files.solved;
  const live = await setup({ site: 'built', args: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`] });
  try {
    await live.context.addInitScript(recordStreams);
    const page = await live.open();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.click(tid('tab-camera'));
    await page.waitForFunction(() => window.cameraStreams.length === 1 && window.cameraStreams[0].getTracks()[0].readyState === 'live');
    await page.waitForFunction(() => document.querySelector('[data-testid="camera-video"]').videoWidth > 0);
    const boxes = await page.evaluate(() => ['[data-testid="camera-video"]', '.camera-grid'].map((q) => {
      const r = document.querySelector(q).getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
    }));
    for (const b of boxes) {
      expect(b.height).toBeGreaterThan(150);
      expect(b.top).toBeGreaterThanOrEqual(-1); // scrolled to the pane's top (sub-pixel)
      expect(b.bottom).toBeLessThanOrEqual(844);
      expect(b.left).toBeGreaterThanOrEqual(0);
      expect(b.right).toBeLessThanOrEqual(390);
    }
    await page.click(tid('tab-scramble'));
    expect(await liveTracks(page)).toBe(0);
    expect(live.errors).toEqual([]);
  } finally {
    await live.close();
  }
}, 240000);
