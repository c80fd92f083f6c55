// worker.mjs - the module Web Worker that runs solvers: it loads the wasm core, then serves
// the worker protocol of DESIGN.md. Page -> worker: solve {id, solver, facelets | scramble,
// seed, params}, pause {id}, resume {id}, step {id}, cancel {id}, and (an addition)
// scramble {id, kind: 'random-state' | 'moves', seed, n}, warm {id} (build tables now) and
// memory {id} (answered by result {id, memory: {inUse, heap, jobs}}: the bytes the C core
// has allocated now, the wasm memory's size in bytes, and the solves held; for soak tests
// and diagnostics). Worker -> page: ready {version, solvers}, progress {id, records}, state {id, state:
// 'starting' | 'running' | 'paused'}, result {id, solution, length, phases, stats: {solver,
// seed, status, solved, generations, evaluations, timeMs, setupMs, wallMs, facelets}},
// error {id, code, message[, fatal]}. A failed load of the wasm core is error {id: 'ready',
// code: 'E_LOAD', message, fatal: true} (the client does not restart the worker for it).
//
// Scheduling: each job is stepped one work unit at a time (ec_solver_step(h, 1)) in slices of
// about SLICE_MS, yielding to the event loop between slices (through a MessageChannel, which
// has no 4 ms clamp) so pause/resume/step/cancel take effect between steps. Progress records
// are drained after every step, kept in order (none dropped) and posted in batches at most
// every FLUSH_MS (~30 messages a second per job). timeMs counts only the slices (pauses
// are excluded); setupMs is the solver's creation (table building) before the first step.
// A non-EvocubeError exception (a wasm trap, or the Emscripten runtime's abort()) is
// reported as error {code: 'E_CRASH', fatal: true}, and the client replaces this worker:
// after a trap the module's memory can no longer be trusted.
import createEvocube from './gen/evocube.mjs';
import { createCore, EvocubeError, plainFault, loadFailureText } from './core.mjs';

const SLICE_MS = 12;
const FLUSH_MS = 33;
const MAX_ID = 64;

let core = null;
const jobs = new Map();
const queue = [];
let scheduled = false;
const channel = new MessageChannel();
channel.port1.onmessage = () => { scheduled = false; tick(); };

function post(msg) { self.postMessage(msg); }

