// protocol.mjs - the worker protocol's names, declared once (DESIGN.md, "Worker protocol"):
// message types in each direction, the error codes a worker sends besides the core's own
// (EC's names in core.mjs, e.g. E_PARAM_RANGE), and a run's status words. Every request ends
// with exactly one `result` or `error` message carrying its id.
export const REQUEST = Object.freeze({
  SOLVE: 'solve', PAUSE: 'pause', RESUME: 'resume', STEP: 'step', CANCEL: 'cancel',
  WARM: 'warm', MEMORY: 'memory', SCRAMBLE: 'scramble', MIGRATE: 'migrate',
});

export const REPLY = Object.freeze({
  READY: 'ready', PROGRESS: 'progress', STATE: 'state', RESULT: 'result', ERROR: 'error', EPOCH: 'epoch',
});

// A run's status words, the same in every layer: a solver step's answer (core.mjs
// SolverRun.step: running, solved, gave up, or epoch for an island waiting for migrants), a
// result's stats.status (c/solver/solver.c writes the same words), stopped (EvocubeCore.run
// ended early by its caller), and how a run on the page or the CLI ended besides: cancelled,
// error.
export const STATUS = Object.freeze({
  RUNNING: 'running', SOLVED: 'solved', GAVE_UP: 'gave up', EPOCH: 'epoch',
  STOPPED: 'stopped', CANCELLED: 'cancelled', ERROR: 'error',
});

// The `state` message's values.
export const RUN_STATE = Object.freeze({ STARTING: 'starting', RUNNING: STATUS.RUNNING, PAUSED: 'paused' });

export const ERROR = Object.freeze({
  PROTOCOL: 'E_PROTOCOL',   // a malformed message, an unknown type, a missing or long id
  STATE: 'E_STATE',         // a control message for no running solve, or a duplicate id
  CANCELLED: 'E_CANCELLED', // the answer to cancel (and to requests of a stopped worker)
  CRASH: 'E_CRASH',         // fatal: a wasm trap or abort; the worker is replaced
  LOAD: 'E_LOAD',           // fatal: the core could not load; the worker is not restarted
});

// The one error a solve rejects with, on the page and in the CLI (a SolverClient's run,
// web/lib/client.mjs; a run of islands, islands.mjs): code is an ERROR code above or the
// core's (EC's names in core.mjs), message the worker's words.
export class SolveError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'SolveError';
    this.code = code;
  }
}

// The id of the ready message and of a load failure's error.
export const READY_ID = 'ready';
// The longest id a request may carry (characters).
export const MAX_ID = 64;
