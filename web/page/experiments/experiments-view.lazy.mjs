// experiments-view.lazy.mjs - the Experiments view, loaded on demand (not in the first
// load). Choose a paper's experiment (web/lib/experiments/papers.mjs) or a custom one
// (solvers x random states or a pasted list x seeds x one param sweep); it runs on one Web
// Worker per core (web/lib/client.mjs over web/worker.mjs: each warmed once, each solve
// independent) through web/lib/experiments/runner.mjs, which keeps every finished solve in
// IndexedDB at once (web/lib/experiments/store.mjs), so a reload resumes where it was: nothing
// lost, nothing run twice. This file is the view: the form, a progress bar and ETA, live
// statistics (mean, median, sd, the mean's 95% interval of length, generations and time;
// histograms) beside the paper's published figures, CSV and JSON exports, and the
// definition as a link (?experiment=...) that restores the form and never runs by itself.
// Its styles are in web/app.css.
//
// openExperiments({core, notify, link}) shows the view (made once); open.mjs calls it from
// the Experiments button, for a link with experiment=, and at boot when an experiment was
// running (localStorage ACTIVE_KEY names it).
import { el, clear, setText, adoptStyle } from '../common/dom.mjs';
import { downloadText } from '../common/download.mjs';
import { SolverClient } from '../../lib/client.mjs';
import { ACTIVE_KEY } from './open.mjs';
import { parseSeedList, summarize, groups } from '../../lib/experiments/plan.mjs';
import { resolveDefinition, experimentQuery } from '../../lib/experiments/definition.mjs';
import { toCsv } from '../../lib/experiments/csv.mjs';
import { ExperimentStore, idbBackend, memoryBackend } from '../../lib/experiments/store.mjs';
import { ExperimentRunner } from '../../lib/experiments/runner.mjs';
import { PAPER_EXPERIMENTS } from '../../lib/experiments/papers.mjs';
import { histogram } from '../../lib/stats.mjs';
import { fmtFixed, formatDuration } from '../../lib/format.mjs';
import { MAX_QUERY, paramsText, parseParamsText } from '../../lib/params.mjs';

// [key, label, decimals, scale, decimals of data-value]: times are recorded in ms and shown in
// seconds, as the papers give them; a cell's data-value keeps the record's unit (ms)
const MEASURES = [['length', 'length (HTM)', 2, 1, 2], ['generations', 'generations', 1, 1, 1], ['time', 'time (s)', 2, 1e-3, 1]];
// a statistic for reading: thousands separators, `d` decimals; '–' when there is none
const fmtStat = (x, d) => (Number.isFinite(x) ? x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }) : '–');
// the 95 % interval of a mean of a quantity that cannot be negative (all of MEASURES): clamped at 0
const interval = (x, d, k) => `±${fmtStat(x.ci95 * k, d)} (${fmtStat(Math.max(0, x.mean - x.ci95) * k, d)} – ${fmtStat((x.mean + x.ci95) * k, d)})`;
const STATS = ['n', 'mean', 'median', 'sd', 'ci95'];

const setActive = (id) => { try { if (id) localStorage.setItem(ACTIVE_KEY, id); else localStorage.removeItem(ACTIVE_KEY); } catch { /* no storage */ } };
const getActive = () => { try { return localStorage.getItem(ACTIVE_KEY); } catch { return null; } };

let view = null;

// the view's look, added when it first opens (app.css places the section only)
const VIEW_CSS = `.experiments .exp-head { display: flex; justify-content: space-between; align-items: baseline; }
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
.experiments .exp-saved { font-size: 13px; padding-left: 18px; }
`;

