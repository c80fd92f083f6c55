// run-controls.mjs - the run's buttons (Solve, Pause/Resume, Step, Cancel, live best on the
// cube; keys: space Pause/Resume, → Step), its status line, and the page's solver workers:
// island i's SolverClient (web/lib/client.mjs), made when first needed and kept warm between
// runs (island 0's is the page's solver worker, warmed at once). Solve makes a run, the model
// of one solve (web/lib/run/run.mjs), hands it the workers, and hands it to the live view
// (live-view.mjs) and, through onStart, to the page's other subscribers; none of them keeps
// records of its own. The run model, its texts and the islands table (run.lazy.mjs) are
// fetched at the first Solve. Other features are reached only through what the page
// (web/main.mjs) passes in:
//   new RunControls({ core, input, settings, stage, notify, pace, drawLive, clear, onStart,
//     onEnd, focusResult, onChange })
//     input     {cube, mode, pending, setup(), fields(), freeze(on)}  (web/page/input/)
//     settings  {request(), fields(), islandsUsed(), seed(), freeze(on)}  (web/page/settings/)
//     stage     {view, show(facelets, caption), caption(text), bringIntoView()} (web/page/stage/)
//     pace()    {paused, rate}: start paused, and the tempo (the Watch panel's)
//     drawLive() the live best individual may be drawn now (no playback, no scrubbing)
//     clear()   clear the shown result before a run; onStart(run): a run begins;
//     onEnd(outcome, run): show what the run left; focusResult(): focus the result's play
//               button when it can play (returns whether it did)
//     onChange() after every change of the run or of the workers (buttons, link)
//   solve()               run the input cube with the settings (nothing while a run goes; a
//                         solved cube is not run: a notice says to scramble it first)
//   update(ok)            the run's buttons; ok: the input and the settings allow a solve
//   idle()                the status line says idle again, unless a run goes
//   runUnavailable(why)   (a function) the core could not load: the status and Solve say so
//   randomScramble(seed)  -> {scramble, kind, seed}: random-state when the worker can, else
//                         25 random moves (the core's, here, when the worker fails)
//   run: the running or last run (web/lib/run/run.mjs), or null; busy: a run goes;
//   client, islandClients, live; unavailable: why solving is off for good, or null
// A crashed worker: the notice says what happened; when it was restarted, it offers to run
// the solve again. When it is down for good (it could not load the core, or it crashed three
// times in a minute), Solve is switched off and says why.
import { byId as $, setText, isTyping } from '../common/dom.mjs';
import { SolverClient } from '../../lib/client.mjs';
import { RUN_STATE } from '../../lib/protocol.mjs';
import { LiveView } from './live-view.mjs';

export const IDLE = 'idle';

// The core could not load (web/page/common/boot.mjs said why): the status line and Solve's
// tooltip say so.
export function runUnavailable(why) {
  setText($('status'), 'unavailable');
  $('status').dataset.state = 'unavailable';
  $('solve').title = `Solving is unavailable: ${why}.`;
}

