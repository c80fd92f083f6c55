// layout.test.mjs - the page's layout in real Chromium at 1280 x 800,
// 1024 x 768 and a 390 x 844 phone: the scramble field, Solve/Pause/Step/Cancel, the cube
// and the live numbers (the stat tiles) are inside the viewport without scrolling, measured
// as bounding boxes, before a run and while one runs (the run must not scroll them away).
// On the phone the cube is square (sized from its aspect ratio), a vertical swipe on it
// scrolls the page (touch-action pan-y), and Reset view brings the camera back after a
// drag. A screenshot of each viewport is saved in build/e2e-artifacts/ (printed below).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setup, tid, ROOT, pickSolver } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

const ART = join(ROOT, 'build', 'e2e-artifacts');
const MUST_SEE = ['scramble-input', 'solve', 'pause', 'step', 'cancel', 'view3d', 'status', 'generation', 'best-fitness', 'best-length', 'elapsed'];

// the boxes of MUST_SEE that are not wholly inside the viewport: [] when all are
function outside(page) {
  return page.evaluate((names) => names.flatMap((n) => {
    const e = document.querySelector(`[data-testid="${n}"]`);
    const r = e.getBoundingClientRect();
    const inside = r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
    return inside ? [] : [`${n} at [${Math.round(r.left)}, ${Math.round(r.top)}, ${Math.round(r.right)}, ${Math.round(r.bottom)}] in ${innerWidth} x ${innerHeight}`];
  }), MUST_SEE);
}

async function shot(page, name) {
  mkdirSync(ART, { recursive: true });
  const path = join(ART, name);
  await page.screenshot({ path });
  console.log(`layout: screenshot ${path}`);
}

const solver = () => pickSolver(env.core, ['hugo', 'twes', 'macro-ga', 'twophase']);
const busy = { hugo: 'p.population=1000', twes: 'p.mu=50000&p.lambda=100000', 'macro-ga': 'p.population=20000', twophase: 'p.maxLength=0&p.budget=1000000000' };

const VIEWPORTS = [[1280, 800], [1024, 768], [390, 844]];

test('at 1280 x 800, 1024 x 768 and 390 x 844 the scramble, run controls, cube and live numbers share one screen, idle and running', async () => {
  const s = solver();
  const scramble = env.core.scrambleMoves(25, 3);
  const page = await env.open(`?scramble=${encodeURIComponent(scramble)}&solver=${s}&seed=1&${busy[s] || ''}`);
  // one page resized through the three viewports (a fresh layout each time), idle, then during one run
  const check = async (state) => {
    for (const [w, h] of VIEWPORTS) {
      await page.setViewportSize({ width: w, height: h });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(150);
      expect([w, h, state, await outside(page)]).toEqual([w, h, state, []]);
      await shot(page, `layout-${w}x${h}${state === 'running' ? '-running' : ''}.png`);
    }
  };
  await check('idle');
  await page.click(tid('solve'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="generation"]').textContent.replace(/,/g, '')) > 0, null, { timeout: 30000 });
  await check('running');
  expect(await page.textContent(tid('status'))).toBe('running');
  await page.click(tid('cancel'));
  await page.close();
  expect(env.errors).toEqual([]);
});

test('on a phone the cube is square, a vertical swipe scrolls the page, and Reset view undoes a drag', async () => {
  const page = await env.open('?scramble=R%20U');
  await page.setViewportSize({ width: 390, height: 844 });
  const view = await page.evaluate(() => {
    const v = document.querySelector('[data-testid="view3d"]');
    const r = v.getBoundingClientRect();
    const canvas = v.querySelector('canvas');
    return { w: r.width, h: r.height, touch: getComputedStyle(v).touchAction, canvasTouch: canvas ? getComputedStyle(canvas).touchAction : null };
  });
  expect(Math.abs(view.w - view.h)).toBeLessThanOrEqual(2);
  expect(view.w).toBeGreaterThan(300);
  expect(view.touch).toBe('pan-y');
  if (view.canvasTouch != null) expect(view.canvasTouch).toBe('pan-y');
  // a drag turns the view; Reset view puts the camera back where it started
  const cam = () => page.evaluate(() => window.evocube.view.camera.position.toArray().map((x) => Math.round(x * 1000) / 1000));
  const start = await cam();
  const box = await page.locator(tid('view3d')).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 10, { steps: 8 });
  await page.mouse.up();
  await page.waitForFunction((s) => JSON.stringify(window.evocube.view.camera.position.toArray().map((x) => Math.round(x * 1000) / 1000)) !== JSON.stringify(s), start);
  expect(await page.isVisible(tid('reset-view'))).toBe(true);
  await page.click(tid('reset-view'));
  await page.waitForTimeout(300);
  expect(await cam()).toEqual(start);
  await page.close();
  expect(env.errors).toEqual([]);
});
