// islands.mjs - the one coordinator of the island model (DESIGN.md, "Islands"; evocube.h,
// "islands"), used by the page (one Web Worker per island) and the CLI (one worker thread per
// island). It knows no Worker: it drives K runs through a start function,
//   start(i, request, {onProgress, onState, onEpoch}) -> {promise, pause, resume, step, cancel, migrate}
// which is SolverClient.solve (web/lib/client.mjs) of island i's client, or anything shaped like it.
//
//   const run = solveIslands(start, {solver, facelets | scramble, seed, params}, {islands: K,
//     onProgress(i, records), onState(i, state), onEpoch({epoch, islands: [...]})});
//   run.pause(); run.resume(); run.step(); run.cancel();   // on every island
//   const result = await run.promise;   // the worker's result, stats.islands/island/epochs added
//
// The rule (why the result depends only on cube, solver, params, seed and K): every island
// runs epoch e to its end (the core stops it there) or finishes in it; only when all have
// done so is anything decided. If islands finished solved in epoch e, the shortest solution
// wins, ties to the lower island index, and the others are cancelled. If none is still
// running, the run gave up. Else every running island sends the migrants it exported at the
// end of e to the next running island along the ring (i+1, i+2, ... mod K), each running
// island imports what it was sent (nothing when it is the only one left), and epoch e+1
// begins. Messages may arrive in any order and at any speed; none of that is read. Islands in
// different phases exchange nothing (the core keeps migrants of another context out) and do
// not wait for each other at phase boundaries: a phase barrier would idle the faster workers.
// K = 1 is the plain run: the request goes to island 0 unchanged.

import { MAX_ISLANDS } from './core.mjs';
import { parseIslands } from './params.mjs';
import { ERROR, STATUS, SolveError } from './protocol.mjs';

export { MAX_ISLANDS };
// the page's default K (in params.mjs, so the page's first load does not carry this module)
export { defaultIslands } from './params.mjs';

const byLength = (a, b) => a.result.length - b.result.length || a.i - b.i;

export function solveIslands(start, request, { islands = 1, onProgress = null, onState = null, onEpoch = null } = {}) {
  const K = islands;
  const v = Number.isInteger(K) ? parseIslands(K) : parseIslands(String(K));
  if (!v.ok) throw new SolveError('E_RANGE', v.error);
  const isl = [];
  let epoch = 1, settled = false, resolve, reject;
  const promise = new Promise((res, rej) => { resolve = res; reject = rej; });

  const live = () => isl.filter((s) => !s.result);
  const totals = () => ({
    generations: isl.reduce((a, s) => a + s.gens, 0), evaluations: isl.reduce((a, s) => a + s.evals, 0),
  });
  const summary = () => isl.map((s) => ({
    island: s.i, generations: s.gens, status: s.result ? s.result.stats.status : s.waiting ? STATUS.EPOCH : STATUS.RUNNING,
  }));

  function settle(winner) {
    settled = true;
    for (const s of live()) s.handle.cancel();
    const w = winner || isl[0];
    const r = w.result || { solution: '', length: 0, phases: [], stats: { status: STATUS.GAVE_UP, solved: false } };
    resolve({
      ...r,
      stats: { ...r.stats, ...totals(), islands: K, island: w.i, epochs: epoch, perIsland: summary() },
    });
  }

  function fail(e) {
    if (settled) return;
    settled = true;
    for (const s of live()) s.handle.cancel();
    reject(e);
  }

  // Called after every epoch message and every result: decide once every island is done
  // with the current epoch.
  function check() {
    if (settled || isl.length < K) return;
    if (isl.some((s) => !s.result && !s.waiting)) return;
    const solved = isl.filter((s) => s.result && s.doneEpoch === epoch && s.result.stats.solved).sort(byLength);
    if (solved.length) return settle(solved[0]);
    const running = isl.filter((s) => s.waiting);
    if (!running.length) return settle(null);
    if (onEpoch) onEpoch({ epoch, islands: summary() });
    const sends = running.map((s, k) => {
      const from = running[(k + running.length - 1) % running.length];
      return from === s ? [] : from.migrants;
    });
    epoch++;
    running.forEach((s, k) => {
      s.waiting = false;
      s.migrants = null;
      s.handle.migrate(sends[k]);
    });
  }

  for (let i = 0; i < K; i++) {
    const s = { i, handle: null, waiting: false, epochs: 0, migrants: null, result: null, doneEpoch: 0, gens: 0, evals: 0 };
    isl.push(s);
    const req = K === 1 ? request : { ...request, island: i, islands: K };
    s.handle = start(i, req, {
      onProgress: (records) => {
        const last = records[records.length - 1];
        if (last) { s.gens = last.gen; s.evals = last.evaluations; }
        if (onProgress) onProgress(i, records);
      },
      onState: (state) => { if (onState) onState(i, state); },
      onEpoch: ({ migrants }) => {
        s.epochs++;
        s.waiting = true;
        s.migrants = migrants;
        check();
      },
    });
    s.handle.promise.then((r) => {
      if (settled) return;
      s.result = r;
      s.doneEpoch = s.epochs + 1;
      if (Number.isFinite(r.stats?.generations)) s.gens = r.stats.generations;
      if (Number.isFinite(r.stats?.evaluations)) s.evals = r.stats.evaluations;
      check();
    }, (e) => fail(K === 1 ? e : Object.assign(e instanceof Error ? e : new SolveError(ERROR.CRASH, String(e)), { island: i })));
  }
  check();

  const each = (f) => () => { for (const s of live()) f(s); };
  return {
    promise,
    islands: K,
    pause: each((s) => s.handle.pause()),
    resume: each((s) => s.handle.resume()),
    step: each((s) => { if (!s.waiting) s.handle.step(); }),
    cancel: () => {
      if (settled) return;
      fail(new SolveError(ERROR.CANCELLED, STATUS.CANCELLED));
    },
  };
}
