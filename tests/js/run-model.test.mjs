// run-model.test.mjs - the run model (web/lib/run/run.mjs) with no browser: fake island clients
// whose handles the test settles by hand, a clock and interval timers moved by hand. The state
// machine (start, pause, resume, step, cancel, done, error), pause/resume/step reaching the
// workers only when they apply, the tempo (web/lib/run/tempo.mjs) holding and stepping them,
// the clock leaving paused time out and never going back, a run owning its outputs (its input
// a frozen copy, the best individual so far on cancel and give-up), one log of every island's
// records, the leader of an island run (its phase first, then the solver's direction), the
// followed island becoming the winner, records after the end dropped, the export, and a
// subscriber's fault never reaching the run.
import { Run, leaderOf } from '../../web/lib/run/run.mjs';
import { ERROR } from '../../web/lib/protocol.mjs';
import { manualClock, manualTimers } from './run-streams.mjs';

// K fake clients: client(i).solve(request, callbacks) -> a handle that logs its calls; the
// test drives island i through isl[i] (its callbacks, resolve, reject)
function fakeIslands() {
  const isl = [];
  const calls = [];
  const client = (i) => ({
    solve: (request, cb) => {
      const s = { request, cb, calls: [] };
      s.promise = new Promise((resolve, reject) => Object.assign(s, { resolve, reject }));
      isl[i] = s;
      const log = (what) => () => { s.calls.push(what); calls.push(`${i}:${what}`); };
      return {
        promise: s.promise, pause: log('pause'), resume: log('resume'), step: log('step'), migrate: log('migrate'),
        cancel: () => { log('cancel')(); s.reject(Object.assign(new Error('cancelled'), { code: ERROR.CANCELLED })); },
      };
    },
  });
  return { isl, calls, client };
}

function make(options = {}) {
  const f = fakeIslands();
  const clock = manualClock();
  const timers = manualTimers();
  const states = [];
  const run = new Run({ request: { solver: 's', facelets: 'F'.repeat(54), seed: 1, params: {} }, input: { facelets: 'F'.repeat(54), setup: 'R U' },
    client: f.client, clock, timers, descriptor: { name: 's', better: 'lower', phases: ['a', 'b'] }, ...options });
  run.on('state', () => states.push(run.status));
  return { run, clock, timers, states, ...f };
}

const rec = (gen, bestMoves, extra = {}) => ({
  gen, phase: 0, phaseName: 'a', best: 10 - gen, mean: 12, bestLength: bestMoves ? bestMoves.split(' ').length : -1, bestMoves, evaluations: gen * 10, ...extra,
});
const solvedResult = (solution = "U' R'") => ({ solution, length: solution.split(' ').length, phases: [], stats: { solved: true, status: 'solved', timeMs: 40, evaluations: 99 } });

test('starting -> running -> paused -> running -> solved: the clock leaves paused time out and never goes back', async () => {
  const { run, clock, isl, calls, states } = make();
  const done = run.start();
  expect(run.start()).toBe(done); // once
  expect([run.state, run.wallMs()]).toEqual(['starting', 0]);
  expect(isl[0].request).toEqual({ solver: 's', facelets: 'F'.repeat(54), seed: 1, params: {}, paused: false });
  clock.tick(500); // the worker's start-up is not run time
  isl[0].cb.onState('running');
  expect(run.state).toBe('running');
  clock.tick(100);
  expect(run.wallMs()).toBe(100);
  run.pause();
  expect([run.state, run.paused]).toEqual(['paused', true]);
  clock.tick(5000);
  expect(run.wallMs()).toBe(100);
  isl[0].cb.onState('running'); // a worker catching up never overrides the user's pause
  expect(run.state).toBe('paused');
  run.step();
  run.resume();
  expect(run.state).toBe('running');
  clock.tick(50);
  expect(run.wallMs()).toBe(150);
  isl[0].resolve(solvedResult());
  const out = await done;
  expect(out.kind).toBe('solved');
  expect(out.input).toEqual({ facelets: 'F'.repeat(54), setup: 'R U' });
  expect([run.ended, run.state, run.status]).toEqual([true, 'solved', 'solved']);
  clock.tick(1000);
  expect(run.wallMs()).toBe(150); // frozen at the end
  expect(run.cpuMs).toBe(40);
  expect(states).toEqual(['running', 'paused', 'running', 'solved']);
  expect(calls).toEqual(['0:pause', '0:step', '0:resume']);
});

