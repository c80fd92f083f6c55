// worker.mjs - the module Web Worker that runs solvers: it loads the wasm core and routes
// messages to the inside API (worker-api.mjs), which serves the worker protocol of DESIGN.md.
// Messages that arrive before the core has loaded are queued and handled in order. A failed
// load is error {id: 'ready', code: 'E_LOAD', message, fatal: true}, and the client does not
// restart the worker for it (the same files would fail again).
import createEvocube from './gen/evocube.mjs';
import { createCore, loadFailureText } from './lib/core.mjs';
import { ERROR, READY_ID, REPLY } from './lib/protocol.mjs';
import { createWorkerApi, readyMessage } from './lib/worker-api.mjs';

const post = (msg) => self.postMessage(msg);
// schedule through a MessageChannel: it runs after pending messages, with no 4 ms clamp
const channel = new MessageChannel();
let next = null;
channel.port1.onmessage = () => { const f = next; next = null; if (f) f(); };
const schedule = (f) => { next = f; channel.port2.postMessage(0); };

let api = null;
const pending = [];
self.onmessage = (ev) => { if (api) api.handle(ev.data); else pending.push(ev.data); };

createCore(createEvocube).then((core) => {
  api = createWorkerApi(core, { post, schedule });
  post(readyMessage(core));
  for (const m of pending.splice(0)) api.handle(m);
}, (e) => {
  post({ type: REPLY.ERROR, id: READY_ID, code: ERROR.LOAD, message: `the solver worker could not load the solver core: ${loadFailureText(e)}`, fatal: true });
});
