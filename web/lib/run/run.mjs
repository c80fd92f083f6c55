// run.mjs - a run: one solve from its start to its outcome, with no DOM (the clock and the
// timers are injected), the one model every view of a solve reads. A run owns:
//  - its islands: K >= 1 runs driven through the one island coordinator (web/lib/islands.mjs
//    solveIslands; K = 1 is island 0 alone, the request unchanged), each island on the client
//    client(i) gives (web/lib/client.mjs SolverClient, or anything with its solve()); island 0
//    takes the same route as every other;
//  - its tempo (web/lib/run/tempo.mjs) and the user's pause, step and cancel;
//  - the state machine:
//      starting --(an island's worker runs)--> running <--pause()/resume()--> paused
//      starting|running|paused --> solved | gave up | cancelled | error  (the run's end)
//    pause() and resume() change the state at once (the workers follow; a worker's own
//    "paused" while the tempo holds it is not the user's and is not shown);
//  - one RecordLog (web/lib/record-log.mjs, EXPORT_MAX) of every island's records, each
//    island's latest one (log.latest) and latest with an individual (bests), the improving
//    solutions (web/lib/evolved.mjs addImproving, every island's);
//  - the timing: wallMs(), the wall time from the first island's start with paused time left
//    out, never decreasing; cpuMs, the workers' solving time (the result's timeMs) at the end;
//  - the outcome and the export (exportData()).
// It publishes (web/lib/run/events.mjs): 'progress' {island, records} for every batch of
// every island, 'state' (the state, the pause, the tempo or, at the end, the followed island
// changed), 'epoch' {epoch, islands} and 'end' (the outcome). Records that arrive after the
// end are dropped. Costs: O(records) per batch (the log's add), O(K) per reading of the
// leader or the evaluations.
//
//   const run = new Run({ request, input, islands, client, descriptor, version, paused, rate,
//     clock, timers, logMax, onError });
//     request   {solver, facelets, seed, params}: what the workers run
//     input     the run's own copy of what it was started on ({facelets, mode, setup, ...})
//     descriptor  the solver's entry of the core's solver list (better, phases, goals, ...)
//     paused    started paused; rate: the tempo (null full speed, 0 step by step, r per s)
//   const outcome = await run.start();   // also run.done
//     outcome {kind: solved | gave up | cancelled | error, input, result?, error?, best, improving}
//   run.pause(); run.resume(); run.toggle(); run.step(); run.cancel(); run.setRate(rate)
//   state, status (the state, or at the end the result's own status word), ended, paused,
//   follow (the island the live views show: 0, the winning island once an island run ends),
//   shown (its latest record), length (its best length: the result's once it returned one),
//   evaluations, leader(), best, log, result, error, epoch, tempo
import { Emitter } from './events.mjs';
import { Tempo } from './tempo.mjs';
import { RecordLog, EXPORT_MAX } from '../record-log.mjs';
import { solveIslands } from '../islands.mjs';
import { addImproving } from '../evolved.mjs';
import { ERROR, RUN_STATE, STATUS } from '../protocol.mjs';

const hasBest = (r) => !!r && r.bestLength >= 0 && r.bestMoves != null;

// The leader of records (one per island, null where none): the furthest phase among those
// with an individual, then the best fitness by the solver's direction, then the shorter
// best, then the lower island. Its index, or null when no record has an individual.
export function leaderOf(records, better = 'lower') {
  let lead = null;
  records.forEach((r, i) => {
    if (!r || !(r.bestLength >= 0)) return;
    const l = lead == null ? null : records[lead];
    const fit = l && (better === 'higher' ? r.best - l.best : l.best - r.best);
    if (!l || r.phase > l.phase || (r.phase === l.phase && (fit > 0 || (fit === 0 && r.bestLength < l.bestLength)))) lead = i;
  });
  return lead;
}

