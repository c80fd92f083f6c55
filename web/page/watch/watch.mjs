// watch.mjs - watching and revisiting a run (the page's "Watch" panel): the tempo control and
// "start paused" (web/page/watch/tempo.mjs), the run's bounded history (a RecordLog of
// web/lib/record-log.mjs, WATCH_MAX records, each tagged with its index), the measured
// generations per second, and, loaded on demand when the user opens the Watch panel, the
// generation scrubber and the population and swarm views (web/page/watch/watch-views.lazy.mjs),
// which then replay the history of the run so far. The solve sequence
// (web/page/run/solve.mjs) calls start(job, callbacks, startFn) -> handle (startFn(callbacks)
// starts the solve; island 0's records are the ones to pass on) and end(), and reads
// scrubbing (the live best individual is not drawn while the user looks at an earlier
// generation), stepping (step-by-step tempo: the Step button works), startPaused and
// requestPaused (the solve request's `paused`); setTempo(rate) sets the tempo from outside.
import { byId as $, setText } from '../common/dom.mjs';
import { RUN_STATE } from '../../lib/protocol.mjs';
import { Tempo } from './tempo.mjs';
import { RecordLog, WATCH_MAX } from '../../lib/record-log.mjs';

export class Watch {
  // core, stage: the page's core and stage (web/page/stage/stage.mjs: the scrubber draws
  // there, never on the input net)
  constructor({ core, stage }) {
    Object.assign(this, { core, stage, view: stage.view, tempo: new Tempo(), history: new RecordLog({ max: WATCH_MAX, index: true }), views: null, run: null, scrubbing: false });
    $('tempo').addEventListener('change', () => this._tempo());
    this._tempo();
    const box = $('watch-box');
    box.addEventListener('toggle', () => { if (box.open) this._load(); });
  }

  _tempo() {
    const v = $('tempo').value;
    this.tempo.set(v === '' ? null : Number(v));
    setText($('tempo-out'), v === '' ? 'full speed' : v === '0' ? 'step by step' : `${v} generations/s`);
  }

  // the tempo from outside the panel (a first visit's suggestion): rate per second, null: full speed
  setTempo(rate) {
    $('tempo').value = rate == null ? '' : String(rate);
    this._tempo();
  }

  _load() {
    if (this.loading) return;
    this.loading = import('./watch-views.lazy.mjs').then((m) => {
      this.views = m.mountViews({ host: $('watch-views'), watch: this });
      this.views.reset(this.solver); // the records so far, from the history
      if (!this.run) this.views.end();
    }).catch((e) => setText($('watch-views'), `The watch views could not load (${e.message}).`));
  }

  get startPaused() { return $('start-paused').checked; }

  // a solve request's `paused`: the user's start paused, or a tempo that holds it from its start
  get requestPaused() { return this.startPaused || this.tempo.rate !== null; }

  get stepping() { return !!this.run && this.tempo.rate === 0; }

  // the worker's "paused" while the tempo (not the user) holds it is shown as running
  state(s) { return s === RUN_STATE.PAUSED && this.run && !this.tempo.userPaused ? RUN_STATE.RUNNING : s; }

  start(job, callbacks, startFn) {
    const { solver } = job;
    const run = { facelets: job.facelets };
    this.run = run;
    this.facelets = job.facelets; // the run's cube: the scrubber applies a record's moves to it
    this.history.reset();
    this.gen = { t: performance.now(), gen: 0, last: 0, t0: performance.now() };
    setText($('tempo-rate'), '');
    clearInterval(this.rateTimer);
    this.rateTimer = setInterval(() => this._rate(), 1000);
    this.solver = solver;
    this._views('reset', solver);
    const handle = startFn({
      ...callbacks,
      // records of an earlier run that arrive late never enter this run's history
      onProgress: (records) => { callbacks.onProgress(records); if (this.run === run) this.add(records); },
      onState: (s) => callbacks.onState(this.state(s)),
    });
    // the user's start paused comes as a pause of the wrapped handle (the page's controller)
    return this.tempo.wrap(handle, false, !!job.paused);
  }

  add(records) {
    if (!records.length) return;
    this.history.add(records);
    this.gen.last = records[records.length - 1].gen;
    this._views('add', records);
  }

  _rate() {
    const now = performance.now();
    const g = this.gen;
    const rate = ((g.last - g.gen) * 1000) / (now - g.t);
    Object.assign(g, { t: now, gen: g.last });
    $('tempo-rate').dataset.rate = String(rate);
    setText($('tempo-rate'), `now ${rate < 10 ? rate.toFixed(1) : Math.round(rate)} generations/s`);
  }

  end() {
    this.tempo.end();
    clearInterval(this.rateTimer);
    // after the run, its average (not the rate of its last, idle second)
    const g = this.gen;
    if (g && this.run) {
      const rate = (g.last * 1000) / Math.max(1, performance.now() - g.t0);
      setText($('tempo-rate'), `the run: ${rate < 10 ? rate.toFixed(1) : Math.round(rate).toLocaleString('en-US')} generations/s on average`);
    }
    this.run = null;
    this._views('end');
  }

  // a call into the views that can never break the run or its result: a failure is shown
  _views(f, arg) {
    try {
      if (this.views) this.views[f](arg);
    } catch (e) {
      this.views = null;
      setText($('watch-views'), `The watch views stopped (${e.message}).`);
    }
  }
}
