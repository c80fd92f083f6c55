// experiments.mjs - the Experiments view (issue 21), loaded on demand (web/lazy/: not in the
// first load). Choose a paper's experiment (web/lib/experiments/papers.mjs) or a custom one (solvers x random
// states or a pasted list x seeds x one param sweep); it runs on one Web Worker per core
// (web/lib/client.mjs over web/worker.mjs: each warmed once, each solve independent), with a
// progress bar, ETA and live statistics (mean, median, sd, the mean's 95% interval of
// length, generations and time; histograms) beside the paper's published figures.
// Every finished solve is stored in IndexedDB at once (web/lib/experiments/store.mjs), so a reload
// resumes where it was: nothing lost, nothing run twice. Exports CSV and JSON; the
// definition is a link (?experiment=...) that restores the form and never runs by itself.
//
// openExperiments({core, notify, link}) shows the view (made once); main.mjs calls it from
// the Experiments button, for a link with experiment=, and at boot when an experiment was
// running (localStorage ACTIVE_KEY names it).
import { el, clear, setText } from '../common/dom.mjs';
import { SolverClient } from '../../lib/client.mjs';
import { ACTIVE_KEY } from './open.mjs';
import {
  makePlan, experimentCubes, paramsTextOf, solveJson, jobRecord, summarize, groups, histogram, toCsv,
  resolveDefinition, experimentQuery, parseSeedList, formatDuration,
} from '../../lib/experiments/plan.mjs';
import { ExperimentStore, idbBackend, memoryBackend, resumePlan, runJobs } from '../../lib/experiments/store.mjs';
import { PAPER_EXPERIMENTS, paramsObject } from '../../lib/experiments/papers.mjs';
import { MAX_QUERY } from '../../lib/params.mjs';

const MEASURES = [['length', 'length (HTM)', 2], ['generations', 'generations', 1], ['time', 'time (ms)', 1]];
const STATS = ['n', 'mean', 'median', 'sd', 'ci95'];
const round1 = (x) => Math.round(x * 10) / 10;

export const fmtStat = (x, d) => (Number.isFinite(x) ? x.toFixed(d) : '–');

const setActive = (id) => { try { if (id) localStorage.setItem(ACTIVE_KEY, id); else localStorage.removeItem(ACTIVE_KEY); } catch { /* no storage */ } };
const getActive = () => { try { return localStorage.getItem(ACTIVE_KEY); } catch { return null; } };

let view = null;

// The view's styles, added when it opens (a constructed stylesheet: CSSOM, which the page's
// CSP allows), so the first load's app.css does not carry them.
const CSS = `
.experiments { margin: 14px 22px; }
.experiments .exp-head { display: flex; justify-content: space-between; align-items: baseline; }
.experiments h3 { font-size: 13px; color: var(--muted); margin: 14px 0 6px; font-weight: 600; }
.experiments h3 select { width: auto; display: inline-block; margin-left: 8px; font-size: 12px; }
.experiments .exp-form .field { display: inline-flex; flex-direction: column; margin-right: 10px; }
.experiments .exp-form textarea { width: min(560px, 90vw); }
.experiments .exp-solvers { border: 1px solid var(--line); border-radius: var(--radius); margin: 6px 0; }
.experiments .exp-solvers .check { margin-right: 10px; }
.experiments .exp-progress { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
.experiments progress { width: min(360px, 60vw); }
.experiments table { border-collapse: collapse; font-size: 13px; }
.experiments th, .experiments td { padding: 2px 8px; border-bottom: 1px solid var(--line); text-align: left; }
.experiments td.num { text-align: right; font-variant-numeric: tabular-nums; }
.experiments td.ref { color: var(--muted); font-size: 12px; }
.experiments .exp-hist { display: flex; flex-wrap: wrap; gap: 12px; }
.experiments .exp-hist figure { margin: 0; width: 260px; }
.experiments .exp-hist rect { fill: var(--accent); }
.experiments .exp-hist text { font-size: 10px; fill: var(--muted); }
.experiments .exp-saved { font-size: 13px; padding-left: 18px; }`;
function addStyles() {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch { /* an old browser: the view works unstyled */ }
}

