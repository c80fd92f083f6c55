// share.mjs - share links and the Twizzle link (DESIGN.md, "Share links").
// A link: ?scramble=R_U_R-_F2&solver=hugo&seed=42&preset=fast&p.population=50, spaces as
// '_' (or '+'), "'" as '-', or percent-encoded; facelets= instead of scramble= for painted
// cubes; islands=K (2..64) runs K islands (a link without it means K = 1, web/islands.mjs);
// solution= a solution to show, which the core verifies on the link's cube first
// (checkLinkSolution, web/lazy/link-solution.mjs). alg.cubing.net and Twizzle forms read as they mean it: setup= or
// setup-alg= is the scramble and alg= a solution of it; alg= alone (alg.cubing.net's default,
// Twizzle's setup-anchor=end) is a solution of the cube it solves, so the scramble is its
// inverse (readShare marks that with algOnly; the page inverts it with the core). Everything read here is untrusted:
// the query is length-bounded, every value is bounded and shape-checked, and the alg and
// facelets are handed to the C core to parse (the page never inserts them as HTML).
// validateExperiment bounds an experiment definition (solvers x states x seeds x sweep)
// before anything runs: the check issue 21's experiments and their links are to use.

import { MAX_ISLANDS } from './core.mjs';

export const MAX_QUERY = 6000;
export const MAX_SCRAMBLE = 3000;
export const MAX_PARAMS = 32;

const SOLVER_RE = /^[A-Za-z0-9_-]{1,40}$/;
const KEY_RE = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const VALUE_RE = /^[A-Za-z0-9_.+-]{1,40}$/;

// Alg text as it appears in a link -> alg text.
export function decodeAlg(text) {
  return text.replace(/_/g, ' ').replace(/-/g, "'");
}

