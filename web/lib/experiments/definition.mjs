// definition.mjs - an experiment's definition: what a link, the Experiments form or
// `evocube batch` asks for, checked and bounded before anything is planned or run. A
// definition is either custom (validateExperiment's fields) or a paper's experiment by id with
// its options (papers.mjs). experimentQuery and experimentFromText carry one in a link
// (`?experiment=<JSON>`), which restores the form and never runs by itself. No DOM.
//
// validateExperiment bounds solvers x states x seeds x sweep values before any list is
// walked (a link's, the form's EXPERIMENT_LIMITS; `evocube batch` passes wider limits).
import { readCubeText } from '../cube-text.mjs';
import { MAX_QUERY, MAX_PARAMS, SOLVER_RE, KEY_RE, VALUE_RE } from '../params.mjs';
import { PAPER_EXPERIMENTS } from './papers.mjs';

export const findPaper = (id) => PAPER_EXPERIMENTS.find((p) => p.id === id) || null;

// A paper experiment's options, checked against its bounds: {ok, options, problems}.
function paperOptions(paper, raw) {
  const problems = [];
  const options = {};
  for (const [k, spec] of Object.entries(paper.options)) {
    const v = raw[k] ?? spec.def;
    if (spec.values) {
      if (!spec.values.some(([x]) => x === v)) problems.push(`${k}: ${JSON.stringify(v).slice(0, 40)} is not one of ${spec.values.map(([x]) => JSON.stringify(x)).join(', ')}`);
      else options[k] = v;
    } else if (!Number.isInteger(v) || v < spec.min || v > spec.max) problems.push(`${k}: must be a whole number from ${spec.min} to ${spec.max}`);
    else options[k] = v;
  }
  return { ok: !problems.length, options, problems };
}

// An experiment definition as written (a link's, the form's): either a custom one
// (validateExperiment's fields) or {paper: id, <its options>, solvers?: a subset of the
// paper's}. Returns validateExperiment's answer, with `definition` (the compact form a link
// carries) and, for a paper, `paper` {id, options}.
export function resolveDefinition(raw, { core = null } = {}) {
  if (raw == null || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, problems: ['an experiment definition must be an object'] };
  if (raw.paper === undefined) {
    const v = validateExperiment(raw, { core });
    return v.ok ? { ...v, definition: raw } : v;
  }
  const paper = findPaper(raw.paper);
  if (!paper) return { ok: false, problems: [`paper: no paper experiment is named ${JSON.stringify(String(raw.paper).slice(0, 40))}; they are ${PAPER_EXPERIMENTS.map((p) => p.id).join(', ')}`] };
  const unknown = Object.keys(raw).filter((k) => k !== 'paper' && k !== 'solvers' && !(k in paper.options));
  if (unknown.length) return { ok: false, problems: unknown.slice(0, 5).map((k) => `${paper.id}: unknown option "${k.slice(0, 40)}"`) };
  const o = paperOptions(paper, raw);
  if (!o.ok) return { ok: false, problems: o.problems.map((p) => `${paper.id}: ${p}`) };
  const def = paper.define(o.options);
  if (raw.solvers !== undefined) {
    if (!Array.isArray(raw.solvers) || !raw.solvers.length || raw.solvers.some((s) => !def.solvers.includes(s))) {
      return { ok: false, problems: [`${paper.id}: solvers must be some of ${def.solvers.join(', ')}`] };
    }
    def.solvers = def.solvers.filter((s) => raw.solvers.includes(s));
  }
  const v = validateExperiment(def, { core });
  if (!v.ok) return v;
  const definition = { paper: paper.id, ...o.options, ...(raw.solvers ? { solvers: def.solvers } : {}) };
  return { ...v, definition, paper: { id: paper.id, options: o.options } };
}

export const LINK_KEY = 'experiment';

// The query of a link that restores a definition (never runs it): "?experiment=<JSON>", or
// null when it would be longer than a link may be (MAX_QUERY).
export function experimentQuery(definition) {
  const q = `?${LINK_KEY}=${encodeURIComponent(JSON.stringify(definition))}`;
  return q.length > MAX_QUERY ? null : q;
}

// ---------------------------------------------------------------- validation