export async function openExperiments({ core, notify, link = null }) {
  if (!view) { addStyles(); view = new ExperimentsView(core, notify); }
  await view.ready;
  view.show();
  if (link != null) view.restoreLink(link);
  return view;
}

class ExperimentsView {
  constructor(core, notify) {
    this.core = core;
    this.notify = notify;
    this.solvers = core.solvers();
    this.root = document.getElementById('experiments');
    this.clients = [];
    this.exp = null; // the experiment shown: {id, definition, total, state}
    this.records = []; // by job number
    this.runner = null;
    this.inflight = new Map(); // lane -> the solve it is running (Pause cancels it)
    // this page's session: ids of the solves it ran and kept, per worker, kept ones found at load
    this.session = { ran: [], solved: [], perWorker: [], resumedFrom: 0 };
    window.evocubeExperiment = this; // for the console and the e2e tests (read-only use)
    this.build();
    this.ready = this.init();
  }

  async init() {
    try {
      this.store = new ExperimentStore(await idbBackend());
    } catch (e) {
      this.store = null;
      this.say(`Results cannot be kept in this browser (${e.message}); an experiment still runs, but a reload loses it.`);
      this.store = new ExperimentStore(memoryBackend());
    }
    await this.refreshSaved();
    const active = getActive();
    if (active) {
      const exp = await this.store.get(active);
      if (exp && exp.state !== 'done') await this.load(exp, { run: exp.state === 'running' });
      else setActive(null);
    }
  }

