// batch.mjs - `evocube batch`: many solves (cubes x solvers x seeds) on worker threads, one
// JSON line per solve, resumable, shardable. scripts/cli/evocube.mjs parses the options and
// calls runBatch(), which runs the steps, each in its own file:
//   plan     batch-plan.mjs: the rest of the options checked, the cubes read
//            (batch-input.mjs), the jobs planned, this shard's block, resumed from --out
//   threads  batch-pool.mjs: the jobs on worker threads (batch-worker.mjs: one wasm core
//            each) or, with --islands K, on groups of K island threads; with the optimal
//            search's module (its table held once in this thread), on this thread
//   writer   batch-writer.mjs: the lines in job order, the progress bar, the exit code
// then prints the summary. Lines are written in job order whatever the threads' timing, so
// an output file is always a prefix of the whole run: --out resumes after it, and `--shard
// i/n` makes outputs that, joined in shard order, are the unsharded output byte for byte
// (with --no-time; time_ms is the one field that depends on the machine).
import { closeSync } from 'node:fs';
import { summarize } from '../../web/lib/experiments/plan.mjs';
import { planBatch, resumeBatch } from './batch-plan.mjs';
import { runOnThreads, runOnIslands, runInProcess } from './batch-pool.mjs';
import { orderedWriter } from './batch-writer.mjs';

// the flags of batch (options without a value)
export const BATCH_FLAGS = ['no-time', 'progress', 'no-progress', 'last-record'];

function summaryText(label, s) {
  const f = (x, d) => (Number.isFinite(x) ? x.toFixed(d) : '-');
  return `${label}: ${s.count} solves, ${s.solved} solved, ${s.count - s.solved - s.errors} not solved, ${s.errors} with an error;`
    + ` length mean ${f(s.length.mean, 2)} (95% +-${f(s.length.ci95, 2)}) median ${f(s.length.median, 1)} sd ${f(s.length.sd, 2)};`
    + ` generations mean ${f(s.generations.mean, 1)}; time mean ${f(s.time.mean, 1)} ms`;
}

// the summary on stderr: the whole output of this shard (resumed lines included), each solver
// and sweep value apart when there are several, then what ran now and what it cost
function printSummary(plan, records, { ran, resumed, nThreads, wall, cpu }) {
  const { shard, solvers, sweep, sweepValues, islands } = plan;
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
  const nt = nThreads * islands;
  process.stderr.write(`${label}: ${ran} run now (${resumed} resumed from the output file) in ${wall.toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU, on ${nt} thread${nt === 1 ? '' : 's'}${islands > 1 ? ` (${nThreads} x ${islands} islands)` : ''}\n`);
}

// bad cubes need no thread: each bad input line reported once on stderr, its jobs' error
// lines written; returns the jobs left for the threads
function settleBadCubes(plan, todo, writer, tty) {
  const reported = new Set();
  const threadJobs = [];
  for (const j of todo) {
    const job = plan.jobAt(j);
    if (job.cube.error === undefined) { threadJobs.push(job); continue; }
    const where = `line ${job.cube.index}`;
    if (!reported.has(where)) {
      reported.add(where);
      if (tty) process.stderr.write('\r\x1b[K');
      process.stderr.write(`error: ${where}: ${job.cube.error}\n`);
    }
    writer.finish(j, { error: `${where}: ${job.cube.error}` });
  }
  return threadJobs;
}

// opts: parsed options of scripts/cli/evocube.mjs (solver: [..], param: [..], seeds, jobs, shard,
// out, file, 'random-state', 'seed-from', sweep, islands, 'no-time', progress, 'no-progress',
// 'last-record'). Returns the exit code: 0 every solve solved, 1 some solve gave up, 2 some
// input line was bad (the rest ran).
export async function runBatch(core, opts) {
  const plan = planBatch(core, opts);
  const { out, size, prevRecords, todo } = resumeBatch(opts, plan);
  // the progress bar: on a terminal (stderr), unless --no-progress; --progress forces it
  const tty = !!opts.progress || (!!process.stderr.isTTY && !opts['no-progress']);
  // a closed pipe (| head) ends the batch quietly; --out is the way to keep everything
  if (out === undefined) process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0); throw e; });
  const writer = orderedWriter({ plan, todo, out, size, outPath: opts.out, tty, prevRecords });
  const t0 = performance.now(), cpu0 = process.cpuUsage();
  // Ctrl-C: every finished line is written already (the output is a prefix of the run)
  const onInt = () => {
    process.stderr.write(`${tty ? '\r\x1b[K' : ''}batch: interrupted after ${writer.written} of ${todo.length} solves${out !== undefined ? '; the same command resumes from the output file' : ''}\n`);
    process.exit(130);
  };
  process.once('SIGINT', onInt);
  const threadJobs = settleBadCubes(plan, todo, writer, tty);
  const shared = core.hasOptimalTable();
  const nThreads = Math.min(shared ? 1 : plan.threads, threadJobs.length);
  const { noTime, lastRecord, islands } = plan;
  if (shared && plan.threads > 1 && threadJobs.length > 1) process.stderr.write(`batch: the jobs run one at a time on this thread, sharing its one table (--jobs ${plan.threads} would need a table each)\n`);
  if (nThreads > 0 && shared) await runInProcess(core, threadJobs, { noTime, lastRecord, finish: writer.finish, stopped: writer.stopped });
  else if (nThreads > 0 && islands > 1) await runOnIslands(core, threadJobs, { groups: nThreads, islands, noTime, finish: writer.finish, stopped: writer.stopped });
  else if (nThreads > 0) await runOnThreads(threadJobs, nThreads, { noTime, lastRecord, finish: writer.finish });
  writer.flush();
  process.removeListener('SIGINT', onInt);
  if (tty) { writer.draw(writer.finished, true); process.stderr.write('\n'); }
  if (out !== undefined) closeSync(out);
  else await new Promise((r) => process.stdout.write('', r));
  printSummary(plan, writer.records, {
    ran: todo.length, resumed: prevRecords.length, nThreads, wall: (performance.now() - t0) / 1000, cpu: process.cpuUsage(cpu0),
  });
  return writer.exitCode;
}
