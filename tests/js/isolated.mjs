// isolated.mjs - solver runs for the Jest suites in a worker thread with a hard limit. A solver
// that hangs (a loop in C never returns to JS, so Jest's own timeout cannot stop a synchronous
// test) is stopped by terminating the thread, and the test fails at once with a message that
// names the run and its limit. One thread per suite, replaced after a kill.
//
//   const iso = isolatedCore();            // afterAll(() => iso.close())
//   const { status, result, records } = await iso.run(spec, { work, keep, limitMs, label });
//   const value = await iso.call(moduleUrl, 'exportName', [args], { limitMs, label });
import { Worker } from 'node:worker_threads';

export const WORKER_URL = new URL('./isolated-worker.mjs', import.meta.url);

export function isolatedCore() {
  let worker = null;
  let ready = null;
  let nextId = 1;
  const start = () => {
    worker = new Worker(WORKER_URL);
    worker.unref();
    ready = new Promise((resolve, reject) => {
      worker.once('message', (m) => (m.ready ? resolve() : reject(new Error('isolated worker: unexpected first message'))));
      worker.once('error', reject);
    });
  };
  // post msg to the thread; its answer, or a rejection after limitMs (the thread is killed)
  async function ask(msg, limitMs, label) {
    if (!worker) start();
    const w = worker;
    await ready;
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const t0 = Date.now();
      const done = (f) => { clearTimeout(timer); w.off('message', onMessage); w.off('error', onError); f(); };
      const onMessage = (m) => {
        if (m.id !== id) return;
        done(() => (m.error ? reject(new Error(`${label}: ${m.error}`)) : resolve(m)));
      };
      const onError = (e) => done(() => { worker = null; reject(new Error(`${label}: the solver thread failed: ${e.message}`)); });
      const timer = setTimeout(() => done(() => {
        worker = null;
        w.terminate();
        reject(new Error(`${label}: no result within its limit of ${limitMs} ms (${Date.now() - t0} ms); the solver thread was killed`));
      }), limitMs);
      w.on('message', onMessage);
      w.on('error', onError);
      w.postMessage({ id, ...msg });
    });
  }
  return {
    // core.run(spec, {work, keep}) in the thread
    async run(spec, { work = 1, keep = false, limitMs = 60000, label = `${spec.solver} seed ${spec.seed}` } = {}) {
      const m = await ask({ spec, opts: { work, keep } }, limitMs, label);
      return { status: m.status, result: m.result, records: m.records };
    },
    // await module[name](...args) in the thread (args and value structured-cloneable)
    async call(module, name, args = [], { limitMs = 60000, label = name } = {}) {
      return (await ask({ module: String(module), name, args }, limitMs, label)).value;
    },
    async close() {
      if (worker) await worker.terminate();
      worker = null;
    },
  };
}
