// experiments-view.lazy.mjs - the Experiments view, loaded on demand (not in the first
// load). Choose a paper's experiment (web/lib/experiments/papers.mjs) or a custom one
// (solvers x random states or a pasted list x seeds x one param sweep); it runs on one Web
// Worker per core (web/lib/client.mjs over web/worker.mjs: each warmed once, each solve
// independent) through web/lib/experiments/runner.mjs, which keeps every finished solve in
// IndexedDB at once (web/lib/experiments/store.mjs), so a reload resumes where it was: nothing
// lost, nothing run twice. This file is the runner's view: the form, the buttons, a progress
// bar and ETA, the kept experiments, and the definition as a link (?experiment=...) that
// restores the form and never runs by itself; experiments-results.mjs shows the results (live
// statistics, histograms, the paper's figures) and makes the exports. Its styles are in
// experiments.css beside it, linked when the view first opens.
//
// openExperiments({core, notify, link}) shows the view (made once); open.mjs calls it from
// the Experiments button, for a link with experiment=, and at boot when an experiment was
// running (active.mjs keeps its id).
import { el, clear, setText } from '../common/dom.mjs';
import { downloadText } from '../common/download.mjs';
import { SolverClient } from '../../lib/client.mjs';
import { getActive, setActive } from './active.mjs';
import { ExperimentResults, exportData, exportName } from './experiments-results.mjs';
import { OptimalClient } from '../../lib/optimal/client.mjs';
import { hereThreads } from '../../lib/optimal/threads.mjs';
import { parseSeedList, summarize } from '../../lib/experiments/plan.mjs';
import { resolveDefinition, experimentQuery } from '../../lib/experiments/definition.mjs';
import { ExperimentStore, idbBackend, memoryBackend } from '../../lib/experiments/store.mjs';
import { ExperimentRunner } from '../../lib/experiments/runner.mjs';
import { PAPER_EXPERIMENTS } from '../../lib/experiments/papers.mjs';
import { formatDuration } from '../../lib/format.mjs';
import { MAX_QUERY, paramsText, parseParamsText } from '../../lib/params.mjs';

let view = null;

// the view's look (experiments.css beside this file), linked once: kept out of app.css so
// the first load does not carry it
function linkStyle() {
  document.head.append(el('link', { rel: 'stylesheet', href: new URL('./experiments.css', import.meta.url).href }));
}

export async function openExperiments({ core, notify, link = null }) {
  if (!view) { linkStyle(); view = new ExperimentsView(core, notify); }
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
    this.results = new ExperimentResults(() => this.done(), { optimal: new OptimalClient(new URL('../../optimal-worker.mjs', import.meta.url), { threads: hereThreads().threads }) });
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
      ...this.results.sections(),
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
    if (!this.exp) this.results.renderPaper(v.ok ? v : null);
  }

  restoreLink(text) {
    if (text.length > MAX_QUERY) { this.say(`The experiment link was not used: its definition has ${text.length} characters, more than the ${MAX_QUERY} a link may carry.`); return; }
    let def;
    try { def = JSON.parse(text); } catch { this.say('The experiment link could not be read (it is not JSON); the form was left as it was.'); return; }
    const v = resolveDefinition(def, { core: this.core });
    if (!v.ok) { this.say(`The experiment link was not used: ${v.problems.join('; ')}.`); return; }
    if (this.running()) {
      // a kept experiment resumed at boot goes on; the link's form would hide what runs
      const same = JSON.stringify(v.definition) === JSON.stringify(this.resolved.definition);
      this.say(same ? 'The experiment from the link was running when the page closed; it carries on where it was.'
        : 'The experiment kept from before is running on, so the link\'s experiment was not set up; open the link again once this one is done or paused.');
      return;
    }
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
    this.results.render(this.exp ? this.resolved : null);
    if (!this.exp) this.setState('not started');
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
  download(kind) {
    const definition = this.exp ? this.exp.definition : this.definition();
    const d = exportData(kind, { recs: this.done(), definition, total: this.exp ? this.exp.total : 0, base: location.href });
    downloadText(`${exportName(definition, this.exp ? this.exp.created : Date.now())}.${d.name}`, d.text, d.type);
  }
}
