// worker-api.test.mjs - the worker's inside API (web/lib/worker-api.mjs) driven in Node with no
// Worker: a fake post collects the messages, schedule queues the slices and a fake clock
// decides when records are flushed. Every request ends with exactly one result or error; the
// streamed records equal a direct run's; pause, step, resume and cancel act between steps.
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { createWorkerApi, readyMessage, optimumFields, FLUSH_MS } from '../../web/lib/worker-api.mjs';
import { paramsText, parseIslands, parseParamsText } from '../../web/lib/params.mjs';
import { REQUEST, REPLY, ERROR, RUN_STATE } from '../../web/lib/protocol.mjs';

const core = await loadCoreNode();

// An API with a message log, a slice queue run by pump(), and a clock that moves 1 ms each
// time it is read (so a slice ends after about SLICE_MS steps) and by hand with tick(ms).
function harness() {
  const sent = [];
  const slices = [];
  let clock = 0;
  const api = createWorkerApi(core, { post: (m) => sent.push(structuredClone(m)), schedule: (f) => slices.push(f), now: () => ++clock });
  return {
    api, sent,
    clock: () => clock,
    tick(ms) { clock += ms; },
    // run queued slices until none is left (or n slices)
    pump(n = Infinity) { let k = 0; while (slices.length && k++ < n) slices.shift()(); return k; },
    ended: (id) => sent.filter((m) => m.id === id && (m.type === REPLY.RESULT || m.type === REPLY.ERROR)),
    of: (id, type) => sent.filter((m) => m.id === id && m.type === type),
  };
}

test('ready message: version, the solver list and random-state support', () => {
  const r = readyMessage(core);
  expect(r).toMatchObject({ type: REPLY.READY, id: 'ready', version: core.version() });
  expect(r.solvers.map((s) => s.name)).toEqual(core.solvers().map((s) => s.name));
  expect(typeof r.randomState).toBe('boolean');
});

test('a phase optimum from the core becomes the result phase\'s fields by one rule, whatever the solver', () => {
  expect(optimumFields(null)).toEqual({});
  expect(optimumFields({ optimum: 7, bound: false, of: 'UR', best: 5, bestBound: true, bestAt: 'DF' }))
    .toEqual({ optimum: 7, optimumBound: false, of: 'UR', bestBlock: 5, bestBlockBound: true, bestAt: 'DF' });
  expect(optimumFields({ optimum: 3, bound: 1, stage: 9, stageBound: 0 })).toEqual({ optimum: 3, optimumBound: true, stageOptimum: 9, stageBound: false });
  // a field the worker has never heard of passes through under the core's name
  expect(optimumFields({ optimum: null, width: 4, widthBound: 1 })).toEqual({ optimum: null, optimumBound: false, width: 4, widthBound: true });
});

test('malformed messages and unknown types get E_PROTOCOL, each once', () => {
  const h = harness();
  for (const m of [null, 42, 'solve', {}, { type: 7, id: 'x' }, { type: 'solve' }, { type: 'solve', id: {} }, { type: 'solve', id: 'x'.repeat(65) }]) h.api.handle(m);
  expect(h.sent).toHaveLength(8);
  for (const m of h.sent) expect(m).toMatchObject({ type: REPLY.ERROR, id: null, code: ERROR.PROTOCOL });
  h.api.handle({ type: 'bogus', id: 'a' });
  expect(h.ended('a')).toEqual([expect.objectContaining({ code: ERROR.PROTOCOL, message: 'unknown message type "bogus"' })]);
});

