// batch.mjs - `evocube batch`: many solves (cubes x solvers x seeds) on worker threads, one
// JSON line per solve, resumable, shardable. scripts/cli/evocube.mjs parses the options and calls
// runBatch(), which checks the rest (options.mjs), reads the cubes (batch-input.mjs), plans
// the jobs, resumes from --out, and runs them on worker threads (batch-worker.mjs: one wasm
// core each) or, with --islands K, on groups of K island threads; it writes the lines in job
// order, shows a progress bar and prints the summary.
//
// Jobs are numbered in a fixed order: cube (input order) x solver (as given) x seed (as
// given); a job's id is "<cube>:<solver>:<seed>", <cube> being the input line number (a file
// or stdin) or the random state's number (1..N). Lines are written in job order whatever the
// threads' timing, so an output file is always a prefix of the whole run: --out resumes after
// it, and `--shard i/n` (the i-th of n contiguous blocks of jobs) makes outputs that, joined
// in shard order, are the unsharded output byte for byte (with --no-time; time_ms is the one
// field that depends on the machine).
import { Worker } from 'node:worker_threads';
import { writeSync, closeSync, truncateSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { MAX_PARAMS_CHARS } from '../../web/lib/core.mjs';
import { solveIslands } from '../../web/lib/islands.mjs';
import { solveJson, summarize, makePlan, jobRecord, parseSeedList, recordOf } from '../../web/lib/experiments/plan.mjs';
import { solveJob } from '../../web/lib/experiments/runner.mjs';
import { validateExperiment, EXPERIMENT_LIMITS } from '../../web/lib/experiments/definition.mjs';
import { formatDuration } from '../../web/lib/format.mjs';

import { UsageError, islandsOption, jobsOption, parseShard } from './options.mjs';
import { cubesFromBytes, readAll, readPrevious, slim } from './batch-input.mjs';
import { checkOut, lockOut, openOut, pathProblem, writeFailure } from './batch-output.mjs';

export { solveJson, summarize };

// the flags of batch (options without a value)
export const BATCH_FLAGS = ['no-time', 'progress', 'no-progress', 'last-record'];

// validateExperiment's bounds, widened for the CLI (a researcher's thousands of solves)
const BATCH_LIMITS = Object.freeze({ ...EXPERIMENT_LIMITS, solvers: 16, states: 1000000, seeds: 100000, runs: 2000000 });

// A run of K islands over K SolverClients (scripts/cli/threads.mjs), coordinated by
// web/lib/islands.mjs; onProgress(i, records) gets island i's records. Returns core.run's result
// shape with the island fields. Used by `solve --islands K` and `batch --islands K`.
export async function islandsRun(clients, request, islands, onProgress = null) {
  const run = solveIslands((i, req, cb) => clients[i].solve(req, cb), request, { islands, onProgress });
  return recordOf(await run.promise, request.solver);
}

// batch --islands K: `groups` groups of K island threads, each group solving one job at a
// time; the cube is made and the solution verified here, in the main thread.
async function runOnIslands(core, jobs, { groups, islands, noTime, finish, stopped }) {
  const { threadClient } = await import('./threads.mjs'); // not at the top: in a batch worker it would serve the protocol
  let k = 0;
  const group = async () => {
    const clients = Array.from({ length: islands }, () => threadClient());
    try {
      await Promise.all(clients.map((c) => c.ready));
      while (k < jobs.length && !stopped()) {
        const job = jobs[k++];
        let reply;
        try {
          reply = await solveJob(core, job, { solve: (request) => solveIslands((i, req, cb) => clients[i].solve(req, cb), request, { islands }), wallTime: true, noTime });
        } catch (e) {
          reply = { error: e && e.message ? e.message : String(e) };
        }
        finish(job.j, reply);
      }
    } finally {
      for (const c of clients) c.terminate();
    }
  };
  await Promise.all(Array.from({ length: groups }, group));
}

function summaryText(label, s) {
  const f = (x, d) => (Number.isFinite(x) ? x.toFixed(d) : '-');
  return `${label}: ${s.count} solves, ${s.solved} solved, ${s.count - s.solved - s.errors} not solved, ${s.errors} with an error;`
    + ` length mean ${f(s.length.mean, 2)} (95% +-${f(s.length.ci95, 2)}) median ${f(s.length.median, 1)} sd ${f(s.length.sd, 2)};`
    + ` generations mean ${f(s.generations.mean, 1)}; time mean ${f(s.time.mean, 1)} ms`;
}

// opts: parsed options of scripts/cli/evocube.mjs (solver: [..], param: [..], seeds, jobs, shard,
// out, file, 'random-state', 'seed-from', sweep, islands, 'no-time', progress, 'no-progress'). Returns the exit code:
// 0 every solve solved, 1 some solve gave up, 2 some input line was bad (the rest ran).
export async function runBatch(core, opts) {
  // solvers: repeatable and/or comma lists
  const solvers = (opts.solver || []).flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
  if (!solvers.length) throw new UsageError(`batch needs --solver NAME (repeatable, or a comma list); the solvers are: ${core.solvers().map((s) => s.name).join(', ')}`);
  const params = opts.param.join(',');
  if (params.length > MAX_PARAMS_CHARS) throw new UsageError(`the params are longer than ${MAX_PARAMS_CHARS} characters`);
  const seeds = opts.seeds === undefined ? [1] : parseSeedList(opts.seeds, UsageError, BATCH_LIMITS.seeds);
  // --sweep key=v1,v2,...: one param over a list of numbers, or of a named param's names (as an experiment's sweep)
  let sweep;
  if (opts.sweep !== undefined) {
    const m = /^([^=]*)=(.*)$/s.exec(opts.sweep);
    if (!m) throw new UsageError(`--sweep must be key=v1,v2,... e.g. --sweep population=50,100,200 (got "${opts.sweep.slice(0, 40)}")`);
    // a param with named values (oracle=exact,first20) sweeps its names too, run as their numbers
    const named = core.solvers().filter((s) => solvers.includes(s.name)).flatMap((s) => s.params).find((p) => p.key === m[1].trim() && p.names);
    const values = m[2].split(',').map((v) => {
      const i = named ? named.names.indexOf(v.trim()) : -1;
      if (i >= 0) return named.min + i;
      if (!/^-?\d{1,15}(\.\d{1,15})?$/.test(v.trim())) throw new UsageError(`--sweep: "${v.slice(0, 30)}" is not a number${named ? ` or one of ${named.names.join(', ')}` : ''} (a sweep takes numbers, e.g. --sweep population=50,100,200)`);
      return Number(v);
    });
    const twice = values.find((v, i) => values.indexOf(v) !== i);
    if (twice !== undefined) throw new UsageError(`--sweep gives the value ${twice} twice (each value is one set of solves, named by it); give each value once`);
    sweep = { param: m[1].trim(), values };
    if (opts.param.some((p) => p.split('=')[0].trim() === sweep.param)) throw new UsageError(`--sweep ${sweep.param.slice(0, 40)} is also given as a --param`);
  }
  const sweepValues = sweep ? sweep.values : [null];
  const shard = opts.shard === undefined ? { i: 1, n: 1 } : parseShard(opts.shard);
  const noTime = !!opts['no-time'];
  const lastRecord = !!opts['last-record'];
  const islands = islandsOption(opts);
  const threads = jobsOption(opts, availableParallelism ? availableParallelism() : cpus().length, islands);
  if (islands > 1 && lastRecord) throw new UsageError('--last-record does not go with --islands (each island has its own records)');

  // cubes
  const random = opts['random-state'];
  if ((random !== undefined) === (opts.file !== undefined)) {
    throw new UsageError('batch takes its cubes from exactly one of --random-state N (with --seed-from S), --file F, or - (standard input)');
  }
  let cubes;
  if (random !== undefined) {
    if (!/^\d{1,7}$/.test(random) || Number(random) < 1 || Number(random) > BATCH_LIMITS.states) {
      throw new UsageError(`--random-state must be a whole number of cubes from 1 to ${BATCH_LIMITS.states} (got "${random.slice(0, 20)}")`);
    }
    const from = opts['seed-from'] === undefined ? 1 : core.parseSeed(opts['seed-from']);
    cubes = Array.from({ length: Number(random) }, (_, k) => ({ index: k + 1, stateSeed: (from + k) % 4294967296 }));
  } else {
    if (opts['seed-from'] !== undefined) throw new UsageError('--seed-from goes with --random-state');
    cubes = cubesFromBytes(core, readAll(opts.file));
    if (!cubes.length) throw new UsageError('the cube input has no cubes (only blank lines and # comments)');
  }

  // bounds (web/lib/experiments/plan.mjs's check of an experiment), then the core's own check of each solver
  // with the params, before any thread starts
  const def = validateExperiment({ solvers, states: cubes.length, seeds, ...(sweep ? { sweep } : {}) }, { limits: BATCH_LIMITS });
  if (!def.ok) throw new UsageError(`batch: ${def.problems.join('; ')}`);
  const solved = 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB';
  // jobs (web/lib/experiments/plan.mjs's plan: the page's experiments number and name them alike)
  const { total, jobAt, paramsWith } = makePlan({ cubes, solvers, seeds, sweep, params });
  for (const s of solvers) for (const v of sweepValues) core.createSolver(s, solved, 1, paramsWith(v), { island: 0, islands }).free();

  // this shard's contiguous block
  const lo = Math.floor(((shard.i - 1) * total) / shard.n), hi = Math.floor((shard.i * total) / shard.n);

  // resume
  // --out: a regular file or none yet (batch-output.mjs), locked while this batch writes it
  let out, prevRecords = [], resumeAt = null;
  if (opts.out !== undefined) {
    const existing = checkOut(opts.out);
    lockOut(opts.out);
    if (existing) {
      let prev;
      try { prev = readPrevious(opts.out); } catch (e) { throw e instanceof UsageError ? e : pathProblem(e, opts.out, 'read the output file'); }
      prevRecords = prev.records;
      resumeAt = prev;
    }
  }
  const done = new Set(prevRecords.map((r) => r.id));
  const mine = new Set();
  if (done.size) for (let j = lo; j < hi; j++) mine.add(jobAt(j).id);
  for (const id of done) {
    if (!mine.has(id)) {
      throw new UsageError(`the output file "${opts.out.slice(0, 200)}" holds id ${id.slice(0, 80)}, which this batch (these cubes, solvers, seeds and shard) does not make; give a new --out file`);
    }
  }
  if (resumeAt) {
    if (resumeAt.cut) process.stderr.write(`batch: dropped a half-written last line (${resumeAt.cut} bytes) of ${opts.out}; its solve is redone\n`);
    try { truncateSync(opts.out, resumeAt.keep); } catch (e) { throw pathProblem(e, opts.out, 'resume the output file'); }
    out = openOut(opts.out, 'a'); // appends after the finished lines
  } else if (opts.out !== undefined) {
    out = openOut(opts.out, 'w');
  }
  const todo = [];
  for (let j = lo; j < hi; j++) if (!done.has(jobAt(j).id)) todo.push(j);

  // the progress bar: on a terminal (stderr), unless --no-progress; --progress forces it
  const tty = !!opts.progress || (!!process.stderr.isTTY && !opts['no-progress']);
  // a closed pipe (| head) ends the batch quietly; --out is the way to keep everything
  if (out === undefined) process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0); throw e; });
  // TEST ONLY: EVOCUBE_TEST_DISK_FULL_AFTER=N makes the write of --out's line N+1 of this run
  // fail as a full disk does, after half of it (tests/js/batch-output.test.mjs)
  const fullAfter = process.env.EVOCUBE_TEST_DISK_FULL_AFTER === undefined ? Infinity : Number(process.env.EVOCUBE_TEST_DISK_FULL_AFTER);
  let written = 0;
  const writeLine = (line) => {
    if (out !== undefined) {
      const text = `${line}\n`;
      try {
        if (written >= fullAfter) {
          writeSync(out, text.slice(0, text.length >> 1));
          throw Object.assign(new Error('no space left on device (simulated)'), { code: 'ENOSPC' });
        }
        writeSync(out, text);
      } catch (e) {
        throw writeFailure(e, opts.out, { written, resumed: prevRecords.length });
      }
      written++;
    } else {
      if (tty && process.stdout.isTTY) process.stderr.write('\r\x1b[K'); // the bar is redrawn under the line
      process.stdout.write(`${line}\n`);
    }
  };

  // bad input lines: reported once on stderr (those with a job in this run), error lines out
  const reported = new Set();
  const records = [...prevRecords];
  let exitCode = 0;
  for (const r of prevRecords) exitCode = Math.max(exitCode, r.error !== undefined ? 2 : r.solved ? 0 : 1);

  const t0 = performance.now(), cpu0 = process.cpuUsage();
  let finished = 0, lastDraw = 0;
  const draw = (force) => {
    if (!tty) return;
    const now = performance.now();
    if (!force && now - lastDraw < 200) return;
    lastDraw = now;
    const n = todo.length, frac = n ? finished / n : 1, width = 30;
    const el = (now - t0) / 1000, rate = finished / el;
    const bar = '#'.repeat(Math.round(frac * width)).padEnd(width, '-');
    process.stderr.write(`\r[${bar}] ${finished}/${n} ${(frac * 100).toFixed(0)}% ${rate ? rate.toFixed(1) : '-'} solves/s ETA ${formatDuration(finished ? (n - finished) / rate : NaN)} \x1b[K`);
  };

  // results in job order: a finished job waits in `ready` until every earlier one is written
  const ready = new Map();
  let next = 0; // index into todo
  const flush = () => {
    while (next < todo.length && ready.has(todo[next])) {
      const r = ready.get(todo[next]);
      ready.delete(todo[next]);
      writeLine(JSON.stringify(r));
      records.push(slim(r));
      next++;
    }
  };
  // a failed write (a full disk) stops the batch: no more jobs start, none is written after it
  let failure = null;
  const finish = (j, reply) => {
    if (failure) return;
    const job = jobAt(j);
    const rec = jobRecord(job, reply, sweep && sweep.param);
    if (reply.error !== undefined) exitCode = 2;
    else if (!rec.solved) exitCode = Math.max(exitCode, 1);
    ready.set(j, rec);
    finished++;
    try {
      flush();
    } catch (e) {
      failure = e;
      throw e;
    }
    draw(false);
  };

  // Ctrl-C: every finished line is written already (the output is a prefix of the run)
  const onInt = () => {
    process.stderr.write(`${tty ? '\r\x1b[K' : ''}batch: interrupted after ${next} of ${todo.length} solves${out !== undefined ? '; the same command resumes from the output file' : ''}\n`);
    process.exit(130);
  };
  process.once('SIGINT', onInt);

  // bad cubes need no thread
  const threadJobs = [];
  for (const j of todo) {
    const job = jobAt(j);
    if (job.cube.error !== undefined) {
      const where = `line ${job.cube.index}`;
      if (!reported.has(where)) {
        reported.add(where);
        if (tty) process.stderr.write('\r\x1b[K');
        process.stderr.write(`error: ${where}: ${job.cube.error}\n`);
      }
      finish(j, { error: `${where}: ${job.cube.error}` });
    } else threadJobs.push(j);
  }

  const nThreads = Math.min(threads, threadJobs.length);
  if (nThreads > 0 && islands > 1) {
    await runOnIslands(core, threadJobs.map(jobAt), { groups: nThreads, islands, noTime, finish, stopped: () => failure !== null });
  } else if (nThreads > 0) {
    await new Promise((resolve, reject) => {
      let k = 0, live = nThreads, failed = false;
      const workers = [];
      const send = (w) => {
        if (k >= threadJobs.length) {
          w.terminate();
          if (--live === 0) resolve();
          return;
        }
        const job = jobAt(threadJobs[k++]);
        w.postMessage({ j: job.j, solver: job.solver, seed: job.seed, params: job.params, cube: job.cube, noTime, lastRecord });
      };
      for (let t = 0; t < nThreads; t++) {
        const w = new Worker(new URL('./batch-worker.mjs', import.meta.url));
        workers.push(w);
        const fail = (e) => {
          if (failed) return;
          failed = true;
          for (const x of workers) x.terminate();
          reject(e);
        };
        w.on('message', (reply) => {
          if (failed) return;
          try { finish(reply.j, reply); } catch (e) { fail(e); return; }
          send(w);
        });
        w.on('error', (e) => fail(new Error(`a batch worker thread failed: ${e && e.message}`)));
        send(w);
      }
    });
  }
  flush();
  process.removeListener('SIGINT', onInt);
  if (tty) { draw(true); process.stderr.write('\n'); }
  if (out !== undefined) closeSync(out);
  else await new Promise((r) => process.stdout.write('', r));

  // summary (the whole output of this shard, resumed lines included)
  const wall = (performance.now() - t0) / 1000;
  const label = `batch${shard.n > 1 ? ` shard ${shard.i}/${shard.n}` : ''}`;
  process.stderr.write(`${summaryText(label, summarize(records))}\n`);
  if (solvers.length > 1 || sweep) {
    for (const s of solvers) {
      for (const v of sweepValues) {
        const mine = records.filter((r) => r.solver === s && (v === null || (r.sweep && r.sweep[sweep.param] === v)));
        process.stderr.write(`${summaryText(`  ${s}${v === null ? '' : ` ${sweep.param}=${v}`}`, summarize(mine))}\n`);
      }
    }
  }
  const cpu = process.cpuUsage(cpu0); // every thread of this process
  const nt = nThreads * islands;
  process.stderr.write(`${label}: ${todo.length} run now (${prevRecords.length} resumed from the output file) in ${wall.toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU, on ${nt} thread${nt === 1 ? '' : 's'}${islands > 1 ? ` (${nThreads} x ${islands} islands)` : ''}\n`);
  return exitCode;
}
