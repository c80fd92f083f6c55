// run-controller.test.mjs - the page's run controller (web/page/run/run-controller.mjs) with no
// browser: a fake solver whose handle the test settles by hand, a fake clock. The state
// machine's transitions, pause/resume/step reaching the handle only when they apply, the
// clock excluding paused time, one run at a time, and a run owning its outputs: the outcome
// carries the input the run started with (a copy) and the last best individual, also on
// cancel and give-up.
import { RunController } from '../../web/page/run/run-controller.mjs';
import { ERROR } from '../../web/lib/protocol.mjs';

function fakeSolver() {
  const calls = [];
  let settle = null;
  let cb = null;
  const start = (request, callbacks) => {
    cb = callbacks;
    calls.push(['start', request]);
    const promise = new Promise((resolve, reject) => { settle = { resolve, reject }; });
    return {
      promise,
      pause: () => calls.push(['pause']),
      resume: () => calls.push(['resume']),
      step: () => calls.push(['step']),
      cancel: () => { calls.push(['cancel']); settle.reject(Object.assign(new Error('cancelled'), { code: ERROR.CANCELLED })); },
    };
  };
  return { start, calls, cb: () => cb, settle: () => settle };
}

function make() {
  const solver = fakeSolver();
  let t = 1000;
  const seen = [];
  const c = new RunController({ start: solver.start, now: () => t, onChange: (ctl) => seen.push(ctl.status) });
  return { c, solver, seen, tick: (ms) => { t += ms; } };
}

const rec = (gen, bestMoves, bestLength = bestMoves ? bestMoves.split(' ').length : -1) => ({ gen, phase: 0, best: 10 - gen, mean: 12, bestLength, bestMoves, evaluations: gen * 10 });

test('starting -> running -> paused -> running -> solved, the clock without paused time', async () => {
  const { c, solver, seen, tick } = make();
  const input = { facelets: 'F'.repeat(54), setup: "R U" };
  const p = c.begin(input, { job: 1 });
  expect(c.busy).toBe(true);
  expect(c.status).toBe('starting');
  solver.cb().onState('running');
  tick(100);
  expect(c.elapsed()).toBe(100);
  c.pause();
  expect(c.status).toBe('paused');
  tick(5000); // paused time is not run time
  expect(c.elapsed()).toBe(100);
  solver.cb().onState('running'); // a late 'running' from the worker while paused is ignored
  expect(c.status).toBe('paused');
  c.step();
  c.resume();
  expect(c.status).toBe('paused'); // until the worker says it runs again
  solver.cb().onState('running');
  expect(c.status).toBe('running');
  tick(50);
  expect(c.elapsed()).toBe(150);
  solver.settle().resolve({ solution: "U' R'", stats: { solved: true } });
  const out = await p;
  expect(out.kind).toBe('solved');
  expect(out.input).toEqual(input);
  expect(c.busy).toBe(false);
  expect(c.status).toBe('solved');
  expect(c.elapsed()).toBe(150); // frozen at the end
  expect(seen).toEqual(['starting', 'running', 'paused', 'paused', 'running', 'solved']);
  expect(solver.calls.map((x) => x[0])).toEqual(['start', 'pause', 'step', 'resume']);
});

test('step, pause and resume reach the solver only when they apply; one run at a time', async () => {
  const { c, solver } = make();
  c.step(); c.pause(); c.resume(); c.cancel(); // no run: nothing
  expect(solver.calls).toEqual([]);
  const p = c.begin({ facelets: 'x' }, {});
  await expect(c.begin({ facelets: 'y' }, {})).rejects.toThrow(/already/);
  c.step(); // not paused: no step
  c.resume(); // not paused: no resume
  c.pause(); c.pause(); // once
  expect(solver.calls.map((x) => x[0])).toEqual(['start', 'pause']);
  c.toggle(); // resumes
  expect(solver.calls.map((x) => x[0])).toEqual(['start', 'pause', 'resume']);
  solver.settle().resolve({ stats: { solved: true } });
  await p;
});

