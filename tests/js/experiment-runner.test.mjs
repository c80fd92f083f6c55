// experiment-runner.test.mjs - web/lib/experiments/runner.mjs in Node: solveJob on this
// thread's core (as a batch worker runs it) and through a worker-like client (as the page
// and batch --islands do), recordOf's flattening of a worker's result, and ExperimentRunner
// over fake solver clients (the core solving in this thread behind a timer, cancellable):
// a run paused mid-way and resumed keeps every solve once, a wrong solution becomes an error
// line, a bad param is named before anything runs, and a reopened experiment has nothing left.
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { EC } from '../../web/lib/core.mjs';
import { ERROR } from '../../web/lib/protocol.mjs';
import { makePlan, experimentCubes, solveJson, recordOf } from '../../web/lib/experiments/plan.mjs';
import { resolveDefinition } from '../../web/lib/experiments/definition.mjs';
import { ExperimentStore, memoryBackend } from '../../web/lib/experiments/store.mjs';
import { solveJob, jobCube, ExperimentRunner } from '../../web/lib/experiments/runner.mjs';

let core;
beforeAll(async () => {
  core = await loadCoreNode();
  core.warm(); // random states and twophase
});

const planOf = (def) => {
  const v = resolveDefinition(def);
  if (!v.ok) throw new Error(v.problems.join('; '));
  const x = v.experiment;
  return makePlan({ cubes: experimentCubes(x), solvers: x.solvers, seeds: x.seeds, sweep: x.sweep ?? null });
};

// A worker's `result` message for a request, solved by core.run here (web/lib/worker-api.mjs's shape).
function workerResult(request, { solution = null, stats = {} } = {}) {
  const r = core.run(request).result;
  return {
    solution: solution ?? r.solution, length: r.length, phases: r.phases,
    stats: { solver: r.solver, seed: r.seed, status: r.status, solved: r.solved, generations: r.generations, evaluations: r.evaluations, timeMs: 12.34, ...stats },
  };
}

// A SolverClient stand-in: each solve answers after `delay` ms unless cancelled first (then
// it rejects with ERROR.CANCELLED, as a worker does); wrong(request) makes its solution wrong.
function fakeClient({ delay = 3, wrong = () => false } = {}) {
  const c = { solves: 0, cancels: 0 };
  c.scramble = async ({ kind, seed }) => ({ kind, scramble: core.randomStateScramble(seed) });
  c.solve = (request) => {
    let cancel;
    const promise = new Promise((resolve, reject) => {
      const t = setTimeout(() => { c.solves++; resolve(workerResult(request, wrong(request) ? { solution: 'R' } : {})); }, delay);
      cancel = () => { clearTimeout(t); c.cancels++; reject(Object.assign(new Error('cancelled'), { code: ERROR.CANCELLED })); };
    });
    return { promise, cancel };
  };
  return c;
}

test('solveJob on this core: the random state from its seed (cached), core.run, verified, the solve --json record', async () => {
  const plan = planOf({ solvers: ['twophase'], states: 2, stateSeed: 41, seeds: [1, 2] });
  const made = [];
  const cache = {};
  const scramble = (seed) => { made.push(seed); return core.randomStateScramble(seed); };
  const outs = [];
  for (let j = 0; j < plan.total; j++) outs.push(await solveJob(core, plan.jobAt(j), { scramble, cache, noTime: true }));
  expect(made).toEqual([41, 42]); // one random state per cube, reused for its second seed
  for (let j = 0; j < plan.total; j++) {
    const job = plan.jobAt(j), { cube, record } = outs[j];
    expect(cube).toBe(core.randomStateScramble(job.cube.stateSeed));
    const facelets = core.apply(cube);
    expect(record).toEqual(solveJson(core.run({ solver: 'twophase', facelets, seed: job.seed }).result, job.seed, null));
    expect(core.verify(facelets, record.solution).solved).toBe(true);
  }
  // timed: time_ms after solved, as `solve --json`; a given scramble is applied; facelets are used as given
  const timed = await solveJob(core, { solver: 'twophase', seed: 3, params: '', cube: { index: 1, cube: "R U R' F2" } });
  expect(Object.keys(timed.record).slice(0, 7)).toEqual(['solver', 'seed', 'solution', 'length', 'solved', 'time_ms', 'generations']);
  expect(timed.record.time_ms).toBeGreaterThanOrEqual(0);
  expect(await jobCube(core, { cube: { cube: 'x', facelets: core.apply('F') } })).toEqual({ cube: 'x', facelets: core.apply('F') });
  // last_record: the run's last progress record without its moves
  const last = (await solveJob(core, { solver: 'twophase', seed: 1, params: '', cube: { index: 1, cube: 'R U' } }, { lastRecord: true, noTime: true })).record.last_record;
  expect(last).toEqual(expect.objectContaining({ gen: expect.any(Number), evaluations: expect.any(Number) }));
  expect(last.bestMoves).toBeUndefined();
});