  // ---------------------------------------------------------------- the form
  build() {
    const R = this.root;
    clear(R);
    const kind = el('select', { id: 'exp-kind', dataset: { testid: 'exp-kind' }, onchange: () => this.onKind() },
      el('option', { value: 'custom' }, 'Custom: solvers x states x seeds x a sweep'),
      PAPER_EXPERIMENTS.map((p) => el('option', { value: p.id }, p.title)));
    this.f = {
      kind,
      paperBox: el('div', { class: 'exp-paper-options', dataset: { testid: 'exp-paper-options' } }),
      solverBox: el('fieldset', { class: 'exp-solvers' }, el('legend', {}, 'Solvers')),
      states: el('input', { id: 'exp-states', type: 'number', min: '1', max: '10000', value: '10', dataset: { testid: 'exp-states' } }),
      stateSeed: el('input', { id: 'exp-state-seed', inputmode: 'numeric', value: '1', dataset: { testid: 'exp-state-seed' } }),
      list: el('textarea', { id: 'exp-list', rows: '3', spellcheck: 'false', placeholder: 'or paste scrambles, one a line (used instead of random states)', dataset: { testid: 'exp-list' } }),
      seeds: el('input', { id: 'exp-seeds', value: '1', dataset: { testid: 'exp-seeds' } }),
      params: el('input', { id: 'exp-params', placeholder: 'key=value,key=value', dataset: { testid: 'exp-params' } }),
      sweepParam: el('input', { id: 'exp-sweep-param', placeholder: 'param', dataset: { testid: 'exp-sweep-param' } }),
      sweepValues: el('input', { id: 'exp-sweep-values', placeholder: 'v1,v2,...', dataset: { testid: 'exp-sweep-values' } }),
    };
    this.solverChecks = new Map(this.solvers.map((s) => [s.name, el('input', { type: 'checkbox', value: s.name, dataset: { testid: `exp-solver-${s.name}` }, onchange: () => this.onEdit() })]));
    for (const [name, box] of this.solverChecks) this.f.solverBox.append(el('label', { class: 'check' }, box, ` ${name}`));
    const lab = (text, input) => el('label', { class: 'field' }, el('span', { class: 'lbl' }, text), input);
    this.customBox = el('div', { class: 'exp-custom' },
      el('div', { class: 'row' }, lab('Random states', this.f.states), lab('from state seed', this.f.stateSeed)),
      lab('Scrambles', this.f.list),
      el('div', { class: 'row' }, lab('Seeds: K (1..K), a list 1,5,9, a range 1..10, or cube', this.f.seeds)),
      lab('Params for every solve', this.f.params),
      el('div', { class: 'row' }, lab('Sweep param', this.f.sweepParam), lab('values', this.f.sweepValues)));
    for (const k of ['states', 'stateSeed', 'list', 'seeds', 'params', 'sweepParam', 'sweepValues']) this.f[k].addEventListener('input', () => this.onEdit());
    this.plan = el('p', { class: 'hint', dataset: { testid: 'exp-plan' } });
    this.problems = el('p', { class: 'field-error', role: 'alert', dataset: { testid: 'exp-problems' }, hidden: true });
    this.b = {
      run: el('button', { type: 'button', class: 'primary', dataset: { testid: 'exp-run' }, onclick: () => this.run() }, 'Run'),
      stop: el('button', { type: 'button', disabled: true, dataset: { testid: 'exp-stop' }, onclick: () => this.stop() }, 'Pause'),
      resume: el('button', { type: 'button', hidden: true, dataset: { testid: 'exp-resume' }, onclick: () => this.resume() }, 'Resume'),
      csv: el('button', { type: 'button', class: 'quiet', disabled: true, dataset: { testid: 'exp-csv' }, onclick: () => this.download('csv') }, 'Export CSV'),
      json: el('button', { type: 'button', class: 'quiet', disabled: true, dataset: { testid: 'exp-json' }, onclick: () => this.download('json') }, 'Export JSON'),
      copy: el('button', { type: 'button', class: 'quiet small', onclick: () => this.copyLink() }, 'Copy link'),
    };
    this.link = el('a', { href: './', dataset: { testid: 'exp-link' } }, 'link to this experiment');
    this.state = el('span', { class: 'exp-state', dataset: { testid: 'exp-state' } }, 'not started');
    this.bar = el('progress', { max: '1', value: '0', dataset: { testid: 'exp-progress' } });
    this.progressText = el('span', { class: 'hint', dataset: { testid: 'exp-progress-text' } });
    this.message = el('p', { class: 'hint', role: 'status', dataset: { testid: 'exp-message' } });
    this.stats = el('table', { class: 'exp-stats', dataset: { testid: 'exp-stats' } });
    this.histMeasure = el('select', { dataset: { testid: 'exp-hist-measure' }, onchange: () => this.renderHist() },
      MEASURES.map(([k, label]) => el('option', { value: k }, label)));
    this.hist = el('div', { class: 'exp-hist', dataset: { testid: 'exp-hist' } });
    this.paper = el('div', { class: 'exp-paper', dataset: { testid: 'exp-paper' } });
    this.saved = el('ul', { class: 'exp-saved', dataset: { testid: 'exp-saved' } });
    R.append(
      el('div', { class: 'exp-head' }, el('h2', { id: 'h-experiments' }, 'Experiments'),
        el('button', { type: 'button', class: 'quiet small', dataset: { testid: 'exp-close' }, onclick: () => { R.hidden = true; } }, 'Close')),
      el('p', { class: 'hint' }, 'Reproduce a paper\'s table or run your own: every solve runs in a worker (one per core), is verified, and is kept in this browser as it finishes, so a reload carries on where it was.'),
      el('div', { class: 'exp-form' }, lab('Experiment', kind), this.f.paperBox, this.f.solverBox, this.customBox, this.plan, this.problems,
        el('div', { class: 'row' }, this.b.run, this.b.stop, this.b.resume, this.b.csv, this.b.json),
        el('div', { class: 'row' }, this.link, this.b.copy)),
      el('div', { class: 'exp-progress' }, this.state, this.bar, this.progressText),
      this.message,
      el('h3', {}, 'Statistics'), this.stats,
      el('h3', {}, 'Histograms ', this.histMeasure), this.hist,
      el('h3', {}, 'The paper\'s figures'), this.paper,
      el('h3', {}, 'Kept in this browser'), this.saved);
    this.onKind();
  }

  show() {
    this.root.hidden = false;
    this.root.scrollIntoView({ block: 'start' });
  }

  say(text) { setText(this.message, text); }

