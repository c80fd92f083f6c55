// threads.mjs - the worker protocol on Node's worker_threads. Run as a worker thread, this
// file serves web/lib/worker-api.mjs over the wasm core, as web/worker.mjs does in a browser.
// Imported in the main thread, threadClient() gives a SolverClient (web/lib/client.mjs) whose
// worker is such a thread: the CLI's `--islands K` and the islands benchmark start one per
// island and hand their solve() to web/lib/islands.mjs; islandsRun() is such a run with its
// result in core.run's shape.
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { SolverClient } from '../../web/lib/client.mjs';
import { createWorkerApi, readyMessage } from '../../web/lib/worker-api.mjs';
import { ERROR, READY_ID, REPLY } from '../../web/lib/protocol.mjs';
import { solveIslands } from '../../web/lib/islands.mjs';
import { recordOf } from '../../web/lib/experiments/plan.mjs';

if (!isMainThread && parentPort) {
  const post = (msg) => parentPort.postMessage(msg);
  let api = null;
  const pending = [];
  parentPort.on('message', (msg) => { if (api) api.handle(msg); else pending.push(msg); });
  loadCoreNode().then((core) => {
    api = createWorkerApi(core, { post, schedule: setImmediate });
    post(readyMessage(core));
    for (const m of pending.splice(0)) api.handle(m);
  }, (e) => post({ type: REPLY.ERROR, id: READY_ID, code: ERROR.LOAD, message: `the solver thread could not load the core: ${e.message}`, fatal: true }));
}

// A Worker thread in the onmessage/onerror/postMessage/terminate shape SolverClient expects.
function spawnThread() {
  const w = new Worker(new URL(import.meta.url));
  const port = {
    onmessage: null, onerror: null, onmessageerror: null,
    postMessage: (m) => w.postMessage(m),
    terminate: () => w.terminate(),
  };
  w.on('message', (data) => port.onmessage && port.onmessage({ data }));
  w.on('error', (e) => port.onerror && port.onerror({ message: e && e.message, preventDefault() {} }));
  w.on('messageerror', () => port.onmessageerror && port.onmessageerror());
  return port;
}

export function threadClient(options = {}) {
  return new SolverClient({ ...options, spawn: spawnThread });
}

// A run of K islands over K thread clients, coordinated by web/lib/islands.mjs;
// onProgress(i, records) gets island i's records. Returns core.run's result shape with the
// island fields (`solve --islands K`).
export async function islandsRun(clients, request, islands, onProgress = null) {
  const run = solveIslands((i, req, cb) => clients[i].solve(req, cb), request, { islands, onProgress });
  return recordOf(await run.promise, request.solver);
}