function fail(id, e) {
  if (e instanceof EvocubeError) {
    post({ type: 'error', id, code: e.codeName, message: e.message });
  } else {
    const aborted = /Aborted\(/.test(String(e && e.message));
    post({ type: 'error', id, code: 'E_CRASH', fatal: true,
      message: `the WebAssembly core ${aborted ? 'aborted' : 'stopped on an internal error'}: ${plainFault(e)}` });
  }
}

function schedule() {
  if (!scheduled) { scheduled = true; channel.port2.postMessage(0); }
}

// params: {key: value} or a "k=v,k=v" text; keys and values are checked for shape here
// (no separators smuggled in); the core checks names and ranges.
export function paramsText(params) {
  if (params == null || params === '') return '';
  if (typeof params === 'string') return params;
  const parts = [];
  for (const [k, v] of Object.entries(params)) {
    const value = String(v);
    if (!/^[A-Za-z][A-Za-z0-9_.]{0,39}$/.test(k) || !/^[A-Za-z0-9_.+-]{1,40}$/.test(value)) {
      throw new EvocubeError(-42, `parameter ${JSON.stringify(k.slice(0, 40))} has a malformed value ${JSON.stringify(value.slice(0, 40))}`);
    }
    parts.push(`${k}=${value}`);
  }
  return parts.join(',');
}

function startJob(msg) {
  const { id } = msg;
  let facelets = msg.facelets;
  if (!facelets) facelets = core.apply(String(msg.scramble ?? ''));
  const wall0 = performance.now();
  // creating a solver may build its tables first (seconds, once per worker): say so
  post({ type: 'state', id, state: 'starting' });
  const run = core.createSolver(String(msg.solver ?? ''), String(facelets), msg.seed ?? 1, paramsText(msg.params));
  const setupMs = performance.now() - wall0;
  post({ type: 'state', id, state: 'running' });
  const job = {
    id, run, facelets, solver: msg.solver, seed: core.parseSeed(msg.seed ?? 1),
    paused: !!msg.paused, steps: 0, records: [], lastFlush: 0, activeMs: 0, setupMs, wall0,
  };
  jobs.set(id, job);
  queue.push(job);
  if (job.paused) post({ type: 'state', id, state: 'paused' });
  schedule();
}

function flush(job) {
  if (job.records.length) {
    post({ type: 'progress', id: job.id, records: job.records });
    job.records = [];
  }
  job.lastFlush = performance.now();
}

function finish(job, status) {
  flush(job);
  const r = job.run.result();
  job.run.free();
  jobs.delete(job.id);
  post({
    type: 'result', id: job.id, solution: r.solution || '', length: r.length ?? 0, phases: r.phases || [],
    stats: {
      solver: r.solver, seed: r.seed, status: r.status || status, solved: !!r.solved,
      generations: r.generations, evaluations: r.evaluations, timeMs: job.activeMs, setupMs: job.setupMs,
      wallMs: performance.now() - job.wall0, facelets: job.facelets,
    },
  });
}

function drop(job) {
  const i = queue.indexOf(job);
  if (i >= 0) queue.splice(i, 1);
}

// One slice for the first runnable job, then round-robin.
function tick() {
  const n = queue.length;
  for (let k = 0; k < n; k++) {
    const job = queue.shift();
    queue.push(job);
    if (job.paused && job.steps === 0) continue;
    runSlice(job);
    break;
  }
  if (queue.some((j) => !j.paused || j.steps > 0)) schedule();
}

function runSlice(job) {
  const t0 = performance.now();
  let status = 'running';
  try {
    do {
      status = job.run.step(1);
      for (const r of job.run.progress()) job.records.push(r);
      if (job.paused) { job.steps--; break; }
    } while (status === 'running' && performance.now() - t0 < SLICE_MS);
  } catch (e) {
    job.activeMs += performance.now() - t0;
    drop(job);
    jobs.delete(job.id);
    flush(job);
    try { job.run.free(); } catch { /* the module may be broken */ }
    fail(job.id, e);
    return;
  }
  const now = performance.now();
  job.activeMs += now - t0;
  if (status !== 'running') {
    drop(job);
    finish(job, status);
  } else if (job.paused || now - job.lastFlush >= FLUSH_MS) {
    flush(job);
  }
}

function control(msg) {
  const job = jobs.get(msg.id);
  if (!job) {
    post({ type: 'error', id: msg.id, code: 'E_STATE', message: `no running solve has id ${JSON.stringify(msg.id)}` });
    return;
  }
  switch (msg.type) {
    case 'pause':
      job.paused = true;
      job.steps = 0;
      flush(job);
      post({ type: 'state', id: job.id, state: 'paused' });
      break;
    case 'resume':
      job.paused = false;
      post({ type: 'state', id: job.id, state: 'running' });
      schedule();
      break;
    case 'step':
      if (job.paused) { job.steps++; schedule(); }
      break;
    case 'cancel':
      drop(job);
      jobs.delete(job.id);
      flush(job);
      job.run.free();
      post({ type: 'error', id: job.id, code: 'E_CANCELLED', message: 'cancelled' });
      break;
    default:
  }
}

function handle(msg) {
  if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string') {
    post({ type: 'error', id: null, code: 'E_PROTOCOL', message: 'a message must be an object with a type' });
    return;
  }
  const id = typeof msg.id === 'string' || typeof msg.id === 'number' ? msg.id : null;
  if (id === null || String(id).length > MAX_ID) {
    post({ type: 'error', id: null, code: 'E_PROTOCOL', message: `message "${msg.type.slice(0, 20)}" needs a short string or number id` });
    return;
  }
  try {
    switch (msg.type) {
      case 'solve':
        if (jobs.has(id)) throw new EvocubeError(-44, `a solve with id ${JSON.stringify(id)} is already running`);
        startJob(msg);
        break;
      case 'pause': case 'resume': case 'step': case 'cancel':
        control(msg);
        break;
      case 'warm': {
        // build the two-phase tables now, if this build has them, so a first solve or
        // random-state scramble does not wait for them
        const t0 = performance.now();
        const has = typeof core.M._ec_twophase_init === 'function';
        if (has) { const rc = core.M._ec_twophase_init(); if (rc < 0) core._fail(rc); }
        post({ type: 'result', id, warmed: has, ms: performance.now() - t0 });
        break;
      }
      case 'memory':
        post({ type: 'result', id, memory: { ...core.memory(), jobs: jobs.size } });
        break;
      case 'scramble': {
        const seed = msg.seed ?? 1;
        const hasRS = typeof core.M._ec_scramble_random_state_text === 'function';
        if (msg.kind === 'random-state' && hasRS) {
          post({ type: 'result', id, scramble: core.randomStateScramble(seed), kind: 'random-state' });
        } else {
          const n = Number.isInteger(msg.n) ? msg.n : 25;
          post({ type: 'result', id, scramble: core.scrambleMoves(n, seed), kind: 'moves' });
        }
        break;
      }
      default:
        post({ type: 'error', id, code: 'E_PROTOCOL', message: `unknown message type "${msg.type.slice(0, 20)}"` });
    }
  } catch (e) {
    fail(id, e);
  }
}

const pending = [];
self.onmessage = (ev) => { if (core) handle(ev.data); else pending.push(ev.data); };

createCore(createEvocube).then((c) => {
  core = c;
  post({
    type: 'ready', id: 'ready', version: core.version(), solvers: core.solvers(),
    randomState: typeof core.M._ec_scramble_random_state_text === 'function',
  });
  for (const m of pending.splice(0)) handle(m);
}, (e) => {
  post({ type: 'error', id: 'ready', code: 'E_LOAD', message: `the solver worker could not load the solver core: ${loadFailureText(e)}`, fatal: true });
});