test('step(held): a run a tempo holds (not paused by the user) still steps', async () => {
  const { c, solver } = make();
  c.step(true); // no run: nothing
  const p = c.begin({ facelets: 'x' }, {});
  c.step(); // running, not held: no step
  c.step(true);
  c.step(true);
  expect(c.run.paused).toBe(false);
  expect(solver.calls.map((x) => x[0])).toEqual(['start', 'step', 'step']);
  solver.settle().resolve({ stats: { solved: true } });
  await p;
});

test('the outcome is the run\'s own: its input as started, even when the caller\'s object changes', async () => {
  const { c, solver } = make();
  const input = { facelets: 'A'.repeat(54), setup: 'R' };
  const p = c.begin(input, {});
  input.facelets = 'B'.repeat(54); // the page's field changed during the run
  input.setup = 'U';
  solver.settle().resolve({ stats: { solved: true } });
  const out = await p;
  expect(out.input).toEqual({ facelets: 'A'.repeat(54), setup: 'R' });
  expect(Object.isFrozen(out.input)).toBe(true);
});

test('cancel keeps the best individual so far (the last record that had one)', async () => {
  const { c, solver } = make();
  const got = [];
  const p = c.begin({ facelets: 'x' }, {}, { onProgress: (r) => got.push(...r) });
  solver.cb().onProgress([rec(1, 'R U'), rec(2, 'R U F')]);
  solver.cb().onProgress([rec(3, null)]); // no individual in this record
  c.cancel();
  const out = await p;
  expect(out.kind).toBe('cancelled');
  expect(out.best.gen).toBe(2);
  expect(out.best.bestMoves).toBe('R U F');
  expect(got.map((r) => r.gen)).toEqual([1, 2, 3]);
  expect(c.status).toBe('cancelled');
  expect(c.run).toBeNull();
});

test('a give-up and an error end the run with their own status; records of an old run are dropped', async () => {
  const { c, solver } = make();
  const old = [];
  let p = c.begin({ facelets: 'x' }, {}, { onProgress: (r) => old.push(...r) });
  const oldCb = solver.cb();
  oldCb.onProgress([rec(1, 'R')]);
  solver.settle().resolve({ stats: { solved: false, status: 'gave up' } });
  let out = await p;
  expect(out.kind).toBe('gave up');
  expect(out.best.bestMoves).toBe('R');
  expect(c.status).toBe('gave up');
  const got = [];
  p = c.begin({ facelets: 'y' }, {}, { onProgress: (r) => got.push(...r) });
  oldCb.onProgress([rec(9, 'U')]); // a late record of the finished run
  oldCb.onState('paused');
  expect(got).toEqual([]);
  expect(old.map((r) => r.gen)).toEqual([1]); // nor to the run it came from: it ended
  expect(c.status).toBe('starting');
  solver.settle().reject(Object.assign(new Error('boom'), { code: 'E_CRASH' }));
  out = await p;
  expect(out.kind).toBe('error');
  expect(out.error.message).toBe('boom');
  expect(out.best).toBeNull();
  expect(c.status).toBe('error');
});

test('start paused: paused before the worker runs, the clock reads 0 (never negative) until Resume', async () => {
  const { c, solver, tick } = make();
  const p = c.begin({ facelets: 'F'.repeat(54) }, { job: 1 });
  c.pause(); // the page's "start paused", before the worker's 'running'
  tick(233); // the worker's start-up
  solver.cb().onState('running');
  expect(c.elapsed()).toBe(0);
  tick(4000);
  expect(c.elapsed()).toBe(0);
  c.resume();
  tick(70);
  expect(c.elapsed()).toBe(70);
  solver.settle().resolve({ stats: { solved: true } });
  await p;
  expect(c.elapsed()).toBe(70);
});