test('pause, resume, step and cancel reach the workers only when they apply', async () => {
  const { run, isl, calls } = make();
  run.pause(); run.resume(); run.step(); run.cancel(); // not started: nothing
  expect(calls).toEqual([]);
  const done = run.start();
  run.step(); // running, not paused: no step
  run.resume(); // not paused: nothing
  run.pause(); run.pause(); // once
  run.toggle(); // resumes
  expect(calls).toEqual(['0:pause', '0:resume']);
  isl[0].resolve(solvedResult());
  await done;
  run.pause(); run.step(); run.cancel(); // ended: nothing
  expect(calls).toEqual(['0:pause', '0:resume']);
});

test('the tempo: step by step holds the workers from the start and steps them; a rate steps them by its timer', async () => {
  const { run, isl, calls, timers } = make({ rate: 0 });
  const done = run.start();
  expect(isl[0].request.paused).toBe(true); // held from the first generation
  expect(run.tempo.stepping).toBe(true);
  isl[0].cb.onState('running');
  isl[0].cb.onState('paused'); // the worker held by the tempo: not the user's pause
  expect([run.state, run.paused]).toEqual(['running', false]);
  run.step();
  run.step();
  expect(calls).toEqual(['0:step', '0:step']);
  run.setRate(10); // 10 a second: an interval of 100 ms, one step a tick
  expect(timers.count).toBe(1);
  timers.fire();
  timers.fire();
  expect(calls.filter((c) => c === '0:step')).toHaveLength(4);
  run.pause(); // the user's pause stops the ticks
  expect(timers.count).toBe(0);
  run.resume();
  expect(timers.count).toBe(1);
  run.setRate(null); // full speed: the workers resume
  expect(timers.count).toBe(0);
  expect(calls.slice(-2)).toEqual(['0:pause', '0:resume']);
  isl[0].resolve(solvedResult());
  await done;
  expect(timers.count).toBe(0); // nothing left ticking after the end
});

test('start paused: the clock reads 0 (never negative) until resume', async () => {
  const { run, clock, isl, calls } = make({ paused: true });
  const done = run.start();
  expect(isl[0].request.paused).toBe(true);
  expect(calls).toEqual([]); // held from the start: nothing to pause, and no resume
  clock.tick(233);
  isl[0].cb.onState('running');
  expect(run.state).toBe('paused');
  clock.tick(4000);
  expect(run.wallMs()).toBe(0);
  run.resume();
  expect(calls).toEqual(['0:resume']);
  clock.tick(70);
  expect(run.wallMs()).toBe(70);
  isl[0].resolve(solvedResult());
  await done;
  expect(run.wallMs()).toBe(70);
});

test('cancel keeps the best individual so far; records after the end are dropped; the run owns its input', async () => {
  const input = { facelets: 'A'.repeat(54), setup: 'R' };
  const { run, isl } = make({ input });
  input.facelets = 'B'.repeat(54); // the page's field changes during the run
  const seen = [];
  run.on('progress', ({ records }) => seen.push(...records.map((r) => r.gen)));
  const done = run.start();
  isl[0].cb.onProgress([rec(1, 'R U'), rec(2, 'R U F')]);
  isl[0].cb.onProgress([rec(3, null)]); // no individual in this record
  run.cancel();
  const out = await done;
  expect(out.kind).toBe('cancelled');
  expect(out.best).toMatchObject({ gen: 2, bestMoves: 'R U F' });
  expect(out.input).toEqual({ facelets: 'A'.repeat(54), setup: 'R' });
  expect(Object.isFrozen(out.input)).toBe(true);
  isl[0].cb.onProgress([rec(4, 'R')]); // late
  expect(seen).toEqual([1, 2, 3]);
  expect(run.log.seen).toBe(3);
  expect(run.shown.gen).toBe(3);
  expect(run.length).toBeNull(); // the shown record has no individual
  expect(run.exportData()).toMatchObject({ result: null, ended: 'cancelled', recordsSeen: 3, request: { solver: 's', scramble: 'R', islands: 1 } });
});