  onKind(definition = null) {
    const paper = PAPER_EXPERIMENTS.find((p) => p.id === this.f.kind.value) || null;
    clear(this.f.paperBox);
    this.customBox.hidden = !!paper;
    this.paperInputs = {};
    const names = paper ? paper.define(Object.fromEntries(Object.entries(paper.options).map(([k, o]) => [k, o.def]))).solvers : this.solvers.map((s) => s.name);
    for (const [name, box] of this.solverChecks) {
      box.parentElement.hidden = !names.includes(name);
      box.checked = paper ? names.includes(name) && (!definition || !definition.solvers || definition.solvers.includes(name)) : box.checked;
    }
    if (paper) {
      for (const [k, o] of Object.entries(paper.options)) {
        const v = definition && definition[k] !== undefined ? definition[k] : o.def;
        const input = o.values
          ? el('select', { dataset: { testid: `exp-opt-${k}` }, onchange: () => this.onEdit() }, o.values.map(([x, label]) => el('option', { value: String(x) }, label)))
          : el('input', { type: 'number', min: String(o.min), max: String(o.max), value: String(v), dataset: { testid: `exp-opt-${k}` }, oninput: () => this.onEdit() });
        if (o.values) input.value = String(v);
        this.paperInputs[k] = { input, spec: o };
        this.f.paperBox.append(el('label', { class: 'field' }, el('span', { class: 'lbl' }, o.label || k), input));
      }
      this.f.paperBox.append(el('p', { class: 'hint' }, `Source: ${paper.ref}.`));
    }
    this.onEdit();
  }

  // The form as a definition (the compact form a link carries).
  definition() {
    const picked = [...this.solverChecks].filter(([, b]) => b.checked && !b.parentElement.hidden).map(([n]) => n);
    const paper = PAPER_EXPERIMENTS.find((p) => p.id === this.f.kind.value);
    if (paper) {
      const d = { paper: paper.id };
      for (const [k, { input, spec }] of Object.entries(this.paperInputs)) {
        d[k] = spec.values ? spec.values.map(([x]) => x).find((x) => String(x) === input.value) : Number(input.value);
      }
      const all = paper.define(d).solvers;
      if (picked.length !== all.length) d.solvers = picked;
      return d;
    }
    const d = { solvers: picked };
    const list = this.f.list.value.split('\n').map((s) => s.trim()).filter((s) => s && !s.startsWith('#'));
    if (list.length) d.states = list;
    else { d.states = Number(this.f.states.value); d.stateSeed = Number(this.f.stateSeed.value); }
    const seeds = this.f.seeds.value.trim();
    d.seeds = /^\d+$/.test(seeds) ? Number(seeds) : parseSeedList(seeds, Error, 100);
    const params = paramsObject(this.f.params.value);
    if (Object.keys(params).length) d.params = params;
    if (this.f.sweepParam.value.trim()) {
      d.sweep = { param: this.f.sweepParam.value.trim(), values: this.f.sweepValues.value.split(',').filter((v) => v.trim()).map(Number) };
    }
    return d;
  }

  // A definition into the form (a link's, a kept experiment's).
  fill(def) {
    if (def.paper) {
      this.f.kind.value = def.paper;
      this.onKind(def);
      return;
    }
    this.f.kind.value = 'custom';
    for (const [name, box] of this.solverChecks) box.checked = (def.solvers || []).includes(name);
    if (Array.isArray(def.states)) { this.f.list.value = def.states.join('\n'); }
    else { this.f.list.value = ''; this.f.states.value = String(def.states ?? 10); this.f.stateSeed.value = String(def.stateSeed ?? 1); }
    this.f.seeds.value = Array.isArray(def.seeds) ? def.seeds.join(',') : String(def.seeds ?? 1);
    this.f.params.value = paramsTextOf(def.params);
    this.f.sweepParam.value = def.sweep ? def.sweep.param : '';
    this.f.sweepValues.value = def.sweep ? def.sweep.values.join(',') : '';
    this.onKind();
  }

  // The form checked: {ok, ...resolveDefinition} and the plan line.
  check() {
    let v;
    try { v = resolveDefinition(this.definition(), { core: this.core }); } catch (e) { v = { ok: false, problems: [e.message] }; }
    if (v.ok) {
      const unknown = v.experiment.solvers.filter((s) => !this.solverChecks.has(s));
      if (unknown.length) v = { ok: false, problems: [`no solver named ${unknown.join(', ')} in this build`] };
    }
    return v;
  }

