// run-streams.mjs - helpers of the run model's Node tests (tests/js/run-model.test.mjs,
// tests/js/run-numbers.test.mjs): a SolverClient (web/lib/client.mjs) whose worker is the
// worker's inside API (web/lib/worker-api.mjs) on the wasm core in this process, its messages
// cloned and delivered a turn later as a Worker's would be, so a run streams exactly what
// the page's workers stream; and a clock the test moves by hand.
import { SolverClient } from '../../web/lib/client.mjs';
import { createWorkerApi, readyMessage } from '../../web/lib/worker-api.mjs';

export function inProcessClient(core, name = 'in-process') {
  const spawn = () => {
    let api = null;
    const port = {
      postMessage: (m) => setImmediate(() => api && api.handle(structuredClone(m))),
      terminate() { api = null; },
    };
    api = createWorkerApi(core, { post: (m) => setImmediate(() => api && port.onmessage({ data: structuredClone(m) })), schedule: setImmediate });
    setImmediate(() => port.onmessage({ data: readyMessage(core) }));
    return port;
  };
  return new SolverClient({ url: name, name, spawn });
}

// island i's client, made when first asked (one worker per island, as the page's)
export function clientPool(core) {
  const all = [];
  const clientOf = (i) => {
    while (all.length <= i) all.push(inProcessClient(core, `island ${all.length}`));
    return all[i];
  };
  clientOf.all = all;
  return clientOf;
}

// a clock read by the run: now() -> ms; tick(ms) moves it on
export function manualClock(t = 1000) {
  const now = () => t;
  now.tick = (ms) => { t += ms; };
  return now;
}

// interval timers the test fires by hand: fire() runs every live interval's function once
export function manualTimers() {
  const live = new Map();
  let id = 0;
  return {
    setInterval: (f, ms) => { live.set(++id, { f, ms }); return id; },
    clearInterval: (k) => { live.delete(k); },
    fire: () => { for (const { f } of [...live.values()]) f(); },
    get count() { return live.size; },
  };
}

// A recorded stream played back as island 0's client: core.run's records (web/lib/core.mjs,
// keep: true) in batches of `batch`, then its result in the worker's shape
// (web/lib/worker-api.mjs: {solution, length, phases, stats}); for long runs, whose every
// record through the worker's inside API would take seconds.
export function recordedClient(core, request, batch = 1000) {
  const out = core.run(request, { keep: true });
  const r = out.result;
  const result = {
    solution: r.solution || '', length: r.length ?? 0, phases: r.phases || [],
    stats: { solver: r.solver, seed: r.seed, status: r.status, solved: !!r.solved, generations: r.generations, evaluations: r.evaluations, timeMs: 0, setupMs: 0 },
  };
  const client = {
    records: out.records,
    solve: (req, cb) => {
      let stop = false, reject;
      const promise = new Promise((res, rej) => {
        reject = rej;
        const go = (i) => {
          if (stop) return;
          if (i === 0) { cb.onState('starting'); cb.onState('running'); }
          if (i < out.records.length) { cb.onProgress(out.records.slice(i, i + batch)); setImmediate(() => go(i + batch)); } else res(result);
        };
        setImmediate(() => go(0));
      });
      const none = () => {};
      return { promise, pause: none, resume: none, step: none, migrate: none, cancel: () => { stop = true; reject(Object.assign(new Error('cancelled'), { code: 'E_CANCELLED' })); } };
    },
  };
  return client;
}