test('a solve streams every record once, in order, equal to a direct run, then one result', () => {
  const h = harness();
  const req = { solver: 'twes', scramble: "R U F' D2 L", seed: 3, params: { preset: 'small' } };
  h.api.handle({ type: REQUEST.SOLVE, id: 's1', ...req });
  expect(h.of('s1', REPLY.STATE).map((m) => m.state)).toEqual([RUN_STATE.STARTING, RUN_STATE.RUNNING]);
  while (!h.ended('s1').length) { h.tick(5); h.pump(1); }
  const records = h.of('s1', REPLY.PROGRESS).flatMap((m) => m.records);
  const direct = core.run({ solver: 'twes', facelets: core.apply(req.scramble), seed: 3, params: 'preset=small' }, { keep: true });
  expect(records).toEqual(direct.records);
  const [res] = h.ended('s1');
  expect(res.type).toBe(REPLY.RESULT);
  expect(res.solution).toBe(direct.result.solution);
  expect(res.stats).toMatchObject({ solver: 'twes', seed: 3, solved: true, generations: direct.result.generations });
  expect(core.verify(res.stats.facelets, res.solution).solved).toBe(true);
  // batches: records are posted at most every FLUSH_MS of the clock, not one message each
  expect(h.of('s1', REPLY.PROGRESS).length).toBeLessThan(records.length);
  expect(h.of('s1', REPLY.PROGRESS).length).toBeLessThanOrEqual(Math.floor(h.clock() / FLUSH_MS) + 1);
  expect(h.api.jobs.size).toBe(0);
  // the descriptor says twes has exact optima: each phase carries the core's, by optimumFields
  expect(core.solvers().find((s) => s.name === req.solver).optima).toBe(true);
  const run = core.createSolver('twes', core.apply(req.scramble), 3, 'preset=small');
  while (run.advance(1000).status === 'running');
  const o = run.optima(1000000);
  run.free();
  expect(res.phases).toHaveLength(o.phases.length);
  res.phases.forEach((p, i) => expect(p).toEqual({ ...direct.result.phases[i], ...optimumFields(o.phases[i]) }));
  expect(res.phases.some((p) => p.stageOptimum != null)).toBe(true);
  expect(res.stats.startDistance).toBe(o.start.twophase);
});

test('errors: unknown solver, bad cube, bad alg, bad params, duplicate id, control of no solve', () => {
  const h = harness();
  const bad = 'UUUUUUUURURRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB';
  h.api.handle({ type: REQUEST.SOLVE, id: 'b', solver: 'nosuch', scramble: 'R' });
  h.api.handle({ type: REQUEST.SOLVE, id: 'd', solver: 'twophase', facelets: bad });
  h.api.handle({ type: REQUEST.SOLVE, id: 'e', solver: 'twophase', scramble: 'R U Q' });
  h.api.handle({ type: REQUEST.SOLVE, id: 'f', solver: 'twophase', scramble: 'R', params: { maxLength: 99 } });
  h.api.handle({ type: REQUEST.SOLVE, id: 'g', solver: 'twophase', scramble: 'R', params: { 'a,b': 1 } });
  h.api.handle({ type: REQUEST.CANCEL, id: 'nothing' });
  h.api.handle({ type: REQUEST.PAUSE, id: 7 });
  expect(h.ended('b')[0]).toMatchObject({ code: 'E_SOLVER_UNKNOWN', message: expect.stringContaining('unknown solver "nosuch"') });
  expect(h.ended('d')[0].code).toMatch(/^E_/);
  expect(h.ended('e')[0]).toMatchObject({ code: 'E_TOKEN', message: 'unknown move "Q" at character 5' });
  expect(h.ended('f')[0]).toMatchObject({ code: 'E_PARAM_RANGE' });
  expect(h.ended('g')[0]).toMatchObject({ code: 'E_PARAM_VALUE' });
  expect(h.ended('nothing')[0]).toMatchObject({ code: ERROR.STATE });
  expect(h.ended(7)[0]).toMatchObject({ code: ERROR.STATE });
  for (const id of ['b', 'd', 'e', 'f', 'g', 'nothing', 7]) expect(h.ended(id)).toHaveLength(1);
  // two solves with one id: the second is refused, the first goes on to its result
  h.api.handle({ type: REQUEST.SOLVE, id: 'x', solver: 'greedy', scramble: "R U F'", seed: 1 });
  h.api.handle({ type: REQUEST.SOLVE, id: 'x', solver: 'greedy', scramble: "R U F'", seed: 1 });
  expect(h.ended('x')).toEqual([expect.objectContaining({ type: REPLY.ERROR, code: 'E_STATE' })]);
  h.pump();
  expect(h.ended('x').map((m) => m.type)).toEqual([REPLY.ERROR, REPLY.RESULT]);
  expect(h.api.jobs.size).toBe(0);
});

