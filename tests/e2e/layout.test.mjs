// layout.test.mjs - the page's layout in real Chromium at 1280 x 800,
// 1024 x 768, a 390 x 844 phone and a 1920 x 1080 projector: the scramble field, the solver
// choice and its preset beside Solve, Solve/Pause/Step/Cancel, the cube and the live numbers
// (the stat tiles) are inside the viewport without scrolling, measured as bounding boxes,
// before a run and while one runs (the run must not scroll them away); a first visit (no
// query, nothing remembered) is offered an evolutionary solver with the exact one named, and
// a swarm solver its thesis preset in words. The Phase tile's short label and the phase's goal
// in full under the tiles fit at every viewport while a run is in its first phase.
// On the phone the cube is square (sized from its aspect ratio), a vertical swipe on it
// scrolls the page (touch-action pan-y), and Reset view brings the camera back after a
// drag. A screenshot of each viewport, idle and running, is saved in build/screenshots/
// (printed below).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setup, tid, ROOT, pickSolver, waitReady } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

const ART = join(ROOT, 'build', 'screenshots');
const MUST_SEE = ['scramble-input', 'solver-select', 'solve', 'pause', 'step', 'cancel', 'view3d', 'status', 'generation', 'best-fitness', 'best-length', 'elapsed'];

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

const VIEWPORTS = [[1280, 800], [1024, 768], [390, 844], [1920, 1080]];

// the solver select beside Solve: in the run bar, on Solve's row or the one above, with at
// most the preset select between them
function besideSolve(page) {
  return page.evaluate(() => {
    const box = (n) => document.querySelector(`[data-testid="${n}"]`).getBoundingClientRect();
    const a = box('solver-select'), b = box('solve');
    const gap = Math.max(0, b.left - a.right, a.left - b.right) > 220 ? Infinity : Math.max(0, b.top - a.bottom, a.top - b.bottom);
    return { sameBar: document.querySelector('[data-testid="solver-select"]').closest('.run-bar') === document.querySelector('[data-testid="solve"]').closest('.run-bar'), near: gap <= 60 };
  });
}

