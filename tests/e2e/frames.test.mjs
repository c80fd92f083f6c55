// frames.test.mjs - the page never blocks while a solver runs: all solving is in the worker,
// so the main thread keeps its animation frames coming. Measured with WebGL off, so the
// figure is the main thread's own responsiveness (software WebGL in headless Chromium costs
// tens of ms per frame by itself; docs/BENCHMARKS.md "web" has the 3D figures), and against
// the same page idle just before, so a loaded machine does not fail it (60 fps on a quiet
// machine; 39-42 were seen during a solve at load 13-14 on 2 cores). The run is
// one that cannot end within the window on any machine (an optimal two-phase search with a
// budget of 10^9 nodes, else HuGO! with a large population), and is cancelled after it. A
// second case runs HuGO! with its defaults (the page must keep >= 55 fps during a HuGO! run): a
// record every generation, tens of thousands a second, with the Watch panel's population view
// open and repainting from them (60.0 fps against 60.0 idle on a quiet machine; a planted 40 ms
// per batch of records on the main thread: 6.4 fps, median gap 150 ms, and it fails). Also
// saves a screenshot of the page as a test artefact in build/e2e-artifacts/, and reads it
// back: the flat net in it shows, sticker by sticker, the colours of the state the page says
// it shows.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setup, tid, ROOT, pickSolver, colourFace } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup({ args: ['--disable-webgl', '--disable-3d-apis'] }); });
afterAll(async () => { await env.close(); });

// A screenshot artefact of the page (build/e2e-artifacts/NAME), read back in the page (2D
// canvas): does each net sticker's pixel (near its top-left corner, clear of a centre's face
// letter) have the colour of that facelet of the state
// the page says it shows? {ok, shown, seen}
async function screenshotShows(page, name) {
  const dir = join(ROOT, 'build', 'e2e-artifacts');
  mkdirSync(dir, { recursive: true });
  const png = await page.screenshot({ path: join(dir, name) });
  const { shown, pixels } = await page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const c = document.createElement('canvas');
    c.width = bitmap.width;
    c.height = bitmap.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    const stickers = [...document.querySelectorAll('[data-testid="net"] .st')];
    return {
      shown: document.querySelector('#net-host').dataset.shown,
      pixels: stickers.map((e) => {
        const r = e.getBoundingClientRect();
        // a pixel inside the border and the rounded corner, clear of a centre's face letter
        const d = ctx.getImageData(Math.round(r.x + 6), Math.round(r.y + 6), 1, 1).data;
        return [d[0], d[1], d[2]].map((v) => v.toString(16).padStart(2, '0')).join('');
      }),
    };
  }, png.toString('base64'));
  const seen = pixels.map(colourFace).join('');
  return seen === shown ? { ok: true, shown } : { ok: false, shown, seen };
}

// frames over 2.5 s: count, median and worst gap
const measure = (page) => page.evaluate(() => new Promise((resolve) => {
  const times = [];
  const start = performance.now();
  const tick = (t) => {
    times.push(t);
    if (t - start < 2500) requestAnimationFrame(tick); else resolve(times);
  };
  requestAnimationFrame(tick);
})).then((frames) => {
  const gaps = frames.slice(1).map((t, i) => t - frames[i]).sort((a, b) => a - b);
  return { n: gaps.length, fps: (gaps.length * 1000) / (frames[frames.length - 1] - frames[0]), median: gaps[Math.floor(gaps.length / 2)], worst: gaps[gaps.length - 1] };
});
const f = (m) => `${m.n} frames, ${m.fps.toFixed(1)} fps, median gap ${m.median.toFixed(1)} ms, worst ${m.worst.toFixed(1)} ms`;

test('frames keep coming during a solve as when idle; the screenshot shows the state', async () => {
  const solver = pickSolver(env.core, ['twophase', 'hugo', 'twes']);
  const params = { twophase: 'p.maxLength=0&p.budget=1000000000', hugo: 'p.population=5000' }[solver] || '';
  const scramble = env.core.scrambleMoves(25, 17);
  const page = await env.open(`?scramble=${encodeURIComponent(scramble)}&solver=${solver}&seed=1&${params}`);
  // the scrambled cube, before the run
  expect(await screenshotShows(page, 'scrambled.png')).toEqual({ ok: true, shown: env.core.apply(scramble) });
  // the same page idle first: the machine's own frame rate now (a loaded machine gives fewer
  // frames either way; the solve must not take the main thread's away)
  const idle = await measure(page);
  await page.click(tid('solve'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="generation"]').textContent.replace(/\D/g, '')) > 0);
  const busy = await measure(page);
  console.log(`frames idle: ${f(idle)}; during a ${solver} solve: ${f(busy)}`);
  // the whole window was during the solve (the run cannot have ended: see above)
  expect(await page.textContent(tid('status'))).toMatch(/running/);
  // not blocked: most frames come on time, as when idle (the median gap stays at the display's
  // interval even when a loaded machine drops some: 39 fps against 59 idle was seen at load 13,
  // median 16.7 ms both); work on the main thread per progress message makes most gaps long
  // (a planted 40 ms per message: 7.7 fps, median 133 ms)
  expect(busy.median).toBeLessThanOrEqual(Math.max(20, 1.5 * idle.median));
  expect(busy.fps).toBeGreaterThanOrEqual(0.3 * idle.fps);
  expect(busy.worst).toBeLessThan(500);
  await page.click(tid('cancel'));
  await page.waitForFunction(() => !/running/.test(document.querySelector('[data-testid="status"]').textContent));

  // the page during the run, read back the same way
  expect(await screenshotShows(page, 'solve-cancelled.png')).toEqual({ ok: true, shown: expect.stringMatching(/^[URFDLB]{54}$/) });
  await page.close();
  expect(env.errors).toEqual([]);
});

test('frames during a HuGO! run (default params, a record every generation, the Watch panel open) as when idle', async () => {
  if (!env.core.solvers().some((x) => x.name === 'hugo')) return;
  const scramble = env.core.scrambleMoves(25, 17);
  const page = await env.open(`?scramble=${encodeURIComponent(scramble)}&solver=hugo&seed=1`);
  await page.click('#watch-box summary'); // the population view repaints from the records
  await page.waitForSelector('[data-testid="histogram"]', { state: 'attached' });
  const idle = await measure(page);
  await page.click(tid('solve'));
  await page.waitForFunction(() => document.querySelector('[data-testid="histogram"]').dataset.popfit);
  const busy = await measure(page);
  const gen = await page.evaluate(() => window.evocube.watch.history.seen);
  console.log(`frames idle: ${f(idle)}; during a hugo solve (${gen} records by its end): ${f(busy)}`);
  expect(await page.textContent(tid('status'))).toMatch(/running/); // HuGO! takes minutes: the whole window was in the run
  expect(busy.median).toBeLessThanOrEqual(Math.max(20, 1.5 * idle.median));
  expect(busy.fps).toBeGreaterThanOrEqual(0.3 * idle.fps);
  expect(busy.worst).toBeLessThan(500);
  await page.click(tid('cancel'));
  await page.waitForFunction(() => !/running/.test(document.querySelector('[data-testid="status"]').textContent));
  await page.close();
  expect(env.errors).toEqual([]);
});