// Alg text -> link form (spaces '_', "'" '-'; newlines stay, percent-encoded later).
export function encodeAlg(alg) {
  return alg.replace(/[ \t]+/g, '_').replace(/'/g, '-').replace(/\r/g, '');
}

// Parse a location.search into {scramble?, facelets?, solution?, algOnly?, solver?, seed?,
// preset?, islands?, params, problems: [...]} ; problems lists what was ignored and why.
export function readShare(search) {
  const out = { params: {}, problems: [] };
  if (!search || search === '?') return out;
  if (search.length > MAX_QUERY) {
    out.problems.push(`the link is too long (its query has ${search.length} characters, at most ${MAX_QUERY} are read); it was ignored`);
    return out;
  }
  let q;
  try {
    q = new URLSearchParams(search);
  } catch {
    out.problems.push('the link could not be read');
    return out;
  }
  const alg = q.get('scramble') ?? q.get('setup') ?? q.get('setup-alg');
  if (alg != null) {
    if (alg.length > MAX_SCRAMBLE) out.problems.push(`the scramble in the link has ${alg.length} characters, more than the ${MAX_SCRAMBLE} a link may carry; it was ignored`);
    else out.scramble = decodeAlg(alg);
  }
  // solution= (evocube's own) or alg= (alg.cubing.net, Twizzle): a solution of the scramble
  const sol = q.get('solution') ?? q.get('alg');
  if (sol != null) {
    if (sol.length > MAX_SCRAMBLE) out.problems.push(`the solution in the link has ${sol.length} characters, more than the ${MAX_SCRAMBLE} a link may carry; it was ignored`);
    else {
      out.solution = decodeAlg(sol);
      if (alg == null && q.get('facelets') == null) out.algOnly = true;
    }
  }
  const f = q.get('facelets');
  if (f != null) {
    if (f.length > 60) out.problems.push(`the facelets in the link are too long (${f.length} characters; a cube has 54); they were ignored`);
    else out.facelets = f.trim();
  }
  const s = q.get('solver');
  if (s != null) {
    if (SOLVER_RE.test(s)) out.solver = s;
    else if (s.length > 40) out.problems.push(`the solver name in the link is too long (${s.length} characters, at most 40); it was ignored`);
    else out.problems.push('the solver name in the link is malformed; it was ignored');
  }
  const seed = q.get('seed');
  if (seed != null) {
    if (/^\d{1,10}$/.test(seed.trim())) out.seed = seed.trim();
    else if (seed.length > 10) out.problems.push(`the seed in the link is too long (${seed.length} characters; a seed is a whole number from 0 to 4294967295); it was ignored`);
    else out.problems.push('the seed in the link is not a whole number; it was ignored');
  }
  const preset = q.get('preset');
  if (preset != null) {
    if (KEY_RE.test(preset)) out.preset = preset;
    else if (preset.length > 40) out.problems.push(`the preset in the link is too long (${preset.length} characters, at most 40); it was ignored`);
    else out.problems.push('the preset in the link is malformed; it was ignored');
  }
  const islands = q.get('islands');
  if (islands != null) {
    const t = islands.trim();
    if (/^\d{1,2}$/.test(t) && Number(t) >= 1 && Number(t) <= MAX_ISLANDS) out.islands = Number(t);
    else out.problems.push(`the islands in the link must be a whole number from 1 to ${MAX_ISLANDS} (got "${islands.slice(0, 12)}${islands.length > 12 ? '…' : ''}"); one island is used`);
  }
  let n = 0;
  for (const [k, v] of q) {
    if (!k.startsWith('p.')) continue;
    const key = k.slice(2);
    if (++n > MAX_PARAMS) { out.problems.push(`more than ${MAX_PARAMS} params in the link; the rest were ignored`); break; }
    const name = key.length > 40 ? `${key.slice(0, 40)}…` : key;
    if (KEY_RE.test(key) && VALUE_RE.test(v)) out.params[key] = v;
    else if (key.length > 40 || v.length > 40) out.problems.push(`param "${name}" in the link is too long (${key.length + v.length + 1} characters, at most 40 for a name and 40 for a value); it was ignored`);
    else out.problems.push(`param "${name}" in the link is malformed; it was ignored`);
  }
  return out;
}

// {scramble | facelets, solver, seed, preset, islands, params, solution} ->
// "?scramble=...&solver=..." (islands=K only when K > 1).
export function buildShare({ scramble, facelets, solver, seed, preset, islands = 1, params = {}, solution }) {
  const parts = [];
  const enc = (s) => encodeURIComponent(s);
  if (facelets) parts.push(`facelets=${enc(facelets)}`);
  else if (scramble != null && scramble.trim()) parts.push(`scramble=${enc(encodeAlg(scramble.trim()))}`);
  if (solver) parts.push(`solver=${enc(solver)}`);
  if (seed != null && seed !== '') parts.push(`seed=${enc(String(seed))}`);
  if (preset) parts.push(`preset=${enc(preset)}`);
  if (Number.isInteger(islands) && islands > 1) parts.push(`islands=${islands}`);
  for (const [k, v] of Object.entries(params)) if (k !== 'preset') parts.push(`p.${enc(k)}=${enc(String(v))}`);
  if (solution != null && solution.trim()) parts.push(`solution=${enc(encodeAlg(solution.trim()))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

// Twizzle's editor with the cube set up and the solution split by phase as // comments.
export function twizzleUrl(setup, phases, solution) {
  const alg = phases && phases.length
    ? phases.map((p) => `${p.solution || ''} // ${p.name} (${p.length})`.trim()).join('\n')
    : solution;
  const q = new URLSearchParams();
  q.set('setup-alg', setup);
  q.set('alg', alg);
  return `https://alpha.twizzle.net/edit/?${q.toString()}`;
}

// A link's solution= is checked by the core on the link's own cube before it is shown:
// checkLinkSolution, in web/lazy/link-solution.mjs (only a link with a solution fetches it).

// Bounds of an experiment definition (validateExperiment). A run is one solve; HuGO!'s
// integrity test alone is 5,832 of them, so a link may ask for at most MAX_RUNS.
export const EXPERIMENT_LIMITS = Object.freeze({
  solvers: 8, states: 10000, seeds: 100, sweep: 50, runs: 20000, scrambleChars: 400, params: MAX_PARAMS,
});

const EXPERIMENT_KEYS = ['solvers', 'params', 'states', 'stateSeed', 'seeds', 'sweep'];
const SEED_MAX = 4294967295;
const isSeed = (v) => Number.isInteger(v) && v >= 0 && v <= SEED_MAX;
const plain = (v) => v != null && typeof v === 'object' && !Array.isArray(v);

// An experiment definition, untrusted (from a link, a file or a form), checked and bounded
// before any work is planned:
//   {solvers: ['hugo', ...], params?: {key: value}, states: N (random states) | ['<alg>', ...],
//    stateSeed?: S, seeds: K (seeds 1..K) | [s, ...], sweep?: {param, values: [v, ...]}}
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
  const count = (name, v, max) => {
    if (Number.isInteger(v) && v >= 1 && v <= max) return v;
    if (Array.isArray(v)) {
      if (v.length >= 1 && v.length <= max) return v.length;
      refuse(`${name}: a list of ${v.length} is ${v.length ? `more than the ${max} allowed` : 'empty'}`);
      return 0;
    }
    refuse(`${name}: ${typeof v === 'number' ? `${v} is not a whole number from 1 to ${max}` : `must be a number from 1 to ${max} or a list`}`);
    return 0;
  };
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
  // states: N random states from stateSeed, or a list of scrambles
  const nStates = count('states', def.states, limits.states);
  if (nStates && Array.isArray(def.states)) {
    out.states = [];
    def.states.forEach((a, i) => {
      if (typeof a !== 'string') refuse(`states[${i}]: a scramble must be text`);
      else if (a.length > limits.scrambleChars) refuse(`states[${i}]: ${a.length} characters, more than the ${limits.scrambleChars} allowed`);
      else if (core) {
        try { out.states.push(core.canonical(a)); } catch (e) { refuse(`states[${i}]: ${e.message}`); }
      } else out.states.push(a);
    });
  } else if (nStates) {
    out.states = { random: nStates, seed: def.stateSeed ?? 1 };
    if (!isSeed(out.states.seed)) refuse(`stateSeed: must be a whole number from 0 to ${SEED_MAX}`);
  }
  // seeds: K means seeds 1..K
  const nSeeds = count('seeds', def.seeds ?? 1, limits.seeds);
  if (nSeeds) {
    out.seeds = Array.isArray(def.seeds) ? def.seeds : Array.from({ length: nSeeds }, (_, i) => i + 1);
    out.seeds.forEach((s, i) => { if (!isSeed(s)) refuse(`seeds[${i}]: must be a whole number from 0 to ${SEED_MAX}`); });
    if (new Set(out.seeds).size !== out.seeds.length) refuse('seeds: a seed is listed twice');
  }
  // sweep: one param over a list of values
  let nSweep = 1;
  if (def.sweep != null) {
    const sw = def.sweep;
    if (!plain(sw) || typeof sw.param !== 'string' || !KEY_RE.test(sw.param)) refuse('sweep: must be {param: name, values: [...]}');
    else if ((nSweep = count('sweep.values', sw.values, limits.sweep))) {
      if (!Array.isArray(sw.values)) refuse('sweep.values: must be a list');
      else {
        out.sweep = { param: sw.param, values: [] };
        sw.values.forEach((v, i) => {
          if (typeof v !== 'number' || !Number.isFinite(v)) refuse(`sweep.values[${i}]: must be a finite number`);
          else out.sweep.values.push(v);
        });
        if (sw.param in out.params) refuse(`sweep: param "${sw.param}" is also fixed in params`);
      }
    }
  }
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
