// explain.test.mjs - what the page says, in real Chromium: the select's
// descriptive names (code names stay the values), each solver's fitness with its
// direction under the tiles, on the tiles' titles and on the chart's axis, the caption on
// the cube during a run, the "About this solver" panel loaded only when opened (and for a
// swarm solver naming the exact two-phase oracle), and the first-visit hint remembered
// once dismissed.
import { setup, tid, pickSolver, waitReady } from './helpers.mjs';
import { yLabels } from '../../web/page/run/chart-data.mjs';

let env;
let SOLVER_INFO; // the core's solver list by name: each descriptor's label, fitness and direction
// a solver with several sub-goal phases (optima), lower better, is charted per phase as a
// percentage of its start
const normal = (name) => SOLVER_INFO[name].better === 'lower' && SOLVER_INFO[name].phases.length > 1 && SOLVER_INFO[name].optima;
const yLabel = (name) => `${normal(name) ? '% of phase start' : 'fitness'} (${SOLVER_INFO[name].better === 'lower' ? '↓' : '↑'} better)`;
beforeAll(async () => {
  env = await setup();
  SOLVER_INFO = Object.fromEntries(env.core.solvers().map((s) => [s.name, s]));
});
afterAll(async () => { await env.close(); });

test('descriptive solver names, fitness and its direction on the tiles and the chart axis', async () => {
  const page = await env.open('?scramble=R%20U');
  const options = await page.$$eval(`${tid('solver-select')} option`, (os) => os.map((o) => [o.value, o.textContent]));
  const names = env.core.solvers().map((s) => s.name);
  expect(options.map((o) => o[0])).toEqual(names);
  for (const [value, label] of options) {
    expect(label).not.toBe(value);
    expect(SOLVER_INFO[value].label).toMatch(/\w/);
    expect(label).toBe(`${SOLVER_INFO[value].label} · ${value}`);
  }
  for (const name of names) {
    expect(['lower', 'higher']).toContain(SOLVER_INFO[name].better);
    await page.selectOption(tid('solver-select'), name);
    const dir = `${SOLVER_INFO[name].better} is better`;
    const def = `Fitness of ${name}: ${SOLVER_INFO[name].fitness}; ${dir}.`;
    if (normal(name)) expect(await page.textContent(tid('fitness-def'))).toMatch(new RegExp(`^${def.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} Each phase has its own scale: .* percentage .*better is down in every phase\\.$`));
    else expect(await page.textContent(tid('fitness-def'))).toBe(def);
    expect(await page.evaluate(() => document.querySelector('[data-testid="best-fitness"]').previousElementSibling.title)).toBe(`fitness: ${dir}`);
    expect(await page.evaluate(() => window.evocube.chart.yLabel)).toBe(yLabel(name));
  }
  if (names.includes('hugo')) {
    await page.selectOption(tid('solver-select'), 'hugo');
    expect(await page.textContent(tid('fitness-def'))).toMatch(/higher is better\.$/);
  }
  await page.close();
  expect(env.errors).toEqual([]);
});

test('the cube\'s caption says what it shows: the input, the best individual of a generation with the direction', async () => {
  const solver = pickSolver(env.core, ['hugo', 'twes', 'macro-ga']);
  const page = await env.open(`?scramble=${encodeURIComponent(env.core.scrambleMoves(25, 5))}&solver=${solver}&seed=1&p.population=1000`);
  expect(await page.textContent(tid('view-caption'))).toBe('your cube');
  await page.click(tid('solve'));
  await page.waitForFunction(() => /^best individual/.test(document.querySelector('[data-testid="view-caption"]').textContent), null, { timeout: 30000 });
  const dir = SOLVER_INFO[solver] ? `${SOLVER_INFO[solver].better} is better` : '';
  expect(await page.textContent(tid('view-caption'))).toMatch(new RegExp(`^best individual · generation [\\d,]+ · fitness -?[\\d.,e+-]+, ${dir}$`));
  // the plot, made once uPlot has loaded at the run's first record, carries the axis label
  await page.waitForFunction(() => window.evocube.chart.plot !== null, null, { timeout: 30000 });
  // (the label, or the shorter form of it that fits the plot's height: chart-data.mjs yLabels)
  if (SOLVER_INFO[solver]) expect(yLabels(yLabel(solver))).toContain(await page.evaluate(() => window.evocube.chart.plot.axes[1].label));
  await page.click(tid('cancel'));
  await page.waitForFunction(() => document.querySelector('[data-testid="view-caption"]').textContent === 'your cube');
  await page.close();
  expect(env.errors).toEqual([]);
});

test('About this solver loads its text only when opened; swarm solvers name the two-phase oracle', async () => {
  const swarm = pickSolver(env.core, ['aco', 'pso', 'greedy', 'dkho']);
  const page = await env.open(`?scramble=R%20U&solver=${swarm}`);
  const fetchedAbout = () => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /about-texts/.test(r.name)));
  expect(await fetchedAbout()).toBe(false);
  await page.click('#about-solver summary');
  await page.waitForFunction(() => document.querySelector('#about-body dl'));
  expect(await fetchedAbout()).toBe(true);
  const rows = await page.$$eval('#about-body dt', (ds) => ds.map((d) => d.textContent));
  expect(rows).toEqual(['Individual', 'Fitness', 'Operators', 'Phases', 'Budget', 'Source', 'Where evocube deviates', 'Guidance']);
  const body = await page.textContent(tid('about-body'));
  expect(body).toMatch(/distance to solved as evocube's two-phase oracle reads it.*exact within 7 turns.*20\.9 moves on average/);
  expect(body).toMatch(/two-phase solver alone.*solves any cube faster and in fewer moves/);
  expect(body).toMatch(/Jeevan/);
  // another solver: its own text, without the swarm note; a paper's solver says where it
  // misses the paper's figures
  const other = pickSolver(env.core, ['hugo', 'twes', 'twophase']);
  await page.selectOption(tid('solver-select'), other);
  await page.waitForFunction((n) => document.querySelector('#about-body').dataset.solver === n, other);
  const otherRows = await page.$$eval('#about-body dt', (ds) => ds.map((d) => d.textContent));
  expect(otherRows.slice(0, 7)).toEqual(['Individual', 'Fitness', 'Operators', 'Phases', 'Budget', 'Source', 'Where evocube deviates']);
  expect(otherRows.slice(7)).toEqual(other === 'twophase' ? [] : ['Against the paper']);
  await page.close();
  expect(env.errors).toEqual([]);
});

test('a first visit shows the three-step hint; Got it hides it for good', async () => {
  const page = await env.open('?scramble=R');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await waitReady(page);
  expect(await page.isVisible(tid('first-hint'))).toBe(true);
  expect(await page.$$eval(`${tid('first-hint')} li`, (l) => l.length)).toBe(3);
  await page.click(tid('hint-dismiss'));
  expect(await page.isVisible(tid('first-hint'))).toBe(false);
  await page.reload();
  await waitReady(page);
  expect(await page.isVisible(tid('first-hint'))).toBe(false);
  await page.close();
  expect(env.errors).toEqual([]);
});