test('solveJob through a worker: the result flattened by recordOf, the worker\'s time, islands fields; a wrong solution rejects', async () => {
  const job = { solver: 'twophase', seed: 2, params: '', cube: { index: 1, cube: "F D' L2" } };
  const facelets = core.apply(job.cube.cube);
  const direct = core.run({ solver: 'twophase', facelets, seed: 2 }).result;
  const { cube, record } = await solveJob(core, job, { solve: (request) => ({ promise: Promise.resolve(workerResult(request)) }) });
  expect(cube).toBe("F D' L2");
  expect(record).toEqual(solveJson(direct, 2, 12.3));
  // a run on islands: islands, island and epochs end the record
  const isl = await solveJob(core, job, { noTime: true, solve: (request) => ({ promise: Promise.resolve(workerResult(request, { stats: { islands: 4, island: 2, epochs: 3 } })) }) });
  expect(Object.keys(isl.record).slice(-3)).toEqual(['islands', 'island', 'epochs']);
  expect(isl.record).toMatchObject({ islands: 4, island: 2, epochs: 3 });
  // a solution that does not solve the cube is never kept
  await expect(solveJob(core, job, { solve: (request) => ({ promise: Promise.resolve(workerResult(request, { solution: 'R' })) }) }))
    .rejects.toMatchObject({ code: EC.E_NOT_SOLVED, message: expect.stringMatching(/does not solve the cube/) });
  // recordOf: nested -> flat; the solver's name from the request when the result has none
  expect(recordOf({ solution: 'R', length: 1, phases: [], stats: { solved: 1, generations: 5, evaluations: 9 } }, 'hugo'))
    .toEqual({ solver: 'hugo', solution: 'R', length: 1, solved: true, generations: 5, evaluations: 9, phases: [] });
});

test('ExperimentRunner: paused mid-way and resumed, every solve kept once across lanes; reopened, nothing is left', async () => {
  const store = new ExperimentStore(memoryBackend());
  const def = { solvers: ['twophase'], states: 6, stateSeed: 5, seeds: [1, 2] };
  const v = resolveDefinition(def);
  const clients = [];
  const states = [], active = [];
  let runner = null;
  runner = new ExperimentRunner({
    core, store, lanes: 2,
    makeClient: () => { const c = fakeClient(); clients.push(c); return c; },
    hooks: {
      onState: (s) => states.push(s),
      onActive: (id) => active.push(id),
      onRecord: () => { if (runner.done().length === 4) runner.stop(); },
    },
  });
  expect(runner.checkSolvers(v.experiment)).toBeNull();
  const exp = await store.create({ definition: v.definition, total: v.runs, id: 'x1' });
  expect(await runner.open(exp, v)).toEqual({ left: 12 });
  await runner.start();
  expect(states).toEqual(['running', 'paused']);
  const kept = await store.count('x1');
  expect(kept).toBeGreaterThanOrEqual(4);
  expect(kept).toBeLessThan(12);
  expect(runner.todo.length).toBe(12 - kept);
  expect((await store.get('x1')).state).toBe('paused');
  expect(runner.session.ran.length).toBe(kept); // a cancelled solve is not counted as run
  expect(await runner.resume()).toBe(true);
  expect(states).toEqual(['running', 'paused', 'running', 'done']);
  expect(active).toEqual(['x1', 'x1', null]);
  expect((await store.get('x1')).state).toBe('done');
  expect(clients.length).toBe(2);
  expect(runner.session.perWorker.every((n) => n > 0)).toBe(true);
  const all = await store.records('x1');
  expect(all.map((x) => x.j)).toEqual(Array.from({ length: 12 }, (_, j) => j));
  expect([...runner.session.solved].sort()).toEqual([...runner.session.ran].sort());
  expect(new Set(runner.session.ran).size).toBe(12);
  const plan = planOf(def);
  for (const { j, record } of all) {
    expect(record.id).toBe(plan.jobAt(j).id);
    expect(record.cube).toBe(core.randomStateScramble(plan.jobAt(j).cube.stateSeed));
    expect(record.time_ms).toBe(12.3);
    expect(core.verify(core.apply(record.cube), record.solution).solved).toBe(true);
  }
  // a reload: a new runner over the same store finds every solve kept
  const again = new ExperimentRunner({ core, store, makeClient: () => { throw new Error('no client needed'); } });
  expect(await again.open(await store.get('x1'), v)).toEqual({ left: 0 });
  expect(again.done().map((r) => r.id)).toEqual(all.map((x) => x.record.id));
});

