// solve.test.mjs - solving in real Chromium: a solve reads status=solved with a solution
// the core in Node verifies, its tiles end on the solution's length and the run's wall and
// CPU time, playback steps through it (buttons and keys); progress
// records stream (the generation counter rises, every generation arrives, at most ~30
// messages a second); pause, single step, resume and cancel act between steps; a share
// link restores the cube and settings and reproduces the same solution.
import { setup, tid, text, pickSolver, waitStatus, setSpeed } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

const SCRAMBLE = "R U F' D2 L";
const gen = async (page) => Number((await text(page, 'generation')).replace(/,/g, ''));

test('a solve ends with status solved and a verified solution that plays back', async () => {
  const solver = pickSolver(env.core, ['twophase', 'greedy', 'hugo', 'twes']);
  if (!solver) { console.warn('SKIPPED: no solver is registered in this build'); return; }
  const page = await env.open();
  await page.fill(tid('scramble-input'), SCRAMBLE);
  await page.selectOption(tid('solver-select'), solver);
  await page.fill(tid('seed-input'), '7');
  await page.click(tid('solve'));
  expect(await waitStatus(page, ['solved', 'gave up', 'error'])).toBe('solved');
  const solution = await text(page, 'solution');
  const start = env.core.apply(SCRAMBLE);
  expect(env.core.verify(start, solution).solved).toBe(true);
  expect(await page.getAttribute(tid('verified'), 'data-ok')).toBe('true');
  const moves = solution.split(/\s+/);
  expect(await text(page, 'play-counter')).toBe(`0 / ${moves.length}`);
  expect(await text(page, 'result-summary')).toMatch(new RegExp(`^${moves.length} moves`));
  // the tiles end on the run's own numbers: Best length is the solution's, the wall time
  // with the workers' CPU time beside it
  await page.waitForTimeout(100); // the tiles repaint on the next frame
  expect(await text(page, 'best-length')).toBe(String(moves.length));
  expect(await page.textContent(`#stats div:has(${tid('best-length')}) dt`)).toBe('Solution length');
  expect(await text(page, 'elapsed')).toMatch(/^\d[\d.]* (ms|s) · CPU \d[\d.]* (ms|s)$/);

  // step forward and back with the buttons, then with the keys
  await page.click(tid('step-forward'));
  await page.waitForFunction(() => document.querySelector('[data-testid="play-counter"]').textContent.startsWith('1 /'));
  const after1 = env.core.apply(moves[0], start);
  await page.waitForFunction((w) => document.querySelector('#net-host').dataset.shown === w, after1);
  await page.click(tid('step-back'));
  await page.waitForFunction((w) => document.querySelector('#net-host').dataset.shown === w, start);
  await page.focus('body');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((w) => document.querySelector('#net-host').dataset.shown === w, after1);
  // play: the counter runs; pause: it stops; a click on the last move jumps to the end
  // (3D frames may be slow in software rendering, so the test does not wait for every turn)
  await setSpeed(page, 20);
  await page.keyboard.press('Space');
  expect(await page.getAttribute(tid('play'), 'data-state')).toBe('playing');
  const upTo = Math.min(moves.length, 3);
  await page.waitForFunction((k) => Number(document.querySelector('[data-testid="play-counter"]').textContent.split(' / ')[0]) >= k, upTo, { timeout: 20000 });
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.querySelector('[data-testid="play"]').dataset.state === 'paused');
  await page.click(`${tid('moves')} li:last-child button`);
  await page.waitForFunction((n) => document.querySelector('[data-testid="play-counter"]').textContent === `${n} / ${n}`, moves.length);
  const end = env.core.apply(solution, start);
  expect(env.core.isSolved(end)).toBe(true);
  await page.waitForFunction((w) => document.querySelector('#net-host').dataset.shown === w, end);
  // the Twizzle link carries the scramble and the solution with phase comments
  const tw = new URL(await page.getAttribute(tid('twizzle-link'), 'href'));
  expect(tw.origin + tw.pathname).toBe('https://alpha.twizzle.net/edit/');
  expect(tw.searchParams.get('setup-alg')).toBe(env.core.canonical(SCRAMBLE));
  expect(tw.searchParams.get('alg')).toContain('//');
  await page.close();
  expect(env.errors).toEqual([]);
});

