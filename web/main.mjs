// main.mjs - the page: loads the wasm core (for parsing, validation and states on the main
// thread; solving happens in workers), makes the components and wires them together. Each
// component (web/ui/) holds its own state behind a small interface:
//   CubeInput  (ui/cube-input.mjs)      the input cube: scramble field, painter, input net
//   Settings   (ui/settings.mjs)        solver, preset, params, seed, islands
//   Stage      (ui/stage.mjs)           the cube on stage (3D view or net) and its caption
//   RunController (ui/run-controller.mjs) one solve at a time, pause/step/cancel, no DOM
//   LiveView   (ui/live-view.mjs)       stat tiles, chart, islands table of the running solve
//   ResultView (ui/result-view.mjs)     result, partial result, playback, share/Twizzle links
//   the race   (web/page/race/race-picker.mjs)           mounted below with the input cube and seed
//   sharing    (web/page/share/share-tools.mjs)    copy solution, a link's solution shown unrun, the
//                                       run log that the JSON/CSV export writes
// main.mjs keeps what ties them: the workers (one SolverClient, or K of them for K islands
// through web/lib/islands.mjs), the Solve/Pause/Step/Cancel buttons, and the URL (kept in step
// with the settings through history.replaceState, so it is always a share link).
import { ERROR } from './lib/protocol.mjs';
import createEvocube from './gen/evocube.mjs';
import { createCore, loadFailureText } from './lib/core.mjs';
import { byId as $, setText, el, clear } from './page/common/dom.mjs';
import { FlatNet } from './page/input/net.mjs';
import { SolverClient } from './lib/client.mjs';
import { solveIslands } from './lib/islands.mjs';
import { Playback } from './page/result/playback.mjs';
import { readShare, buildShare, twizzleUrl } from './lib/share-link.mjs';
import { copyText } from './page/common/copy.mjs';
import { RunLog, showLinkSolution, compareWithLink, clearLinkSolution, wireExport } from './page/share/share-tools.mjs';
import { RacePanel } from './page/race/race-picker.mjs';
import { registerServiceWorker } from './sw-register.mjs';
import { notify } from './page/common/notices.mjs';
import { CubeInput } from './page/input/cube-input.mjs';
import { Settings, randomSeed } from './page/settings/settings.mjs';
import { Stage } from './page/stage/stage.mjs';
import { RunController } from './page/run/run-controller.mjs';
import { LiveView } from './page/run/live-view.mjs';
import { ResultView } from './page/result/result-view.mjs';
import { AboutPanel } from './page/about/about-panel.mjs';
import { firstVisitHint } from './page/common/hint.mjs';
import { Watch } from './page/watch/watch.mjs';
import { wireExperiments } from './page/experiments/open.mjs';

export { notify };

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function failed(e) {
  // nothing works without the core: say why in plain words, and switch the controls off
  // so none of them looks usable (the Solve button's tooltip repeats the reason)
  const why = loadFailureText(e);
  setText($('boot'), 'the solver core could not load');
  setText($('status'), 'unavailable');
  $('status').dataset.state = 'unavailable';
  for (const c of document.querySelectorAll('main button, main input, main select, main textarea')) c.disabled = true;
  $('solve').title = `Solving is unavailable: ${why}.`;
  notify(`The solver core could not load: ${why}. This page cannot read or solve cubes without it; check your connection and reload the page.`, 'error', 0);
  document.body.dataset.ready = 'failed';
}

