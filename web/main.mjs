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
import { RunControls } from './page/run/run-controls.mjs';
import { Watch } from './page/watch/watch.mjs';
import { Playback } from './page/result/playback.mjs';
import { ResultView } from './page/result/result-view.mjs';
import { UrlSync, restoreFromLink } from './page/share/url-sync.mjs';
import { showLinkSolution, compareWithLink, clearLinkSolution, wireExport, wireCopySolution } from './page/share/share-tools.mjs';
import { RacePicker } from './page/race/race-picker.mjs';
import { AboutPanel } from './page/about/about-panel.mjs';
import { wireExperiments } from './page/experiments/open.mjs';
import { registerServiceWorker } from './sw-register.mjs';

// what window.evocube shows (each read when asked)
const SURFACE = ['core', 'view', 'chart', 'client', 'islandClients', 'watch', 'playback', 'result', 'run'];

async function boot() {
  let core;
  try { core = await createCore(createEvocube); } catch (e) { bootFailed(e); return; }
  const solvers = core.solvers();
  learnSolvers(solvers); // labels, fitness and direction from the C descriptors
  let stage, playback, results, watch, input, settings, controls, race;
  window.evocube = testSurface(() => ({
    core, view: stage?.view, chart: controls?.live.chart, client: controls?.client, islandClients: controls?.islandClients,
    watch, playback, result: results?.result ?? null, run: controls?.run ?? null,
  }), SURFACE);
  setText($('version'), `evocube ${core.version()}`);

  const net = FlatNet.mount({ onSticker: (i) => input.painter.paint(i) });
  stage = await Stage.create({ net, inputMode: () => (input ? input.mode : 'scramble'), solve: () => controls.solve() });
  playback = Playback.mount({
    core, view: stage.view.available ? stage.view : null, net,
    onState: (f) => stage.show(f, `solution playback · ${playback.index} of ${playback.moves.length} moves done`),
  });
  results = new ResultView({ core, playback, stage, notify });
  watch = new Watch({ core, stage });

  const clearResult = () => {
    results.clear();
    clearLinkSolution();
    controls.idle();
  };
  input = new CubeInput({
    core, net, notify,
    randomScramble: () => controls.randomScramble(randomSeed()),
    onSubmit: () => controls.solve(),
    onLink: (pasted) => openLink(pasted),
    onChange: (cube) => {
      if (results.facelets && !controls.busy && cube.facelets !== results.facelets) clearResult();
      if (cube.facelets && (cube.ok || input.mode === 'paint')) {
        playback.clear();
        stage.show(cube.facelets, 'your cube');
      }
      refresh();
    },
  });
  settings = new Settings({ core, solvers, notify, onChange: () => refresh() });
  const about = new AboutPanel({ solverName: () => settings.panel.select.value });
  controls = new RunControls({
    core, input, settings, stage, notify,
    pace: () => ({ paused: watch.startPaused, rate: watch.rate }),
    drawLive: () => playback.moves.length === 0 && !watch.scrubbing,
    clear: () => { playback.clear(); clearResult(); },
    onStart: (run) => watch.follow(run),
    onEnd: (outcome, run) => {
      results.show(outcome);
      if (outcome.result) compareWithLink(outcome.result, run.input.facelets);
    },
    focusResult: () => playback.focusPlay(),
    onChange: () => refresh(),
  });
  const url = new UrlSync({ settings, input, results, runFields: () => controls.run?.input.fields ?? null });

  function refresh() {
    const ok = input.cube.ok && settings.ok() && !(race && race.running); // a race locks Solve
    settings.update();
    controls.live.setSolver(settings.panel.solver);
    about.update();
    controls.update(ok);
    if (race) race.update(input.cube.ok && settings.seed().ok && !controls.unavailable);
    url.update();
  }

  race = new RacePicker({
    solvers, notify,
    cube: () => input.cube,
    seed: () => settings.seed(),
    onChange: () => refresh(),
    // a runner's result into the Result panel, as if this page had run it, then played
    onPlay: (r) => {
      if (controls.busy) { notify('A solve is running; play the race result after it.', 'warn'); return; }
      clearResult();
      results.showRace(r, r.stats.facelets === input.cube.facelets && input.mode === 'scramble' ? input.setup() : null);
      refresh();
      playback.play();
    },
  });

  // share: copy solution, export of the run (its records so far while it runs), the link
  wireCopySolution(() => results.result, notify);
  wireExport(() => controls.run, notify);
  // the address at boot, or a link pasted into the scramble box: a solution it carries is shown
  // only once the core has verified it on the link's own cube (a forged one is refused)
  const openLink = (pasted) => {
    const shared = restoreFromLink({ settings, input, notify }, pasted);
    if (shared.solution == null) return;
    showLinkSolution(shared, { core, input, results, playback, notify, twizzleUrl, solve: () => controls.solve(), onShown: () => refresh() })
      .catch((e) => notify(`The link's solution could not be shown (${e.message}).`, 'warn'));
  };
  openLink();
  offerFirstVisit(location.search, { panel: settings.panel, solvers, setTempo: (r) => watch.setTempo(r), tempo: () => watch.rate });

  firstVisitHint();
  showOnline();
  wireExperiments({ core, notify });
  bootDone();
  refresh();
  registerServiceWorker((text) => setText($('offline'), text),
    (reload) => notify('A new version of evocube is ready.', 'update', 0, { label: 'Reload', run: reload }));
}

boot();