  onEdit() {
    const v = this.check();
    this.problems.hidden = v.ok;
    setText(this.problems, v.ok ? '' : v.problems.join('; '));
    setText(this.plan, v.ok ? `${v.runs.toLocaleString('en-US')} solves` : '');
    this.b.run.disabled = !v.ok || this.running();
    const q = v.ok ? experimentQuery(v.definition) : null;
    this.link.href = q ? new URL(q, location.href).href : './';
    this.link.dataset.ok = String(!!q);
    setText(this.link, q ? 'link to this experiment' : v.ok ? 'too long for a link (export JSON instead)' : 'link to this experiment');
    if (!this.exp) this.renderPaper(v.ok ? v : null);
  }

  restoreLink(text) {
    if (text.length > MAX_QUERY) { this.say(`The experiment link was not used: its definition has ${text.length} characters, more than the ${MAX_QUERY} a link may carry.`); return; }
    let def;
    try { def = JSON.parse(text); } catch { this.say('The experiment link could not be read (it is not JSON); the form was left as it was.'); return; }
    const v = resolveDefinition(def, { core: this.core });
    if (!v.ok) { this.say(`The experiment link was not used: ${v.problems.join('; ')}.`); return; }
    this.detach();
    this.fill(v.definition);
    this.say('The experiment from the link is set up; press Run to run it.');
  }

  copyLink() {
    if (this.link.dataset.ok !== 'true') return;
    navigator.clipboard?.writeText(this.link.href).then(() => this.say('Link copied.'), () => this.say('Copy the link from the address of "link to this experiment".'));
  }

  // ---------------------------------------------------------------- running
  running() { return !!this.runner; }

  lanes() { return Math.max(1, Math.min(16, navigator.hardwareConcurrency || 2)); }

  ensureClients() {
    const n = this.lanes();
    while (this.clients.length < n) this.clients.push(new SolverClient({ warm: true, name: `evocube experiment ${this.clients.length + 1}` }));
    return this.clients.slice(0, n);
  }

  detach() {
    if (this.running()) return;
    this.exp = null;
    this.records = [];
    this.render();
  }

  async run() {
    const v = this.check();
    if (!v.ok || this.running()) return;
    // every solver with its params (and each sweep value) checked by the core before anything
    // is kept or run, as `evocube batch` does: a bad param is named now, not in every record
    const e = v.experiment, solved = this.core.apply('');
    const { paramsWith } = makePlan({ cubes: [], solvers: e.solvers, seeds: [1], sweep: e.sweep ?? null, params: paramsTextOf(e.params) });
    for (const s of e.solvers) {
      for (const value of e.sweep ? e.sweep.values : [null]) {
        const params = paramsWith(value);
        try { this.core.createSolver(s, solved, 1, params).free(); } catch (err) {
          this.problems.hidden = false;
          setText(this.problems, `${s}${params ? ` with ${params}` : ''}: ${err.message}`);
          return;
        }
      }
    }
    this.say('');
    const exp = await this.store.create({ definition: v.definition, total: v.runs });
    await this.load(exp, { run: true });
    await this.refreshSaved();
  }

  // Show a kept experiment (and run what is left of it).
  async load(exp, { run = false } = {}) {
    if (this.running()) return;
    const v = resolveDefinition(exp.definition, { core: this.core });
    if (!v.ok) { this.say(`The kept experiment cannot be read: ${v.problems.join('; ')}`); return; }
    this.fill(v.definition);
    this.exp = exp;
    this.resolved = v;
    this.planOf = makePlan({ cubes: experimentCubes(v.experiment), solvers: v.experiment.solvers, seeds: v.experiment.seeds, sweep: v.experiment.sweep ?? null, params: paramsTextOf(v.experiment.params) });
    const stored = await this.store.records(exp.id);
    const left = resumePlan(this.planOf, stored);
    if (left.problems.length) { this.say(`The kept results do not match the experiment: ${left.problems[0]}`); return; }
    this.records = [];
    for (const { j, record } of stored) this.records[j] = record;
    this.session.resumedFrom = stored.length;
    this.todo = left.todo;
    this.render();
    if (run && left.todo.length) this.start(); // not awaited: the view is usable while it runs
    else if (!left.todo.length) await this.finish();
    else this.setState('paused');
  }

