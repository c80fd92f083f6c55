// settings.mjs - the solver settings: solver, preset and params (web/page/settings/solver-fields.mjs),
// the seed and the islands. State: what the fields hold; each read is checked.
//
// Interface:
//   new Settings({ core, solvers, notify, onChange })
//   panel              the SolverFields
//   seed()             {ok, seed} | {ok: false, error}
//   islands()          {ok, k} | {ok: false, error}
//   islandsUsed()      the islands a solve of the chosen solver uses (1 without an island model:
//                      the descriptor's `islands`, web/page/common/solver-info.mjs)
//   ok()               every field is valid (Solve may be enabled)
//   request()          {solver, params} for the worker
//   fields()           {solver, seed, preset, islands, params}: the settings part of a share link
//   restore(shared, hasQuery)   set the fields from a read share link
//   freeze(on)         a run is going: the settings cannot change until it ends
//   update()           refresh the islands note and field errors
import { byId as $, setText } from '../common/dom.mjs';
import { SolverFields } from './solver-fields.mjs';
import { solverInfo } from '../common/solver-info.mjs';
import { defaultIslands, parseIslands } from '../../lib/params.mjs';

export function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

export class Settings {
  constructor({ core, solvers, notify, onChange }) {
    Object.assign(this, { core, solvers, notify, onChange });
    this.cores = navigator.hardwareConcurrency || 1;
    this.panel = new SolverFields({ solvers, onChange });
    if (!solvers.length) {
      setText($('solver-title'), 'No solver is registered in this build yet.');
      $('solver-select').disabled = true;
    }
    this.seedInput = $('seed-input');
    this.islandsInput = $('islands-input');
    this.seedInput.addEventListener('input', () => {
      const s = this.seed();
      $('seed-error').hidden = s.ok;
      setText($('seed-error'), s.ok ? '' : s.error.message);
      this.seedInput.classList.toggle('invalid', !s.ok);
      onChange();
    });
    $('seed-random').addEventListener('click', () => {
      this.seedInput.value = String(randomSeed());
      this.seedInput.dispatchEvent(new Event('input'));
    });
    this.islandsInput.addEventListener('input', () => onChange());
  }

  seed() {
    try {
      return { ok: true, seed: this.core.parseSeed(this.seedInput.value.trim()) };
    } catch (e) {
      return { ok: false, error: e };
    }
  }

  islands() {
    return parseIslands(this.islandsInput.value);
  }

  islandsUsed() {
    const v = this.islands();
    return v.ok && this.panel.solver && solverInfo(this.panel.solver.name).islands ? v.k : 1;
  }

  ok() {
    return this.solvers.length > 0 && this.seed().ok && this.islands().ok && this.panel.problems().length === 0;
  }

  request() { return this.panel.request(); }

  fields() {
    const req = this.panel.request();
    const v = this.islands();
    const s = { solver: req.solver, seed: this.seedInput.value.trim(), preset: req.params.preset, islands: v.ok ? v.k : 1, params: { ...req.params } };
    delete s.params.preset;
    return s;
  }

  restore(shared, hasQuery) {
    const { panel, notify } = this;
    if (shared.solver) {
      if (!panel.choose(shared.solver, { preset: shared.preset, params: shared.params })) {
        notify(`The link names solver "${shared.solver}", which this build does not have; using ${panel.solver ? panel.solver.name : 'none'}.`, 'warn');
      } else if (panel.ignored.length) {
        notify(`Solver ${shared.solver} has no parameter ${panel.ignored.map((k) => `"${k}"`).join(', ')}; ignored.`, 'warn');
      } else if (shared.preset && panel.preset !== shared.preset) {
        notify(`Solver ${shared.solver} has no preset "${shared.preset}"; using its defaults.`, 'warn');
      }
    }
    if (shared.seed != null) this.seedInput.value = shared.seed;
    // a link without islands= means one island; a page opened without a link uses the cores
    this.islandsInput.value = String(hasQuery ? shared.islands ?? 1 : defaultIslands(navigator.hardwareConcurrency));
    this.seedInput.dispatchEvent(new Event('input'));
  }

  update() {
    const v = this.islands();
    $('islands-error').hidden = v.ok;
    setText($('islands-error'), v.ok ? '' : v.error);
    this.islandsInput.classList.toggle('invalid', !v.ok);
    if (!v.ok) { setText($('islands-note'), ''); return; }
    const k = this.islandsUsed();
    const cores = this.cores;
    const name = this.panel.solver ? this.panel.solver.name : 'this solver';
    setText($('islands-note'), !(this.panel.solver && solverInfo(name).islands) && v.k > 1
      ? `${name} has no island model: it runs on 1 worker (this device has ${cores} cores).`
      : `Uses ${k} worker${k === 1 ? '' : 's'} (${k === 1 ? 'one population' : `${k} islands exchanging migrants`}) on this device's ${cores} core${cores === 1 ? '' : 's'}.`);
  }

  freeze(on) {
    $('solver-select').disabled = on || !this.solvers.length;
    for (const id of ['preset-select', 'seed-input', 'seed-random', 'islands-input', 'params-reset']) $(id).disabled = on;
    for (const i of $('params').querySelectorAll('input')) i.disabled = on;
  }
}
