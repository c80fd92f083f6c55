// watch.mjs - watching and revisiting a run (the page's "Watch" panel), a subscriber of the run
// model (web/lib/run/run.mjs) beside the live view, never in the progress path: the tempo
// control (the run's tempo, web/lib/run/tempo.mjs, set here and kept for the next run) and
// "start paused", the measured generations per second, and, loaded on demand when the user
// opens the panel, the generation scrubber and the population and swarm views
// (watch-views.lazy.mjs), which replay the run so far from its record log. Their history is
// the run's one log seen as the followed island's alone, thinned to WATCH_MAX records
// (web/lib/record-log.mjs island(), whose default bound that is); the panel keeps no records
// of its own.
//   new Watch({ core, stage })   stage: the scrubber draws there, never on the input net
//   follow(run)   a run begins (the page calls it for every run); add(records): the followed
//                 island's records, passed on to the views
//   rate          the tempo now (null: full speed, 0: step by step); startPaused
//   setTempo(rate)  the tempo from outside the panel (a first visit's suggestion)
//   scrubbing     the user looks at an earlier generation (the live best is not drawn)
//   history, facelets, core, stage, solver: what the views read
import { byId as $, setText } from '../common/dom.mjs';

const EMPTY = { length: 0, at: () => undefined, all: () => [], seen: 0, stride: 1, last: null };

// one history object for every run (the views hold it from their start): the followed run's
// log as its followed island's, thinned to WATCH_MAX
function history(watch) {
  return {
    get length() { return watch.kept.length; },
    at: (i) => watch.kept.at(i),
    all: () => watch.kept.all(),
    get seen() { return watch.kept.seen; },
    get stride() { return watch.kept.stride; },
    get last() { return watch.kept.last; },
  };
}
const perSecond = (rate) => (rate < 10 ? rate.toFixed(1) : Math.round(rate).toLocaleString('en-US'));

export class Watch {
  constructor({ core, stage }) {
    Object.assign(this, { core, stage, view: stage.view, views: null, run: null, kept: EMPTY, scrubbing: false, offs: [] });
    this.history = history(this);
    $('tempo').addEventListener('change', () => this._tempo());
    this._tempo();
    const box = $('watch-box');
    box.addEventListener('toggle', () => { if (box.open) this._load(); });
  }

  _tempo() {
    const v = $('tempo').value;
    this.rate = v === '' ? null : Number(v);
    setText($('tempo-out'), v === '' ? 'full speed' : v === '0' ? 'step by step' : `${v} generations/s`);
    if (this.run && !this.run.ended) this.run.setRate(this.rate);
  }

  setTempo(rate) {
    $('tempo').value = rate == null ? '' : String(rate);
    this._tempo();
  }

  get startPaused() { return $('start-paused').checked; }

  get facelets() { return this.run ? this.run.request.facelets : null; }

  get solver() { return this.run ? this.run.request.solver : ''; }

  _load() {
    if (this.loading) return;
    this.loading = import('./watch-views.lazy.mjs').then((m) => {
      this.views = m.mountViews({ host: $('watch-views'), watch: this });
      if (!this.run) return; // no run yet: nothing to show
      this.views.reset(this.solver); // the run so far, from its log
      if (this.run.ended) this.views.end();
    }).catch((e) => setText($('watch-views'), `The watch views could not load (${e.message}).`));
  }

  follow(run) {
    for (const off of this.offs) off();
    this.run = run;
    const own = () => run.log.island(run.islands > 1 ? run.follow : null); // WATCH_MAX of them
    this.kept = own();
    this.gen = { t: performance.now(), gen: 0 };
    setText($('tempo-rate'), '');
    clearInterval(this.rateTimer);
    this.rateTimer = setInterval(() => this._rate(), 1000);
    this._views('reset', run.request.solver);
    this.offs = [
      run.on('progress', ({ island, records }) => { if (island === run.follow) this.add(records); }),
      run.on('end', () => {
        clearInterval(this.rateTimer);
        // after the run, its average (not the rate of its last, idle second)
        const ms = run.wallMs(), gen = run.shown ? run.shown.gen : 0;
        if (ms > 0) setText($('tempo-rate'), `the run: ${perSecond((gen * 1000) / ms)} generations/s on average`);
        if (run.islands > 1 && run.follow !== 0) { this.kept = own(); this._views('reset', run.request.solver); }
        this._views('end');
      }),
    ];
  }

  add(records) { this._views('add', records); }

  _rate() {
    const now = performance.now(), g = this.gen;
    const last = this.run && this.run.shown ? this.run.shown.gen : 0;
    const rate = ((last - g.gen) * 1000) / Math.max(1, now - g.t);
    Object.assign(g, { t: now, gen: last });
    $('tempo-rate').dataset.rate = String(rate);
    setText($('tempo-rate'), `now ${perSecond(rate)} generations/s`);
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
