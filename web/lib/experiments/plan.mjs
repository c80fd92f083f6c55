// experiment.mjs - what an experiment is, apart from where it runs (issue 21): the job plan
// (cubes x solvers x sweep values x seeds, numbered and named as `evocube batch` does), the
// record of one solve (`solve --json`'s object), the summary statistics, histograms, CSV, and
// the experiment's definition as a share link. No DOM and no Node: scripts/cli/batch.mjs (the
// CLI), the benchmarks and the page's Experiments view (web/page/experiments/experiments-view.lazy.mjs) share it.
// validateExperiment bounds an experiment definition (solvers x states x seeds x sweep)
// before anything runs (a link's, the form's, `evocube batch`'s with wider limits).
//
// Jobs are numbered cube, then solver, then sweep value, then seed; job j's id is
// "<cube>:<solver>:<seed>" or, in a sweep, "<cube>:<solver>:<key>=<value>:<seed>". seeds may
// be a list, or 'cube': one solve per cube whose seed is the cube's number (the benches'
// "solver seed i for state i").
import { MAX_QUERY, MAX_PARAMS, SOLVER_RE, KEY_RE, VALUE_RE } from '../params.mjs';
import { PAPER_EXPERIMENTS } from './papers.mjs';

export const STATE_SEED_MOD = 4294967296;

// The cubes of a normalized experiment (validateExperiment's `experiment`): random states
// {index k, stateSeed S+k-1} (as `batch --random-state N --seed-from S`) or a list of
// scrambles {index k (from 1), cube}.
export function experimentCubes(experiment) {
  const st = experiment.states;
  if (Array.isArray(st)) return st.map((cube, i) => ({ index: i + 1, cube }));
  return Array.from({ length: st.random }, (_, k) => ({ index: k + 1, stateSeed: (st.seed + k) % STATE_SEED_MOD }));
}

// "k=v,..." of an experiment's params object (and a sweep value)
export function paramsTextOf(params) {
  return Object.entries(params || {}).map(([k, v]) => `${k}=${v}`).join(',');
}

// The job plan: {total, jobAt(j)}; jobAt gives {j, cube, solver, seed, value, swept, params,
// id}. params is the "k=v,..." text every solve gets (the sweep's value added).
export function makePlan({ cubes, solvers, seeds, sweep = null, params = '' }) {
  const values = sweep ? sweep.values : [null];
  const perCube = seeds === 'cube';
  const nSeeds = perCube ? 1 : seeds.length;
  const total = cubes.length * solvers.length * values.length * nSeeds;
  const paramsWith = (v) => (v === null ? params : [params, `${sweep.param}=${v}`].filter(Boolean).join(','));
  const jobAt = (j) => {
    let q = Math.floor(j / nSeeds);
    const value = values[q % values.length];
    q = Math.floor(q / values.length);
    const solver = solvers[q % solvers.length];
    const cube = cubes[Math.floor(q / solvers.length)];
    const seed = perCube ? cube.index : seeds[j % nSeeds];
    const swept = value === null ? '' : `${sweep.param}=${value}`;
    return { j, cube, solver, seed, value, swept, params: paramsWith(value), id: `${cube.index}:${solver}:${swept ? `${swept}:` : ''}${seed}` };
  };
  return { total, jobAt, paramsWith };
}

