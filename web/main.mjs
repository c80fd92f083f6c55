// main.mjs - the page: loads the wasm core (for parsing, validation and states on the main
// thread; solving happens in workers), makes one part per feature of web/page/ and wires
// them by callbacks; no feature imports another. The parts:
//   Stage          (page/stage/stage.mjs)        the cube on stage (3D view or net), its caption
//   CubeInput      (page/input/cube-input.mjs)   the input cube: scramble field, painter, net
//   Settings       (page/settings/settings.mjs)  solver, preset, params, seed, islands
//   RunControls    (page/run/run-controls.mjs)   workers, run buttons, status; each Solve makes a
//                  run (lib/run/run.mjs, the model of one solve) that the live view, Watch,
//                  result, share and the test surface read
//   Watch          (page/watch/watch.mjs)        tempo, start paused, the run's history views
//   ResultView     (page/result/result-view.mjs) result, partial result, playback, links
//   UrlSync, share-tools (page/share/)           the URL as a link both ways; copy, export
//   RacePicker     (page/race/race-picker.mjs)   the race, on the input cube and seed
//   AboutPanel, the Experiments view (page/about/, page/experiments/open.mjs)
// window.evocube is a read-only test surface (page/common/boot.mjs) for console and e2e tests.
import createEvocube from './gen/evocube.mjs';
import { createCore } from './lib/core.mjs';
import { twizzleUrl } from './lib/share-link.mjs';
import { byId as $, setText } from './page/common/dom.mjs';
import { notify } from './page/common/notices.mjs';
import { firstVisitHint } from './page/common/hint.mjs';
import { showOnline } from './page/common/online.mjs';
import { learnSolvers } from './page/common/solver-info.mjs';
import { bootFailed, bootDone, testSurface } from './page/common/boot.mjs';
import { FlatNet } from './page/input/net.mjs';
import { CubeInput } from './page/input/cube-input.mjs';
import { Settings, randomSeed } from './page/settings/settings.mjs';
import { offerFirstVisit } from './page/settings/first-visit.mjs';
import { Stage } from './page/stage/stage.mjs';
import { RunControls, runUnavailable } from './page/run/run-controls.mjs';
import { Watch } from './page/watch/watch.mjs';
import { Playback } from './page/result/playback.mjs';
import { ResultView } from './page/result/result-view.mjs';
import { OptimalLine } from './page/optimal/optimal-line.mjs';
import { UrlSync, restoreFromLink } from './page/share/url-sync.mjs';
import { showLinkSolution, compareWithLink, clearLinkSolution, wireExport, wireCopySolution } from './page/share/share-tools.mjs';
import { RacePicker } from './page/race/race-picker.mjs';
import { AboutPanel } from './page/about/about-panel.mjs';
import { wireExperiments } from './page/experiments/open.mjs';
import { registerServiceWorker } from './sw-register.mjs';

// what window.evocube shows (each read when asked)
const SURFACE = ['core', 'view', 'chart', 'client', 'islandClients', 'watch', 'playback', 'result', 'run'];

// The page's parts, made in steps: p holds them (p.core, p.stage, p.controls, ...).
async function boot() {
  let core;
  try { core = await createCore(createEvocube); } catch (e) { runUnavailable(bootFailed(e)); return; }
  const p = { core, solvers: core.solvers() };
  learnSolvers(p.solvers); // labels, fitness and direction from the C descriptors
  window.evocube = testSurface(() => ({
    core, view: p.stage?.view, chart: p.controls?.live.chartState, client: p.controls?.client, islandClients: p.controls?.islandClients,
    watch: p.watch, playback: p.playback, result: p.results?.result ?? null, run: p.controls?.run ?? null,
  }), SURFACE);
  setText($('version'), `evocube ${core.version()}`);
  p.refresh = () => refresh(p);
  p.clearResult = () => { p.results.clear(); p.optimal.clear(); clearLinkSolution(); p.controls.idle(); };
  await makeStage(p);
  makeInputAndRun(p);
  makeRace(p);
  wireSharing(p);
  offerFirstVisit(location.search, { panel: p.settings.panel, solvers: p.solvers, setTempo: (r) => p.watch.setTempo(r), tempo: () => p.watch.rate });
  firstVisitHint(() => p.input.focus());
  showOnline();
  wireExperiments({ core, notify });
  bootDone();
  p.refresh();
  registerServiceWorker((text) => setText($('offline'), text),
    (reload) => notify('A new version of evocube is ready.', 'update', 0, { label: 'Reload', run: reload }));
}

// the cube on stage, the result's playback and view, the Watch panel
async function makeStage(p) {
  const { core } = p;
  p.net = FlatNet.mount({ onSticker: (i) => p.input.painter.paint(i) });
  p.stage = await Stage.create({ net: p.net, inputMode: () => (p.input ? p.input.mode : 'scramble'), solve: () => p.controls.solve() });
  const { stage } = p;
  p.playback = Playback.mount({
    core, view: stage.view.available ? stage.view : null, net: p.net,
    onState: (f) => stage.show(f, `solution playback · ${p.playback.index} of ${p.playback.moves.length} moves done`),
    onPlay: () => stage.bringIntoView(),
  });
  p.results = new ResultView({ core, playback: p.playback, stage, notify });
  p.optimal = new OptimalLine({ notify });
  p.watch = new Watch({ core, stage });
}

