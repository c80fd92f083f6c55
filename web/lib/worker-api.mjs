// worker-api.mjs - the inside of the solver worker, with no Worker in it: the worker protocol
// of DESIGN.md (protocol.mjs names its messages) served over a loaded core. web/worker.mjs
// wires it to a real Web Worker; tests/js/worker-api.test.mjs drives it in Node.
//
//   const api = createWorkerApi(core, { post, schedule, now });
//   api.handle(message)   // every request ends with exactly one result or error posted
//
// post(msg) sends a message to the page; schedule(fn) runs fn soon, after pending messages
// (the worker uses a MessageChannel, which has no 4 ms clamp); now() is a clock in ms.
//
// Page -> worker: solve {id, solver, facelets | scramble, seed, params, paused?, island?,
// islands?} (island i of a run of K islands, web/lib/islands.mjs), migrate {id, migrants} (an
// island's imports at the end of an epoch: an array of bytes; it goes on), pause {id},
// resume {id}, step {id} (one work unit while paused), cancel {id}, scramble {id, kind:
// 'random-state' | 'moves', seed, n}, warm {id} (build tables now), memory {id} (answered by
// result {id, memory: {inUse, heap, jobs}}). Worker -> page: progress {id, records}, state
// {id, state}, result {id, solution, length, phases, stats: {solver, seed, status, solved,
// generations, evaluations, timeMs, setupMs, wallMs, facelets}[, parts (macro-ga: the solving
// individual's macros, evocube.h ec_solver_result_json)]}, error {id, code, message
// [, fatal]}, epoch {id, epoch, migrants} (an island has done its epoch and waits for
// migrate; migrants: its export, an array of bytes).
//
// Scheduling: each job is stepped one work unit at a time (SolverRun.advance(1)) in slices of
// about SLICE_MS, yielding between slices so pause/resume/step/cancel take effect between
// steps; jobs take slices in turn. Records are kept in order (none dropped) and posted in
// batches at most every FLUSH_MS (~30 messages a second per job). timeMs counts only the
// slices (pauses excluded); setupMs is the solver's creation (table building). An exception
// that is not an EvocubeError (a wasm trap, the runtime's abort()) is reported as error
// {code: E_CRASH, fatal: true}: after a trap the module's memory can no longer be trusted.
import { EC, EvocubeError, MAX_MIGRANT_BYTES, plainFault } from './core.mjs';
import { REQUEST, REPLY, RUN_STATE, STATUS, ERROR, MAX_ID } from './protocol.mjs';
import { paramsText } from './params.mjs';

// Exact reference optima (ec_solver_optima_json) for the solvers whose descriptor has a
// per-phase optimum (the solver list's `optima`): the node budget of each search, and the fields a phase of the result gets: optimum (moves;
// null: none), optimumBound (true: the search stopped, the optimum is at least that), and for
// HuGO!'s block phase the shortest block over the 12 locations (bestBlock, bestBlockBound).
const OPTIMA_NODES = 1000000;
function optimumFields(o) {
  if (!o) return {};
  const f = { optimum: o.optimum ?? null, optimumBound: !!o.bound };
  if ('best' in o) Object.assign(f, { bestBlock: o.best, bestBlockBound: !!o.bestBound });
  if ('stage' in o) Object.assign(f, { stageOptimum: o.stage, stageBound: !!o.stageBound });
  return f;
}

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

