// isolated-worker.mjs - the worker thread behind isolated.mjs: loads the wasm core and answers
// {id, spec, opts} with core.run(spec, opts)'s {status, result, records}, or {id, module,
// name, args} with the value of that module's exported function called on args (awaited);
// failures as {id, error}.
import { parentPort } from 'node:worker_threads';
import { loadCoreNode } from '../../web/lib/core-node.mjs';

const core = await loadCoreNode();
parentPort.on('message', async ({ id, spec, opts, module, name, args }) => {
  try {
    if (module) parentPort.postMessage({ id, value: await (await import(module))[name](...args) });
    else parentPort.postMessage({ id, ...core.run(spec, { work: opts.work, keep: opts.keep }) });
  } catch (e) {
    parentPort.postMessage({ id, error: e.message });
  }
});
parentPort.postMessage({ ready: true });