test('a share link restores the cube and settings and reproduces the run', async () => {
  const solver = pickSolver(env.core, ['twophase', 'greedy', 'hugo', 'twes']);
  if (!solver) { console.warn('SKIPPED: no solver is registered in this build'); return; }
  const page = await env.open();
  const scramble = "F2 U' (R U) B // a comment";
  await page.fill(tid('scramble-input'), scramble);
  await page.selectOption(tid('solver-select'), solver);
  await page.fill(tid('seed-input'), '12345');
  await page.click(tid('solve'));
  expect(await waitStatus(page, ['solved', 'gave up', 'error'])).toBe('solved');
  const solution = await text(page, 'solution');
  const href = await page.getAttribute(tid('share-link'), 'href');
  const url = new URL(href);
  expect(url.searchParams.get('solver')).toBe(solver);
  expect(url.searchParams.get('seed')).toBe('12345');
  expect(url.searchParams.get('scramble')).toContain('U-');
  await page.waitForFunction((h) => location.href === h, href); // the address bar follows
  await page.close();

  const again = await env.open(url.search);
  expect(await again.inputValue(tid('scramble-input'))).toBe(scramble);
  expect(await again.inputValue(tid('solver-select'))).toBe(solver);
  expect(await again.inputValue(tid('seed-input'))).toBe('12345');
  await again.focus(tid('scramble-input'));
  await again.keyboard.press('Control+Enter'); // Ctrl+Enter in the field solves
  expect(await waitStatus(again, ['solved', 'gave up', 'error'])).toBe('solved');
  expect(await text(again, 'solution')).toBe(solution);
  await again.close();

  // a painted cube travels as facelets=
  const facelets = env.core.apply("R U2 F'");
  const painted = await env.open(`?facelets=${facelets}&solver=${solver}&seed=3`);
  expect(await painted.getAttribute(tid('tab-paint'), 'aria-selected')).toBe('true');
  expect(await text(painted, 'facelets')).toBe(facelets);
  await painted.click(tid('solve'));
  expect(await waitStatus(painted, ['solved', 'gave up', 'error'])).toBe('solved');
  expect(env.core.verify(facelets, await text(painted, 'solution')).solved).toBe(true);
  await painted.close();
});

// A solver with a visible stream of generations, and params that keep it busy for a few
// seconds (a big population, or the dev toy's slowdown), as a link query.
function streamingSetup() {
  const solver = pickSolver(env.core, ['hugo', 'twes', 'macro-ga', 'pso', 'devtoy', 'twophase']);
  if (!solver) return {};
  const info = env.core.solvers().find((s) => s.name === solver);
  const known = {
    devtoy: 'p.slowdown=30&p.maxDepth=9',
    'macro-ga': 'p.population=20000',
    twes: 'p.phaseEnd=0&p.mu=50000&p.lambda=100000', // ~10 generations a second
    twophase: 'p.maxLength=0&p.budget=1000000000', // search on for an optimal solution
  };
  let params = known[solver];
  if (params == null) {
    const pop = info.params.find((p) => p.key === 'population');
    params = pop ? `p.population=${Math.min(pop.max, Math.max(pop.default * 20, 2000))}` : '';
  }
  return { solver, params };
}

