// main.mjs - the page: loads the wasm core (for parsing, validation and states on the
// main thread; solving happens in workers), builds the panels and wires them together.
// State: the input cube (from the scramble field or the painter), the solver settings, the
// current run (one solve at a time: one SolverClient, or K of them for K islands through
// web/islands.mjs, one Web Worker per island), the last result, and the URL (kept in step
// with the settings through history.replaceState, so it is always a share link). Islands:
// by default every core but one (navigator.hardwareConcurrency - 1, at least 1) for a page
// opened without a link; a link without islands= means 1.
import { ERROR } from './protocol.mjs';
import createEvocube from './gen/evocube.mjs';
import { createCore, SOLVED, loadFailureText } from './core.mjs';
import { byId, el, setText, fmtMs } from './dom.mjs';
import { FlatNet } from './net.mjs';
import { AlgInput } from './alg-input.mjs';
import { SolverPanel } from './solver-panel.mjs';
import { SolverClient } from './client.mjs';
import { solveIslands, defaultIslands, MAX_ISLANDS } from './islands.mjs';
import { IslandsPanel } from './islands-panel.mjs';
import { FitnessChart } from './chart.mjs';
import { LivePanel } from './live-panel.mjs';
import { ResultPanel } from './result-panel.mjs';
import { Playback } from './playback.mjs';
import { readShare, buildShare, twizzleUrl, checkLinkSolution, phasesFromComments } from './share.mjs';
import { Painter } from './painter.mjs';
import { RacePanel } from './race.mjs';
// share: copy solution, a link's solution shown unrun, the run log the export writes
import { RunLog, copyText, showLinkSolution, compareWithLink, clearLinkSolution, wireExport } from './share-panel.mjs';
import { registerServiceWorker } from './sw-register.mjs';

const $ = byId;

// A notice; action {label, run} adds a button that runs it and closes the notice.
export function notify(text, kind = 'info', ms = 9000, action = null) {
  const box = $('notices');
  const n = el('div', { class: `notice ${kind}`, role: kind === 'error' ? 'alert' : 'status', dataset: { testid: `notice-${kind}` } },
    el('span', {}, text),
    action ? el('button', { type: 'button', class: 'small', dataset: { testid: 'notice-action' }, onclick: () => { n.remove(); action.run(); } }, action.label) : null,
    el('button', { type: 'button', class: 'quiet small', 'aria-label': 'dismiss', onclick: () => n.remove() }, '×'));
  box.append(n);
  if (ms) setTimeout(() => n.remove(), ms);
  return n;
}

function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