  setState(state) {
    setText(this.state, state);
    this.state.dataset.state = state;
    this.b.stop.disabled = state !== 'running';
    this.b.resume.hidden = state !== 'paused';
    this.b.run.disabled = state === 'running' || !this.check().ok;
  }

  async start() {
    const exp = this.exp;
    setActive(exp.id);
    await this.store.setState(exp.id, 'running');
    exp.state = 'running';
    this.setState('running');
    const clients = this.ensureClients();
    this.session.perWorker = clients.map(() => 0);
    this.t0 = performance.now();
    this.doneNow = 0;
    const sweepParam = this.resolved.experiment.sweep ? this.resolved.experiment.sweep.param : null;
    const todo = this.todo;
    this.runner = runJobs({
      todo, lanes: clients.length,
      solve: (j, w) => { this.session.ran.push(this.planOf.jobAt(j).id); return this.solveJob(clients[w], this.planOf.jobAt(j), sweepParam, w); },
      onDone: async (j, record, w) => {
        if (this.exp !== exp || record === null) return; // null: cancelled by Pause, run again later
        if (await this.store.add(exp.id, j, record)) {
          this.records[j] = record;
          this.session.solved.push(record.id);
          this.session.perWorker[w]++;
          this.doneNow++;
        }
        this.renderSoon();
      },
    });
    let out;
    try { out = await this.runner.promise; } catch (e) { this.say(`The experiment stopped: ${e.message}`); out = { stopped: true }; }
    this.runner = null;
    const left = resumePlan(this.planOf, this.records.map((record, j) => (record ? { j, record } : null)).filter(Boolean));
    this.todo = left.todo;
    if (!left.todo.length) await this.finish();
    else {
      await this.store.setState(exp.id, 'paused');
      exp.state = 'paused';
      this.setState('paused');
      this.render();
    }
    await this.refreshSaved();
    return out;
  }

  // One job on one worker: its record, or null when Pause cancelled it (it stays to do).
  async solveJob(client, job, sweepParam, lane) {
    let cube = job.cube.cube;
    try {
      if (job.cube.stateSeed !== undefined) {
        const sc = await client.scramble({ kind: 'random-state', seed: job.cube.stateSeed });
        if (sc.kind !== 'random-state') throw new Error('this build cannot make random states');
        cube = sc.scramble;
      }
      const facelets = this.core.apply(cube);
      const run = client.solve({ solver: job.solver, facelets, seed: job.seed, params: job.params });
      this.inflight.set(lane, run);
      let r;
      try { r = await run.promise; } finally { this.inflight.delete(lane); }
      const st = r.stats;
      // verified here, on the page's own core, before it is kept or shown
      if (st.solved && !this.core.verify(facelets, r.solution).solved) throw new Error('the solver\'s solution does not solve the cube');
      const res = { solver: st.solver ?? job.solver, solution: r.solution, length: r.length, solved: st.solved, generations: st.generations, evaluations: st.evaluations, phases: r.phases };
      return jobRecord(job, { cube, record: solveJson(res, job.seed, round1(st.timeMs)) }, sweepParam);
    } catch (e) {
      if (e && e.code === 'E_CANCELLED') { this.session.ran.splice(this.session.ran.lastIndexOf(job.id), 1); return null; }
      return jobRecord(job, { cube, error: e && e.message ? e.message : String(e) }, sweepParam);
    }
  }

  stop() {
    if (!this.runner) return;
    this.runner.stop();
    // the solves under way are cancelled (not kept): Resume runs them again
    for (const run of this.inflight.values()) run.cancel();
    this.setState('pausing');
    this.say('Paused: the solves under way were stopped and run again on Resume; every finished one is kept.');
  }

  async resume() {
    if (this.running() || !this.exp || this.exp.state === 'done') return;
    this.say('');
    await this.start();
  }

  async finish() {
    setActive(null);
    if (this.exp) { await this.store.setState(this.exp.id, 'done'); this.exp.state = 'done'; }
    this.setState('done');
    this.render();
  }

