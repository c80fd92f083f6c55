// run-outputs.test.mjs - a run owns its outputs, in real Chromium:
// - during a run the input is frozen (typing in the scramble changes nothing, the input
//   controls are off), so the result, the Twizzle link and the playback are the run's cube's;
//   an edit after the run clears the result and the Twizzle link follows the new scramble;
// - live states go to the stage only: the input net keeps the input cube all along;
// - Cancel puts the input cube back on stage and keeps the best individual so far as a
//   labelled partial result (its moves are the last live best individual's).
import { setup, tid, text, pickSolver, waitStatus } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

const inputNet = (page) => page.evaluate(() => document.querySelector('#cube-input [data-testid="net"]').dataset.facelets);
const shown = (page) => page.evaluate(() => document.querySelector('#net-host').dataset.shown);

test('result, Twizzle link and playback are the run\'s cube\'s; an edit after the run clears them', async () => {
  const solver = pickSolver(env.core, ['twophase', 'hugo']);
  const scramble = "R U F' D2 L";
  const start = env.core.apply(scramble);
  const page = await env.open(`?scramble=${encodeURIComponent(scramble)}&solver=${solver}&seed=2`);
  await page.click(tid('solve'));
  expect(await waitStatus(page, ['solved', 'gave up', 'error'])).toBe('solved');
  expect(await page.evaluate(() => document.querySelector('[data-testid="scramble-input"]').readOnly)).toBe(false);
  const solution = await page.getAttribute(tid('solution'), 'data-solution');
  expect(env.core.verify(start, solution).solved).toBe(true);
  expect(await text(page, 'verified')).toMatch(/^✓/);
  // the Twizzle link: this cube's scramble and this solution (as Twizzle reads them)
  const tw = new URL(await page.getAttribute(tid('twizzle-link'), 'href'));
  expect(env.core.apply(tw.searchParams.get('setup-alg'))).toBe(start);
  const alg = tw.searchParams.get('alg').split('\n').map((l) => l.replace(/\/\/.*$/, '')).join(' ');
  expect(env.core.verify(start, alg).solved).toBe(true);
  // playback starts from the run's cube
  expect(await shown(page)).toBe(start);
  // the share link carries the solution while the settings are the run's; a new seed drops it
  const linkSolution = async () => new URL(await page.getAttribute(tid('share-link'), 'href')).searchParams.get('solution');
  expect(await linkSolution()).toBeTruthy();
  await page.fill(tid('seed-input'), '3');
  await page.waitForFunction(() => !new URL(document.querySelector('[data-testid="share-link"]').href).searchParams.has('solution'));
  await page.fill(tid('seed-input'), '2');
  await page.waitForFunction(() => new URL(document.querySelector('[data-testid="share-link"]').href).searchParams.has('solution'));
  // an edit after the run: the result goes, the Twizzle link follows the new scramble
  await page.fill(tid('scramble-input'), 'U2');
  await page.waitForFunction(() => document.querySelector('[data-testid="solution"]').textContent === '');
  expect(await text(page, 'verified')).toBe('');
  const tw2 = new URL(await page.getAttribute(tid('twizzle-link'), 'href'));
  expect(tw2.searchParams.get('setup-alg')).toBe('U2');
  expect(tw2.searchParams.get('alg')).toBe('');
  expect(await text(page, 'play-counter')).toBe('0 / 0');
  await page.close();
  expect(env.errors).toEqual([]);
});

test('the input is frozen during a run; live states never reach the input net; Cancel restores the input cube and keeps the best so far as a partial result', async () => {
  const solver = pickSolver(env.core, ['hugo', 'twes', 'macro-ga']);
  const params = { hugo: 'p.population=1000', twes: 'p.mu=50000&p.lambda=100000', 'macro-ga': 'p.population=20000' }[solver] || '';
  const scramble = env.core.scrambleMoves(25, 11);
  const start = env.core.apply(scramble);
  const page = await env.open(`?scramble=${encodeURIComponent(scramble)}&solver=${solver}&seed=4&${params}`);
  expect(await inputNet(page)).toBe(start);
  await page.click(tid('solve'));
  // a live best individual on stage, different from the input cube
  await page.waitForFunction((s) => {
    const f = document.querySelector('#net-host').dataset.shown;
    return f && f !== s;
  }, start, { timeout: 30000 });
  expect(await page.textContent(tid('view-caption'))).toMatch(/^best individual · generation [\d,]+/);
  expect(await inputNet(page)).toBe(start);
  // the input is frozen: typing changes nothing, the input and solver controls are off
  await page.type(tid('scramble-input'), ' B2 U');
  expect(await page.inputValue(tid('scramble-input'))).toBe(scramble);
  for (const t of ['random-scramble', 'clear-scramble', 'tab-paint', 'solver-select', 'seed-input']) expect([t, await page.isDisabled(tid(t))]).toEqual([t, true]);
  expect(await text(page, 'status')).toBe('running');
  expect(await inputNet(page)).toBe(start);
  await page.click(tid('cancel'));
  await waitStatus(page, 'cancelled');
  // the input cube back on stage; the best so far kept and labelled as partial
  expect(await shown(page)).toBe(start);
  expect(await page.textContent(tid('view-caption'))).toBe('your cube');
  expect(await inputNet(page)).toBe(start);
  expect(await page.isVisible(tid('partial'))).toBe(true);
  expect(await text(page, 'partial')).toMatch(/^Partial result \(cancelled, not a solution\): the best individual at generation [\d,]+, fitness /);
  const moves = await page.getAttribute(tid('partial'), 'data-moves');
  expect(moves.trim().length).toBeGreaterThan(0);
  expect(env.core.verify(start, moves).solved).toBe(false);
  expect(await text(page, 'solution')).toBe('');
  expect(await text(page, 'play-counter')).toBe('0 / 0');
  // the next edit clears the partial result with the rest
  await page.fill(tid('scramble-input'), 'R');
  await page.waitForFunction(() => document.querySelector('[data-testid="partial"]').hidden);
  await page.close();
  expect(env.errors).toEqual([]);
});

test('a give-up restores the input cube and keeps its best individual as a labelled partial result', async () => {
  if (!env.core.solvers().some((s) => s.name === 'macro-ga')) { console.warn('SKIPPED: no macro-ga in this build'); return; }
  const scramble = env.core.scrambleMoves(25, 8);
  const start = env.core.apply(scramble);
  // one generation and no reset: macro-ga gives up at once, with a best individual
  const page = await env.open(`?scramble=${encodeURIComponent(scramble)}&solver=macro-ga&seed=1&p.generations=1&p.resets=0`);
  await page.click(tid('solve'));
  expect(await waitStatus(page, ['solved', 'gave up', 'error'])).toBe('gave up');
  expect(await shown(page)).toBe(start);
  expect(await page.textContent(tid('view-caption'))).toBe('your cube');
  expect(await text(page, 'partial')).toMatch(/^Partial result \(gave up, not a solution\): the best individual at generation 1, fitness \d+, \d+ moves: /);
  const moves = await page.getAttribute(tid('partial'), 'data-moves');
  expect(env.core.verify(start, moves).solved).toBe(false);
  expect(await text(page, 'result-summary')).toMatch(/^no solution within the budget/);
  await page.close();
  expect(env.errors).toEqual([]);
});
