// legible.test.mjs - a long run stays legible, in Chromium: a real HuGO! run with its defaults
// says something new under the tiles in every 5-second window (phase, budget used, plateau
// or convergence, from web/page/run/run-story.lazy.mjs); the cube's caption names the
// generation the tiles show (within a frame's records while running, exactly once paused);
// the chart's generation ticks are whole numbers whose labels' boxes never overlap, and its
// legend shows the latest values without hovering. The run is cancelled after 15 s.
import { setup, tid, text, waitStatus, pickSolver } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

const SCRAMBLE = "U' L' U2 F2 R' B2 F2 L B2 U2 B R B L F D' L2 D' B D2";
const num = (s) => Number(String(s).replace(/,/g, ''));

// the generation axis's tick labels: [{text, left, right}] in CSS px, measured with its font
function ticks(page) {
  return page.evaluate(() => {
    const u = window.evocube.chart.plot;
    const ax = u.axes[0];
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = ax.font[0];
    const px = devicePixelRatio || 1;
    return ax._values.map((t, i) => {
      const x = u.valToPos(ax._splits[i], 'x');
      const w = ctx.measureText(t).width / px;
      return { text: String(t), left: x - w / 2, right: x + w / 2 };
    });
  });
}

test('a HuGO! run with defaults: a new sentence every 5 s, the caption on the tiles\' generation, whole non-overlapping ticks, a live legend', async () => {
  const solver = pickSolver(env.core, ['hugo']);
  if (solver !== 'hugo') { console.warn('SKIPPED: no hugo in this build'); return; }
  const page = await env.open(`?scramble=${encodeURIComponent(SCRAMBLE)}&solver=hugo&seed=1`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.click(tid('solve'));
  await page.waitForFunction(() => document.querySelector('[data-testid="run-story"]').textContent.length > 0, null, { timeout: 30000 });
  const said = [];
  for (let w = 0; w < 3; w++) {
    said.push(await text(page, 'run-story'));
    if (await text(page, 'status') !== 'running') break;
    await page.waitForTimeout(5000);
  }
  if (await text(page, 'status') === 'running') said.push(await text(page, 'run-story'));
  for (let i = 1; i < said.length; i++) expect(said[i]).not.toBe(said[i - 1]);
  expect(said[0]).toMatch(/^Phase \d of 3, .+ generations? in it; generation [\d,]+ of at most [\d,]+ \([\d.]+ % of the budget\)\./);
  if (await text(page, 'status') === 'running') {
    const both = await page.evaluate(() => [document.querySelector('[data-testid="view-caption"]').textContent, document.querySelector('[data-testid="generation"]').textContent]);
    const capGen = num(both[0].match(/generation ([\d,]+)/)[1]);
    expect(capGen).toBe(num(both[1])); // one record on the tiles, the caption and the cube
    await page.click(tid('pause'));
    await waitStatus(page, ['paused', 'solved']);
    await page.waitForTimeout(600);
    if (await text(page, 'status') === 'paused') {
      const after = await page.evaluate(() => [document.querySelector('[data-testid="view-caption"]').textContent, document.querySelector('[data-testid="generation"]').textContent]);
      expect(num(after[0].match(/generation ([\d,]+)/)[1])).toBe(num(after[1]));
    }
  }
  const ts = await ticks(page);
  expect(ts.length).toBeGreaterThan(1);
  for (const t of ts) expect(t.text).toMatch(/^\d[\d,]*(\.\d)?[kM]?$/);
  for (let i = 1; i < ts.length; i++) expect(ts[i].left).toBeGreaterThan(ts[i - 1].right);
  const legend = await page.$$eval('.chart .u-legend .u-value', (vs) => vs.map((v) => v.textContent));
  expect(legend.length).toBeGreaterThan(2);
  for (const v of legend) expect(v).not.toBe('--');
  await page.click(tid('cancel')).catch(() => {});
  await waitStatus(page, ['cancelled', 'solved']);
  await page.close();
  expect(env.errors).toEqual([]);
}, 90000);