test('pause stops stepping, step does one unit, resume goes on, cancel ends with E_CANCELLED', () => {
  const h = harness();
  // hugo: one record per generation, and this run takes tens of thousands of them
  const solve = { type: REQUEST.SOLVE, solver: 'hugo', scramble: "R U F' L2 D B", seed: 3 };
  h.api.handle({ ...solve, id: 'p', paused: true });
  expect(h.of('p', REPLY.STATE).map((m) => m.state)).toEqual([RUN_STATE.STARTING, RUN_STATE.RUNNING, RUN_STATE.PAUSED]);
  h.pump();
  expect(h.of('p', REPLY.PROGRESS)).toHaveLength(0); // nothing runs while paused
  h.api.handle({ type: REQUEST.STEP, id: 'p' });
  h.pump();
  const after1 = h.of('p', REPLY.PROGRESS).flatMap((m) => m.records);
  expect(after1).toHaveLength(1); // one work unit, flushed at once while paused
  h.api.handle({ type: REQUEST.STEP, id: 'p' });
  h.api.handle({ type: REQUEST.STEP, id: 'p' });
  h.pump();
  expect(h.of('p', REPLY.PROGRESS).flatMap((m) => m.records).map((r) => r.gen)).toEqual([1, 2, 3]);
  h.api.handle({ type: REQUEST.RESUME, id: 'p' });
  for (let k = 0; k < 5; k++) { h.tick(FLUSH_MS); h.pump(1); }
  const gens = h.of('p', REPLY.PROGRESS).flatMap((m) => m.records).map((r) => r.gen);
  expect(gens.length).toBeGreaterThan(3);
  expect(gens).toEqual(gens.map((_, i) => i + 1));
  const inUse = core.memory().inUse;
  h.api.handle({ type: REQUEST.CANCEL, id: 'p' });
  expect(h.ended('p')).toEqual([expect.objectContaining({ type: REPLY.ERROR, code: ERROR.CANCELLED })]);
  expect(core.memory().inUse).toBeLessThan(inUse); // the run was freed
  h.pump();
  expect(h.ended('p')).toHaveLength(1);
  h.api.handle({ type: REQUEST.RESUME, id: 'p' });
  expect(h.ended('p')[1]).toMatchObject({ code: ERROR.STATE });
});

test('scramble, warm and memory requests get one result each', () => {
  const h = harness();
  h.api.handle({ type: REQUEST.SCRAMBLE, id: 'm', kind: 'moves', n: 12, seed: 4 });
  h.api.handle({ type: REQUEST.SCRAMBLE, id: 'r', kind: 'random-state', seed: 4 });
  h.api.handle({ type: REQUEST.WARM, id: 'w' });
  h.api.handle({ type: REQUEST.MEMORY, id: 'y' });
  expect(h.ended('m')[0]).toMatchObject({ type: REPLY.RESULT, scramble: core.scrambleMoves(12, 4), kind: 'moves' });
  expect(h.ended('r')[0]).toMatchObject({ type: REPLY.RESULT, scramble: core.randomStateScramble(4), kind: 'random-state' });
  expect(h.ended('w')[0]).toMatchObject({ type: REPLY.RESULT, warmed: true });
  expect(h.ended('y')[0].memory).toEqual({ inUse: expect.any(Number), heap: expect.any(Number), jobs: 0 });
  h.api.handle({ type: REQUEST.SCRAMBLE, id: 'bad', kind: 'moves', n: -1 });
  expect(h.ended('bad')[0]).toMatchObject({ type: REPLY.ERROR, code: 'E_RANGE' });
});