async function boot() {
  let core;
  try {
    core = await createCore(createEvocube);
  } catch (e) {
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
    return;
  }
  const solvers = core.solvers();
  let race = null; // the race panel, made once the settings exist
  const app = { core, solvers, mode: 'scramble', cube: { ok: true, facelets: SOLVED, alg: '' }, run: null, result: null };
  window.evocube = app; // for the console and the e2e tests (read-only use)
  setText($('version'), `evocube ${core.version()}`);

  // ---- views
  let view = null;
  const viewHost = $('view3d');
  try {
    const { CubeView } = await import('./cube3d.mjs');
    view = new CubeView(viewHost);
  } catch (e) {
    view = { available: false, reason: `the 3D view could not load (${e.message})` };
  }
  if (!view.available) {
    viewHost.classList.add('unavailable');
    const note = $('view-note');
    note.hidden = false;
    note.textContent = `${view.reason || 'WebGL is not available'}: the flat net shows the cube.`;
  }
  app.view = view;
  const net = new FlatNet($('net-host'), { onSticker: (i) => painter.paint(i) });
  if (!view.available) $('view-note').before($('net-host')); // the net becomes the view
  app.net = net;

  // What the views show: the input cube, a live best individual, or a playback state.
  const show = (facelets) => {
    if (app.mode !== 'paint') net.set(facelets);
    if (view.available) view.setState(facelets);
    $('net-host').dataset.shown = facelets;
  };

  // ---- playback
  const playback = new Playback({
    core, view: view.available ? view : null, net, list: $('moves'),
    buttons: { play: $('play'), back: $('step-back'), forward: $('step-forward') },
    speedInput: $('speed'), speedOut: $('speed-out'), counter: $('play-counter'),
    onState: (f) => { if (app.mode !== 'paint') net.set(f); $('net-host').dataset.shown = f; },
  });
  app.playback = playback;

  // ---- input: scramble field and painter
  const algInput = new AlgInput({
    input: $('scramble'), errorBox: $('scramble-error'), core,
    onChange: (st) => {
      if (app.mode !== 'scramble') return;
      setText($('scramble-kind'), '');
      let info = '';
      if (st.ok && st.alg.trim()) {
        try {
          const m = core.metrics(st.alg);
          info = `${m.htm} moves (HTM) · ${m.qtm} QTM · ${m.stm} STM`;
        } catch { /* shown inline */ }
      }
      setText($('scramble-info'), info);
      setCube(st.ok ? { ok: true, facelets: st.facelets, alg: st.alg } : { ok: false, alg: st.alg, error: st.error });
    },
  });
  const painter = new Painter({
    core, net, palette: $('palette'), message: $('paint-validation'),
    onChange: (st) => { if (app.mode === 'paint') setCube(st); },
  });
  app.painter = painter;

  function setCube(cube) {
    if (app.result && !app.run && cube.facelets !== app.result.facelets) clearResult();
    app.cube = cube;
    setText($('facelets'), cube.facelets || '');
    if (cube.facelets && (cube.ok || app.mode === 'paint')) {
      playback.clear();
      show(cube.facelets);
    }
    if (app.mode === 'paint') net.set(cube.facelets);
    refresh();
  }

  function setMode(mode) {
    if (app.mode === mode) return;
    app.mode = mode;
    $('tab-scramble').setAttribute('aria-selected', String(mode === 'scramble'));
    $('tab-paint').setAttribute('aria-selected', String(mode === 'paint'));
    $('scramble-pane').hidden = mode !== 'scramble';
    $('paint-pane').hidden = mode !== 'paint';
    net.setPaintable(mode === 'paint');
    if (mode === 'paint') {
      if (!painter.touched) painter.set(algInput.state && algInput.state.ok ? algInput.state.facelets : SOLVED);
      setCube(painter.state());
    } else {
      net.mark([]);
      const st = algInput.update(false);
      setCube(st.ok ? { ok: true, facelets: st.facelets, alg: st.alg } : { ok: false, alg: st.alg, error: st.error });
    }
  }
  $('tab-scramble').addEventListener('click', () => setMode('scramble'));
  $('tab-paint').addEventListener('click', () => setMode('paint'));
  $('paint-solved').addEventListener('click', () => painter.set(SOLVED));
  $('paint-from-scramble').addEventListener('click', () => {
    const st = algInput.update(false);
    if (st.ok) painter.set(st.facelets);
    else notify('The scramble has an error; fix it first.', 'warn');
  });
  $('scramble').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); solve(); }
  });
  $('clear-scramble').addEventListener('click', () => { algInput.set(''); $('scramble').focus(); });

  // ---- solver settings
  // A crashed worker: say what happened; when it was restarted, offer to run the solve
  // again. When it is down for good (it could not load the core, or it crashed three
  // times in a minute), Solve is switched off and says why.
  const onCrash = ({ message, restarted, load }) => {
    const during = app.run ? ' in the middle of the solve' : '';
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
  app.client = workerClient;
  // island i's worker (island 0's is the page's solver worker); started when first needed
  const islandClients = [workerClient];
  const islandClient = (i) => {
    while (islandClients.length <= i) islandClients.push(new SolverClient({ name: `evocube island ${islandClients.length + 1}`, onCrash }));
    return islandClients[i];
  };
  app.islandClients = islandClients;
  let randomState = false;
  workerClient.ready.then((info) => { randomState = info.randomState; }, () => {});

  $('random-scramble').addEventListener('click', async () => {
    const seed = randomSeed();
    const btn = $('random-scramble');
    btn.disabled = true;
    try {
      await workerClient.ready.catch(() => {});
      const kind = randomState ? 'random-state' : 'moves';
      let r;
      try {
        r = await workerClient.scramble({ kind, seed, n: 25 });
      } catch {
        r = { scramble: core.scrambleMoves(25, seed), kind: 'moves' };
      }
      if (app.mode !== 'scramble') setMode('scramble');
      algInput.set(r.scramble);
      setText($('scramble-kind'), r.kind === 'random-state'
        ? `random-state scramble (seed ${seed})` : `25 random moves (seed ${seed})`);
    } finally {
      btn.disabled = false;
    }
  });

  const panel = new SolverPanel({ solvers, onChange: () => refresh() });
  app.panel = panel;
  if (!solvers.length) {
    setText($('solver-title'), 'No solver is registered in this build yet.');
    $('solver-select').disabled = true;
  }

  const seedInput = $('seed-input');
  function seedValue() {
    try {
      return { ok: true, seed: core.parseSeed(seedInput.value.trim()) };
    } catch (e) {
      return { ok: false, error: e };
    }
  }
  seedInput.addEventListener('input', () => {
    const s = seedValue();
    $('seed-error').hidden = s.ok;
    setText($('seed-error'), s.ok ? '' : s.error.message);
    seedInput.classList.toggle('invalid', !s.ok);
    refresh();
  });
  $('seed-random').addEventListener('click', () => { seedInput.value = String(randomSeed()); seedInput.dispatchEvent(new Event('input')); });

  // ---- islands: K workers for the population solvers (web/islands.mjs)
  const islandsInput = $('islands-input');
  const cores = navigator.hardwareConcurrency || 1;
  function islandsValue() {
    const t = islandsInput.value.trim();
    const k = Number(t);
    if (/^\d{1,2}$/.test(t) && k >= 1 && k <= MAX_ISLANDS) return { ok: true, k };
    return { ok: false, error: `islands must be a whole number from 1 to ${MAX_ISLANDS}` };
  }
  const hasIslands = (name) => !!solvers.find((s) => s.name === name && s.params.some((p) => p.key === 'epoch'));
  // the islands a solve of the chosen solver uses now (1 for a solver without an island model)
  function islandsUsed() {
    const v = islandsValue();
    return v.ok && panel.solver && hasIslands(panel.solver.name) ? v.k : 1;
  }
  function islandsNote() {
    const v = islandsValue();
    $('islands-error').hidden = v.ok;
    setText($('islands-error'), v.ok ? '' : v.error);
    islandsInput.classList.toggle('invalid', !v.ok);
    if (!v.ok) { setText($('islands-note'), ''); return; }
    const k = islandsUsed();
    const name = panel.solver ? panel.solver.name : 'this solver';
    setText($('islands-note'), !hasIslands(name) && v.k > 1
      ? `${name} has no island model: it runs on 1 worker (this device has ${cores} cores).`
      : `Uses ${k} worker${k === 1 ? '' : 's'} (${k === 1 ? 'one population' : `${k} islands exchanging migrants`}) on this device's ${cores} core${cores === 1 ? '' : 's'}.`);
  }
  islandsInput.addEventListener('input', () => refresh());

  // ---- live panel
  const chart = new FitnessChart($('chart'));
  app.chart = chart;
  const islandsPanel = new IslandsPanel();
  islandsPanel.reset(0);
  const live = new LivePanel({
    core, chart, view, show,
    wantsBest: () => $('show-best').checked && !playback.moves.length,
    run: () => app.run,
  });

  // ---- solve
  const results = new ResultPanel({ core });
  function setStatus(s) {
    setText($('status'), s);
    $('status').dataset.state = s;
  }

  function refresh() {
    const running = !!app.run;
    const seedOk = seedValue().ok;
    const ok = app.cube.ok && solvers.length > 0 && seedOk && islandsValue().ok && panel.problems().length === 0 && !app.unavailable;
    islandsNote();
    $('solve').disabled = running || !ok;
    $('solve').title = app.unavailable ? `Solving is unavailable: ${app.unavailable}. Reload the page.` : '';
    $('pause').disabled = !running;
    $('cancel').disabled = !running;
    $('step').disabled = !running || !app.run.paused;
    setText($('pause'), running && app.run.paused ? 'Resume' : 'Pause');
    $('race-start').disabled = !race || !!app.unavailable || !app.cube.ok || !seedOk || race.running || race.picked().length === 0;
    updateUrl();
  }
  app.refresh = refresh;

  function settings() {
    const req = panel.request();
    const seed = seedInput.value.trim();
    const v = islandsValue();
    const s = { solver: req.solver, seed, preset: req.params.preset, islands: v.ok ? v.k : 1, params: { ...req.params } };
    delete s.params.preset;
    if (app.mode === 'paint') s.facelets = app.cube.facelets;
    else s.scramble = algInput.value;
    // share: the link carries the shown solution when it belongs to this cube
    if (app.result && app.result.stats.solved && !app.result.race && app.result.facelets === app.cube.facelets) s.solution = app.result.solution;
    return s;
  }

  let urlTimer = 0;
  // The share link follows every change at once; the address bar (history.replaceState,
  // which browsers throttle) follows after a short pause in typing.
  function updateUrl() {
    const url = new URL(location.href);
    url.search = buildShare(settings());
    url.hash = '';
    $('share-link').href = url.href;
    if (!app.result) {
      let setup = '';
      try { setup = app.mode === 'paint' ? '' : core.canonical(algInput.value); } catch { /* shown inline */ }
      $('twizzle-link').href = twizzleUrl(setup, [], '');
    }
    clearTimeout(urlTimer);
    urlTimer = setTimeout(() => {
      const href = $('share-link').href;
      if (href !== location.href) history.replaceState(null, '', href);
    }, 120);
  }

  async function solve() {
    if (app.run || $('solve').disabled) return;
    const facelets = app.cube.facelets;
    const req = panel.request();
    const seed = seedValue().seed;
    playback.clear();
    live.reset();
    clearResult();
    const log = new RunLog({ solver: req.solver, facelets, scramble: app.mode === 'paint' ? null : algInput.value, seed, params: req.params, islands: islandsUsed() });
    // the clock starts when the worker reports 'running' (after any table building)
    const run = {
      facelets, paused: false, pausedAt: 0, pausedMs: 0, t0: null,
      elapsed: () => (run.t0 == null ? 0 : (run.paused ? run.pausedAt : performance.now()) - run.t0 - run.pausedMs),
    };
    app.run = run;
    run.log = log;
    setStatus('starting');
    refresh();
    // on a phone the panels stack: bring the cube into view to watch the run
    if (window.matchMedia('(max-width: 760px)').matches) $('view3d').closest('section').scrollIntoView({ behavior: 'smooth', block: 'start' });
    const tick = setInterval(() => setText($('elapsed'), fmtMs(run.elapsed())), 250);
    const onState = (state) => {
      if (app.run !== run) return;
      if (state === 'running' && run.t0 == null) run.t0 = performance.now();
      if (!run.paused || state === 'paused') setStatus(state);
    };
    const k = islandsUsed();
    islandsPanel.reset(k);
    // one island: the page's worker as before; K islands: island 0 feeds the live panel and
    // chart, every island its row of the islands table
    const h = k === 1
      ? workerClient.solve({ solver: req.solver, facelets, seed, params: req.params }, { onProgress: (records) => { live.add(records); log.add(records); }, onState })
      : solveIslands((i, request, callbacks) => islandClient(i).solve(request, callbacks), { solver: req.solver, facelets, seed, params: req.params }, {
        islands: k,
        onProgress: (i, records) => { if (i === 0) { live.add(records); log.add(records); } islandsPanel.add(i, records); },
        onState: (i, state) => { if (i === 0) onState(state); },
        onEpoch: ({ epoch }) => islandsPanel.setEpoch(epoch),
      });
    run.handle = h;
    try {
      const r = await h.promise;
      clearInterval(tick);
      showResult(r, facelets);
      app.exported = { request: log.request, log, result: r, version: core.version() };
      compareWithLink(r, facelets);
    } catch (e) {
      // share: a cancelled or failed run exports its records with the reason instead of a result
      app.exported = { request: log.request, log, result: null, ended: e.code === ERROR.CANCELLED ? 'cancelled' : `error: ${e.message}`, version: core.version() };
      if (e.code === ERROR.CANCELLED) setStatus('cancelled');
      else {
        setStatus('error');
        setText($('result-summary'), e.code === ERROR.CRASH ? `The solver crashed: ${e.message}` : e.message);
        if (e.code !== ERROR.CRASH) notify(e.message, 'error');
      }
    } finally {
      clearInterval(tick);
      if (!app.result) live.paint();
      app.run = null;
      refresh();
    }
  }

  function clearResult() {
    app.result = null;
    clearLinkSolution();
    results.clear();
    if (!app.run) setStatus('idle');
  }

  function showResult(r, facelets) {
    app.result = { ...r, facelets };
    const st = r.stats;
    setStatus(st.solved ? 'solved' : st.status || 'gave up');
    results.show(r, facelets);
    live.final(st);
    if (st.solved) {
      playback.load(facelets, r.solution, r.phases);
      playback.bindPhaseRows($('phases').tBodies[0].rows);
      const setup = app.mode === 'paint' ? core.invert(r.solution) : core.canonical(algInput.value);
      $('twizzle-link').href = twizzleUrl(setup, r.phases, r.solution);
    } else {
      show(facelets);
    }
  }

  $('solve').addEventListener('click', solve);
  $('pause').addEventListener('click', () => {
    const run = app.run;
    if (!run) return;
    if (run.paused) {
      run.pausedMs += performance.now() - run.pausedAt;
      run.paused = false;
      run.handle.resume();
    } else {
      run.paused = true;
      run.pausedAt = performance.now();
      run.handle.pause();
      setStatus('paused');
    }
    refresh();
  });
  $('step').addEventListener('click', () => { if (app.run && app.run.paused) app.run.handle.step(); });
  $('cancel').addEventListener('click', () => { if (app.run) app.run.handle.cancel(); });
  $('show-best').addEventListener('change', () => { if (!$('show-best').checked && app.run) show(app.run.facelets); });

  // ---- share
  $('copy-solution').addEventListener('click', () => {
    const r = app.result;
    if (r && r.stats.solved) copyText(r.solution, notify);
    else notify('There is no solution to copy yet.', 'warn');
  });
  // during a run the export holds its records so far
  wireExport(() => (app.run && app.run.log
    ? { request: app.run.log.request, log: app.run.log, result: null, ended: 'still running when exported', version: core.version() }
    : app.exported), notify);
  $('copy-link').addEventListener('click', async () => {
    const url = $('share-link').href;
    try {
      await navigator.clipboard.writeText(url);
      notify('Link copied.', 'info', 2500);
    } catch {
      notify(`Copy this link: ${url}`, 'info', 0);
    }
  });

  // ---- race
  race = new RacePanel({
    solvers, notify,
    cube: () => app.cube,
    seed: () => seedValue(),
    onChange: () => refresh(),
    onPlay: (facelets, r, name) => {
      if (app.run) { notify('A solve is running; play the race result after it.', 'warn'); return; }
      clearLinkSolution();
      showResult(r, facelets);
      app.result.race = name; // not this page's solver: its link carries no solution=
      refresh();
      setText($('result-summary'), `race: ${name} · ${$('result-summary').textContent}`);
      playback.play();
    },
  });
  app.race = race;

  // ---- restore from the link
  const shared = readShare(location.search);
  for (const p of shared.problems) notify(p, 'warn');
  // share links live in the query; a fragment is never read (the address bar drops it)
  if (location.hash.length > 1) notify(`The link has a part after "#" (${location.hash.length - 1} characters), which evocube links do not use; it was ignored.`, 'warn');
  if (shared.solver) {
    if (!panel.choose(shared.solver, { preset: shared.preset, params: shared.params })) {
      notify(`The link names solver "${shared.solver}", which this build does not have; using ${panel.solver ? panel.solver.name : 'none'}.`, 'warn');
    } else if (panel.ignored.length) {
      notify(`Solver ${shared.solver} has no parameter ${panel.ignored.map((k) => `"${k}"`).join(', ')}; ignored.`, 'warn');
    } else if (shared.preset && panel.preset !== shared.preset) {
      notify(`Solver ${shared.solver} has no preset "${shared.preset}"; using its defaults.`, 'warn');
    }
  }
  if (shared.seed != null) seedInput.value = shared.seed;
  // a link without islands= means one island; a page opened without a link uses the cores
  islandsInput.value = String(location.search.length > 1 ? shared.islands ?? 1 : defaultIslands(navigator.hardwareConcurrency));
  seedInput.dispatchEvent(new Event('input'));
  if (shared.facelets != null) {
    painter.set(shared.facelets.slice(0, 54).padEnd(54, '?'), false);
    setMode('paint');
    if (shared.facelets.length !== 54) notify('The facelets in the link do not have 54 stickers.', 'warn');
  } else {
    algInput.set(shared.scramble ?? '');
  }
  // a solution carried by the link is shown only once the core has verified it on the
  // link's own cube (a forged one, or one for another cube, is refused with the reason)
  if (shared.solution != null) {
    const checked = checkLinkSolution(core, shared);
    if (checked.ok && shared.algOnly) algInput.set(checked.scramble);
    if (checked.ok && checked.facelets === app.cube.facelets) {
      // shown without running: the Result panel, playback and the Twizzle link
      app.result = { solution: checked.solution, length: checked.moves, facelets: checked.facelets, phases: [], stats: { solved: true }, fromLink: true };
      playback.load(checked.facelets, checked.solution, phasesFromComments(shared.solution));
      showLinkSolution(checked, () => solve());
      $('twizzle-link').href = twizzleUrl(app.mode === 'paint' ? core.invert(checked.solution) : core.canonical(algInput.value), [], checked.solution);
      notify(`The link's solution (${checked.moves} moves) was verified on this cube; press play to watch it.`, 'info', 4000);
    } else if (checked.ok) {
      notify('The solution in the link was not shown: the link\'s cube could not be set up.', 'warn');
    } else {
      notify(checked.message, 'warn');
    }
  }

  setText($('boot'), '');
  $('boot').hidden = true;
  document.body.dataset.ready = 'true';
  refresh();
  registerServiceWorker((text) => setText($('offline'), text),
    (reload) => notify('A new version of evocube is ready.', 'update', 0, { label: 'Reload', run: reload }));
}

boot();
