// batch-pool.mjs - the threads of `evocube batch`: a pool of worker threads (batch-worker.mjs:
// one wasm core each, loaded and warmed once) each sent the next job as it answers the last,
// or with --islands K, groups of K island threads (threads.mjs), each group solving one job
// at a time, the cube made and the solution verified in the main thread. Every reply goes to
// finish(j, reply) (batch-writer.mjs); a finish that throws (a failed write) stops the pool:
// no job starts after it and the pool's promise rejects with that error. runInProcess: the
// jobs one after another on this thread's core (the optimal search's module, whose table is
// held once here and shared by every job).
import { Worker } from 'node:worker_threads';
import { solveIslands } from '../../web/lib/islands.mjs';
import { solveJob } from '../../web/lib/experiments/runner.mjs';

// jobs (the plan's jobs) on n batch worker threads
export function runOnThreads(jobs, n, { noTime, lastRecord, finish }) {
  return new Promise((resolve, reject) => {
    let k = 0, live = n, failed = false;
    const workers = [];
    const fail = (e) => {
      if (failed) return;
      failed = true;
      for (const x of workers) x.terminate();
      reject(e);
    };
    const send = (w) => {
      if (k >= jobs.length) {
        w.terminate();
        if (--live === 0) resolve();
        return;
      }
      const job = jobs[k++];
      w.postMessage({ j: job.j, solver: job.solver, seed: job.seed, params: job.params, cube: job.cube, noTime, lastRecord });
    };
    for (let t = 0; t < n; t++) {
      const w = new Worker(new URL('./batch-worker.mjs', import.meta.url));
      workers.push(w);
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

// jobs on `groups` groups of `islands` island threads; stopped() ends the groups early
export async function runOnIslands(core, jobs, { groups, islands, noTime, finish, stopped }) {
  const { threadClient } = await import('./threads.mjs'); // not at the top: a worker thread importing it serves the protocol
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

// jobs one after another on `core` in this thread (one table shared by all of them)
export async function runInProcess(core, jobs, { noTime, lastRecord, finish, stopped = () => false }) {
  const cache = {};
  for (const job of jobs) {
    if (stopped()) break;
    let reply;
    try {
      reply = await solveJob(core, job, { cache, noTime, lastRecord });
    } catch (e) {
      reply = { error: e && e.message ? e.message : String(e) };
    }
    finish(job.j, reply);
    await new Promise((r) => setImmediate(r)); // Ctrl-C and output between jobs
  }
}
