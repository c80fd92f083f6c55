// run-controller.mjs - the run controller: one solve at a time, as a small state machine
// with no DOM in it (tests/js/run-controller.test.mjs drives it with a fake solver).
//
//   idle --start--> starting --(worker says running)--> running <--pause/resume--> paused
//   starting|running|paused --> solved | gave up | cancelled | error      (then idle again)
// (the words: IDLE here, RUN_STATE and STATUS in web/lib/protocol.mjs)
//
// A run owns its outputs: start() takes the run's input (its own cube and the settings it
// was started with, copied), and every outcome carries that input, never what the page's
// fields hold by then. The last progress record that had a best individual is kept, so
// Cancel and a give-up still have the best-so-far to show (outcome.best).
//
// Interface:
//   new RunController({ start, now, onChange })
//     start(request, {onProgress(records), onState(state)}) -> {promise, pause, resume, step, cancel}
//     now() -> ms (performance.now by default); onChange(controller) after every transition
//   run        the current run or null: {input, request, status, paused, best, records}
//   status     the latest status ('idle' before any run, else the last run's)
//   elapsed()  ms of the current (or last) run, paused time excluded, from 'running'
//   begin(input, request, {onProgress}) -> Promise<outcome>
//     outcome: {kind: STATUS.SOLVED | GAVE_UP | CANCELLED | ERROR, input, result?, error?, best,
//       improving: the records' shorter and shorter solutions (web/lib/evolved.mjs addImproving)}
//   pause(), resume(), toggle(), cancel()
//   step(held)  one work unit of a paused run, or (held: true) of a run a tempo holds
//               without the user's pause (the Watch panel's step-by-step tempo)

import { addImproving } from '../../lib/evolved.mjs';
import { ERROR, RUN_STATE, STATUS } from '../../lib/protocol.mjs';

export const IDLE = 'idle';
export const TERMINAL = [STATUS.SOLVED, STATUS.GAVE_UP, STATUS.CANCELLED, STATUS.ERROR];

export class RunController {
  constructor({ start, now = () => performance.now(), onChange = () => {} }) {
    Object.assign(this, { startFn: start, now, onChange });
    this.run = null;
    this.last = null; // the last run that ended
    this.status = IDLE;
  }

  get busy() { return !!this.run; }

  elapsed() {
    const r = this.run || this.last;
    if (!r || r.t0 == null) return 0;
    const end = r.endedAt != null ? r.endedAt : (r.paused ? r.pausedAt : this.now());
    return Math.max(0, end - r.t0 - r.pausedMs);
  }

  _set(run, status) {
    run.status = status;
    if (this.run === run || TERMINAL.includes(status)) this.status = status;
    this.onChange(this);
  }

  async begin(input, request, { onProgress = () => {} } = {}) {
    if (this.run) throw new Error('a run is already going');
    const run = {
      input: Object.freeze({ ...input }), request, status: RUN_STATE.STARTING, paused: false,
      t0: null, pausedAt: 0, pausedMs: 0, endedAt: null, best: null, records: 0, handle: null, improving: [],
    };
    this.run = run;
    this._set(run, RUN_STATE.STARTING);
    const callbacks = {
      onProgress: (records) => {
        if (this.run !== run) return;
        run.records += records.length;
        for (let i = records.length - 1; i >= 0; i--) {
          if (records[i].bestMoves != null && records[i].bestLength >= 0) { run.best = records[i]; break; }
        }
        addImproving(run.improving, records);
        onProgress(records);
      },
      onState: (state) => {
        if (this.run !== run) return;
        if (state === RUN_STATE.RUNNING && run.t0 == null) {
          run.t0 = this.now();
          // paused before the clock started (start paused): the pause counts from here
          if (run.paused) run.pausedAt = Math.max(run.pausedAt, run.t0);
        }
        // a 'running' that arrives after the user paused is the worker catching up
        if (!run.paused || state === RUN_STATE.PAUSED) this._set(run, state);
      },
    };
    run.handle = this.startFn(request, callbacks);
    let outcome;
    try {
      const result = await run.handle.promise;
      const solved = !!(result.stats && result.stats.solved);
      outcome = { kind: solved ? STATUS.SOLVED : STATUS.GAVE_UP, input: run.input, result, best: run.best, improving: run.improving };
    } catch (error) {
      outcome = { kind: error && error.code === ERROR.CANCELLED ? STATUS.CANCELLED : STATUS.ERROR, input: run.input, error, best: run.best };
    }
    if (run.paused) { run.pausedMs += this.now() - run.pausedAt; run.paused = false; }
    run.endedAt = this.now();
    if (run.t0 == null) run.t0 = run.endedAt;
    this.run = null;
    this.last = run;
    this._set(run, outcome.kind === STATUS.GAVE_UP && outcome.result.stats.status ? outcome.result.stats.status : outcome.kind);
    return outcome;
  }

  pause() {
    const run = this.run;
    if (!run || run.paused) return;
    run.paused = true;
    run.pausedAt = this.now();
    run.handle.pause();
    this._set(run, RUN_STATE.PAUSED);
  }

  resume() {
    const run = this.run;
    if (!run || !run.paused) return;
    run.pausedMs += this.now() - run.pausedAt;
    run.paused = false;
    run.handle.resume();
    this.onChange(this);
  }

  toggle() { if (this.run) (this.run.paused ? this.resume() : this.pause()); }

  step(held = false) { if (this.run && (this.run.paused || held)) this.run.handle.step(); }

  cancel() { if (this.run) this.run.handle.cancel(); }
}
