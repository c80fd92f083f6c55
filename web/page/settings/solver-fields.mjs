// solver-fields.mjs - the solver choice and its settings, built from the core's solver list
// (ec_solver_list_json: name, title, workUnit, params {key, default, min, max, integer,
// help, names?}, presets {name, params, help}); nothing about any solver is hard-coded here.
// A param with names (an enumerated mode: oracle exact/first20) is a select of its names;
// its value is kept, and written to links, as the name (a link's number still reads).
// State: the chosen solver, its preset ('' for none) and the params the user changed from
// the base (defaults, then the preset's values). request() gives what a solve needs.
import { el, clear, byId, setText } from '../common/dom.mjs';
import { solverInfo } from '../common/solver-info.mjs';
import { parseParamsText, camelKey } from '../../lib/params.mjs';

// A named param's value as its name ('1' -> 'first20'); any other value as it is.
const named = (p, v) => (p.names && /^\d+$/.test(v) && p.names[Number(v) - p.min]) || String(v);

export class SolverFields {
  constructor({ solvers, onChange }) {
    this.solvers = solvers;
    this.onChange = onChange;
    this.select = byId('solver-select');
    this.presetSelect = byId('preset-select');
    this.paramsHost = byId('params');
    this.changed = {};
    // descriptive names; the value is the code name (share links carry it)
    for (const s of solvers) this.select.append(el('option', { value: s.name }, `${solverInfo(s.name).label} · ${s.name}`));
    this.select.addEventListener('change', () => { this.choose(this.select.value); this._emit(); });
    this.presetSelect.addEventListener('change', () => { this.changed = {}; this._render(); this._emit(); });
    byId('params-reset').addEventListener('click', () => { this.changed = {}; this._render(); this._emit(); });
    if (solvers.length) this.choose(solvers[0].name);
  }

  get solver() { return this.solvers.find((s) => s.name === this.select.value) || null; }
  get preset() { return this.presetSelect.value || ''; }

  _emit() { if (this.onChange) this.onChange(); }

  // Base values: defaults, then the preset's pairs.
  base() {
    const s = this.solver;
    const v = {};
    if (!s) return v;
    for (const p of s.params) v[p.key] = String(p.default);
    const pr = s.presets.find((x) => x.name === this.preset);
    if (pr) Object.assign(v, parseParamsText(pr.params));
    return v;
  }

  choose(name, { preset = '', params = {} } = {}) {
    if (!this.solvers.some((s) => s.name === name)) return false;
    this.select.value = name;
    const s = this.solver;
    clear(this.presetSelect);
    this.presetSelect.append(el('option', { value: '' }, defaultsLabel(s)));
    for (const p of s.presets) this.presetSelect.append(el('option', { value: p.name, title: p.help }, `${p.name}: ${p.help}`));
    byId('preset-field').hidden = s.presets.length === 0;
    this.presetSelect.value = s.presets.some((p) => p.name === preset) ? preset : '';
    this.changed = {};
    this.ignored = [];
    for (const [k, v] of Object.entries(params)) {
      const key = s.params.some((p) => p.key === k) ? k : camelKey(k);
      const p = s.params.find((x) => x.key === key);
      if (p) this.changed[key] = named(p, v);
      else this.ignored.push(k);
    }
    setText(byId('solver-title'), `${s.title} (one step = ${s.workUnit})`);
    this._render();
    return true;
  }

  _render() {
    const s = this.solver;
    clear(this.paramsHost);
    if (!s) return;
    const base = this.base();
    for (const p of s.params) {
      const id = `param-${p.key}`;
      const names = p.names || [];
      const value = named(p, this.changed[p.key] ?? base[p.key]);
      const attrs = { id, dataset: { testid: id, key: p.key }, 'aria-describedby': `${id}-help` };
      const input = names.length
        ? el('select', attrs, ...names.map((n) => el('option', {}, n))) // another value: blank, refused
        : el('input', { ...attrs, type: 'number', min: p.min, max: p.max, step: p.integer ? 1 : 'any', value });
      input.value = value;
      const err = el('span', { class: 'field-error', hidden: true, dataset: { testid: `${id}-error` } });
      const check = () => {
        const text = input.value.trim();
        const x = Number(text);
        let msg = '';
        if (names.length) msg = names.includes(text) ? '' : `must be one of ${names.join(', ')}`;
        else if (text === '' || !Number.isFinite(x)) msg = 'not a number';
        else if (x < p.min || x > p.max) msg = `must be from ${p.min} to ${p.max}`;
        else if (p.integer && !Number.isInteger(x)) msg = 'must be a whole number';
        err.hidden = !msg;
        err.textContent = msg;
        input.classList.toggle('invalid', !!msg);
        return text;
      };
      check(); // a value from a link may be out of range: say so before Solve
      if (err.textContent) byId('params-box').open = true;
      input.addEventListener('input', () => {
        const text = check();
        const x = Number(text);
        if (text === named(p, base[p.key]) || (!names.length && x === Number(base[p.key]))) delete this.changed[p.key];
        else this.changed[p.key] = text;
        this._summary();
        this._emit();
      });
      this.paramsHost.append(el('label', { for: id, class: 'param-key', title: p.help }, p.key),
        input,
        el('span', { class: 'param-help hint', id: `${id}-help` }, `${p.help} (${names.length ? '' : `${p.min}–${p.max}, `}default ${named(p, p.default)})`),
        err);
    }
    this._summary();
  }

  _summary() {
    const n = Object.keys(this.changed).length;
    setText(byId('params-changed'), n ? `(${n} changed)` : '');
  }

  // Problems the core would refuse anyway, to keep Solve disabled: [] when fine.
  problems() {
    return [...this.paramsHost.querySelectorAll('.invalid')].map((i) => i.dataset.key);
  }

  // {solver, params} for a solve: params as an object {preset?, key: value} (changed ones).
  request() {
    const params = {};
    if (this.preset) params.preset = this.preset;
    Object.assign(params, this.changed);
    return { solver: this.select.value, params };
  }
}

// The preset select's first entry: "(defaults)", naming the default of each enumerated param
// a preset changes ("defaults (oracle exact)" beside "thesis: the thesis's oracle: ...").
function defaultsLabel(s) {
  const named = s.params.filter((p) => Array.isArray(p.names) && s.presets.some((pr) => new RegExp(`(^|,)${p.key}=`).test(pr.params)));
  return named.length ? `defaults (${named.map((p) => `${p.key} ${p.names[p.default] ?? p.default}`).join(', ')})` : '(defaults)';
}