// Bounds of an experiment definition (validateExperiment). A run is one solve; HuGO!'s
// integrity test alone is 5,832 of them, so a link may ask for at most MAX_RUNS.
export const EXPERIMENT_LIMITS = Object.freeze({
  solvers: 8, states: 10000, seeds: 100, sweep: 50, runs: 20000, scrambleChars: 400, params: MAX_PARAMS,
});

const EXPERIMENT_KEYS = ['solvers', 'params', 'states', 'stateSeed', 'seeds', 'sweep'];
const SEED_MAX = 4294967295;
const isSeed = (v) => Number.isInteger(v) && v >= 0 && v <= SEED_MAX;
const plain = (v) => v != null && typeof v === 'object' && !Array.isArray(v);

// count(name, v, max): the size of a field that is a number 1..max or a list of 1..max
// items, or 0 with the refusal said
const counter = (refuse) => (name, v, max) => {
  if (Number.isInteger(v) && v >= 1 && v <= max) return v;
  if (Array.isArray(v)) {
    if (v.length >= 1 && v.length <= max) return v.length;
    refuse(`${name}: a list of ${v.length} is ${v.length ? `more than the ${max} allowed` : 'empty'}`);
    return 0;
  }
  refuse(`${name}: ${typeof v === 'number' ? `${v} is not a whole number from 1 to ${max}` : `must be a number from 1 to ${max} or a list`}`);
  return 0;
};

// states: N random states from stateSeed, or a list of scrambles (each parsed by core when
// given); into out.states. Returns the number of states (0: refused).
function checkStates(def, out, { limits, core, refuse, count }) {
  const nStates = count('states', def.states, limits.states);
  if (nStates && Array.isArray(def.states)) {
    out.states = [];
    def.states.forEach((a, i) => {
      if (typeof a !== 'string') refuse(`states[${i}]: a scramble must be text`);
      else if (a.length > limits.scrambleChars) refuse(`states[${i}]: ${a.length} characters, more than the ${limits.scrambleChars} allowed`);
      else if (core) {
        // a facelet string (or a near miss) is never read as 54 moves (web/lib/cube-text.mjs)
        const kind = readCubeText(a);
        if (kind.kind === 'near') refuse(`states[${i}]: ${kind.message}`);
        else if (kind.kind === 'facelets') refuse(`states[${i}]: a facelet string; the list takes scrambles (moves)`);
        else try { out.states.push(core.canonical(a)); } catch (e) { refuse(`states[${i}]: ${e.message}`); }
      } else out.states.push(a);
    });
  } else if (nStates) {
    out.states = { random: nStates, seed: def.stateSeed ?? 1 };
    if (!isSeed(out.states.seed)) refuse(`stateSeed: must be a whole number from 0 to ${SEED_MAX}`);
  }
  return nStates;
}

// sweep: one param (not also in out.params) over a list of finite numbers; into out.sweep.
// Returns the number of values (0: refused).
function checkSweep(sw, out, { limits, refuse, count }) {
  if (!plain(sw) || typeof sw.param !== 'string' || !KEY_RE.test(sw.param)) {
    refuse('sweep: must be {param: name, values: [...]}');
    return 1;
  }
  const nSweep = count('sweep.values', sw.values, limits.sweep);
  if (!nSweep) return 0;
  if (!Array.isArray(sw.values)) {
    refuse('sweep.values: must be a list');
    return nSweep;
  }
  out.sweep = { param: sw.param, values: [] };
  sw.values.forEach((v, i) => {
    if (typeof v !== 'number' || !Number.isFinite(v)) refuse(`sweep.values[${i}]: must be a finite number`);
    else out.sweep.values.push(v);
  });
  if (sw.param in out.params) refuse(`sweep: param "${sw.param}" is also fixed in params`);
  return nSweep;
}

