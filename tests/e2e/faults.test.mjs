// faults.test.mjs - faults injected from outside the app (playwright's route, in this test
// only; nothing in the site can trigger them): (1) the wasm core inside the worker fails
// mid-solve for real, first through the Emscripten runtime's abort(), then through a wasm
// trap in the C code (ec_solver_step called with an out-of-bounds handle: "memory access out
// of bounds"); the page replaces the worker each time, says what happened in plain words,
// and its Retry button then solves. (2) evocube.wasm blocked, or served corrupt: the page
// says so within seconds and Solve is off with the reason. (3) only the worker's copy of
// the wasm fails: the page stays usable for input, and Solve is off with the reason. (4) a
// worker that crashes a fourth time within a minute is not replaced again.
// The service worker is blocked so every fetch reaches the routes (with it, a blocked wasm
// is answered from its cache, as it should be offline).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setup, tid, text, ROOT, waitStatus, pickSolver } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup({ serviceWorkers: 'block' }); });
afterAll(async () => { await env.close(); });
afterEach(async () => { await env.context.unrouteAll({ behavior: 'ignoreErrors' }); });

const GLUE = readFileSync(join(ROOT, 'web/gen/evocube.mjs'), 'utf8');
const STEP_RE = /var _ec_solver_step=Module\["_ec_solver_step"\]=function\(\)\{return\(_ec_solver_step=Module\["_ec_solver_step"\]=Module\["asm"\]\["(\w+)"\]\)\.apply\(null,arguments\)\};/;
const fromWorker = (req) => /\/web\/worker\.mjs$/.test(req.headers().referer || '');

// The Emscripten glue with ec_solver_step wrapped: from call `after` on, it calls the
// runtime's abort() ('abort') or calls the wasm export with a handle outside the wasm
// memory, so the C code itself traps ('trap').
function faultyGlue(kind, after) {
  const m = GLUE.match(STEP_RE);
  if (!m) throw new Error('web/gen/evocube.mjs has changed: its ec_solver_step wrapper was not found');
  const step = `Module["asm"]["${m[1]}"]`;
  const fault = kind === 'abort' ? `abort("test fault: abort() after ${after} steps")` : `return ${step}(0x7ffffff0,w)`;
  return GLUE.replace(STEP_RE, () => `var __steps=0;var _ec_solver_step=Module["_ec_solver_step"]=function(h,w){if(++__steps>=${after}){${fault}}return ${step}(h,w)};`);
}

const lastNotice = (page) => page.evaluate(() => [...document.querySelectorAll('[data-testid="notice-error"]')].pop()?.textContent || '');

test('an abort and a wasm trap mid-solve: worker replaced, the user told, Retry solves', async () => {
  const solver = pickSolver(env.core, ['twes', 'macro-ga', 'twophase']);
  if (!['twes', 'macro-ga', 'twophase'].includes(solver)) { console.warn('SKIPPED: no multi-step solver in this build'); return; }
  const params = solver === 'twes' ? 'preset=small' : '';
  const scramble = env.core.scrambleMoves(20, 31);
  const facelets = env.core.apply(scramble);
  // the solve takes well over AFTER steps, so each fault strikes mid-solve
  const AFTER = 15;
  const run = env.core.createSolver(solver, facelets, 3, params);
  let steps = 0;
  while (run.step(1) === 'running') steps++;
  run.free();
  expect(steps).toBeGreaterThan(2 * AFTER);

  const faults = ['abort', 'trap'];
  const served = [];
  await env.context.route('**/web/gen/evocube.mjs', (route, req) => {
    if (!fromWorker(req)) return route.continue();
    const kind = faults[served.length] || 'clean';
    served.push(kind);
    if (kind === 'clean') return route.continue();
    return route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: faultyGlue(kind, AFTER) });
  });
  const t0 = Date.now();
  const page = await env.open(`?scramble=${encodeURIComponent(scramble)}&solver=${solver}&seed=3${params ? `&${params}` : ''}`);
  const generation = () => page.evaluate(() => Number(document.querySelector('[data-testid="generation"]').textContent.replace(/,/g, '')));

  // fault 1: the runtime's abort() inside the worker, mid-solve
  await page.click(tid('solve'));
  expect(await waitStatus(page, ['error', 'solved', 'gave up'])).toBe('error');
  expect(await generation()).toBeGreaterThan(0); // it was mid-solve: progress had arrived
  await page.waitForSelector(tid('notice-action'));
  expect(await lastNotice(page)).toMatch(/^The solver crashed in the middle of the solve \(the WebAssembly core aborted: test fault: abort\(\) after 15 steps\)\. It was restarted in a fresh worker; press Retry to run the solve again\./);
  expect(await text(page, 'result-summary')).toMatch(/^The solver crashed: the WebAssembly core aborted/);
  expect(await page.isDisabled(tid('solve'))).toBe(false);

  // Retry: the fresh worker hits fault 2, a trap in the wasm code
  // (the click removes the notice; the next crash brings a new one: waiting for the status
  // to leave 'error' instead could miss a crash that comes within one polling interval)
  await page.click(tid('notice-action'));
  await page.waitForSelector(tid('notice-action'));
  expect(await text(page, 'status')).toBe('error');
  expect(await lastNotice(page)).toMatch(/crashed in the middle of the solve \(the WebAssembly core stopped on an internal error: memory access out of bounds\)\. It was restarted/);

  // Retry: the third worker is sound and solves; the solution is checked here too
  await page.click(tid('notice-action'));
  expect(await waitStatus(page, ['solved', 'gave up', 'error'])).toBe('solved');
  expect(env.core.verify(facelets, await text(page, 'solution')).solved).toBe(true);
  expect(served).toEqual(['abort', 'trap', 'clean']);
  expect(await page.evaluate(() => document.querySelectorAll('[data-testid="notice-action"]').length)).toBe(0);
  console.log(`faults: abort + trap injected mid-solve, both recovered, retry solved in ${Date.now() - t0} ms in all`);
  await page.close();
  expect(env.errors).toEqual([]);
}, 90000);