test('a trap inside the core is a fatal E_CRASH, and the job is dropped', () => {
  const h = harness();
  h.api.handle({ type: REQUEST.SOLVE, id: 't', solver: 'greedy', scramble: "R U F' L", seed: 1 });
  const job = h.api.jobs.get('t');
  job.run.advance = () => { throw new WebAssembly.RuntimeError('unreachable'); };
  h.pump();
  expect(h.ended('t')).toEqual([expect.objectContaining({ type: REPLY.ERROR, code: ERROR.CRASH, fatal: true, message: expect.stringContaining('unreachable') })]);
  expect(h.api.jobs.size).toBe(0);
});

test('params objects become the core\'s text; separators are refused', () => {
  expect(paramsText({ a: 1, bB: 'x.5' })).toBe('a=1,bB=x.5');
  expect(paramsText('a=1')).toBe('a=1');
  expect(paramsText(null)).toBe('');
  expect(() => paramsText({ a: '1,b=2' })).toThrow(/malformed/);
  // the bounds: a name of 40 characters and a value of 40 pass, 41 of either is refused
  const k40 = `k${'x'.repeat(39)}`;
  expect(paramsText({ [k40]: '1'.repeat(40) })).toBe(`${k40}=${'1'.repeat(40)}`);
  expect(() => paramsText({ [`${k40}x`]: '1' })).toThrow(/malformed/);
  expect(() => paramsText({ a: '1'.repeat(41) })).toThrow(/malformed/);
  expect(() => paramsText({ a: '' })).toThrow(/malformed/);
  expect(() => paramsText({ 'a.b': '1' })).toThrow(/malformed/); // a key has no dot (KEY_RE)
  // and back: the page's text form, ',' ';' or spaces between, values kept as text
  expect(parseParamsText('a=1, b=x.5;c=2')).toEqual({ a: '1', b: 'x.5', c: '2' });
  expect(parseParamsText('')).toEqual({});
});