// the input cube, the settings, About, the run's controls and the address as a link
function makeInputAndRun(p) {
  const { core, stage, playback, results, watch } = p;
  p.input = new CubeInput({
    core, net: p.net, notify,
    randomScramble: () => p.controls.randomScramble(randomSeed()),
    onSubmit: () => p.controls.solve(),
    onLink: (pasted) => openLink(p, pasted),
    onChange: (cube) => {
      // an edit that leaves the cube as it was (a space, a comment) keeps the result and its
      // playback; one that changes the cube clears them, and says so with an Undo
      if (results.facelets && !p.controls.busy && cube.facelets !== results.facelets) discardResult(p);
      const changed = cube.facelets !== p.inputShown;
      if (cube.facelets && (cube.ok || p.input.mode === 'paint') && changed) {
        p.inputShown = cube.facelets;
        playback.clear();
        stage.show(cube.facelets, 'your cube');
      }
      p.refresh();
    },
  });
  p.settings = new Settings({ core, solvers: p.solvers, notify, onChange: () => p.refresh() });
  p.about = new AboutPanel({ solverName: () => p.settings.panel.select.value });
  p.controls = new RunControls({
    core, input: p.input, settings: p.settings, stage, notify,
    pace: () => ({ paused: watch.startPaused, rate: watch.rate }),
    drawLive: () => playback.moves.length === 0 && !watch.scrubbing,
    clear: () => { playback.clear(); p.clearResult(); },
    onStart: (run) => watch.follow(run),
    onEnd: (outcome, run) => {
      p.kept = { outcome, fields: p.input.fields() }; // what Undo brings back after an edit clears it
      results.show(outcome);
      if (outcome.result?.stats?.solved) p.optimal.show(run.input.facelets, outcome.result.length);
      if (outcome.result) compareWithLink(outcome.result, run.input.facelets);
    },
    focusResult: () => playback.focusPlay(),
    onChange: () => p.refresh(),
  });
  p.url = new UrlSync({ settings: p.settings, input: p.input, results, runFields: () => p.controls.run?.input.fields ?? null });
}

// The input's cube changed under a shown result: the result goes (it was for the cube before),
// with a notice that says so and an Undo that puts the scramble and the result back.
function discardResult(p) {
  const kept = p.kept && p.kept.outcome.input.facelets === p.results.facelets ? p.kept : null;
  p.clearResult();
  if (!kept) return;
  const text = 'The cube changed, so the last result (for the cube before) was cleared.';
  if (kept.fields.scramble == null) { notify(text, 'warn'); return; } // painted: no text to put back
  notify(text, 'warn', 12000, {
    label: 'Undo',
    run: () => {
      p.input.setScramble(kept.fields.scramble);
      if (p.input.cube.facelets !== kept.outcome.input.facelets || p.controls.busy) return;
      p.results.show(kept.outcome);
      p.refresh();
    },
  });
}

function refresh(p) {
  const { input, settings, controls, race } = p;
  const ok = input.cube.ok && settings.ok() && !(race && race.running); // a race locks Solve
  settings.update();
  controls.live.setSolver(settings.panel.solver);
  p.about.update();
  controls.update(ok);
  if (race) race.update(input.cube.ok && settings.seed().ok && !controls.unavailable);
  p.url.update();
}

function makeRace(p) {
  const { input, results, playback } = p;
  p.race = new RacePicker({
    solvers: p.solvers, notify,
    cube: () => input.cube,
    seed: () => p.settings.seed(),
    onChange: () => p.refresh(),
    // a runner's result into the Result panel, as if this page had run it, then played
    onPlay: (r) => {
      if (p.controls.busy) { notify('A solve is running; play the race result after it.', 'warn'); return; }
      p.clearResult();
      results.showRace(r, r.stats.facelets === input.cube.facelets && input.mode === 'scramble' ? input.setup() : null);
      if (r.stats.solved) p.optimal.show(r.stats.facelets, r.length);
      p.refresh();
      playback.play();
    },
  });
}

// share: copy solution, export of the run (its records so far while it runs), the link at boot
function wireSharing(p) {
  wireCopySolution(() => p.results.result, notify);
  wireExport(() => p.controls.run, notify);
  openLink(p);
}

// the address at boot, or a link pasted into the scramble box: a solution it carries is shown
// only once the core has verified it on the link's own cube (a forged one is refused)
function openLink(p, pasted) {
  const { core, input, results, playback, settings } = p;
  const shared = restoreFromLink({ settings, input, notify }, pasted);
  if (shared.solution == null) return;
  showLinkSolution(shared, { core, input, results, playback, notify, twizzleUrl, solve: () => p.controls.solve(), onShown: () => p.refresh() })
    .catch((e) => notify(`The link's solution could not be shown (${e.message}).`, 'warn'));
}

boot();
