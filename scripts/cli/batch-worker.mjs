// batch-worker.mjs - a worker thread of `evocube batch` (scripts/cli/batch.mjs starts one
// per --jobs): one wasm core, loaded and warmed once (the two-phase tables), solving the
// jobs it is sent (the plan's jobs, solved by web/lib/experiments/runner.mjs's solveJob with
// the one run loop, core.run), one reply per job: {j, cube, record} or {j, error}. A core
// that trapped is replaced before the next job.
import { parentPort } from 'node:worker_threads';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { EvocubeError } from '../../web/lib/core.mjs';
import { solveJob } from '../../web/lib/experiments/runner.mjs';

if (parentPort) {
  let core = null;
  const cache = {};
  const start = async () => {
    core = await loadCoreNode();
    // warm: build the two-phase tables (random states, twophase, the swarms' oracle) once
    core.warm();
  };
  let ready = start();
  parentPort.on('message', async (job) => {
    await ready;
    let reply;
    try {
      reply = { j: job.j, ...(await solveJob(core, job, { cache, noTime: job.noTime, lastRecord: job.lastRecord })) };
    } catch (e) {
      reply = { j: job.j, error: e instanceof EvocubeError ? e.message : `internal failure: ${e && e.message}` };
      if (!(e instanceof EvocubeError)) { ready = start(); cache.stateSeed = undefined; } // a trapped core is replaced
    }
    parentPort.postMessage(reply);
  });
}