test('ExperimentRunner: a wrong solution is an error line, the rest are kept; a bad param is named before anything runs', async () => {
  const store = new ExperimentStore(memoryBackend());
  const def = { solvers: ['twophase'], states: ["R U", "F2 D'", 'L B2 U'], seeds: [7] };
  const v = resolveDefinition(def);
  const runner = new ExperimentRunner({ core, store, lanes: 1, makeClient: () => fakeClient({ wrong: (req) => req.facelets === core.apply("F2 D'") }) });
  const exp = await store.create({ definition: v.definition, total: v.runs, id: 'x2' });
  await runner.open(exp, v);
  await runner.start();
  const recs = runner.done();
  expect(recs.map((r) => r.id)).toEqual(['1:twophase:7', '2:twophase:7', '3:twophase:7']);
  expect(recs[1]).toEqual({ id: '2:twophase:7', cube_index: 2, cube: "F2 D'", solver: 'twophase', seed: 7, error: expect.stringMatching(/does not solve the cube/) });
  expect(recs[0].solved && recs[2].solved).toBe(true);
  expect(runner.exp.state).toBe('done');
  const bad = resolveDefinition({ solvers: ['twophase'], states: 1, seeds: 1, params: { maxLength: 99 } });
  expect(runner.checkSolvers(bad.experiment)).toMatch(/^twophase with maxLength=99: .*maxLength/);
  const sweep = resolveDefinition({ solvers: ['twophase'], states: 1, seeds: 1, sweep: { param: 'maxLength', values: [20, 31] } });
  expect(runner.checkSolvers(sweep.experiment)).toMatch(/^twophase with maxLength=31: /);
});

test('ExperimentRunner: running from the call to start(): detach() and a second start() before the lanes begin change nothing; a stop then pauses before any solve', async () => {
  const store = new ExperimentStore(memoryBackend());
  const v = resolveDefinition({ solvers: ['twophase'], states: 3, stateSeed: 9, seeds: [1] });
  const states = [];
  const runner = new ExperimentRunner({ core, store, lanes: 2, makeClient: () => fakeClient(), hooks: { onState: (s) => states.push(s) } });
  const exp = await store.create({ definition: v.definition, total: v.runs, id: 'x3' });
  await runner.open(exp, v);
  const run = runner.start(); // the store's answer is still to come
  expect(runner.running()).toBe(true);
  runner.detach();
  expect(runner.exp).toBe(exp);
  expect(await runner.start()).toBeNull();
  await run;
  expect(runner.done().map((r) => r.id)).toEqual(['1:twophase:1', '2:twophase:1', '3:twophase:1']);
  expect(await store.count('x3')).toBe(3);
  expect(states).toEqual(['running', 'done']);

  const exp2 = await store.create({ definition: v.definition, total: v.runs, id: 'x4' });
  await runner.open(exp2, v);
  const run2 = runner.start();
  expect(runner.stop()).toBe(true);
  expect(await run2).toEqual({ stopped: true, next: 0 });
  expect(runner.session.ran).toEqual(['1:twophase:1', '2:twophase:1', '3:twophase:1']); // the first run's only
  expect(await store.count('x4')).toBe(0);
  expect((await store.get('x4')).state).toBe('paused');
  expect(await runner.resume()).toBe(true);
  expect(await store.count('x4')).toBe(3);
});