  // ---------------------------------------------------------------- results
  done() { return this.records.filter(Boolean); }

  renderSoon() {
    if (this.renderTimer) return;
    this.renderTimer = setTimeout(() => { this.renderTimer = 0; this.render(); }, 250);
  }

  render() {
    const recs = this.done();
    const total = this.exp ? this.exp.total : 0;
    this.bar.max = String(Math.max(1, total));
    this.bar.value = String(recs.length);
    let text = this.exp ? `${recs.length} / ${total} solves` : '';
    if (this.running() && this.doneNow) {
      const el2 = (performance.now() - this.t0) / 1000, rate = this.doneNow / el2;
      text += ` · ${rate.toFixed(2)} solves/s · ETA ${formatDuration((total - recs.length) / rate)} · ${this.clients.length} workers`;
    }
    if (this.exp) {
      const s = summarize(recs);
      text += ` · ${s.solved} solved${s.errors ? `, ${s.errors} with an error` : ''}`;
    }
    setText(this.progressText, text);
    this.b.csv.disabled = !recs.length;
    this.b.json.disabled = !recs.length;
    this.renderStats(recs);
    this.renderHist();
    this.renderPaper(this.exp ? this.resolved : null);
    if (!this.exp) this.setState('not started');
  }

  renderStats(recs) {
    clear(this.stats);
    if (!recs.length) return;
    this.stats.append(el('thead', {}, el('tr', {}, ['group', 'measure', 'n', 'mean', 'median', 'sd', '95% interval of the mean'].map((h) => el('th', {}, h)))));
    const body = el('tbody');
    const all = groups(recs);
    const rows = all.length > 1 ? [...all, ['all', recs]] : all;
    for (const [g, rs] of rows) {
      const s = summarize(rs);
      for (const [m, label, d] of MEASURES) {
        const x = s[m];
        const cells = STATS.map((k) => {
          const text = k === 'n' ? String(x.n) : k === 'ci95' ? (Number.isFinite(x.ci95) ? `±${fmtStat(x.ci95, d)} (${fmtStat(x.mean - x.ci95, d)} – ${fmtStat(x.mean + x.ci95, d)})` : '–') : fmtStat(x[k], d);
          return el('td', { class: 'num', dataset: { stat: k, value: k === 'n' ? String(x.n) : Number.isFinite(x[k]) ? fmtStat(x[k], d) : '' } }, text);
        });
        body.append(el('tr', { dataset: { group: g, measure: m } }, el('th', {}, g), el('td', {}, label), cells));
      }
    }
    this.stats.append(body);
  }

  renderHist() {
    clear(this.hist);
    const recs = this.done();
    if (!recs.length) return;
    const m = this.histMeasure.value;
    for (const [g, rs] of groups(recs)) {
      const vals = m === 'length' ? rs.filter((r) => r.solved).map((r) => r.length) : m === 'generations' ? rs.filter((r) => r.error === undefined).map((r) => r.generations) : rs.map((r) => r.time_ms);
      const bins = histogram(vals, 12);
      if (!bins.length) continue;
      const W = 240, H = 80, top = Math.max(...bins.map((b) => b.count)), bw = W / bins.length;
      const NS = 'http://www.w3.org/2000/svg';
      const svg = document.createElementNS(NS, 'svg');
      svg.setAttribute('viewBox', `0 0 ${W} ${H + 14}`);
      svg.setAttribute('role', 'img');
      const d = m === 'length' ? 0 : 1;
      svg.setAttribute('aria-label', `${g}: ${m} histogram, ${bins.map((b) => `${fmtStat(b.lo, d)}${b.hi !== b.lo ? `-${fmtStat(b.hi, d)}` : ''}: ${b.count}`).join(', ')}`);
      bins.forEach((b, i) => {
        const h = top ? Math.round((b.count / top) * H) : 0;
        const r = document.createElementNS(NS, 'rect');
        r.setAttribute('x', String(i * bw + 1)); r.setAttribute('y', String(H - h)); r.setAttribute('width', String(Math.max(1, bw - 2))); r.setAttribute('height', String(h));
        const t = document.createElementNS(NS, 'title');
        t.textContent = `${fmtStat(b.lo, d)}${b.hi !== b.lo ? ` to ${fmtStat(b.hi, d)}` : ''}: ${b.count}`;
        r.append(t);
        svg.append(r);
      });
      const lo = document.createElementNS(NS, 'text'), hi = document.createElementNS(NS, 'text');
      lo.setAttribute('x', '0'); lo.setAttribute('y', String(H + 12)); lo.textContent = fmtStat(bins[0].lo, d);
      hi.setAttribute('x', String(W)); hi.setAttribute('y', String(H + 12)); hi.setAttribute('text-anchor', 'end'); hi.textContent = fmtStat(bins[bins.length - 1].hi, d);
      svg.append(lo, hi);
      this.hist.append(el('figure', { dataset: { group: g } }, svg, el('figcaption', {}, `${g} (${vals.length})`)));
    }
  }