test('a give-up ends with the result\'s own status, an error with its message', async () => {
  let t = make();
  let done = t.run.start();
  t.isl[0].cb.onProgress([rec(1, 'R')]);
  t.isl[0].resolve({ solution: '', length: 0, phases: [], stats: { solved: false, status: 'gave up' } });
  let out = await done;
  expect([out.kind, t.run.status, out.best.bestMoves]).toEqual(['gave up', 'gave up', 'R']);
  expect(t.run.length).toBe(1); // the record's: no solution was returned
  t = make();
  done = t.run.start();
  t.isl[0].reject(Object.assign(new Error('boom'), { code: 'E_CRASH' }));
  out = await done;
  expect([out.kind, out.error.message, out.best, t.run.status]).toEqual(['error', 'boom', null, 'error']);
  expect(t.run.exportData().ended).toBe('error: boom');
  // a bad island count is an error outcome, not a throw
  out = await make({ islands: 0 }).run.start();
  expect(out.kind).toBe('error');
});

test('three islands: one log of every island, tagged; the leader by phase then fitness; the winner followed at the end', async () => {
  const { run, isl, calls } = make({ islands: 3 });
  const done = run.start();
  expect(isl.map((s) => [s.request.island, s.request.islands])).toEqual([[0, 3], [1, 3], [2, 3]]);
  isl[1].cb.onState('running');
  expect(run.state).toBe('running');
  isl[0].cb.onProgress([rec(1, 'R U F D', { best: 3 })]);
  isl[1].cb.onProgress([rec(1, 'R U', { best: 9, phase: 1 })]); // further on: leads whatever its fitness
  isl[2].cb.onProgress([rec(1, 'R', { best: 1 })]);
  expect(run.log.all().map((r) => r.island)).toEqual([0, 1, 2]);
  expect(run.leader()).toBe(1);
  expect(run.best.bestMoves).toBe('R U');
  expect(run.shown.island).toBe(0); // the live views follow island 0 while it runs
  expect(run.evaluations).toBe(30);
  isl[1].cb.onProgress([rec(2, 'R U B', { best: 2, phase: 1 })]);
  isl[2].cb.onProgress([rec(2, 'L', { best: 1, phase: 1 })]); // same phase, better fitness
  expect(run.leader()).toBe(2);
  run.pause();
  expect(calls).toEqual(['0:pause', '1:pause', '2:pause']);
  run.resume();
  // epoch 1 ends everywhere; island 1 solves in epoch 2
  for (const s of isl) s.cb.onEpoch({ epoch: 1, migrants: [1] });
  expect(run.epoch).toBe(2);
  isl[1].resolve(solvedResult('R U B2'));
  for (const i of [0, 2]) isl[i].cb.onEpoch({ epoch: 2, migrants: [] });
  const out = await done;
  expect(out.kind).toBe('solved');
  expect([run.follow, run.shown.island, run.leader(), run.length]).toEqual([1, 1, 1, 3]);
  expect(calls.filter((c) => /cancel/.test(c))).toEqual(['0:cancel', '2:cancel']);
});

test('leaderOf: the furthest phase, then the better fitness by direction, then the shorter, then the lower island', () => {
  const r = (phase, best, bestLength = 5) => ({ phase, best, bestLength });
  expect(leaderOf([r(0, 1), r(1, 50), null], 'lower')).toBe(1);
  expect(leaderOf([r(1, 7), r(1, 5)], 'lower')).toBe(1);
  expect(leaderOf([r(1, 7), r(1, 5)], 'higher')).toBe(0);
  expect(leaderOf([r(0, 5, 9), r(0, 5, 4), r(0, 5, 4)], 'lower')).toBe(1);
  expect(leaderOf([r(0, 5, -1), null])).toBeNull();
});

test('a subscriber that throws does not stop the run or the other subscribers', async () => {
  const faults = [];
  const { run, isl } = make({ onError: (e) => faults.push(e.message) });
  const got = [];
  run.on('progress', () => { throw new Error('a broken view'); });
  const off = run.on('progress', ({ records }) => got.push(records.length));
  const done = run.start();
  isl[0].cb.onProgress([rec(1, 'R')]);
  off();
  isl[0].cb.onProgress([rec(2, 'R')]);
  isl[0].resolve(solvedResult());
  expect((await done).kind).toBe('solved');
  expect(got).toEqual([1]);
  expect(faults).toEqual(['a broken view', 'a broken view']);
});
