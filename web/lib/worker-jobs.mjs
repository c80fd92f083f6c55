// worker-jobs.mjs - the scheduler of the solver worker: the running solves (jobs) of one core,
// stepped in turn, their records batched into progress messages, and the one way a job ends
// early. The router (worker-api.mjs) makes the jobs, acts on control messages and writes the
// result; this module knows no message but progress, epoch and error.
//
//   const jobs = createJobs({ post, schedule, now, finish });
//   jobs.add(job)        // job: {id, run (a SolverRun), paused, ...}; fields below are added
//   jobs.wake()          // a paused job was stepped or resumed, an island got its migrants
//   jobs.flush(job)      // post the job's records now
//   jobs.fail(job, e)    // drop, flush, free, post the error (the one early end of a job)
//
// Scheduling: each job is stepped one work unit at a time (SolverRun.advance(1)) in slices of
// about SLICE_MS, yielding between slices (schedule(fn)) so pause/resume/step/cancel take
// effect between steps; jobs take slices in turn (one slice for the first runnable job, then
// round-robin). Records are kept in order (none dropped) and posted in batches at most every
// FLUSH_MS (~30 messages a second per job). A job's activeMs counts only its slices (pauses
// excluded). A job whose solver finished (solved or gave up) leaves the queue and goes to
// finish(job, status); one at the end of an island's epoch waits (job.waiting) with its
// export posted as epoch {id, epoch, migrants} until the router clears job.waiting.
// An exception that is not an EvocubeError (a wasm trap, the runtime's abort()) is reported
// as error {code: E_CRASH, fatal: true}: after a trap the module's memory can no longer be
// trusted. Costs: one array shift and push per slice; a job's records are held until a flush.
import { EC, EvocubeError, plainFault } from './core.mjs';
import { REPLY, STATUS, ERROR } from './protocol.mjs';

export const SLICE_MS = 12;
export const FLUSH_MS = 33;

// The error message for an exception thrown while serving request id.
// A run out of memory (EC_E_NOMEM) is fatal: a wasm module's memory never shrinks, so the
// worker is replaced (the client starts a fresh one) to give the memory back.
export function errorMessage(id, e) {
  if (e instanceof EvocubeError && e.code === EC.E_NOMEM) {
    return { type: REPLY.ERROR, id, code: e.codeName, fatal: true, message: `${e.message}; the worker is replaced` };
  }
  if (e instanceof EvocubeError) return { type: REPLY.ERROR, id, code: e.codeName, message: e.message };
  const aborted = /Aborted\(/.test(String(e && e.message));
  return {
    type: REPLY.ERROR, id, code: ERROR.CRASH, fatal: true,
    message: `the WebAssembly core ${aborted ? 'aborted' : 'stopped on an internal error'}: ${plainFault(e)}`,
  };
}

const runnable = (job) => !job.waiting && (!job.paused || job.steps > 0);

// One slice of a job: steps until SLICE_MS have passed, the run ends, or a paused job's one
// step is done; the records are queued on the job and the slice's time added to its
// activeMs. Returns {status, t1 (the clock at its end)}; a step's exception is rethrown.
function slice(job, now) {
  const t0 = now();
  let status = STATUS.RUNNING;
  try {
    do {
      const step = job.run.advance(1);
      status = step.status;
      for (const r of step.records) job.records.push(r);
      if (job.paused) { job.steps--; break; }
    } while (status === STATUS.RUNNING && now() - t0 < SLICE_MS);
  } catch (e) {
    job.activeMs += now() - t0;
    throw e;
  }
  const t1 = now();
  job.activeMs += t1 - t0;
  return { status, t1 };
}

export function createJobs({ post, schedule, now, finish }) {
  const byId = new Map();
  const queue = [];
  let scheduled = false;

  function wake() {
    if (scheduled) return;
    scheduled = true;
    schedule(() => { scheduled = false; tick(); });
  }

  function add(job) {
    Object.assign(job, { steps: 0, records: [], lastFlush: 0, activeMs: 0, waiting: false, epochs: 0 });
    byId.set(job.id, job);
    queue.push(job);
    wake();
  }

  function flush(job) {
    if (job.records.length) {
      post({ type: REPLY.PROGRESS, id: job.id, records: job.records });
      job.records = [];
    }
    job.lastFlush = now();
  }

  function drop(job) {
    const i = queue.indexOf(job);
    if (i >= 0) queue.splice(i, 1);
    byId.delete(job.id);
  }

  // The one early end of a job: out of the queue, its records posted, its solver freed, then
  // its last message: the error of e, or `reply` when given (cancel's E_CANCELLED). A free
  // that throws after a failure is not reported (the module may be broken; e is the cause);
  // after a cancel it is the error.
  function fail(job, e, reply = null) {
    drop(job);
    flush(job);
    try {
      job.run.free();
    } catch (freeError) {
      if (reply) reply = errorMessage(job.id, freeError);
    }
    post(reply ?? errorMessage(job.id, e));
  }

  function runSlice(job) {
    let r;
    try { r = slice(job, now); } catch (e) { fail(job, e); return; }
    if (r.status === STATUS.EPOCH) {
      // the end of an island's epoch: wait for migrate, with the export posted
      job.waiting = true;
      job.epochs++;
      flush(job);
      let migrants;
      try { migrants = Array.from(job.run.exportMigrants()); } catch (e) { fail(job, e); return; }
      post({ type: REPLY.EPOCH, id: job.id, epoch: job.epochs, migrants });
    } else if (r.status !== STATUS.RUNNING) {
      drop(job);
      flush(job);
      finish(job, r.status);
    } else if (job.paused || r.t1 - job.lastFlush >= FLUSH_MS) flush(job);
  }

  // One slice for the first runnable job, then round-robin.
  function tick() {
    const n = queue.length;
    for (let k = 0; k < n; k++) {
      const job = queue.shift();
      queue.push(job);
      if (!runnable(job)) continue;
      runSlice(job);
      break;
    }
    if (queue.some(runnable)) wake();
  }

  return { add, wake, flush, fail, get: (id) => byId.get(id), has: (id) => byId.has(id), get size() { return byId.size; }, byId };
}
