// client.mjs - the page's side of the worker protocol: one SolverClient owns one module
// Web Worker (web/worker.mjs) and turns its messages into promises and callbacks.
//   const c = new SolverClient({ onCrash });  await c.ready  // {version, solvers, randomState}
//   const run = c.solve({solver, facelets, seed, params}, {onProgress, onState, onEpoch});
//   run.pause(); run.resume(); run.step(); run.cancel(); run.migrate(bytes);
//   const result = await run.promise;   // {solution, length, phases, stats}
//   await c.memory();                    // {inUse, heap, jobs}: the worker's wasm memory
// A run's promise rejects with a SolveError {code, message} (protocol.mjs); code ERROR.CANCELLED after
// cancel(), ERROR.CRASH when the worker died (protocol.mjs). A crashed worker (an uncaught error, a fatal
// error message such as a wasm trap or abort) is terminated and replaced, and
// onCrash({message, restarted, load}) tells the page; after MAX_RESTARTS crashes within a
// minute it stays down. A worker that could not load the wasm core (error E_LOAD) is not
// restarted (the same files would fail again): onCrash gets load: true, restarted: false,
// and every later request is refused with that message.
// spawn(url, options) makes the worker (default: a module Web Worker); the CLI passes one that
// wraps a Node worker_threads Worker in the same onmessage/onerror/postMessage shape.
// An island solve ({..., island, islands}, web/lib/islands.mjs) calls onEpoch({epoch, migrants})
// at each epoch's end and waits for run.migrate(bytes).
// The workers of one page start one after another: each is spawned once the one before said
// ready or failed (or STAGGER_CAP_MS passed), its messages kept until then. WebKit fails the
// script loads of module workers started together while a service worker controls the page
// (all but one end in an error with no message), which cost the Experiments view, a race
// and islands their workers; a worker's start is a few hundred ms, so K lanes start in about
// K times that.

import { REQUEST, REPLY, ERROR, READY_ID, SolveError } from './protocol.mjs';

const MAX_RESTARTS = 3;
const STAGGER_CAP_MS = 10000;

let nextId = 1;

// the last worker's start: settles once its turn came and it said ready or failed
let lastStart = Promise.resolve();

// A worker spawned after `after` settles (or STAGGER_CAP_MS passed): until then it keeps the
// messages posted to it and a terminate() means it is never spawned. The spawned worker (real)'s
// events reach this object's onmessage, onerror and onmessageerror.
class QueuedWorker {
  constructor(spawn, url, options, after) {
    this.onmessage = this.onerror = this.onmessageerror = null;
    this.queue = [];
    this.real = null;
    this.dead = false;
    let timer;
    const cap = new Promise((resolve) => { timer = setTimeout(resolve, STAGGER_CAP_MS); });
    this.turn = Promise.race([after, cap]); // its turn to spawn came
    this.turn.then(() => {
      clearTimeout(timer);
      if (this.dead) return;
      let w;
      try {
        w = spawn(url, options);
      } catch (e) {
        // a Worker the browser refuses to make (a bad URL, a blocked script) is a load failure
        if (this.onerror) this.onerror({ message: e.message });
        return;
      }
      this.real = w;
      w.onmessage = (ev) => this.onmessage && this.onmessage(ev);
      w.onerror = (ev) => this.onerror && this.onerror(ev);
      w.onmessageerror = (ev) => this.onmessageerror && this.onmessageerror(ev);
      for (const m of this.queue) w.postMessage(m);
      this.queue = null;
    });
  }

  postMessage(m) {
    if (this.real) this.real.postMessage(m);
    else if (!this.dead) this.queue.push(m);
  }

  terminate() {
    this.dead = true;
    if (this.real) this.real.terminate();
  }
}

export class SolverClient {
  constructor({ url = new URL('../worker.mjs', import.meta.url), onCrash = null, name = 'evocube solver', warm = false,
    spawn = (u, options) => new Worker(u, options) } = {}) {
    this.spawn = spawn;
    this.warm = warm; // build the solvers' tables as soon as the worker is up
    this.url = url;
    this.name = name;
    this.onCrash = onCrash;
    this.pending = new Map(); // id -> {resolve, reject, onProgress, onState}
    this.crashes = [];
    this.info = null;
    this.messages = 0; // messages received, for the rate shown in tests and benchmarks
    this._start();
  }

