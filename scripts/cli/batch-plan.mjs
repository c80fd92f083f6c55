// batch-plan.mjs - what `evocube batch` runs, decided before any thread starts: the options
// checked (options.mjs), the cubes read (batch-input.mjs) or numbered (--random-state), the
// sweep, the bounds of validateExperiment, the core's own check of each solver with its
// params, the job plan (web/lib/experiments/plan.mjs: numbered and named as the page's
// experiments), this shard's block of jobs, and what --out already holds (resume: the jobs
// still to run, the output file opened to append after its finished lines).
//
// Jobs are numbered in a fixed order: cube (input order) x solver (as given) x sweep value x
// seed (as given); a job's id is "<cube>:<solver>:<seed>" (with "<key>=<value>:" before the
// seed in a sweep), <cube> being the input line number (a file or stdin) or the random
// state's number (1..N). `--shard i/n` is the i-th of n contiguous blocks of jobs.
import { truncateSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { MAX_PARAMS_CHARS } from '../../web/lib/core.mjs';
import { camelKey, parseParamsText } from '../../web/lib/params.mjs';
import { makePlan, parseSeedList } from '../../web/lib/experiments/plan.mjs';
import { validateExperiment, EXPERIMENT_LIMITS } from '../../web/lib/experiments/definition.mjs';
import { UsageError, islandsOption, jobsOption, parseShard } from './options.mjs';
import { cubesFromBytes, readAll, slim } from './batch-input.mjs';
import { batchDigest, checkOut, lockOut, openOut, pathProblem, readOutput } from './batch-output.mjs';

// validateExperiment's bounds, widened for the CLI (a researcher's thousands of solves)
const BATCH_LIMITS = Object.freeze({ ...EXPERIMENT_LIMITS, solvers: 16, states: 1000000, seeds: 100000, runs: 2000000 });

// --sweep key=v1,v2,...: one param over a list of numbers, or of a named param's names (as an
// experiment's sweep; oracle=exact,first20 runs as their numbers). The key is read as --param
// reads it (a snake_case name is its camelCase form: phase_end is phaseEnd) and named by that
// form in ids and lines; a value's name in any letter case. Returns {param, values} or null.
function parseSweep(core, opts, solvers) {
  if (opts.sweep === undefined) return null;
  const m = /^([^=]*)=(.*)$/s.exec(opts.sweep);
  if (!m) throw new UsageError(`--sweep must be key=v1,v2,... e.g. --sweep population=50,100,200 (got "${opts.sweep.slice(0, 40)}")`);
  const defs = core.solvers().filter((s) => solvers.includes(s.name)).flatMap((s) => s.params);
  const raw = m[1].trim();
  const key = defs.some((p) => p.key === raw) ? raw : defs.some((p) => p.key === camelKey(raw)) ? camelKey(raw) : raw;
  const named = defs.find((p) => p.key === key && p.names);
  const values = m[2].split(',').map((v) => {
    const i = named ? named.names.findIndex((n) => n.toLowerCase() === v.trim().toLowerCase()) : -1;
    if (i >= 0) return named.min + i;
    if (!/^-?\d{1,15}(\.\d{1,15})?$/.test(v.trim())) throw new UsageError(`--sweep: "${v.slice(0, 30)}" is not a number${named ? ` or one of ${named.names.join(', ')}` : ''} (a sweep takes numbers, e.g. --sweep population=50,100,200)`);
    return Number(v);
  });
  const twice = values.find((v, i) => values.indexOf(v) !== i);
  if (twice !== undefined) throw new UsageError(`--sweep gives the value ${twice} twice (each value is one set of solves, named by it); give each value once`);
  const sweep = { param: key, values };
  if (opts.param.some((p) => Object.keys(parseParamsText(p)).some((k) => camelKey(k) === camelKey(key)))) throw new UsageError(`--sweep ${sweep.param.slice(0, 40)} is also given as a --param`);
  return sweep;
}

// the cubes: N random states {index, stateSeed} (--random-state N --seed-from S), or the lines
// of --file F / standard input {index, cube | error}
function batchCubes(core, opts) {
  const random = opts['random-state'];
  if ((random !== undefined) === (opts.file !== undefined)) {
    throw new UsageError('batch takes its cubes from exactly one of --random-state N (with --seed-from S), --file F, or - (standard input)');
  }
  if (random !== undefined) {
    if (!/^\d{1,7}$/.test(random) || Number(random) < 1 || Number(random) > BATCH_LIMITS.states) {
      throw new UsageError(`--random-state must be a whole number of cubes from 1 to ${BATCH_LIMITS.states} (got "${random.slice(0, 20)}")`);
    }
    const from = opts['seed-from'] === undefined ? 1 : core.parseSeed(opts['seed-from']);
    return Array.from({ length: Number(random) }, (_, k) => ({ index: k + 1, stateSeed: (from + k) % 4294967296 }));
  }
  if (opts['seed-from'] !== undefined) throw new UsageError('--seed-from goes with --random-state');
  const cubes = cubesFromBytes(core, readAll(opts.file));
  if (!cubes.length) throw new UsageError('the cube input has no cubes (only blank lines and # comments)');
  return cubes;
}

// The batch's plan from the parsed options (scripts/cli/evocube.mjs: solver, param, seeds,
// jobs, shard, out, file, random-state, seed-from, sweep, islands, and the flags): {solvers,
// sweep, sweepValues, shard, noTime, lastRecord, islands, threads, total, jobAt, lo, hi,
// digest: the batch's definition digest every line carries, batch-output.mjs's batchDigest}.
// Throws UsageError on a bad option, a bad solver or param (the core's check), too much work.
export function planBatch(core, opts) {
  const solvers = (opts.solver || []).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
  if (!solvers.length) throw new UsageError(`batch needs --solver NAME (repeatable, or a comma list); the solvers are: ${core.solvers().map((s) => s.name).join(', ')}`);
  const params = opts.param.join(',');
  if (params.length > MAX_PARAMS_CHARS) throw new UsageError(`the params are longer than ${MAX_PARAMS_CHARS} characters`);
  const seeds = opts.seeds === undefined ? [1] : parseSeedList(opts.seeds, UsageError, BATCH_LIMITS.seeds);
  const sweep = parseSweep(core, opts, solvers);
  const shard = opts.shard === undefined ? { i: 1, n: 1 } : parseShard(opts.shard);
  const lastRecord = !!opts['last-record'];
  const islands = islandsOption(opts);
  const threads = jobsOption(opts, availableParallelism ? availableParallelism() : cpus().length, islands);
  if (islands > 1 && lastRecord) throw new UsageError('--last-record does not go with --islands (each island has its own records)');
  const cubes = batchCubes(core, opts);
  const def = validateExperiment({ solvers, states: cubes.length, seeds, ...(sweep ? { sweep } : {}) }, { limits: BATCH_LIMITS });
  if (!def.ok) throw new UsageError(`batch: ${def.problems.join('; ')}`);
  const { total, jobAt, paramsWith } = makePlan({ cubes, solvers, seeds, sweep, params });
  // the core's own check of each solver with the params (each sweep value), before any thread
  const sweepValues = sweep ? sweep.values : [null];
  const solved = 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB';
  for (const s of solvers) for (const v of sweepValues) core.createSolver(s, solved, 1, paramsWith(v), { island: 0, islands }).free();
  const lo = Math.floor(((shard.i - 1) * total) / shard.n), hi = Math.floor((shard.i * total) / shard.n);
  const noTime = !!opts['no-time'];
  const digest = batchDigest({ solvers, params, seeds, sweep, islands, noTime, lastRecord, cubes });
  return { solvers, sweep, sweepValues, shard, noTime, lastRecord, islands, threads, total, jobAt, lo, hi, digest };
}

// Resume from --out (a regular file or none yet, batch-output.mjs; made and locked before it
// is read, so this batch is its one writer): its finished lines are kept (a half-written last
// one dropped, its solve redone), and must all be lines of this batch (its digest) and jobs of
// this plan's block, each once; anything else is refused with the file untouched. Returns
// {out: the file descriptor to append to (undefined: standard output), size: its length in
// bytes, prevRecords, todo: the job numbers still to run}.
export function resumeBatch(opts, plan) {
  if (opts.out === undefined) {
    const todo = [];
    for (let j = plan.lo; j < plan.hi; j++) todo.push(j);
    return { out: undefined, size: 0, prevRecords: [], todo };
  }
  checkOut(opts.out);
  lockOut(opts.out);
  let prev;
  try { prev = readOutput(opts.out, plan.digest); } catch (e) { throw e instanceof UsageError ? e : pathProblem(e, opts.out, 'read the output file'); }
  const done = new Set(prev.records.map((r) => r.id));
  const mine = new Set();
  if (done.size) for (let j = plan.lo; j < plan.hi; j++) mine.add(plan.jobAt(j).id);
  for (const id of done) {
    if (!mine.has(id)) {
      throw new UsageError(`the output file "${opts.out.slice(0, 200)}" holds id ${id.slice(0, 80)}, which this batch (these cubes, solvers, seeds and shard) does not make; give a new --out file`);
    }
  }
  if (prev.cut) process.stderr.write(`batch: dropped a half-written last line (${prev.cut} bytes) of ${opts.out}; its solve is redone\n`);
  try { truncateSync(opts.out, prev.keep); } catch (e) { throw pathProblem(e, opts.out, 'resume the output file'); }
  const out = openOut(opts.out, 'a'); // appends after the finished lines
  const todo = [];
  for (let j = plan.lo; j < plan.hi; j++) if (!done.has(plan.jobAt(j).id)) todo.push(j);
  return { out, size: prev.keep, prevRecords: prev.records.map(slim), todo };
}
