// batch-worker.mjs - a worker thread of `evocube batch` (scripts/cli/batch.mjs starts one
// per --jobs): one wasm core, loaded and warmed once (the two-phase tables), solving the
// jobs it is sent with the one run loop (core.run), one reply per job: {j, cube, record} or
// {j, error}. A core that trapped is replaced before the next job.
import { parentPort } from 'node:worker_threads';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { EC, EvocubeError } from '../../web/lib/core.mjs';
import { solveJson } from '../../web/lib/experiments/plan.mjs';

// One solve: the cube's facelets (a random state made here from its seed, the same as
// `evocube scramble --random-state --seed S`), core.run, the solution verified on the exact
// input. Returns the output record (without id and cube fields) or {error}.
function solveJob(core, job, cache) {
  let facelets = job.facelets;
  let cube = job.cube;
  if (job.stateSeed !== undefined) {
    if (cache.stateSeed !== job.stateSeed) {
      const scramble = core.randomStateScramble(job.stateSeed);
      cache.stateSeed = job.stateSeed;
      cache.cube = scramble;
      cache.facelets = core.apply(scramble);
    }
    cube = cache.cube;
    facelets = cache.facelets;
  }
  const t0 = performance.now();
  // --last-record: the run's last progress record (its solver's own counters: restarts,
  // events...) goes into the line; otherwise the records are drained unread
  let last = null;
  const onRecords = job.lastRecord ? (recs) => { last = recs[recs.length - 1]; } : null;
  const res = core.run({ solver: job.solver, facelets, seed: job.seed, params: job.params }, { onRecords }).result;
  if (res.solved) {
    const v = core.verify(facelets, res.solution);
    if (!v.solved) throw new EvocubeError(EC.E_NOT_SOLVED, `internal error: the solver's solution does not solve the cube (${v.message})`);
  }
  const timeMs = job.noTime ? null : Math.round((performance.now() - t0) * 10) / 10;
  let extra = {};
  if (job.lastRecord) {
    const { bestMoves, ...rest } = last || {}; // the moves are the solution's, or a long non-solution
    extra = { last_record: last ? rest : null };
  }
  return { cube, record: solveJson(res, job.seed, timeMs, extra) };
}

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
      reply = { j: job.j, ...solveJob(core, job, cache) };
    } catch (e) {
      reply = { j: job.j, error: e instanceof EvocubeError ? e.message : `internal failure: ${e && e.message}` };
      if (!(e instanceof EvocubeError)) { ready = start(); cache.stateSeed = undefined; } // a trapped core is replaced
    }
    parentPort.postMessage(reply);
  });
}
