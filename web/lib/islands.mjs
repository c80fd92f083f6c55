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
  const v = Number.isInteger(islands) ? parseIslands(islands) : parseIslands(String(islands));
  if (!v.ok) throw new SolveError('E_RANGE', v.error);
  return new IslandRun(start, request, islands, { onProgress, onState, onEpoch }).handle();
}

// One run of K islands: isl[i] is island i's state {i, handle, waiting (at an epoch's end),
// epochs, migrants (its export at that end), result, doneEpoch, gens, evals}.
class IslandRun {
  constructor(start, request, K, callbacks) {
    Object.assign(this, { K, callbacks, isl: [], epoch: 1, settled: false });
    this.promise = new Promise((res, rej) => { this.resolve = res; this.reject = rej; });
    for (let i = 0; i < K; i++) this._start(start, request, i);
    this._check();
  }

  _live() { return this.isl.filter((s) => !s.result); }

  _summary() {
    return this.isl.map((s) => ({
      island: s.i, generations: s.gens, status: s.result ? s.result.stats.status : s.waiting ? STATUS.EPOCH : STATUS.RUNNING,
    }));
  }

  _start(start, request, i) {
    const { K, callbacks: { onProgress, onState } } = this;
    const s = { i, handle: null, waiting: false, epochs: 0, migrants: null, result: null, doneEpoch: 0, gens: 0, evals: 0 };
    this.isl.push(s);
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
        this._check();
      },
    });
    s.handle.promise.then((r) => {
      if (this.settled) return;
      s.result = r;
      s.doneEpoch = s.epochs + 1;
      if (Number.isFinite(r.stats?.generations)) s.gens = r.stats.generations;
      if (Number.isFinite(r.stats?.evaluations)) s.evals = r.stats.evaluations;
      this._check();
    }, (e) => this._fail(K === 1 ? e : Object.assign(e instanceof Error ? e : new SolveError(ERROR.CRASH, String(e)), { island: i })));
  }

  _settle(winner) {
    this.settled = true;
    for (const s of this._live()) s.handle.cancel();
    const { isl } = this;
    const w = winner || isl[0];
    const r = w.result || { solution: '', length: 0, phases: [], stats: { status: STATUS.GAVE_UP, solved: false } };
    const totals = { generations: isl.reduce((a, s) => a + s.gens, 0), evaluations: isl.reduce((a, s) => a + s.evals, 0) };
    this.resolve({ ...r, stats: { ...r.stats, ...totals, islands: this.K, island: w.i, epochs: this.epoch, perIsland: this._summary() } });
  }

  _fail(e) {
    if (this.settled) return;
    this.settled = true;
    for (const s of this._live()) s.handle.cancel();
    this.reject(e);
  }

  // Called after every epoch message and every result: decide once every island is done
  // with the current epoch.
  _check() {
    const { isl, epoch } = this;
    if (this.settled || isl.length < this.K) return;
    if (isl.some((s) => !s.result && !s.waiting)) return;
    const solved = isl.filter((s) => s.result && s.doneEpoch === epoch && s.result.stats.solved).sort(byLength);
    if (solved.length) return this._settle(solved[0]);
    const running = isl.filter((s) => s.waiting);
    if (!running.length) return this._settle(null);
    if (this.callbacks.onEpoch) this.callbacks.onEpoch({ epoch, islands: this._summary() });
    const sends = running.map((s, k) => {
      const from = running[(k + running.length - 1) % running.length];
      return from === s ? [] : from.migrants;
    });
    this.epoch++;
    running.forEach((s, k) => {
      s.waiting = false;
      s.migrants = null;
      s.handle.migrate(sends[k]);
    });
  }

  handle() {
    const each = (f) => () => { for (const s of this._live()) f(s); };
    return {
      promise: this.promise,
      islands: this.K,
      pause: each((s) => s.handle.pause()),
      resume: each((s) => s.handle.resume()),
      step: each((s) => { if (!s.waiting) s.handle.step(); }),
      cancel: () => { if (!this.settled) this._fail(new SolveError(ERROR.CANCELLED, STATUS.CANCELLED)); },
    };
  }
}