async function boot() {
  let core;
  try {
    core = await createCore(createEvocube);
  } catch (e) {
    failed(e);
    return;
  }
  const solvers = core.solvers();
  const app = { core, solvers, run: null, result: null, unavailable: null };
  window.evocube = app; // for the console and the e2e tests (read-only use)
  setText($('version'), `evocube ${core.version()}`);

  // ---- the stage and the input
  let input = null;
  let race = null; // the race panel, made once the settings exist
  let controller = null;
  const net = new FlatNet($('net-host'), { onSticker: (i) => input.painter.paint(i) });
  const stage = await Stage.create({ net, inputMode: () => (input ? input.mode : 'scramble') });
  Object.assign(app, { view: stage.view, net, stage });

  const playback = new Playback({
    core, view: stage.view.available ? stage.view : null, net, list: $('moves'),
    buttons: { play: $('play'), back: $('step-back'), forward: $('step-forward') },
    speedInput: $('speed'), speedOut: $('speed-out'), counter: $('play-counter'),
    onState: (f) => stage.show(f, `solution playback · ${playback.index} of ${playback.moves.length} moves done`),
  });
  const results = new ResultView({ core, playback, stage, notify });
  Object.assign(app, { playback, results });

  // ---- workers. A crashed worker: say what happened; when it was restarted, offer to run
  // the solve again. When it is down for good (it could not load the core, or it crashed
  // three times in a minute), Solve is switched off and says why.
  const onCrash = ({ message, restarted, load }) => {
    const during = controller && controller.busy ? ' in the middle of the solve' : '';
    if (restarted) {
      notify(`The solver crashed${during} (${message}). It was restarted in a fresh worker; press Retry to run the solve again.`,
        'error', 0, { label: 'Retry', run: () => solve() });
      return;
    }
    app.unavailable = load ? message : `the solver crashed again (${message}) and was not restarted`;
    notify(load
      ? `Solving is unavailable: ${message}. Reload the page to try again.`
      : `The solver crashed again${during} (${message}) and was not restarted, because it crashed several times within a minute; reload the page.`, 'error', 0);
    refresh();
  };
  const workerClient = new SolverClient({ warm: true, onCrash });
  // island i's worker (island 0's is the page's solver worker); started when first needed
  const islandClients = [workerClient];
  const islandClient = (i) => {
    while (islandClients.length <= i) islandClients.push(new SolverClient({ name: `evocube island ${islandClients.length + 1}`, onCrash }));
    return islandClients[i];
  };
  Object.assign(app, { client: workerClient, islandClients });
  let randomState = false;
  workerClient.ready.then((info) => { randomState = info.randomState; }, () => {});

  async function randomScramble() {
    const seed = randomSeed();
    await workerClient.ready.catch(() => {});
    try {
      const r = await workerClient.scramble({ kind: randomState ? 'random-state' : 'moves', seed, n: 25 });
      return { ...r, seed };
    } catch {
      return { scramble: core.scrambleMoves(25, seed), kind: 'moves', seed };
    }
  }

  // ---- the run
  let runLog = null; // the running solve's RunLog (share: for the export)
  const watch = new Watch({ core, stage }); // watch
  app.watch = watch;
  controller = new RunController({
    // watch: the tempo's handle over the run's; records also go to the run's history
    start: ({ job, islands }, callbacks) => watch.start(job, callbacks, (cb) => (islands === 1
      ? workerClient.solve(job, cb)
      // K islands: island 0 feeds the tiles and the chart, every island its table row
      : solveIslands((i, request, callbacks) => islandClient(i).solve(request, callbacks), job, {
        islands,
        onProgress: (i, records) => {
          if (i === 0) return cb.onProgress(records);
          live.add(i, records);
          if (runLog) runLog.add(records, i); // share: the export holds every island
        },
        onState: (i, state) => { if (i === 0) cb.onState(state); },
        onEpoch: ({ epoch }) => live.setEpoch(epoch),
      }))),
    onChange: () => { setStatus(controller.status); refresh(); },
  });
  app.controller = controller;
  const live = new LiveView({
    core, stage,
    wantsBest: () => $('show-best').checked && !playback.moves.length && !watch.scrubbing, // watch: not while scrubbing
    run: () => controller.run,
    elapsed: () => controller.elapsed(),
  });
  app.chart = live.chart;

  input = new CubeInput({
    core, net, notify, randomScramble,
    onSubmit: () => solve(),
    onChange: (cube) => {
      if (results.facelets && !controller.busy && cube.facelets !== results.facelets) clearResult();
      if (cube.facelets && (cube.ok || input.mode === 'paint')) {
        playback.clear();
        stage.show(cube.facelets, 'your cube');
      }
      refresh();
    },
  });
  app.painter = input.painter;
  const settings = new Settings({ core, solvers, notify, onChange: () => refresh() });
  app.panel = settings.panel;
  const about = new AboutPanel({ solverName: () => settings.panel.select.value });

  function setStatus(s) {
    setText($('status'), s);
    $('status').dataset.state = s;
  }

  function clearResult() {
    results.clear();
    clearLinkSolution();
    app.result = null;
    if (!controller.busy) setStatus('idle');
  }

  function refresh() {
    const run = controller.run;
    const running = !!run;
    const ok = input.cube.ok && settings.ok() && !app.unavailable;
    settings.update();
    if (settings.panel.solver) live.setSolver(settings.panel.solver.name);
    about.update();
    $('solve').disabled = running || !ok;
    $('solve').title = app.unavailable ? `Solving is unavailable: ${app.unavailable}. Reload the page.` : '';
    $('pause').disabled = !running;
    $('cancel').disabled = !running;
    $('step').disabled = !running || !(run.paused || watch.stepping); // watch: step-by-step tempo
    setText($('pause'), running && run.paused ? 'Resume' : 'Pause');
    $('race-start').disabled = !race || !!app.unavailable || !input.cube.ok || !settings.seed().ok || race.running || race.picked().length === 0;
    updateUrl();
  }
  app.refresh = refresh;

  let urlTimer = 0;
  // The share link follows every change at once; the address bar (history.replaceState,
  // which browsers throttle) follows after a short pause in typing.
  function updateUrl() {
    const url = new URL(location.href);
    // share: the link carries the shown solution when this page's solver found it for this cube
    const r = results.result;
    // and only while the settings are the run's (a changed seed or param would re-run differently)
    const same = !app.resultFields || app.resultFields === JSON.stringify(settings.fields());
    const solution = r && r.stats.solved && !r.race && same && r.facelets === input.cube.facelets ? r.solution : null;
    url.search = buildShare({ ...settings.fields(), ...input.fields(), solution });
    url.hash = '';
    results.links(url.href, input.setup());
    clearTimeout(urlTimer);
    urlTimer = setTimeout(() => {
      const href = $('share-link').href;
      if (href !== location.href) history.replaceState(null, '', href);
    }, 120);
  }

  async function solve() {
    if (controller.busy || $('solve').disabled) return;
    const cube = input.cube;
    const req = settings.request();
    const runFields = JSON.stringify(settings.fields());
    const k = settings.islandsUsed();
    // watch: paused when the user starts paused or a tempo holds the run from its start
    const job = { solver: req.solver, facelets: cube.facelets, seed: settings.seed().seed, params: req.params, paused: watch.requestPaused };
    const runInput = { facelets: cube.facelets, mode: input.mode, setup: input.setup() };
    playback.clear();
    clearResult();
    live.start(k);
    input.freeze(true);
    settings.freeze(true);
    stage.show(cube.facelets, 'your cube');
    // panels stacked (a phone): bring the cube into view to watch the run, if it is not
    const box = $('view3d').getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      $('view3d').closest('section').scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' });
    }
    const log = new RunLog({ ...job, scramble: runInput.setup || null, islands: k }, core.version()); // share: for the export
    runLog = log;
    const pending = controller.begin(runInput, { job, islands: k }, { onProgress: (records) => { live.add(0, records); log.add(records, k > 1 ? 0 : null); } });
    app.run = controller.run;
    if (watch.startPaused) controller.pause(); // watch: start paused
    app.log = log;
    // Solve is off during the run: keep the keyboard on the run's controls, not <body>
    const lost = () => !document.activeElement || document.activeElement === document.body || document.activeElement.disabled;
    if (lost()) $('pause').focus();
    const outcome = await pending;
    app.resultFields = runFields; // the settings the shown result came from (updateUrl)
    watch.end(); // watch
    app.log = null;
    app.exported = log.end(outcome); // share: what the export writes
    runLog = null;
    app.run = null;
    input.freeze(false);
    settings.freeze(false);
    live.stop(outcome.result && outcome.result.stats);
    if (outcome.kind === 'error') {
      const e = outcome.error;
      setText($('result-summary'), e.code === ERROR.CRASH ? `The solver crashed: ${e.message}` : e.message);
      if (e.code !== ERROR.CRASH) notify(e.message, 'error');
    } else {
      results.show(outcome);
      app.result = results.result;
      if (outcome.result) compareWithLink(outcome.result, cube.facelets);
    }
    refresh();
    if (lost()) $(outcome.kind === 'solved' && !$('play').disabled ? 'play' : 'solve').focus();
  }

  $('solve').addEventListener('click', solve);
  $('pause').addEventListener('click', () => controller.toggle());
  $('step').addEventListener('click', () => (watch.stepping ? controller.run.handle.step() : controller.step())); // watch: step-by-step tempo
  $('cancel').addEventListener('click', () => controller.cancel());
  $('show-best').addEventListener('change', () => {
    if (!$('show-best').checked && controller.run) stage.show(controller.run.input.facelets, 'your cube');
  });

  // ---- race
  race = new RacePanel({
    solvers, notify,
    cube: () => input.cube,
    seed: () => settings.seed(),
    onChange: () => refresh(),
    // a finished runner's result into the Result panel (web/page/race/race-run.lazy.mjs's playResult)
    page: { controller, input, results, playback, notify, clearResult, refresh, setResult: (r) => { app.result = r; } },
  });
  app.race = race;

  // ---- share: copy solution, export of the run (its records so far while it runs)
  $('copy-solution').addEventListener('click', () => {
    const r = results.result;
    if (r && r.stats.solved) copyText(r.solution, notify);
    else notify('No solution yet.', 'warn');
  });
  wireExport(() => app.log || app.exported, notify); // during a run: its records so far

  // ---- restore from the link
  const shared = readShare(location.search);
  for (const p of shared.problems) notify(p, 'warn');
  // share links live in the query; a fragment is never read (the address bar drops it)
  if (location.hash.length > 1) notify(`The link has a part after "#" (${location.hash.length - 1} characters), which evocube links do not use; it was ignored.`, 'warn');
  settings.restore(shared, location.search.length > 1);
  if (shared.facelets != null) {
    input.setFacelets(shared.facelets.slice(0, 54).padEnd(54, '?'), false);
    input.setMode('paint');
    if (shared.facelets.length !== 54) notify('The facelets in the link do not have 54 stickers.', 'warn');
  } else {
    input.setScramble(shared.scramble ?? '');
  }
  // a solution carried by the link is shown only once the core has verified it on the
  // link's own cube (a forged one, or one for another cube, is refused with the reason)
  if (shared.solution != null) {
    showLinkSolution(shared, { core, input, results, playback, notify, twizzleUrl, solve, setResult: (r) => { app.result = r; refresh(); } })
      .catch((e) => notify(`The link's solution could not be shown (${e.message}).`, 'warn'));
  }

  firstVisitHint();

  wireExperiments({ core, notify });

  setText($('boot'), '');
  $('boot').hidden = true;
  document.body.dataset.ready = 'true';
  refresh();
  registerServiceWorker((text) => setText($('offline'), text),
    (reload) => notify('A new version of evocube is ready.', 'update', 0, { label: 'Reload', run: reload }));
}

boot();