for (const mode of ['blocked', 'corrupt']) {
  test(`evocube.wasm ${mode}: a clear message within seconds, Solve off with the reason`, async () => {
    await env.context.route('**/evocube.wasm', (route) => (mode === 'blocked' ? route.abort('failed')
      : route.fulfill({ status: 200, contentType: 'application/wasm', body: Buffer.from('\0asm\x01\0\0\0\x01\x7fnot really wasm') })));
    const t0 = Date.now();
    const page = await env.open('?scramble=R_U', { ready: false });
    await page.waitForSelector(tid('notice-error'), { timeout: 10000 });
    const ms = Date.now() - t0;
    const notice = await text(page, 'notice-error');
    expect(notice).toMatch(mode === 'blocked'
      ? /^The solver core could not load: the file evocube\.wasm could not be downloaded \(the network failed or the file is missing\)\. This page cannot read or solve cubes without it; check your connection and reload the page\./
      : /^The solver core could not load: the file evocube\.wasm is damaged: it is not valid WebAssembly \(.+\)\. This page cannot/);
    expect(notice).not.toMatch(/ASSERTIONS|Aborted\(/); // no build jargon
    expect(await text(page, 'boot')).toBe('the solver core could not load');
    expect(await text(page, 'status')).toBe('unavailable');
    expect(await page.isDisabled(tid('solve'))).toBe(true);
    expect(await page.getAttribute(tid('solve'), 'title')).toMatch(/^Solving is unavailable: the file evocube\.wasm/);
    expect(await page.isDisabled(tid('random-scramble'))).toBe(true);
    expect(await page.evaluate(() => document.body.dataset.ready)).toBe('failed');
    expect(ms).toBeLessThan(10000);
    console.log(`wasm ${mode}: message after ${ms} ms`);
    await page.close();
    // Chromium logs the blocked fetch itself; nothing else may be logged as an error
    expect(env.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    env.errors.length = 0;
  }, 30000);
}

test('only the worker cannot load the wasm: input still works, Solve is off and says why, no restart loop', async () => {
  let workerWasm = 0, workerScripts = 0;
  await env.context.route('**/web/gen/evocube.wasm', (route, req) => {
    if (!fromWorker(req)) return route.continue();
    workerWasm++;
    return route.abort('failed');
  });
  await env.context.route('**/web/worker.mjs', (route) => { workerScripts++; return route.continue(); });
  const page = await env.open('?scramble=R_U_F');
  await page.waitForSelector(tid('notice-error'), { timeout: 10000 });
  expect(await text(page, 'notice-error')).toMatch(/^Solving is unavailable: the solver worker could not load the solver core: the file evocube\.wasm could not be downloaded .*Reload the page to try again\./);
  expect(await page.isDisabled(tid('solve'))).toBe(true);
  expect(await page.getAttribute(tid('solve'), 'title')).toMatch(/^Solving is unavailable: the solver worker could not load/);
  // the page itself still reads cubes
  await page.fill(tid('scramble-input'), "R U2 F'");
  await page.waitForFunction((w) => document.querySelector('#net-host').dataset.shown === w, env.core.apply("R U2 F'"));
  expect(await page.isDisabled(tid('solve'))).toBe(true);
  // not restarted over and over: the client has given the worker up (no sleep-and-count)
  await page.waitForFunction(() => window.evocube.client.dead === true);
  expect(workerScripts).toBe(1);
  expect(workerWasm).toBeGreaterThan(0);
  await page.close();
  expect(env.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  env.errors.length = 0;
}, 30000);

test('a worker that crashes a fourth time within a minute is left down: Solve off, the user told to reload', async () => {
  const solver = pickSolver(env.core, ['twes', 'macro-ga', 'twophase']);
  if (!['twes', 'macro-ga', 'twophase'].includes(solver)) { console.warn('SKIPPED: no multi-step solver in this build'); return; }
  const params = solver === 'twes' ? 'preset=small' : '';
  const scramble = env.core.scrambleMoves(20, 31);
  let loads = 0;
  // every worker's core aborts on its 5th step (well before the solve ends: see the test above)
  await env.context.route('**/web/gen/evocube.mjs', (route, req) => {
    if (!fromWorker(req)) return route.continue();
    loads++;
    return route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: faultyGlue('abort', 5) });
  });
  const page = await env.open(`?scramble=${encodeURIComponent(scramble)}&solver=${solver}&seed=3${params ? `&${params}` : ''}`);
  await page.click(tid('solve'));
  for (let crash = 1; crash <= 3; crash++) {
    await page.waitForSelector(tid('notice-action')); // the click below removes it
    expect(await text(page, 'status')).toBe('error');
    expect(await lastNotice(page)).toMatch(/^The solver crashed in the middle of the solve \(the WebAssembly core aborted: test fault: abort\(\) after 5 steps\)\. It was restarted in a fresh worker; press Retry/);
    await page.click(tid('notice-action')); // Retry: the next worker crashes too
  }
  await page.waitForFunction(() => /not restarted/.test([...document.querySelectorAll('[data-testid="notice-error"]')].pop()?.textContent || ''));
  expect(await text(page, 'status')).toBe('error');
  expect(await lastNotice(page)).toMatch(/^The solver crashed again in the middle of the solve \(the WebAssembly core aborted: test fault: abort\(\) after 5 steps\) and was not restarted, because it crashed several times within a minute; reload the page\./);
  expect(await page.isDisabled(tid('solve'))).toBe(true);
  expect(await page.getAttribute(tid('solve'), 'title')).toMatch(/the solver crashed again .* and was not restarted/);
  await page.waitForFunction(() => window.evocube.client.dead === true); // given up: no fifth start
  expect(loads).toBe(4); // the first worker and three replacements
  await page.close();
  expect(env.errors).toEqual([]);
}, 90000);

// The worker's module with its outgoing results changed: every result's solution gets one
// more move (still notation the core reads), as a worker with a broken solver could send.
const WORKER = readFileSync(join(ROOT, 'web/worker.mjs'), 'utf8');
const LYING_WORKER = `const __post = self.postMessage.bind(self);
self.postMessage = (m, t) => __post(m && m.type === 'result' && typeof m.solution === 'string'
  ? { ...m, solution: (m.solution + ' U').trim(), length: m.length + 1 } : m, t);
${WORKER}`;

test('the page checks a worker\'s solution itself: a wrong one is shown as not verified', async () => {
  const solver = pickSolver(env.core, ['twophase', 'greedy', 'hugo', 'twes']);
  if (!solver) { console.warn('SKIPPED: no solver is registered in this build'); return; }
  let served = 0;
  await env.context.route('**/web/worker.mjs', (route) => {
    served++;
    return route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: LYING_WORKER });
  });
  const scramble = "R U F' D2 L";
  const page = await env.open(`?scramble=${encodeURIComponent(scramble.replace(/ /g, '_'))}&solver=${solver}&seed=7`);
  await page.click(tid('solve'));
  await waitStatus(page, ['solved', 'gave up', 'error']);
  expect(served).toBeGreaterThan(0);
  const shown = await page.getAttribute(tid('solution'), 'data-solution');
  // independently: the solution the page received does not solve the cube...
  expect(env.core.verify(env.core.apply(scramble), shown).solved).toBe(false);
  // ...and the page says so, in the core's own words, not "verified"
  expect(await page.getAttribute(tid('verified'), 'data-ok')).toBe('false');
  const verdict = await text(page, 'verified');
  expect(verdict).not.toMatch(/verified on this page/);
  const { message } = env.core.verify(env.core.apply(scramble), shown);
  expect(message).toMatch(/^the solution does not solve the cube: \d+ stickers are left/);
  expect(verdict).toBe(`✗ ${message}`);
  await page.close();
}, 60000);
