// plan.mjs - what an experiment runs and what one solve leaves: the job plan (cubes x solvers
// x sweep values x seeds, numbered and named as `evocube batch` does), the solve record
// (`solve --json`'s object) with its one converter from a worker's result (recordOf), a job's
// output line, and the summary of records by group. No DOM and no Node: `evocube batch`
// (scripts/cli/batch.mjs), the benchmarks, the runner (runner.mjs) and the page's Experiments
// view share it. The definition and its checks are in definition.mjs, CSV in csv.mjs, the
// statistics in web/lib/stats.mjs.
//
// Jobs are numbered cube, then solver, then sweep value, then seed; job j's id is
// "<cube>:<solver>:<seed>" or, in a sweep, "<cube>:<solver>:<key>=<value>:<seed>". seeds may
// be a list, or 'cube': one solve per cube whose seed is the cube's number (the benches'
// "solver seed i for state i").
import { describe } from '../stats.mjs';

export const STATE_SEED_MOD = 4294967296;

// The cubes of a normalized experiment (validateExperiment's `experiment`): random states
// {index k, stateSeed S+k-1} (as `batch --random-state N --seed-from S`) or a list of
// scrambles {index k (from 1), cube}.
export function experimentCubes(experiment) {
  const st = experiment.states;
  if (Array.isArray(st)) return st.map((cube, i) => ({ index: i + 1, cube }));
  return Array.from({ length: st.random }, (_, k) => ({ index: k + 1, stateSeed: (st.seed + k) % STATE_SEED_MOD }));
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


// A worker's result (web/lib/worker-api.mjs's `result` message, or web/lib/islands.mjs's:
// {solution, length, phases, stats: {solver, solved, generations, evaluations, ...}}) as the
// flat solve record core.run returns: {solver, solution, length, solved, generations,
// evaluations, phases}, with islands, island (the winner) and epochs after a run on islands,
// and parts when the result has them (macro-ga; solveJson leaves them out, `solve --json` adds
// them). `solver` names the solver when the result does not.
export function recordOf(result, solver = undefined) {
  const st = result.stats || {};
  return {
    solver: st.solver ?? solver, solution: result.solution, length: result.length, solved: !!st.solved,
    generations: st.generations, evaluations: st.evaluations, phases: result.phases,
    ...(st.islands !== undefined ? { islands: st.islands, island: st.island, epochs: st.epochs } : {}),
    ...(result.parts ? { parts: result.parts } : {}),
  };
}

// ---------------------------------------------------------------- summaries

// A summary of records: count, solved, errors; length over the solved runs, generations over
// the runs without an error, time over the runs that carry time_ms (each web/lib/stats.mjs's
// describe: n, mean, median, q1, q3, sd, ci95, min, max); phases: per phase (k-th entry of the
// records' phases, named by the first record that has it) the lengths over the solved runs
// (0 for a solved run without that phase: a cube solved at the start), [] when no record
// carries phases (batch's slim records).
export function summarize(records) {
  const solved = records.filter((r) => r.solved);
  const names = [];
  for (const r of solved) (r.phases || []).forEach((p, k) => { if (names[k] === undefined) names[k] = p.name; });
  return {
    count: records.length,
    solved: solved.length,
    errors: records.filter((r) => r.error !== undefined).length,
    length: describe(solved.map((r) => r.length)),
    generations: describe(records.filter((r) => r.error === undefined).map((r) => r.generations)),
    time: describe(records.map((r) => r.time_ms)),
    phases: Array.from(names, (name, k) => ({ name: name ?? `phase ${k + 1}`, length: describe(solved.map((r) => (r.phases && r.phases[k] ? r.phases[k].length : 0))) })),
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
