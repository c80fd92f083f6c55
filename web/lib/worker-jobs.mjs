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

export function createJobs(options) { return new Jobs(options); }

class Jobs {
  constructor({ post, schedule, now, finish }) {
    Object.assign(this, { post, schedule, now, finish });
    this.byId = new Map();
    this.queue = [];
    this.scheduled = false;
  }

  get(id) { return this.byId.get(id); }
  has(id) { return this.byId.has(id); }
  get size() { return this.byId.size; }

  wake() {
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(() => { this.scheduled = false; this.tick(); });
  }

  add(job) {
    Object.assign(job, { steps: 0, records: [], lastFlush: 0, activeMs: 0, waiting: false, epochs: 0 });
    this.byId.set(job.id, job);
    this.queue.push(job);
    this.wake();
  }

  flush(job) {
    if (job.records.length) {
      this.post({ type: REPLY.PROGRESS, id: job.id, records: job.records });
      job.records = [];
    }
    job.lastFlush = this.now();
  }

  drop(job) {
    const i = this.queue.indexOf(job);
    if (i >= 0) this.queue.splice(i, 1);
    this.byId.delete(job.id);
  }

  // The one early end of a job: out of the queue, its records posted, its solver freed, then
  // its last message: the error of e, or `reply` when given (cancel's E_CANCELLED). A free
  // that throws after a failure is not reported (the module may be broken; e is the cause);
  // after a cancel it is the error.
  fail(job, e, reply = null) {
    this.drop(job);
    this.flush(job);
    try {
      job.run.free();
    } catch (freeError) {
      if (reply) reply = errorMessage(job.id, freeError);
    }
    this.post(reply ?? errorMessage(job.id, e));
  }

  // the end of an island's epoch: wait for migrate, with the export posted
  epochEnd(job) {
    job.waiting = true;
    job.epochs++;
    this.flush(job);
    let migrants;
    try {
      migrants = Array.from(job.run.exportMigrants());
    } catch (e) {
      this.fail(job, e);
      return;
    }
    this.post({ type: REPLY.EPOCH, id: job.id, epoch: job.epochs, migrants });
  }

  runSlice(job) {
    const t0 = this.now();
    let status = STATUS.RUNNING;
    try {
      do {
        const step = job.run.advance(1);
        status = step.status;
        for (const r of step.records) job.records.push(r);
        if (job.paused) { job.steps--; break; }
      } while (status === STATUS.RUNNING && this.now() - t0 < SLICE_MS);
    } catch (e) {
      job.activeMs += this.now() - t0;
      this.fail(job, e);
      return;
    }
    const t1 = this.now();
    job.activeMs += t1 - t0;
    if (status === STATUS.EPOCH) this.epochEnd(job);
    else if (status !== STATUS.RUNNING) {
      this.drop(job);
      this.flush(job);
      this.finish(job, status);
    } else if (job.paused || t1 - job.lastFlush >= FLUSH_MS) this.flush(job);
  }

  // One slice for the first runnable job, then round-robin.
  tick() {
    const n = this.queue.length;
    for (let k = 0; k < n; k++) {
      const job = this.queue.shift();
      this.queue.push(job);
      if (!runnable(job)) continue;
      this.runSlice(job);
      break;
    }
    if (this.queue.some(runnable)) this.wake();
  }
}
