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
// The router: each request checked and sent on (a solve made into a job for the scheduler,
// worker-jobs.mjs, which steps the jobs in slices, batches their records and ends a failed
// job; a control message applied to its job; warm, memory and scramble answered at once),
// and a finished job's result written. timeMs counts only the job's slices (pauses
// excluded); setupMs is the solver's creation (table building).
import { EC, EvocubeError, MAX_MIGRANT_BYTES } from './core.mjs';
import { REQUEST, REPLY, RUN_STATE, ERROR, MAX_ID, STATUS } from './protocol.mjs';
import { paramsText } from './params.mjs';
import { createJobs, errorMessage } from './worker-jobs.mjs';

export { SLICE_MS, FLUSH_MS, errorMessage } from './worker-jobs.mjs';

// Exact reference optima (ec_solver_optima_json) for the solvers whose descriptor says it has
// them (the solver list's `optima`), each search bounded by OPTIMA_NODES nodes. A phase of the
// result gets every field of its entry in the core's "phases", by one rule: `bound` (the
// search stopped at the bound: the optimum is at least that) is `optimumBound`; a field named
// in RESULT_FIELD is renamed to the result's name for it; any other field keeps the core's
// name. The table is of the core's field names (the protocol's names of a wider goal's
// optimum beside the phase's own: the shortest of all block locations, the whole stage), not
// of solvers: a solver's phase_optimum decides which fields a phase has (evocube.h).
const OPTIMA_NODES = 1000000;
const RESULT_FIELD = Object.freeze({
  bound: 'optimumBound', best: 'bestBlock', bestBound: 'bestBlockBound', stage: 'stageOptimum',
});
const isBound = (key) => key === 'bound' || key.endsWith('Bound');
export function optimumFields(o) {
  if (!o) return {};
  const f = { optimum: o.optimum ?? null, optimumBound: false };
  for (const [k, v] of Object.entries(o)) {
    if (k === 'optimum') continue;
    f[RESULT_FIELD[k] ?? k] = isBound(k) ? !!v : v;
  }
  return f;
}

// The result message of a finished job, each phase's exact optimum beside it (after the
// solve, bounded in nodes; the optima are a reference: a failure leaves them out, never the
// result).
function resultMessage(job, status, optimaSolvers, now) {
  const r = job.run.result();
  let startDistance = null;
  if (r.solved && optimaSolvers.has(r.solver)) {
    try {
      const o = job.run.optima(OPTIMA_NODES);
      startDistance = o.start.twophase;
      (r.phases || []).forEach((p, i) => Object.assign(p, optimumFields(o.phases[i])));
    } catch { /* the optima are a reference: a failure leaves them out, never the result */ }
  }
  return {
    type: REPLY.RESULT, id: job.id, solution: r.solution || '', length: r.length ?? 0, phases: r.phases || [],
    ...(r.parts ? { parts: r.parts } : {}),
    stats: {
      solver: r.solver, seed: r.seed, status: r.status || status, solved: !!r.solved,
      generations: r.generations, evaluations: r.evaluations, timeMs: job.activeMs, setupMs: job.setupMs,
      wallMs: now() - job.wall0, facelets: job.facelets, ...(startDistance !== null ? { startDistance } : {}),
    },
  };
}

// migrate's bytes: an array (or Uint8Array) of at most MAX_MIGRANT_BYTES whole numbers 0..255
function checkMigrants(job, m) {
  if (!job.waiting) throw new EvocubeError(EC.E_STATE, `solve ${JSON.stringify(job.id)} is not at the end of an epoch`);
  if (!(Array.isArray(m) || m instanceof Uint8Array) || m.length > MAX_MIGRANT_BYTES ||
      (Array.isArray(m) && !m.every((b) => Number.isInteger(b) && b >= 0 && b < 256))) {
    throw new EvocubeError(EC.E_MIGRANTS, 'migrants must be an array of bytes (whole numbers 0..255)');
  }
}