export async function openExperiments({ core, notify, link = null }) {
  if (!view) { adoptStyle(VIEW_CSS); view = new ExperimentsView(core, notify); }
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
    this.runner = new ExperimentRunner({
      core, store: null, lanes: Math.max(1, Math.min(16, navigator.hardwareConcurrency || 2)), // the store: init()
      makeClient: (k) => new SolverClient({ warm: true, name: `evocube experiment ${k + 1}` }),
      hooks: {
        onState: (state) => { this.setState(state); if (state !== 'running') this.render(); },
        onRecord: () => this.renderSoon(),
        onActive: setActive,
        onError: (text) => this.say(text),
      },
    });
    window.evocubeExperiment = this; // for the console and the e2e tests (read-only use)
    this.build();
    this.ready = this.init();
  }

  async init() {
    let store;
    try {
      store = new ExperimentStore(await idbBackend());
    } catch (e) {
      this.say(`Results cannot be kept in this browser (${e.message}); an experiment still runs, but a reload loses it.`);
      store = new ExperimentStore(memoryBackend());
    }
    this.store = store;
    this.runner.store = store;
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
    this.onKind(null, false);
  }

  show() {
    this.root.hidden = false;
    this.root.scrollIntoView({ block: 'start' });
  }

  say(text) { setText(this.message, text); }

  // user: a change the user made (else the view's own set-up: its problems wait for one)
  onKind(definition = null, user = true) {
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
    this.onEdit(user);
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
    const params = parseParamsText(this.f.params.value);
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
    this.f.params.value = paramsText(def.params);
    this.f.sweepParam.value = def.sweep ? def.sweep.param : '';
    this.f.sweepValues.value = def.sweep ? def.sweep.values.join(',') : '';
    this.onKind(null, false);
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

  // user: the call follows the user's own edit (a problem is shown only once the user acted)
  onEdit(user = true) {
    if (user) this.touched = true;
    const v = this.check();
    this.problems.hidden = v.ok || !this.touched;
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
  // (web/lib/experiments/runner.mjs runs it; the view asks and shows)
  get exp() { return this.runner.exp; }
  get resolved() { return this.runner.resolved; }
  get clients() { return this.runner.clients; }
  get session() { return this.runner.session; }

  running() { return this.runner.running(); }

  detach() {
    if (this.running()) return;
    this.runner.detach();
    this.render();
  }

  async run() {
    const v = this.check();
    if (!v.ok || this.running()) return;
    // every solver with its params (and each sweep value) checked by the core before anything
    // is kept or run, as `evocube batch` does: a bad param is named now, not in every record
    const problem = this.runner.checkSolvers(v.experiment);
    if (problem) {
      this.problems.hidden = false;
      setText(this.problems, problem);
      return;
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
    const opened = await this.runner.open(exp, v);
    if (opened.problem) { this.say(opened.problem); return; }
    this.render();
    if (run && opened.left) this.start(); // not awaited: the view is usable while it runs
    else if (!opened.left) await this.runner.finish();
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
    const out = await this.runner.start();
    await this.refreshSaved();
    return out;
  }

  stop() {
    if (!this.runner.stop()) return;
    this.setState('pausing');
    this.say('Paused: the solves under way were stopped and run again on Resume; every finished one is kept.');
  }

  async resume() {
    if (this.running() || !this.exp || this.exp.state === 'done') return;
    this.say('');
    await this.start();
  }

  // ---------------------------------------------------------------- results
  done() { return this.runner.done(); }

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
    const rate = this.runner.rate();
    if (rate) {
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
      for (const [m, label, d, scale, rawD] of MEASURES) {
        const x = s[m];
        // the text is for reading (units of the label, separators); data-value keeps the record's own unit
        const cells = STATS.map((k) => {
          const text = k === 'n' ? fmtStat(x.n, 0) : k === 'ci95' ? (Number.isFinite(x.ci95) ? interval(x, d, scale) : '–') : fmtStat(x[k] * scale, d);
          return el('td', { class: 'num', dataset: { stat: k, value: k === 'n' ? String(x.n) : Number.isFinite(x[k]) ? fmtFixed(x[k], rawD) : '' } }, text);
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
      svg.setAttribute('aria-label', `${g}: ${m} histogram, ${bins.map((b) => `${fmtFixed(b.lo, d)}${b.hi !== b.lo ? `-${fmtFixed(b.hi, d)}` : ''}: ${b.count}`).join(', ')}`);
      bins.forEach((b, i) => {
        const h = top ? Math.round((b.count / top) * H) : 0;
        const r = document.createElementNS(NS, 'rect');
        r.setAttribute('x', String(i * bw + 1)); r.setAttribute('y', String(H - h)); r.setAttribute('width', String(Math.max(1, bw - 2))); r.setAttribute('height', String(h));
        const t = document.createElementNS(NS, 'title');
        t.textContent = `${fmtFixed(b.lo, d)}${b.hi !== b.lo ? ` to ${fmtFixed(b.hi, d)}` : ''}: ${b.count}`;
        r.append(t);
        svg.append(r);
      });
      const lo = document.createElementNS(NS, 'text'), hi = document.createElementNS(NS, 'text');
      lo.setAttribute('x', '0'); lo.setAttribute('y', String(H + 12)); lo.textContent = fmtFixed(bins[0].lo, d);
      hi.setAttribute('x', String(W)); hi.setAttribute('y', String(H + 12)); hi.setAttribute('text-anchor', 'end'); hi.textContent = fmtFixed(bins[bins.length - 1].hi, d);
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
      const [, label, d, scale] = MEASURES.find(([k]) => k === f.measure);
      const unit = f.measure === 'time' ? ' s' : '';
      const ours = s.n ? `${fmtStat(s.mean * scale, d)}${unit} ± ${fmtStat(s.ci95 * scale, d)}${unit} (n = ${fmtStat(s.n, 0)})` : '–';
      const theirs = typeof f.value === 'number' ? `${fmtStat(f.value, Number.isInteger(f.value) ? 0 : 1)}${unit}` : String(f.value);
      tbody.append(el('tr', {}, el('td', {}, `${f.solver ? `${f.solver}: ` : ''}${label} (${f.stat})`), el('td', { class: 'num' }, ours), el('td', { class: 'num' }, theirs),
        el('td', { class: 'ref' }, f.ref, f.note ? el('div', { class: 'hint', dataset: { testid: 'exp-note' } }, f.note) : null)));
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
    downloadText(`${exportName(this.exp ? this.exp.definition : this.definition(), this.exp ? this.exp.created : Date.now())}.${d.name}`, d.text, d.type);
  }
}


// An export's file name that says what it holds: evocube, the paper's experiment or the
// solvers, and the day it was made ("evocube-twes-table1-2026-11-27").
export function exportName(definition, created) {
  const what = definition.paper || `custom-${(definition.solvers || []).join('-') || 'none'}`;
  const day = new Date(created || Date.now()).toISOString().slice(0, 10);
  return `evocube-${what}-${day}`.replace(/[^A-Za-z0-9._-]+/g, '-');
}
