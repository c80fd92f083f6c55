// solve.mjs - the page's solve sequence: the workers (one SolverClient, island 0's, the page's
// solver worker; for K islands K of them, driven by web/lib/islands.mjs, fetched with the
// first island run through islands.lazy.mjs), the run controller
// (run-controller.mjs) and its start through the Watch panel's tempo, the live view
// (live-view.mjs), the run's buttons (Solve, Pause, Step, Cancel, live best; keys: space
// Pause/Resume, → Step) and status line,
// and one solve from the click to what it leaves. Other features are reached only through
// what the page (web/main.mjs) passes in:
//   new SolveSequence({ core, input, settings, watch, stage, notify, playing, clear, onEnd, onChange })
//     input     {cube, mode, setup(), freeze(on)}              (web/page/input/cube-input.mjs)
//     settings  {request(), fields(), islandsUsed(), seed(), freeze(on)}  (web/page/settings/)
//     watch     {requestPaused, startPaused, scrubbing, stepping, start(job, callbacks, startFn),
//                end()}                                         (web/page/watch/watch.mjs)
//     stage     {view, show(facelets, caption)}                 (web/page/stage/stage.mjs)
//     playing() a solution is loaded for playback (the live best is then not drawn)
//     clear()   clear the shown result before a run; onEnd(outcome, facelets): show what the
//               run left (RunController's outcome, errors included; facelets: its cube)
//     onChange() after every change of the run or of the workers (buttons, link)
//   solve()               run the input cube with the settings (nothing while a run goes)
//   update(ok)            the run's buttons; ok: the input and the settings allow a solve
//   idle()                the status line says idle again, unless a run goes
//   randomScramble(seed)  -> {scramble, kind, seed}: random-state when the worker can, else
//                         25 random moves (the core's, here, when the worker fails)
//   client, islandClients, controller, live; unavailable: why solving is off for good, or null;
//   log: the running solve's RunLog (web/lib/record-log.mjs), exported: the last one's;
//   resultFields: JSON of the settings' fields the last solve ran with
// A crashed worker: the notice says what happened; when it was restarted, it offers to run
// the solve again. When it is down for good (it could not load the core, or it crashed three
// times in a minute), Solve is switched off and says why.
import { byId as $, setText, isTyping } from '../common/dom.mjs';
import { SolverClient } from '../../lib/client.mjs';
import { RunLog } from '../../lib/record-log.mjs';
import { RUN_STATE, STATUS } from '../../lib/protocol.mjs';
import { RunController, IDLE } from './run-controller.mjs';
import { LiveView } from './live-view.mjs';

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export class SolveSequence {
  constructor({ core, input, settings, watch, stage, notify, playing, clear, onEnd, onChange }) {
    Object.assign(this, { core, input, settings, watch, stage, notify, clear, onEnd, onChange });
    Object.assign(this, { unavailable: null, log: null, exported: null, resultFields: null, randomState: false });
    const onCrash = (crash) => this._crashed(crash);
    this.client = new SolverClient({ warm: true, onCrash });
    this.islandClients = [this.client]; // island i's worker, started when first needed
    this.client.ready.then((info) => { this.randomState = info.randomState; }, () => {});
    // the worker builds its tables once, before its first solve: "starting" says so meanwhile
    this.tablesReady = false;
    Promise.resolve(this.client.warmed).then(() => { this.tablesReady = true; this._status(this.controller.status); });
    const islandClient = (i) => {
      const all = this.islandClients;
      while (all.length <= i) all.push(new SolverClient({ name: `evocube island ${all.length + 1}`, onCrash }));
      return all[i];
    };
    const controller = new RunController({
      // the tempo's handle over the run's; island 0's records also go to the Watch's history
      start: ({ job, islands }, callbacks) => watch.start(job, callbacks, (cb) => (islands === 1
        ? this.client.solve(job, cb)
        // K islands: island 0 feeds the tiles and the chart, every island its table row
        : this.islandsModule.solveIslands((i, request, c) => islandClient(i).solve(request, c), job, {
          islands,
          onProgress: (i, records) => {
            if (i === 0) return cb.onProgress(records);
            this.live.add(i, records);
            if (this.log) this.log.add(records, i); // the export holds every island
          },
          onState: (i, state) => { if (i === 0) cb.onState(state); },
          onEpoch: ({ epoch }) => this.live.setEpoch(epoch),
        }))),
      onChange: () => { this._status(controller.status); onChange(); },
    });
    this.controller = controller;
    this.live = new LiveView({
      core, stage,
      wantsBest: () => $('show-best').checked && !playing() && !watch.scrubbing,
      run: () => controller.run,
      elapsed: () => controller.elapsed(),
    });
    $('solve').addEventListener('click', () => this.solve());
    $('pause').addEventListener('click', () => controller.toggle());
    $('step').addEventListener('click', () => controller.step(watch.stepping));
    $('cancel').addEventListener('click', () => controller.cancel());
    // keys during a run: space pauses and resumes (a focused button acts itself), → steps
    document.addEventListener('keydown', (e) => {
      if (!controller.busy || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      if (e.key === ' ' && e.target.tagName !== 'BUTTON') { e.preventDefault(); controller.toggle(); }
      else if (e.key === 'ArrowRight') { e.preventDefault(); controller.step(watch.stepping); }
    });
    $('show-best').addEventListener('change', () => {
      if (!$('show-best').checked && controller.run) stage.show(controller.run.input.facelets, 'your cube');
    });
  }

  _crashed({ message, restarted, load }) {
    const during = this.controller && this.controller.busy ? ' in the middle of the solve' : '';
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

  idle() { if (!this.controller.busy) this._status(IDLE); }

  update(ok) {
    const run = this.controller.run;
    const running = !!run;
    $('solve').disabled = running || !ok || !!this.unavailable;
    $('solve').title = this.unavailable ? `Solving is unavailable: ${this.unavailable}. Reload the page.` : '';
    $('pause').disabled = !running;
    $('cancel').disabled = !running;
    $('step').disabled = !running || !(run.paused || this.watch.stepping); // the step-by-step tempo
    setText($('pause'), running && run.paused ? 'Resume' : 'Pause');
  }

  async solve() {
    const { controller, input, settings, watch, live } = this;
    if (controller.busy || this.waiting || $('solve').disabled) return;
    if (input.pending) { // a Random scramble on its way: solve it, not the cube before it
      this.waiting = true;
      setText($('status'), 'waiting for the random scramble');
      try { await input.pending; } finally { this.waiting = false; }
      if (controller.busy || $('solve').disabled) { this.idle(); return; }
    }
    const cube = input.cube;
    const req = settings.request();
    const runFields = JSON.stringify(settings.fields());
    const k = settings.islandsUsed();
    if (k > 1 && !this.islandsModule) {
      try { this.islandsModule = await import('./islands.lazy.mjs'); } catch (e) {
        this.notify(`The island model could not load (${e.message}); set Islands to 1 to solve.`, 'error');
        return;
      }
      if (controller.busy) return;
    }
    // paused when the user starts paused or a tempo holds the run from its start
    const job = { solver: req.solver, facelets: cube.facelets, seed: settings.seed().seed, params: req.params, paused: watch.requestPaused };
    const runInput = { facelets: cube.facelets, mode: input.mode, setup: input.setup() };
    this.clear();
    document.body.dataset.run = 'on'; // a phone shows the chart under the cube meanwhile (app.css)
    live.start(k, settings.panel.solver, req.params, this.islandsModule);
    input.freeze(true);
    settings.freeze(true);
    this.stage.show(cube.facelets, 'your cube');
    // panels stacked (a phone): bring the cube into view to watch the run, if it is not
    const box = $('view3d').getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      $('view3d').closest('section').scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
    }
    const log = new RunLog({ ...job, scramble: runInput.setup || null, islands: k }, this.core.version());
    this.log = log;
    const pending = controller.begin(runInput, { job, islands: k }, { onProgress: (records) => { live.add(0, records); log.add(records, 0); } });
    if (watch.startPaused) controller.pause();
    // Solve is off during the run: keep the keyboard on the run's controls, not <body>
    const lost = () => !document.activeElement || document.activeElement === document.body || document.activeElement.disabled;
    if (lost()) $('pause').focus();
    const outcome = await pending;
    this.resultFields = runFields;
    watch.end();
    this.log = null;
    delete document.body.dataset.run;
    this.exported = log.end(outcome);
    input.freeze(false);
    settings.freeze(false);
    live.stop(outcome.result && outcome.result.stats);
    this.onEnd(outcome, cube.facelets);
    this.onChange();
    if (lost()) $(outcome.kind === STATUS.SOLVED && !$('play').disabled ? 'play' : 'solve').focus();
  }
}