  renderPaper(v) {
    clear(this.paper);
    const paper = v && v.paper ? PAPER_EXPERIMENTS.find((p) => p.id === v.paper.id) : null;
    if (!paper) { this.paper.append(el('p', { class: 'hint' }, 'A custom experiment has no published figures; choose a paper\'s experiment to see them here.')); return; }
    const recs = this.done();
    const tbody = el('tbody');
    for (const f of paper.figures(v.paper.options)) {
      const rs = f.solver ? recs.filter((r) => r.solver === f.solver) : recs;
      const s = summarize(rs)[f.measure];
      const d = MEASURES.find(([k]) => k === f.measure)[2];
      const ours = s.n ? `${fmtStat(s.mean, d)} ± ${fmtStat(s.ci95, d)} (n = ${s.n})` : '–';
      tbody.append(el('tr', {}, el('td', {}, `${f.solver ? `${f.solver}: ` : ''}${f.measure} (${f.stat})`), el('td', { class: 'num' }, ours), el('td', { class: 'num' }, String(f.value)), el('td', { class: 'ref' }, f.ref)));
    }
    this.paper.append(el('table', {}, el('thead', {}, el('tr', {}, ['measure', 'this run', 'the paper', 'reference'].map((h) => el('th', {}, h)))), tbody));
  }

  async refreshSaved() {
    clear(this.saved);
    for (const exp of await this.store.list()) {
      const n = await this.store.count(exp.id);
      const name = exp.definition.paper || `custom: ${(exp.definition.solvers || []).join(', ')}`;
      this.saved.append(el('li', { dataset: { id: exp.id } },
        `${new Date(exp.created).toISOString().slice(0, 16).replace('T', ' ')} ${name}: ${n} / ${exp.total} solves, ${exp.state} `,
        el('button', { type: 'button', class: 'quiet small', onclick: () => this.load(exp) }, 'Open'),
        el('button', { type: 'button', class: 'quiet small', onclick: async () => {
          if (this.exp && this.exp.id === exp.id) { if (this.running()) return; this.detach(); setActive(null); }
          await this.store.remove(exp.id);
          await this.refreshSaved();
        } }, 'Delete')));
    }
  }

  // ---------------------------------------------------------------- export
  exportData(kind) {
    const recs = this.done();
    if (kind === 'csv') return { name: 'csv', type: 'text/csv', text: toCsv(recs) };
    const summary = Object.fromEntries(groups(recs).map(([g, rs]) => [g, summarize(rs)]));
    summary.all = summarize(recs);
    const q = experimentQuery(this.exp ? this.exp.definition : this.definition());
    return {
      name: 'json', type: 'application/json',
      text: `${JSON.stringify({ format: 'evocube-experiment', version: 1, definition: this.exp ? this.exp.definition : this.definition(), link: q ? new URL(q, location.href).href : null, total: this.exp ? this.exp.total : 0, records: recs, summary }, null, 1)}\n`,
    };
  }

  download(kind) {
    const d = this.exportData(kind);
    const url = URL.createObjectURL(new Blob([d.text], { type: d.type }));
    const a = el('a', { href: url, download: `evocube-experiment-${this.exp ? this.exp.id : 'draft'}.${d.name}` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }
}