test('progress streams; pause, step, resume and cancel act between steps', async () => {
  const { solver, params } = streamingSetup();
  if (!solver) { console.warn('SKIPPED: no solver is registered in this build'); return; }
  const scramble = env.core.scrambleMoves(25, 99);
  const page = await env.open(`?scramble=${encodeURIComponent(scramble)}&solver=${solver}&seed=5&${params}`);
  await page.click(tid('solve'));
  await page.waitForFunction(() => window.evocube.chart.records > 0, null, { timeout: 30000 });
  // progress streams: 20 more worker messages, each counted as it comes, bring more records;
  // and they come at most ~30 a second (20 batches take at least 19 x 33 ms)
  const stream = await page.evaluate(async () => {
    const c = window.evocube.client, chart = window.evocube.chart;
    const m0 = c.messages, r0 = chart.records, t0 = performance.now();
    while (c.messages < m0 + 20) await new Promise((r) => setTimeout(r, 10));
    return { grew: chart.records > r0, rate: (c.messages - m0) / ((performance.now() - t0) / 1000) };
  });
  expect(stream.grew).toBe(true);
  expect(stream.rate).toBeLessThan(40);
  expect(await text(page, 'status')).toBe('running');

  // a round trip to the worker (its answers come in order): every record it sent before has
  // arrived; the count the chart holds then
  const roundTrip = () => page.evaluate(() => window.evocube.client.memory().then(() => window.evocube.chart.records));
  await page.click(tid('pause'));
  await waitStatus(page, 'paused');
  expect(await text(page, 'pause')).toBe('Resume');
  const p1 = await roundTrip();
  expect(await roundTrip()).toBe(p1); // paused: nothing more comes
  // every generation so far has arrived, none dropped: the panel shows generation p1 after p1
  // records, and the chart has them all
  await page.waitForFunction((p) => {
    const g = document.querySelector('[data-testid="generation"]');
    return Number(g.textContent.replace(/,/g, '')) === p && Number(g.dataset.records) === p;
  }, p1);

  // one step: one work unit (one generation; a search solver may log a found solution too)
  await page.click(tid('step'));
  await page.waitForFunction((p) => window.evocube.chart.records > p, p1);
  const p2 = await roundTrip();
  expect(p2 - p1).toBeGreaterThanOrEqual(1);
  expect(p2 - p1).toBeLessThanOrEqual(solver === 'twophase' ? 2 : 1);
  expect(await roundTrip()).toBe(p2);

  await page.click(tid('pause'));
  await waitStatus(page, 'running');
  await page.waitForFunction((p) => Number(document.querySelector('[data-testid="generation"]').textContent.replace(/,/g, '')) > p, p2);

  await page.click(tid('cancel'));
  await waitStatus(page, 'cancelled');
  expect(await page.isDisabled(tid('solve'))).toBe(false);
  expect(await page.isDisabled(tid('pause'))).toBe(true);
  await page.close();
  expect(env.errors).toEqual([]);
});

test('a crashed worker is replaced and the user is told; the next solve works', async () => {
  const { solver, params } = streamingSetup();
  if (!solver) { console.warn('SKIPPED: no solver is registered in this build'); return; }
  const scramble = env.core.scrambleMoves(25, 98);
  const page = await env.open(`?scramble=${encodeURIComponent(scramble)}&solver=${solver}&seed=5&${params}`);
  await page.click(tid('solve'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="generation"]').textContent.replace(/,/g, '')) > 0, null, { timeout: 30000 });
  const first = await page.evaluate(() => window.evocube.client.worker.real);
  expect(first).toBeTruthy();
  // the worker reports an uncaught error, as a trap in the wasm would
  await page.evaluate(() => window.evocube.client.worker.real.dispatchEvent(new ErrorEvent('error', { message: 'simulated crash' })));
  await waitStatus(page, 'error');
  await page.waitForSelector(tid('notice-error'));
  expect(await page.textContent(tid('notice-error'))).toMatch(/crashed.*simulated crash.*restarted/);
  // a new worker answers: solve a short scramble with the quickest solver
  const quick = pickSolver(env.core, ['twophase', 'greedy', 'devtoy', 'hugo']);
  await page.fill(tid('scramble-input'), "R U F'");
  await page.selectOption(tid('solver-select'), quick);
  await page.click(tid('solve'));
  expect(await waitStatus(page, ['solved', 'gave up', 'error'])).toBe('solved');
  expect(env.core.verify(env.core.apply("R U F'"), await text(page, 'solution')).solved).toBe(true);
  await page.close();
});

test('the chart keeps a whole long run in a bounded number of points', async () => {
  const page = await env.open();
  const r = await page.evaluate(async () => {
    const { FitnessChart, MAX_BUCKETS } = await import('./web/page/run/chart.mjs');
    const host = document.createElement('div');
    document.body.append(host);
    const c = new FitnessChart(host);
    const n = 123457;
    for (let g = 1; g <= n;) {
      const batch = [];
      for (let k = 0; k < 37 && g <= n; k++, g++) batch.push({ gen: g, best: n - g, mean: n - g + 5, bestLength: 10 });
      c.add(batch);
    }
    const [x, lo] = c.buckets.series();
    let increasing = true;
    for (let i = 1; i < x.length; i++) if (!(x[i] > x[i - 1])) increasing = false;
    return { records: c.records, points: x.length, first: c.buckets.list[0].gen0, last: x[x.length - 1], lastBest: lo[lo.length - 1], increasing, max: MAX_BUCKETS };
  });
  expect(r.records).toBe(123457);
  expect(r.points).toBeLessThanOrEqual(r.max);
  expect(r.points).toBeGreaterThan(r.max / 4);
  expect(r.first).toBe(1);
  expect(r.last).toBe(123457);
  expect(r.lastBest).toBe(0);
  expect(r.increasing).toBe(true);
  await page.close();
});
