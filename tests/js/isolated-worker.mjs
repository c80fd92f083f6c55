// isolated-worker.mjs - the worker thread behind isolated.mjs: loads the wasm core and answers
// {id, spec, opts} with core.run(spec, opts)'s {status, result, records} (or {id, error}).
import { parentPort } from 'node:worker_threads';
import { loadCoreNode } from '../../web/core-node.mjs';

const core = await loadCoreNode();
parentPort.on('message', ({ id, spec, opts }) => {
  try {
    parentPort.postMessage({ id, ...core.run(spec, { work: opts.work, keep: opts.keep }) });
  } catch (e) {
    parentPort.postMessage({ id, error: e.message });
  }
});
parentPort.postMessage({ ready: true });