export class Run {
  constructor({ request, input = {}, islands = 1, client, descriptor = null, version = '', paused = false, rate = null,
    clock = () => performance.now(), timers = globalThis, logMax = EXPORT_MAX, onError } = {}) {
    Object.assign(this, { islands, client, descriptor, version, clock });
    this.request = Object.freeze({ ...request });
    this.input = Object.freeze({ ...input });
    this.events = new Emitter(onError);
    this.tempo = new Tempo(rate, timers);
    this.log = new RecordLog({ max: logMax, islands: islands > 1 });
    this.bests = new Array(islands).fill(null);
    this.improving = [];
    Object.assign(this, { state: RUN_STATE.STARTING, status: RUN_STATE.STARTING, paused, ended: false, follow: 0, epoch: islands > 1 ? 1 : 0 });
    Object.assign(this, { result: null, error: null, outcome: null, handle: null, done: null });
    // the clock: t0 at the first island's start; pausedAt, pausedMs: the user's pauses
    Object.assign(this, { t0: null, pausedAt: paused ? clock() : 0, pausedMs: 0, endedAt: null, wall: 0 });
  }

  on(name, fn) { return this.events.on(name, fn); }

  off(name, fn) { this.events.off(name, fn); }

  _key(i) { return this.islands > 1 ? i : null; }

  start() {
    if (this.done) return this.done;
    const held = this.paused || this.tempo.rate !== null; // the workers start held
    const start = (i, req, callbacks) => this.client(i).solve(req, callbacks);
    this.done = (async () => {
      try {
        this.handle = solveIslands(start, { ...this.request, paused: held }, {
          islands: this.islands,
          onProgress: (i, records) => this._progress(i, records),
          onState: (i, state) => this._started(state),
          onEpoch: (e) => { if (!this.ended) { this.epoch = e.epoch + 1; this.events.emit('epoch', e); } },
        });
        this.tempo.attach(this.handle, held, this.paused);
        const result = await this.handle.promise;
        const solved = !!(result.stats && result.stats.solved);
        return this._end({ kind: solved ? STATUS.SOLVED : STATUS.GAVE_UP, result });
      } catch (error) {
        return this._end({ kind: error && error.code === ERROR.CANCELLED ? STATUS.CANCELLED : STATUS.ERROR, error });
      }
    })();
    return this.done;
  }

  _progress(i, records) {
    if (this.ended || !records.length) return;
    this.log.add(records, this._key(i));
    for (let j = records.length - 1; j >= 0; j--) if (hasBest(records[j])) { this.bests[i] = records[j]; break; }
    addImproving(this.improving, records);
    this.events.emit('progress', { island: i, records });
  }

  // an island's worker state: the first that runs starts the clock (a later 'paused' or
  // 'running' is a worker following the tempo or the user, whose state the run already has)
  _started(state) {
    if (this.ended || this.t0 != null || (state !== RUN_STATE.RUNNING && state !== RUN_STATE.PAUSED)) return;
    this.t0 = this.clock();
    if (this.paused) this.pausedAt = Math.max(this.pausedAt, this.t0); // the pause counts from here
    this._set(this.paused ? RUN_STATE.PAUSED : RUN_STATE.RUNNING);
  }

  _set(state) {
    this.state = state;
    this.status = state;
    this.events.emit('state', state);
  }

  _end({ kind, result = null, error = null }) {
    const now = this.clock();
    if (this.paused && this.t0 != null) this.pausedMs += now - this.pausedAt;
    this.paused = false;
    this.endedAt = now;
    if (this.t0 == null) this.t0 = now;
    this.wallMs(); // the last reading before the end is kept: time never goes back
    this.ended = true;
    this.tempo.end();
    Object.assign(this, { result, error });
    if (result && this.islands > 1 && Number.isInteger(result.stats?.island)) this.follow = result.stats.island;
    this.outcome = { kind, input: this.input, ...(result ? { result } : { error }), best: this.best, improving: this.improving };
    this.state = kind;
    this.status = kind === STATUS.GAVE_UP && result.stats?.status ? result.stats.status : kind;
    this.events.emit('state', kind);
    this.events.emit('end', this.outcome);
    return this.outcome;
  }