export class RunControls {
  constructor({ core, input, settings, stage, notify, pace, drawLive, clear, onStart, onEnd, focusResult, onChange }) {
    Object.assign(this, { core, input, settings, stage, notify, pace, clear, onStart, onEnd, focusResult, onChange });
    Object.assign(this, { unavailable: null, run: null, randomState: false });
    const onCrash = (crash) => this._crashed(crash);
    this.client = new SolverClient({ warm: true, onCrash });
    this.islandClients = [this.client]; // island i's worker, started when first needed
    this.clientOf = (i) => {
      const all = this.islandClients;
      while (all.length <= i) all.push(new SolverClient({ name: `evocube island ${all.length + 1}`, onCrash }));
      return all[i];
    };
    this.client.ready.then((info) => { this.randomState = info.randomState; }, () => {});
    // the worker builds its tables once, before its first solve: "starting" says so meanwhile
    this.tablesReady = false;
    Promise.resolve(this.client.warmed).then(() => { this.tablesReady = true; if (this.busy) this._status(this.run.status); });
    this.live = new LiveView({ core, stage, wantsBest: () => $('show-best').checked && drawLive() });
    $('solve').addEventListener('click', () => this.solve());
    // the run's module fetched as the pointer or the focus comes to Solve, ahead of the press
    // (never during the page's first load; a failure is said when Solve needs it)
    for (const type of ['pointerenter', 'focus']) $('solve').addEventListener(type, () => this._module(true), { once: true });
    $('pause').addEventListener('click', () => this.run?.toggle());
    $('step').addEventListener('click', () => this.run?.step());
    $('cancel').addEventListener('click', () => this.run?.cancel());
    // keys during a run: space pauses and resumes (a focused button acts itself), → steps
    document.addEventListener('keydown', (e) => {
      if (!this.busy || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      if (e.key === ' ' && e.target.tagName !== 'BUTTON') { e.preventDefault(); this.run.toggle(); }
      else if (e.key === 'ArrowRight') { e.preventDefault(); this.run.step(); }
    });
    $('show-best').addEventListener('change', () => {
      if (!$('show-best').checked && this.busy) stage.show(this.run.input.facelets, 'your cube');
    });
  }

  get busy() { return !!this.run && !this.run.ended; }

  _crashed({ message, restarted, load }) {
    const during = this.busy ? ' in the middle of the solve' : '';
    if (restarted) {
      this.notify(`The solver crashed${during} (${message}). It was restarted in a fresh worker; press Retry to run the solve again.`,
        'error', 0, { label: 'Retry', run: () => this.solve() });
      return;
    }
    this.unavailable = load ? message : `the solver crashed again (${message}) and was not restarted`;
    this.notify(load
      ? `Solving is unavailable: ${message}. Reload the page to try again.`
      : `The solver crashed again${during} (${message}) and was not restarted, because it crashed several times within a minute; reload the page.`, 'error', 0);
    this.onChange();
  }

  async randomScramble(seed) {
    await this.client.ready.catch(() => {});
    try {
      const r = await this.client.scramble({ kind: this.randomState ? 'random-state' : 'moves', seed, n: 25 });
      return { ...r, seed };
    } catch {
      return { scramble: this.core.scrambleMoves(25, seed), kind: 'moves', seed };
    }
  }

  _status(s) {
    setText($('status'), s === RUN_STATE.STARTING && !this.tablesReady ? `${s} · preparing tables (once)` : s);
    $('status').dataset.state = s;
  }

  idle() { if (!this.busy) this._status(IDLE); }

  update(ok) {
    const run = this.busy ? this.run : null;
    $('solve').disabled = !!run || !ok || !!this.unavailable;
    $('solve').title = this.unavailable ? `Solving is unavailable: ${this.unavailable}. Reload the page.` : '';
    $('pause').disabled = !run;
    $('cancel').disabled = !run;
    $('step').disabled = !run || !(run.paused || run.tempo.stepping); // the step-by-step tempo
    setText($('pause'), run && run.paused ? 'Resume' : 'Pause');
  }

  // the run's module (run.lazy.mjs), fetched ahead of the first Solve or by it; null when it
  // could not load (said in a notice, unless ahead: then the Solve says it)
  async _module(ahead = false) {
    if (!this.runModule) {
      try { this.runModule = await import('./run.lazy.mjs'); } catch (e) {
        if (!ahead) this.notify(`The run could not start: a part of the page did not load (${e.message}). Check the connection and press Solve again.`, 'error');
        return null;
      }
    }
    return this.runModule;
  }

  async solve() {
    const { input, settings } = this;
    if (this.busy || this.waiting || $('solve').disabled) return;
    if (!input.pending && input.cube.facelets === this.core.apply('')) { // nothing to solve: say what to do
      this.notify('The cube is already solved: scramble it first (type a scramble, press Random scramble, or paint a cube), then press Solve.', 'warn');
      return;
    }
    this.clear(); // at once: what was shown goes with the press
    this.waiting = true; // one solve at a time, also while what it needs arrives
    let m;
    try {
      if (input.pending) { // a Random scramble on its way: solve it, not the cube before it
        setText($('status'), 'waiting for the random scramble');
        await input.pending;
      }
      m = await this._module();
    } finally { this.waiting = false; }
    if (!m || this.busy || $('solve').disabled) { this.idle(); return; }
    const k = settings.islandsUsed();
    const cube = input.cube;
    const req = settings.request();
    const { paused, rate } = this.pace();
    const run = new m.Run({
      request: { solver: req.solver, facelets: cube.facelets, seed: settings.seed().seed, params: req.params },
      // the run's own input: its cube, its scramble, and the settings' fields it ran with
      input: { facelets: cube.facelets, mode: input.mode, setup: input.setup(), fields: JSON.stringify(settings.fields()) },
      islands: k, client: this.clientOf, descriptor: this.core.solvers().find((s) => s.name === req.solver) || null,
      version: this.core.version(), paused, rate,
    });
    this.run = run;
    run.on('state', () => { this._status(run.status); this.onChange(); });
    document.body.dataset.run = 'on'; // a phone shows the chart under the cube meanwhile (app.css)
    this.live.follow(run, m);
    input.freeze(true);
    settings.freeze(true);
    this.stage.show(cube.facelets, 'your cube');
    this.stage.bringIntoView(); // panels stacked (a phone): the cube in view to watch the run
    this.onStart(run);
    this._status(run.status);
    this.onChange();
    // Solve is off during the run: keep the keyboard on the run's controls, not <body>, nor the
    // locked scramble box (Ctrl+Enter solves from it; space then pauses, and at the end plays)
    const lost = () => { const a = document.activeElement; return !a || a === document.body || a.disabled || a.readOnly === true; };
    if (lost()) $('pause').focus();
    const outcome = await run.start();
    delete document.body.dataset.run;
    input.freeze(false);
    settings.freeze(false);
    this.onEnd(outcome, run);
    this.onChange();
    if (lost() && !(outcome.result?.stats.solved && this.focusResult())) $('solve').focus();
  }
}