test('at 1280 x 800, 1024 x 768, 390 x 844 and 1920 x 1080 the scramble, solver choice, run controls, cube and live numbers share one screen, idle and running', async () => {
  const s = solver();
  const scramble = env.core.scrambleMoves(25, 3);
  const page = await env.open(`?scramble=${encodeURIComponent(scramble)}&solver=${s}&seed=1&${busy[s] || ''}`);
  // one page resized through the three viewports (a fresh layout each time), idle, then during one run
  const check = async (state) => {
    for (const [w, h] of VIEWPORTS) {
      await page.setViewportSize({ width: w, height: h });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(150);
      await shot(page, `layout-${w}x${h}${state === 'running' ? '-running' : ''}.png`);
      expect([w, h, state, await outside(page)]).toEqual([w, h, state, []]);
      expect([w, h, await besideSolve(page)]).toEqual([w, h, { sameBar: true, near: true }]);
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

// the Phase tile's label and the line under the tiles with the phase's name and goal: nothing
// cut (scrollWidth within clientWidth), the line inside the stats' width
function phaseFits(page) {
  return page.evaluate(() => {
    const q = (n) => document.querySelector(`[data-testid="${n}"]`);
    const tile = q('phase'), goal = q('phase-goal'), stats = q('stats').getBoundingClientRect();
    const g = goal.getBoundingClientRect();
    return {
      tile: tile.textContent, goal: goal.textContent,
      tileFits: tile.scrollWidth <= tile.clientWidth && tile.scrollHeight <= tile.clientHeight + 1,
      goalFits: goal.scrollWidth <= goal.clientWidth && g.width > 0 && g.left >= stats.left - 1 && g.right <= stats.right + 1,
    };
  });
}

test('the Phase tile names the phase without cutting it, its goal in full under the tiles, at every viewport', async () => {
  for (const s of ['hugo', 'twes']) {
    const info = env.core.solvers().find((x) => x.name === s);
    if (!info) continue;
    const page = await env.open(`?scramble=${encodeURIComponent(env.core.scrambleMoves(25, 5))}&solver=${s}&seed=2&${busy[s]}`);
    await page.click(tid('solve'));
    await page.waitForFunction(() => document.querySelector('[data-testid="phase-goal"]').textContent.length > 0, null, { timeout: 30000 });
    for (const [w, h] of VIEWPORTS) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(150);
      const m = await phaseFits(page);
      expect([s, w, h, m.tileFits, m.goalFits]).toEqual([s, w, h, true, true]);
      expect(m.tile).toBe(`1 of ${info.phases.length}`);
      expect(m.goal).toContain(info.goals[0]);
      if (s === 'hugo') await shot(page, `phase-${w}x${h}-running.png`);
    }
    // the sentence under the tiles names the phase and its goal too
    await page.waitForFunction((g) => document.querySelector('[data-testid="run-story"]').textContent.includes(`Phase 1 of`) && document.querySelector('[data-testid="run-story"]').textContent.includes(g), info.goals[0]);
    await page.click(tid('cancel'));
    await page.close();
  }
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

test('a first visit is offered an evolutionary solver at a watchable tempo, the exact one named as the yardstick', async () => {
  const page = await env.open('');
  // the context has visited before (the tests above): forget it, then come back
  await page.evaluate(() => localStorage.clear());
  await page.goto(env.server.url); // the address, not the link the page made of it
  await waitReady(page);
  await page.waitForSelector(`${tid('suggest')}:not([hidden])`);
  const solvers = await page.evaluate(() => window.evocube.core.solvers().map((s) => ({ name: s.name, label: s.label })));
  const chosen = await page.inputValue(tid('solver-select'));
  const info = solvers.find((s) => s.name === chosen);
  expect(info.label).not.toMatch(/exact/);
  expect(info.label).toMatch(/evolution|genetic/i);
  expect(await page.isVisible(tid('suggest'))).toBe(true);
  expect(await page.inputValue(tid('tempo'))).toBe('10');
  const exact = solvers.find((s) => /exact/.test(s.label));
  expect(await page.textContent(tid('suggest-yardstick'))).toBe(exact.label);
  // one click away: the yardstick, at full speed
  await page.click(tid('suggest-yardstick'));
  expect(await page.inputValue(tid('solver-select'))).toBe(exact.name);
  expect(await page.inputValue(tid('tempo'))).toBe('');
  expect(await page.isHidden(tid('suggest'))).toBe(true);
  // a swarm solver picked with its defaults is offered its thesis preset in words
  const swarm = (await page.evaluate(() => window.evocube.core.solvers())).find((s) => s.presets.some((p) => p.name === 'thesis'));
  if (swarm) {
    await page.selectOption(tid('solver-select'), swarm.name);
    await page.waitForSelector(`${tid('suggest')}:not([hidden]) ${tid('suggest-preset')}`);
    expect(await page.textContent(tid('suggest'))).toMatch(/preset thesis, as the thesis ran it \(.+\).*The defaults \(oracle exact\) lead straight to solved\./);
    await page.click(tid('suggest-preset'));
    expect(await page.inputValue(tid('preset-select'))).toBe('thesis');
    expect(await page.isHidden(tid('suggest'))).toBe(true);
  }
  // a second visit starts from the list's first solver, with no suggestion
  const again = await env.open('');
  expect(await again.inputValue(tid('solver-select'))).toBe(solvers[0].name);
  expect(await again.isHidden(tid('suggest'))).toBe(true);
  await page.close();
  await again.close();
  expect(env.errors).toEqual([]);
});

test('presentation mode at 1920 x 1080: the cube and the chart side by side fill the screen, large numbers, Escape ends it', async () => {
  const page = await env.open(`?scramble=${encodeURIComponent(env.core.scrambleMoves(20, 4))}&solver=twes&seed=1`);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.click(tid('present'));
  await page.waitForFunction(() => document.body.classList.contains('presenting'));
  await page.click(tid('solve'));
  await page.waitForFunction(() => document.querySelector('[data-testid="chart"] canvas'), null, { timeout: 30000 });
  await page.waitForTimeout(300);
  await shot(page, 'present-1920x1080-running.png');
  const m = await page.evaluate(() => {
    const box = (sel) => document.querySelector(sel).getBoundingClientRect();
    const cube = box('[data-testid="view3d"]'), chart = box('[data-testid="chart"] canvas');
    return { cube: [cube.left, cube.top, cube.right, cube.bottom, cube.width, cube.height], chart: [chart.left, chart.top, chart.right, chart.bottom, chart.width, chart.height],
      value: parseFloat(getComputedStyle(document.querySelector('[data-testid="generation"]')).fontSize), w: innerWidth, h: innerHeight,
      scroll: document.documentElement.scrollHeight };
  });
  expect(m.cube[2]).toBeLessThanOrEqual(m.chart[0]); // side by side
  expect(m.cube[4]).toBeGreaterThan(0.4 * m.w);
  expect(m.chart[4]).toBeGreaterThan(0.4 * m.w);
  expect(m.cube[5]).toBeGreaterThan(0.6 * m.h);
  expect(m.chart[5]).toBeGreaterThan(0.5 * m.h);
  expect(m.cube[3]).toBeLessThanOrEqual(m.h);
  expect(m.value).toBeGreaterThanOrEqual(28);
  const legend = await page.$$eval(".chart .u-legend .u-value", (vs) => vs.map((v) => v.textContent));
  for (const v of legend) expect(v).not.toBe("--");
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.body.classList.contains('presenting'));
  await page.click(tid('cancel')).catch(() => {});
  await page.close();
  expect(env.errors).toEqual([]);
});