// "1..10" (inclusive), "1,2,5", "7", a mix "1..3,9" -> a list of seeds; "cube" -> 'cube'.
// A malformed part throws new Failure(message) (the CLI's UsageError, the page's Error).
export function parseSeedList(text, Failure = Error, max = 100000) {
  if (String(text).trim() === 'cube') return 'cube'; // one solve per cube, seed = the cube's number
  const out = [];
  for (const part of String(text).split(',')) {
    const m = /^\s*(\d{1,10})\s*(?:\.\.\s*(\d{1,10})\s*)?$/.exec(part);
    if (!m) throw new Failure(`--seeds: "${part.slice(0, 30)}" is not a seed or a range a..b (e.g. --seeds 1..10 or --seeds 1,2,5, or --seeds cube)`);
    const a = Number(m[1]), b = m[2] === undefined ? a : Number(m[2]);
    if (a > 4294967295 || b > 4294967295) throw new Failure(`--seeds: "${part.trim()}" has a seed above 4294967295`);
    if (b < a) throw new Failure(`--seeds: the range "${part.trim()}" ends before it starts`);
    if (b - a + 1 + out.length > max) throw new Failure(`--seeds: more than ${max} seeds`);
    for (let s = a; s <= b; s++) out.push(s);
  }
  return out;
}

// The `solve --json` object: one shape for `solve`, `batch` and the page's experiments
// (DESIGN.md, CLI). timeMs null leaves time_ms out.
export function solveJson(res, seed, timeMs, extra = {}) {
  return {
    solver: res.solver, seed, solution: res.solution, length: res.length, solved: res.solved,
    ...(timeMs == null ? {} : { time_ms: timeMs }),
    generations: res.generations, evaluations: res.evaluations, phases: res.phases, ...extra,
  };
}

// A job's output line: id, cube_index, cube, sweep, then the solve's record (or error).
export function jobRecord(job, { cube = null, record = null, error } = {}, sweepParam = null) {
  const head = { id: job.id, cube_index: job.cube.index, cube: cube ?? job.cube.cube ?? null, ...(job.swept ? { sweep: { [sweepParam]: job.value } } : {}) };
  if (error !== undefined) return { ...head, solver: job.solver, seed: job.seed, error };
  return { ...head, ...record };
}

// ---------------------------------------------------------------- statistics

// Student's t, two-sided 95%, for 1..30 degrees of freedom; above 30 the Cornish-Fisher
// expansion around the normal quantile (within 0.001 of the exact value).
const T95 = [NaN, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
  2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042];
export function t95(df) {
  if (!(df >= 1)) return NaN;
  if (df <= 30) return T95[Math.floor(df)];
  const z = 1.959964;
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df * df);
}

// n, mean, median, sample standard deviation (n - 1), the half width of the mean's 95%
// interval (Student's t with n - 1 degrees of freedom), min and max of a list of numbers.
export function describe(values) {
  const a = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((x, y) => x - y);
  const n = a.length;
  if (!n) return { n: 0, mean: NaN, median: NaN, sd: NaN, ci95: NaN, min: NaN, max: NaN };
  const mean = a.reduce((s, x) => s + x, 0) / n;
  const sd = n > 1 ? Math.sqrt(a.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1)) : NaN;
  const median = n % 2 ? a[(n - 1) / 2] : (a[n / 2 - 1] + a[n / 2]) / 2;
  return { n, mean, median, sd, ci95: t95(n - 1) * sd / Math.sqrt(n), min: a[0], max: a[n - 1] };
}

// A summary of records: count, solved, errors; length over the solved runs, generations over
// the runs without an error, time over the runs that carry time_ms.
export function summarize(records) {
  return {
    count: records.length,
    solved: records.filter((r) => r.solved).length,
    errors: records.filter((r) => r.error !== undefined).length,
    length: describe(records.filter((r) => r.solved).map((r) => r.length)),
    generations: describe(records.filter((r) => r.error === undefined).map((r) => r.generations)),
    time: describe(records.map((r) => r.time_ms)),
  };
}

// The group a record is summarized in: its solver, and the sweep value if any.
export function groupOf(r) {
  const sw = r.sweep ? Object.entries(r.sweep)[0] : null;
  return sw ? `${r.solver} ${sw[0]}=${sw[1]}` : r.solver;
}

// Records by group, groups in the order they first appear: [[group, records], ...].
export function groups(records) {
  const m = new Map();
  for (const r of records) {
    const g = groupOf(r);
    if (!m.has(g)) m.set(g, []);
    m.get(g).push(r);
  }
  return [...m];
}