  _start() {
    this.worker = new QueuedWorker(this.spawn, this.url, { type: 'module', name: this.name }, lastStart);
    this.ready = new Promise((resolve, reject) => { this._readyResolve = resolve; this._readyReject = reject; });
    this.ready.catch(() => {}); // a failed start is reported through onCrash (and to whoever awaits ready), not as an unhandled rejection
    // the next worker's turn: after this one's turn came and it said ready or failed (one
    // stopped before its turn passes the turn on when it comes)
    lastStart = this.worker.turn.then(() => this.ready).then(() => {}, () => {});
    this.worker.onmessage = (ev) => this._onMessage(ev.data);
    this.up = false; // this worker has said ready
    this.worker.onerror = (ev) => {
      ev.preventDefault?.();
      // an error before ready: the worker's scripts did not load or run
      if (!this.up) this._crash(`the solver worker could not start: ${ev.message || 'its scripts did not load'}`, { load: true });
      else this._crash(ev.message || 'the worker failed (script error)');
    };
    this.worker.onmessageerror = () => this._crash('a worker message could not be read');
    // warming is ahead-of-time work: if it fails, the worker crashed (onCrash says so) or the
    // tables could not be built, and the first solve meets the same fault with its own message
    if (this.warm) this.warmed = this._request({ type: REQUEST.WARM, id: `w${nextId++}` }).catch(() => null);
  }

  _crash(message, { load = false } = {}) {
    if (this.dead) return;
    try { this.worker.terminate(); } catch { /* already gone */ }
    const err = new SolveError(ERROR.CRASH, message);
    for (const [, p] of this.pending) p.reject(err);
    this.pending.clear();
    this._readyReject(err);
    const now = Date.now();
    this.crashes = this.crashes.filter((t) => now - t < 60000);
    this.crashes.push(now);
    const restarted = !load && this.crashes.length <= MAX_RESTARTS;
    if (restarted) this._start();
    else {
      this.dead = true;
      this.deadReason = load ? message : 'the solver worker keeps crashing; reload the page';
    }
    if (this.onCrash) this.onCrash({ message, restarted, load });
  }

  _onMessage(msg) {
    this.messages++;
    if (!msg || typeof msg !== 'object') return;
    if (msg.type === REPLY.READY) {
      this.up = true;
      this.info = { version: msg.version, solvers: msg.solvers, randomState: !!msg.randomState };
      this._readyResolve(this.info);
      return;
    }
    if (msg.id === READY_ID && msg.type === REPLY.ERROR) {
      this._crash(msg.message, { load: msg.code === ERROR.LOAD });
      return;
    }
    const p = this.pending.get(msg.id);
    switch (msg.type) {
      case REPLY.PROGRESS:
        if (p && p.onProgress) p.onProgress(msg.records);
        break;
      case REPLY.STATE:
        if (p && p.onState) p.onState(msg.state);
        break;
      case REPLY.EPOCH:
        if (p && p.onEpoch) p.onEpoch({ epoch: msg.epoch, migrants: msg.migrants });
        break;
      case REPLY.RESULT:
        if (p) { this.pending.delete(msg.id); p.resolve(msg); }
        break;
      case REPLY.ERROR:
        if (msg.fatal) {
          if (p) { this.pending.delete(msg.id); p.reject(new SolveError(msg.code, msg.message)); }
          this._crash(msg.message);
        } else if (p) {
          this.pending.delete(msg.id);
          p.reject(new SolveError(msg.code, msg.message));
        }
        break;
      default:
    }
  }

  _request(msg, callbacks = {}) {
    if (this.dead) return Promise.reject(new SolveError(ERROR.CRASH, this.deadReason || 'the solver worker was stopped'));
    return new Promise((resolve, reject) => {
      this.pending.set(msg.id, { resolve, reject, ...callbacks });
      this.worker.postMessage(msg);
    });
  }

  // Start a solve; returns {id, promise, pause, resume, step, cancel}.
  solve(request, { onProgress, onState, onEpoch } = {}) {
    const id = `s${nextId++}`;
    const send = (type) => () => { if (this.pending.has(id)) this.worker.postMessage({ type, id }); };
    const promise = this._request({ ...request, type: REQUEST.SOLVE, id }, { onProgress, onState, onEpoch });
    const migrate = (migrants) => { if (this.pending.has(id)) this.worker.postMessage({ type: REQUEST.MIGRATE, id, migrants }); };
    return {
      id, promise, pause: send(REQUEST.PAUSE), resume: send(REQUEST.RESUME), step: send(REQUEST.STEP), cancel: send(REQUEST.CANCEL), migrate,
    };
  }

  // A scramble made in the worker: {scramble, kind}.
  scramble({ kind = 'random-state', seed = 1, n = 25 } = {}) {
    return this._request({ type: REQUEST.SCRAMBLE, id: `c${nextId++}`, kind, seed, n });
  }

  // The worker's memory: {inUse (C heap bytes allocated), heap (wasm memory bytes), jobs}.
  memory() {
    return this._request({ type: REQUEST.MEMORY, id: `m${nextId++}` }).then((r) => r.memory);
  }

  terminate() {
    this.dead = true;
    this.worker.terminate();
    const err = new SolveError(ERROR.CANCELLED, 'the worker was stopped');
    this._readyReject(err); // (no-op once ready) the next worker's start waits no longer
    for (const [, p] of this.pending) p.reject(err);
    this.pending.clear();
  }
}