test('one island-count check for the page, links and the CLI', () => {
  expect(parseIslands('4')).toEqual({ ok: true, k: 4 });
  expect(parseIslands(' 64 ')).toEqual({ ok: true, k: 64 });
  expect(parseIslands(1)).toEqual({ ok: true, k: 1 });
  for (const bad of ['0', '65', '2.5', '-1', '0x2', '1e1', '', 2 ** 32 + 1, 'x'.repeat(50)]) {
    const v = parseIslands(bad, '--islands');
    expect(v.ok).toBe(false);
    expect(v.error).toMatch(/^--islands must be a whole number from 1 to 64 \(got "/);
  }
});

// The records a job's run really produced, counted at the core: every advance() the worker
// makes is recorded here, so what the page received can be checked against the generations
// that were run (not against the worker's own bookkeeping).
function spyRun(h, id, { failAfter = Infinity } = {}) {
  const job = h.api.jobs.get(id);
  const real = job.run.advance.bind(job.run);
  const produced = [];
  let calls = 0;
  job.run.advance = (...a) => {
    if (++calls > failAfter) throw new WebAssembly.RuntimeError('unreachable');
    const step = real(...a);
    produced.push(...step.records);
    return step;
  };
  return produced;
}
const received = (h, id) => h.of(id, REPLY.PROGRESS).flatMap((m) => m.records);
const gensFrom1 = (records) => records.map((_, i) => i + 1);

test('cancel posts every record of the generations run, also those still queued, before E_CANCELLED', () => {
  const h = harness();
  h.api.handle({ type: REQUEST.SOLVE, id: 'c', solver: 'hugo', scramble: "R U F' L2 D B", seed: 3 });
  const produced = spyRun(h, 'c');
  h.pump(1); // one slice (about SLICE_MS steps of the 1 ms clock), not yet FLUSH_MS: all queued
  expect(produced.length).toBeGreaterThan(1);
  expect(received(h, 'c')).toHaveLength(0); // the test is about queued records: none posted yet
  h.api.handle({ type: REQUEST.CANCEL, id: 'c' });
  const got = received(h, 'c');
  expect(got).toEqual(produced);
  expect(got.map((r) => r.gen)).toEqual(gensFrom1(got));
  const last = h.sent.filter((m) => m.id === 'c').at(-1);
  expect(last).toMatchObject({ type: REPLY.ERROR, code: ERROR.CANCELLED });
  // the same after flushed batches: run on past several flushes, one more slice, cancel
  h.api.handle({ type: REQUEST.SOLVE, id: 'c2', solver: 'hugo', scramble: "R U F' L2 D B", seed: 3 });
  const produced2 = spyRun(h, 'c2');
  for (let k = 0; k < 6; k++) { h.tick(FLUSH_MS); h.pump(1); }
  h.pump(1);
  const before = received(h, 'c2').length;
  expect(before).toBeGreaterThan(0);
  expect(produced2.length).toBeGreaterThan(before);
  h.api.handle({ type: REQUEST.CANCEL, id: 'c2' });
  expect(received(h, 'c2')).toEqual(produced2);
});

test('pause posts every record run before it, then nothing until a step or resume', () => {
  const h = harness();
  h.api.handle({ type: REQUEST.SOLVE, id: 'q', solver: 'hugo', scramble: "R U F' L2 D B", seed: 3 });
  const produced = spyRun(h, 'q');
  h.pump(1);
  expect(received(h, 'q')).toHaveLength(0);
  h.api.handle({ type: REQUEST.PAUSE, id: 'q' });
  const atPause = produced.length;
  expect(received(h, 'q')).toEqual(produced);
  // the paused state comes after the records
  const msgs = h.sent.filter((m) => m.id === 'q');
  expect(msgs.at(-1)).toMatchObject({ type: REPLY.STATE, state: RUN_STATE.PAUSED });
  h.tick(10 * FLUSH_MS);
  h.pump();
  expect(produced).toHaveLength(atPause); // nothing runs while paused
  h.api.handle({ type: REQUEST.STEP, id: 'q' });
  h.pump();
  expect(produced).toHaveLength(atPause + 1); // one work unit (hugo: one generation)
  expect(received(h, 'q')).toEqual(produced);
  h.api.handle({ type: REQUEST.CANCEL, id: 'q' });
  expect(received(h, 'q').map((r) => r.gen)).toEqual(gensFrom1(produced));
});

test('a crash posts the records of the generations run before it, then one fatal E_CRASH', () => {
  const h = harness();
  h.api.handle({ type: REQUEST.SOLVE, id: 'k', solver: 'hugo', scramble: "R U F' L2 D B", seed: 3 });
  const produced = spyRun(h, 'k', { failAfter: 5 }); // five generations, then a trap
  h.pump();
  expect(produced).toHaveLength(5);
  expect(received(h, 'k')).toEqual(produced);
  expect(h.ended('k')).toEqual([expect.objectContaining({ type: REPLY.ERROR, code: ERROR.CRASH, fatal: true })]);
  expect(h.sent.filter((m) => m.id === 'k').at(-1)).toMatchObject({ code: ERROR.CRASH });
  expect(h.api.jobs.size).toBe(0);
});

test('a finished run posts every record before its one result, whatever the clock', () => {
  for (const tickMs of [0, 1, FLUSH_MS, 1000]) {
    const h = harness();
    h.api.handle({ type: REQUEST.SOLVE, id: 'f', solver: 'hugo', scramble: "R U F' L2", seed: 7, params: 'maxGenerations=5000' });
    const produced = spyRun(h, 'f');
    while (!h.ended('f').length) { h.tick(tickMs); h.pump(1); }
    expect(received(h, 'f')).toEqual(produced);
    const [res] = h.ended('f');
    expect(res.type).toBe(REPLY.RESULT);
    expect(produced).toHaveLength(res.stats.generations); // one record per generation run
    expect(h.sent.filter((m) => m.id === 'f').at(-1)).toBe(res);
  }
});