// solve: the solver made (its tables built first, once per worker: seconds) and handed to the
// scheduler as a job
function startJob({ core, post, now, jobs }, msg) {
  const { id } = msg;
  const facelets = msg.facelets || core.apply(String(msg.scramble ?? ''));
  const wall0 = now();
  post({ type: REPLY.STATE, id, state: RUN_STATE.STARTING });
  const islands = msg.islands ?? 1, island = msg.island ?? 0;
  const run = core.createSolver(String(msg.solver ?? ''), String(facelets), msg.seed ?? 1, paramsText(msg.params), { island, islands });
  const setupMs = now() - wall0;
  post({ type: REPLY.STATE, id, state: RUN_STATE.RUNNING });
  const paused = !!msg.paused;
  jobs.add({ id, run, facelets, solver: msg.solver, seed: core.parseSeed(msg.seed ?? 1), paused, setupMs, wall0 });
  if (paused) post({ type: REPLY.STATE, id, state: RUN_STATE.PAUSED });
}

// pause, resume, step, migrate (a refused import ends the solve: its one error), cancel
function control({ post, jobs }, msg) {
  const job = jobs.get(msg.id);
  if (!job) {
    post({ type: REPLY.ERROR, id: msg.id, code: ERROR.STATE, message: `no running solve has id ${JSON.stringify(msg.id)}` });
    return;
  }
  switch (msg.type) {
    case REQUEST.PAUSE:
      job.paused = true;
      job.steps = 0;
      jobs.flush(job);
      post({ type: REPLY.STATE, id: job.id, state: RUN_STATE.PAUSED });
      break;
    case REQUEST.RESUME:
      job.paused = false;
      post({ type: REPLY.STATE, id: job.id, state: RUN_STATE.RUNNING });
      jobs.wake();
      break;
    case REQUEST.STEP:
      if (job.paused && !job.waiting) { job.steps++; jobs.wake(); }
      break;
    case REQUEST.MIGRATE:
      try {
        checkMigrants(job, msg.migrants);
        job.run.importMigrants(msg.migrants);
      } catch (e) {
        jobs.fail(job, e);
        break;
      }
      job.waiting = false;
      jobs.wake();
      break;
    default: // REQUEST.CANCEL
      jobs.fail(job, null, { type: REPLY.ERROR, id: job.id, code: ERROR.CANCELLED, message: STATUS.CANCELLED });
  }
}

// the requests answered at once: warm (build the two-phase tables now, if this build has
// them, so a first solve or random-state scramble does not wait for them), memory, scramble
function answer({ core, post, now, jobs }, msg, id) {
  if (msg.type === REQUEST.WARM) {
    const t0 = now();
    const warmed = core.warm();
    post({ type: REPLY.RESULT, id, warmed, ms: now() - t0 });
  } else if (msg.type === REQUEST.MEMORY) {
    post({ type: REPLY.RESULT, id, memory: { ...core.memory(), jobs: jobs.size } });
  } else if (msg.kind === 'random-state' && core.hasRandomState()) {
    post({ type: REPLY.RESULT, id, scramble: core.randomStateScramble(msg.seed ?? 1), kind: 'random-state' });
  } else {
    const n = Number.isInteger(msg.n) ? msg.n : 25;
    post({ type: REPLY.RESULT, id, scramble: core.scrambleMoves(n, msg.seed ?? 1), kind: 'moves' });
  }
}

export function createWorkerApi(core, { post, schedule, now = () => performance.now() }) {
  const optimaSolvers = new Set(core.solvers().filter((s) => s.optima).map((s) => s.name));
  const jobs = createJobs({
    post, schedule, now,
    finish: (job, status) => {
      const reply = resultMessage(job, status, optimaSolvers, now);
      job.run.free();
      post(reply);
    },
  });
  const ctx = { core, post, now, jobs };

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
          startJob(ctx, msg);
          break;
        case REQUEST.PAUSE: case REQUEST.RESUME: case REQUEST.STEP: case REQUEST.CANCEL: case REQUEST.MIGRATE:
          control(ctx, msg);
          break;
        case REQUEST.WARM: case REQUEST.MEMORY: case REQUEST.SCRAMBLE:
          answer(ctx, msg, id);
          break;
        default:
          post({ type: REPLY.ERROR, id, code: ERROR.PROTOCOL, message: `unknown message type "${msg.type.slice(0, 20)}"` });
      }
    } catch (e) {
      post(errorMessage(id, e));
    }
  }

  return { handle, jobs: jobs.byId };
}

// The ready message a worker sends once its core is loaded.
export function readyMessage(core) {
  return { type: REPLY.READY, id: 'ready', version: core.version(), solvers: core.solvers(), randomState: core.hasRandomState() };
}