// Counts of values in `bins` equal bins from min to max (integers: one bin per value when
// they fit): [{lo, hi, count}] (hi exclusive but for the last bin).
export function histogram(values, bins = 12) {
  const a = values.filter((x) => typeof x === 'number' && Number.isFinite(x));
  if (!a.length) return [];
  let lo = Math.min(...a), hi = Math.max(...a);
  const ints = a.every(Number.isInteger);
  if (ints && hi - lo + 1 <= bins) {
    const out = [];
    for (let v = lo; v <= hi; v++) out.push({ lo: v, hi: v, count: 0 });
    for (const x of a) out[x - lo].count++;
    return out;
  }
  if (hi === lo) hi = lo + 1;
  const w = (hi - lo) / bins;
  const out = Array.from({ length: bins }, (_, i) => ({ lo: lo + i * w, hi: lo + (i + 1) * w, count: 0 }));
  for (const x of a) out[Math.min(bins - 1, Math.floor((x - lo) / w))].count++;
  return out;
}

// Seconds as m:ss or h:mm:ss (an ETA); '--:--' when not known.
export function formatDuration(s) {
  if (!Number.isFinite(s)) return '--:--';
  s = Math.round(s);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const two = (x) => String(x).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

// ---------------------------------------------------------------- CSV

export const CSV_COLUMNS = ['id', 'cube_index', 'cube', 'solver', 'sweep_param', 'sweep_value', 'seed', 'solved', 'length',
  'generations', 'evaluations', 'time_ms', 'solution', 'error'];

const csvField = (v) => {
  if (v == null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

// Records -> CSV text (RFC 4180: a header line, CRLF line ends, quotes doubled).
export function toCsv(records) {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of records) {
    const sw = r.sweep ? Object.entries(r.sweep)[0] : [null, null];
    const row = { ...r, sweep_param: sw[0], sweep_value: sw[1] };
    lines.push(CSV_COLUMNS.map((c) => csvField(row[c])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

// CSV text -> rows of strings (the first row is the header); quoted fields may hold commas,
// quotes and line breaks.
export function parseCsv(text) {
  const rows = [];
  let row = [], field = '', i = 0, quoted = false;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i += 2; continue; }
      if (c === '"') { quoted = false; i++; continue; }
      field += c; i++; continue;
    }
    if (c === '"') { quoted = true; i++; continue; }
    if (c === ',') { row.push(field); field = ''; i++; continue; }
    if (c === '\r' || c === '\n') {
      row.push(field); field = '';
      rows.push(row); row = [];
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    field += c; i++;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  return rows;
}

// CSV text (toCsv's columns) -> records with numbers and booleans typed back.
export function recordsFromCsv(text) {
  const [head, ...rows] = parseCsv(text);
  const num = (s) => (s === '' ? undefined : Number(s));
  return rows.map((cells) => {
    const o = Object.fromEntries(head.map((h, k) => [h, cells[k] ?? '']));
    const r = { id: o.id, cube_index: num(o.cube_index), cube: o.cube, solver: o.solver, seed: num(o.seed) };
    if (o.sweep_param) r.sweep = { [o.sweep_param]: Number(o.sweep_value) };
    if (o.error) r.error = o.error;
    else {
      Object.assign(r, { solved: o.solved === 'true', length: num(o.length), generations: num(o.generations), evaluations: num(o.evaluations), solution: o.solution });
      if (o.time_ms !== '') r.time_ms = num(o.time_ms);
    }
    return r;
  });
}

// ---------------------------------------------------------------- definitions and links

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
  // seeds: K means seeds 1..K; 'cube' one solve per cube, its seed the cube's number (1..)
  const perCube = def.seeds === 'cube';
  const nSeeds = perCube ? 1 : count('seeds', def.seeds ?? 1, limits.seeds);
  if (perCube) out.seeds = 'cube';
  else if (nSeeds) {
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