  pause() {
    if (this.ended || this.paused || !this.handle) return;
    this.paused = true;
    this.pausedAt = this.clock();
    this.tempo.pause(true);
    this._set(RUN_STATE.PAUSED);
  }

  resume() {
    if (this.ended || !this.paused) return;
    if (this.t0 != null) this.pausedMs += this.clock() - this.pausedAt;
    this.paused = false;
    this.tempo.pause(false);
    this._set(this.t0 == null ? RUN_STATE.STARTING : RUN_STATE.RUNNING);
  }

  toggle() { if (this.paused) this.resume(); else this.pause(); }

  // one work unit of every island: while paused, or at the step-by-step tempo
  step() { if (!this.ended && this.handle && (this.paused || this.tempo.stepping)) this.handle.step(); }

  cancel() { if (!this.ended && this.handle) this.handle.cancel(); }

  setRate(rate) {
    this.tempo.set(rate);
    if (!this.ended) this.events.emit('state', this.state);
  }

  // ms of wall time from the first island's start, paused time left out; never less than an
  // earlier reading
  wallMs() {
    if (this.t0 == null) return 0;
    const end = this.endedAt != null ? this.endedAt : this.paused ? this.pausedAt : this.clock();
    if (!this.ended) this.wall = Math.max(this.wall, end - this.t0 - this.pausedMs, 0);
    return this.wall;
  }

  // the workers' solving time (pauses and start-up excluded), known at the end: the result's
  get cpuMs() { return this.result && Number.isFinite(this.result.stats?.timeMs) ? this.result.stats.timeMs : null; }

  get shown() { return this.log.latest(this._key(this.follow)); }

  // the followed island's best length: the returned solution's once the run returned one
  get length() {
    const r = this.shown;
    if (this.result && this.result.stats?.solved) return this.result.length;
    return r && r.bestLength >= 0 ? r.bestLength : null;
  }

  // evaluations of every island so far (the result's total at the end)
  get evaluations() {
    if (this.result && Number.isFinite(this.result.stats?.evaluations)) return this.result.stats.evaluations;
    let n = 0;
    for (let i = 0; i < this.islands; i++) n += this.log.latest(this._key(i))?.evaluations || 0;
    return n;
  }

  latest(i) { return this.log.latest(this._key(i)); }

  // the island that leads now (leaderOf over the islands' latest records); the winner at the end
  leader() {
    if (this.result && this.islands > 1 && Number.isInteger(this.result.stats?.island)) return this.result.stats.island;
    return leaderOf(Array.from({ length: this.islands }, (_, i) => this.latest(i)), this.descriptor?.better);
  }

  // the best individual so far, for a partial result: the leading island's latest that had one
  get best() {
    const i = leaderOf(this.bests, this.descriptor?.better);
    return i == null ? null : this.bests[i];
  }

  // The export (web/page/share/export.lazy.mjs writes it as JSON or CSV): the request, the
  // core's version, the kept records, the result, and `ended`, why there is no result:
  // 'running' until the end, the outcome's kind, or 'error: <message>'.
  exportData() {
    const o = this.outcome;
    const why = !o ? STATUS.RUNNING : o.result ? null : o.kind === STATUS.ERROR ? `error: ${o.error?.message}` : o.kind;
    return {
      evocube: this.version,
      request: { ...this.request, scramble: this.input.setup || null, islands: this.islands },
      records: this.log.all(),
      recordsSeen: this.log.seen,
      recordsStride: this.log.stride, // 1 = every record; k = every k-th (a long run, thinned evenly)
      result: this.result,
      ...(why ? { ended: why } : {}),
    };
  }
}