// An experiment definition, untrusted (from a link, a file or a form), checked and bounded
// before any work is planned:
//   {solvers: ['hugo', ...], params?: {key: value}, states: N (random states) | ['<alg>', ...],
//    stateSeed?: S, seeds: K (seeds 1..K) | [s, ...] | 'cube' (seed = the cube's number),
//    sweep?: {param, values: [v, ...]}}
// Returns {ok: true, experiment (normalized: seeds and states as lists), runs, problems}
// or {ok: false, problems}: every refusal names the field, what it holds and the limit.
// Sizes are read before any list is walked, so a huge list costs nothing. runs = solvers x
// states x seeds x sweep values; more than limits.runs is refused (absurd work), never
// silently cut. Unknown fields are reported and ignored. When core is given, each
// scramble is parsed by it and a bad one is named with its index.
export function validateExperiment(def, { limits = EXPERIMENT_LIMITS, core = null } = {}) {
  const problems = [];
  const refuse = (why) => { problems.push(why); };
  if (!plain(def)) return { ok: false, problems: ['an experiment definition must be an object'] };
  for (const k of Object.keys(def).slice(0, 20)) if (!EXPERIMENT_KEYS.includes(k)) problems.push(`unknown field "${k.slice(0, 40)}" ignored`);
  const count = counter(refuse);
  const c = { limits, core, refuse, count };
  const out = {};
  // solvers
  if (!Array.isArray(def.solvers)) refuse('solvers: must be a list of solver names');
  else if (count('solvers', def.solvers, limits.solvers)) {
    out.solvers = [];
    def.solvers.forEach((s, i) => {
      if (typeof s !== 'string' || !SOLVER_RE.test(s)) refuse(`solvers[${i}]: not a solver name`);
      else if (out.solvers.includes(s)) refuse(`solvers[${i}]: "${s}" is named twice`);
      else out.solvers.push(s);
    });
  }
  // params shared by every run
  out.params = {};
  if (def.params != null) {
    if (!plain(def.params)) refuse('params: must be an object of key: value');
    else {
      const entries = Object.entries(def.params);
      if (entries.length > limits.params) refuse(`params: ${entries.length} params, more than the ${limits.params} allowed`);
      else for (const [k, v] of entries) {
        if (!KEY_RE.test(k) || !VALUE_RE.test(String(v)) || (typeof v !== 'number' && typeof v !== 'string')) refuse(`params: "${k.slice(0, 40)}" is malformed`);
        else out.params[k] = v;
      }
    }
  }
  const nStates = checkStates(def, out, c);
  // seeds: K means seeds 1..K; 'cube' one solve per cube, its seed the cube's number (1..)
  const perCube = def.seeds === 'cube';
  const nSeeds = perCube ? 1 : count('seeds', def.seeds ?? 1, limits.seeds);
  if (perCube) out.seeds = 'cube';
  else if (nSeeds) {
    out.seeds = Array.isArray(def.seeds) ? def.seeds : Array.from({ length: nSeeds }, (_, i) => i + 1);
    out.seeds.forEach((s, i) => { if (!isSeed(s)) refuse(`seeds[${i}]: must be a whole number from 0 to ${SEED_MAX}`); });
    if (new Set(out.seeds).size !== out.seeds.length) refuse('seeds: a seed is listed twice');
  }
  const nSweep = def.sweep == null ? 1 : checkSweep(def.sweep, out, c);
  if (problems.some((p) => !p.startsWith('unknown field'))) return { ok: false, problems };
  const runs = out.solvers.length * nStates * nSeeds * nSweep;
  if (runs > limits.runs) {
    return { ok: false, problems: [...problems, `the experiment asks for ${runs.toLocaleString('en-US')} solves (${out.solvers.length} solvers x ${nStates} states x ${nSeeds} seeds x ${nSweep} sweep values), more than the ${limits.runs.toLocaleString('en-US')} allowed; make it smaller`] };
  }
  return { ok: true, experiment: out, runs, problems };
}

// An experiment definition carried as JSON text (a link's experiment= value, a file):
// length-bounded before it is parsed, then validateExperiment.
export function experimentFromText(text, options = {}) {
  if (typeof text !== 'string') return { ok: false, problems: ['an experiment definition must be JSON text'] };
  if (text.length > MAX_QUERY) return { ok: false, problems: [`the experiment definition has ${text.length} characters, more than the ${MAX_QUERY} a link may carry`] };
  let def;
  try { def = JSON.parse(text); } catch (e) { return { ok: false, problems: [`the experiment definition is not JSON (${String(e.message).slice(0, 80)})`] }; }
  return validateExperiment(def, options);
}