export function createWorkerApi(core, { post, schedule, now = () => performance.now() }) {
  const jobs = new Map();
  const queue = [];
  let scheduled = false;
  const optimaSolvers = new Set(core.solvers().filter((s) => s.optima).map((s) => s.name));

  function wake() {
    if (scheduled) return;
    scheduled = true;
    schedule(() => { scheduled = false; tick(); });
  }

  function startJob(msg) {
    const { id } = msg;
    let facelets = msg.facelets;
    if (!facelets) facelets = core.apply(String(msg.scramble ?? ''));
    const wall0 = now();
    // creating a solver may build its tables first (seconds, once per worker): say so
    post({ type: REPLY.STATE, id, state: RUN_STATE.STARTING });
    const islands = msg.islands ?? 1, island = msg.island ?? 0;
    const run = core.createSolver(String(msg.solver ?? ''), String(facelets), msg.seed ?? 1, paramsText(msg.params), { island, islands });
    const setupMs = now() - wall0;
    post({ type: REPLY.STATE, id, state: RUN_STATE.RUNNING });
    const job = {
      id, run, facelets, solver: msg.solver, seed: core.parseSeed(msg.seed ?? 1),
      paused: !!msg.paused, steps: 0, records: [], lastFlush: 0, activeMs: 0, setupMs, wall0,
      waiting: false, epochs: 0, // an island at the end of an epoch waits for migrate
    };
    jobs.set(id, job);
    queue.push(job);
    if (job.paused) post({ type: REPLY.STATE, id, state: RUN_STATE.PAUSED });
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
    jobs.delete(job.id);
  }

  function finish(job, status) {
    flush(job);
    const r = job.run.result();
    // each phase's exact optimum beside it, after the solve, bounded in nodes
    let startDistance = null;
    if (r.solved && optimaSolvers.has(r.solver)) {
      try {
        const o = job.run.optima(OPTIMA_NODES);
        startDistance = o.start.twophase;
        (r.phases || []).forEach((p, i) => Object.assign(p, optimumFields(o.phases[i])));
      } catch { /* the optima are a reference: a failure leaves them out, never the result */ }
    }
    job.run.free();
    post({
      type: REPLY.RESULT, id: job.id, solution: r.solution || '', length: r.length ?? 0, phases: r.phases || [],
      ...(r.parts ? { parts: r.parts } : {}),
      stats: {
        solver: r.solver, seed: r.seed, status: r.status || status, solved: !!r.solved,
        generations: r.generations, evaluations: r.evaluations, timeMs: job.activeMs, setupMs: job.setupMs,
        wallMs: now() - job.wall0, facelets: job.facelets, ...(startDistance !== null ? { startDistance } : {}),
      },
    });
  }

  function runSlice(job) {
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
      drop(job);
      flush(job);
      try { job.run.free(); } catch { /* the module may be broken */ }
      post(errorMessage(job.id, e));
      return;
    }
    const t1 = now();
    job.activeMs += t1 - t0;
    if (status === STATUS.EPOCH) {
      job.waiting = true;
      job.epochs++;
      flush(job);
      let migrants;
      try {
        migrants = Array.from(job.run.exportMigrants());
      } catch (e) {
        drop(job);
        try { job.run.free(); } catch { /* the module may be broken */ }
        post(errorMessage(job.id, e));
        return;
      }
      post({ type: REPLY.EPOCH, id: job.id, epoch: job.epochs, migrants });
    } else if (status !== STATUS.RUNNING) {
      drop(job);
      finish(job, status);
    } else if (job.paused || t1 - job.lastFlush >= FLUSH_MS) {
      flush(job);
    }
  }

  // One slice for the first runnable job, then round-robin.
  function tick() {
    const n = queue.length;
    for (let k = 0; k < n; k++) {
      const job = queue.shift();
      queue.push(job);
      if (job.waiting || (job.paused && job.steps === 0)) continue;
      runSlice(job);
      break;
    }
    if (queue.some((j) => !j.waiting && (!j.paused || j.steps > 0))) wake();
  }

  function control(msg) {
    const job = jobs.get(msg.id);
    if (!job) {
      post({ type: REPLY.ERROR, id: msg.id, code: ERROR.STATE, message: `no running solve has id ${JSON.stringify(msg.id)}` });
      return;
    }
    switch (msg.type) {
      case REQUEST.PAUSE:
        job.paused = true;
        job.steps = 0;
        flush(job);
        post({ type: REPLY.STATE, id: job.id, state: RUN_STATE.PAUSED });
        break;
      case REQUEST.RESUME:
        job.paused = false;
        post({ type: REPLY.STATE, id: job.id, state: RUN_STATE.RUNNING });
        wake();
        break;
      case REQUEST.STEP:
        if (job.paused && !job.waiting) { job.steps++; wake(); }
        break;
      case REQUEST.MIGRATE: { // a refused import ends the solve (its one error)
        const m = msg.migrants;
        try {
          if (!job.waiting) throw new EvocubeError(EC.E_STATE, `solve ${JSON.stringify(job.id)} is not at the end of an epoch`);
          if (!(Array.isArray(m) || m instanceof Uint8Array) || m.length > MAX_MIGRANT_BYTES ||
              (Array.isArray(m) && !m.every((b) => Number.isInteger(b) && b >= 0 && b < 256))) {
            throw new EvocubeError(EC.E_MIGRANTS, 'migrants must be an array of bytes (whole numbers 0..255)');
          }
          job.run.importMigrants(m);
        } catch (e) {
          drop(job);
          flush(job);
          try { job.run.free(); } catch { /* the module may be broken */ }
          post(errorMessage(job.id, e));
          break;
        }
        job.waiting = false;
        wake();
        break;
      }
      default: // REQUEST.CANCEL
        drop(job);
        flush(job);
        job.run.free();
        post({ type: REPLY.ERROR, id: job.id, code: ERROR.CANCELLED, message: STATUS.CANCELLED });
    }
  }

  function handle(msg) {
    if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string') {
      post({ type: REPLY.ERROR, id: null, code: ERROR.PROTOCOL, message: 'a message must be an object with a type' });
      return;
    }
    const id = typeof msg.id === 'string' || typeof msg.id === 'number' ? msg.id : null;
    if (id === null || String(id).length > MAX_ID) {
      post({ type: REPLY.ERROR, id: null, code: ERROR.PROTOCOL, message: `message "${msg.type.slice(0, 20)}" needs a short string or number id` });
      return;
    }
    try {
      switch (msg.type) {
        case REQUEST.SOLVE:
          if (jobs.has(id)) throw new EvocubeError(EC.E_STATE, `a solve with id ${JSON.stringify(id)} is already running`);
          startJob(msg);
          break;
        case REQUEST.PAUSE: case REQUEST.RESUME: case REQUEST.STEP: case REQUEST.CANCEL: case REQUEST.MIGRATE:
          control(msg);
          break;
        case REQUEST.WARM: {
          // build the two-phase tables now, if this build has them, so a first solve or
          // random-state scramble does not wait for them
          const t0 = now();
          const warmed = core.warm();
          post({ type: REPLY.RESULT, id, warmed, ms: now() - t0 });
          break;
        }
        case REQUEST.MEMORY:
          post({ type: REPLY.RESULT, id, memory: { ...core.memory(), jobs: jobs.size } });
          break;
        case REQUEST.SCRAMBLE: {
          const seed = msg.seed ?? 1;
          if (msg.kind === 'random-state' && core.hasRandomState()) {
            post({ type: REPLY.RESULT, id, scramble: core.randomStateScramble(seed), kind: 'random-state' });
          } else {
            const n = Number.isInteger(msg.n) ? msg.n : 25;
            post({ type: REPLY.RESULT, id, scramble: core.scrambleMoves(n, seed), kind: 'moves' });
          }
          break;
        }
        default:
          post({ type: REPLY.ERROR, id, code: ERROR.PROTOCOL, message: `unknown message type "${msg.type.slice(0, 20)}"` });
      }
    } catch (e) {
      post(errorMessage(id, e));
    }
  }

  return { handle, jobs };
}


// The ready message a worker sends once its core is loaded.
export function readyMessage(core) {
  return { type: REPLY.READY, id: 'ready', version: core.version(), solvers: core.solvers(), randomState: core.hasRandomState() };
}
