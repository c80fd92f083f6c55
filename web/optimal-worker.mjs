// optimal-worker.mjs - the module Web Worker of the optimal search (started on demand by
// web/page/optimal/optimal.lazy.mjs, never in the first load): it loads the optimal module
// (web/gen/optimal.*), or with `threads` > 1 in the requests (the page's choice,
// web/lib/optimal/threads.mjs: cross-origin isolated, more than one core) the threaded one
// (web/gen/optimal-mt.*: its Emscripten pool of threads - 1 Workers, nested in this one,
// started with it, on shared memory), holds its one table, and runs one request at a time,
// in order. The first request's `threads` chooses the module for the worker's life.
//
// Page -> worker: {id, type: 'table', level, build} (make the table of `level` held: already
//   held, else the stored one (checked: a refused file is deleted and said), else, when
//   `build`, built here (on `threads` threads) and stored; all under the Web Lock of its level, so a second tab
//   waits and then finds the stored table); {id, type: 'import', level, file} (a stored
//   form from a File, e.g. the CLI's cache file: checked, held, stored); {id, type: 'solve',
//   facelets | cube} (the `optimal` solver on the held table, on `threads` threads;
//   cube: a facelet string or a scramble); {id, type: 'sizes', deviceMemory}
//   (the levels' bytes, those stored, the one suggested for the device: {levels, stored,
//   suggested}).
// Worker -> page: {type: 'started'} once, when the module has loaded or failed to (the page
//   replaces a worker that does not say it in time: web/lib/optimal/client.mjs);
//   {id, type: 'progress', share, elapsedMs} while a table is built;
//   {id, type: 'note', text} (a refused stored file); {id, type: 'done', ...} ('table' and
//   'import': {level, checksum, source: 'held' | 'stored' | 'built' | 'file', missing?: true
//   when not held and not built}; 'solve': {length, solution, nodes}); {id, type: 'error',
//   kind: 'quota' | 'memory' | 'table' | 'other', message}.
// Cancel is the page's worker.terminate(), which takes effect between slices (a build step
// of about 200 thousand entries, a million search nodes): the worker holds nothing another
// tab needs (the lock is released with it; a half-written file is refused by its size on the
// next load).
import createOptimal from './gen/optimal.mjs';
import { EC, EvocubeError } from './lib/core.mjs';
import { createOptimalCore } from './lib/core-optimal.mjs';
import { STATUS } from './lib/protocol.mjs';
import { levelFor, loadStored, store, storedLevels, tableLock, QuotaError } from './lib/optimal/table-store.mjs';

const post = (m) => self.postMessage(m);
// back to the event loop between slices (a MessageChannel: no 4 ms clamp), so that the
// page's terminate() ends the worker at the next slice instead of after the browser's grace
// period for a busy worker (about 2 s in Chromium)
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => { const f = waiting.shift(); if (f) f(); };
const yieldNow = () => new Promise((resolve) => { waiting.push(resolve); channel.port2.postMessage(0); });
// The threaded module's files, named so the site's bundler carries them (the glue as its own
// module: its threads import it by this URL; the threads' classic script; the wasm).
const MT_GLUE = new URL('./gen/optimal-mt.mjs', import.meta.url);
const MT_THREAD_JS = new URL('./gen/optimal-mt.worker.js', import.meta.url);
const MT_WASM = new URL('./gen/optimal-mt.wasm', import.meta.url);
async function loadCore(threads) {
  if (!(threads > 1)) return createOptimalCore(createOptimal);
  const { default: factory } = await import(MT_GLUE.href);
  return createOptimalCore(factory, {
    optimalThreads: threads,
    mainScriptUrlOrBlob: MT_GLUE.href,
    locateFile: (p, prefix) => (p.endsWith('.worker.js') ? MT_THREAD_JS.href : p.endsWith('.wasm') ? MT_WASM.href : prefix + p),
  });
}
let ready = null;
let threads = 1;
let queue = Promise.resolve();

const withLock = (level, f) => (navigator.locks ? navigator.locks.request(tableLock(level), f) : f());

function held(core, level) {
  const p = core.tableProgress();
  return p.level === level && p.share >= 1;
}

async function table(core, { id, level, build }) {
  return withLock(level, async () => {
    if (held(core, level)) return { level, checksum: core.tableChecksum(), source: 'held' };
    const got = await loadStored(core, level);
    if (got === 'loaded') return { level, checksum: core.tableChecksum(), source: 'stored' };
    if (got !== 'missing') post({ id, type: 'note', text: `the stored table was refused and deleted (${got.refused}); it must be built again` });
    if (!build) return { level, missing: true };
    const t0 = performance.now();
    core.tableBegin(level);
    let last = 0;
    for (;;) {
      const done = core.tableBuildStep(200 * threads, threads);
      await yieldNow();
      const now = performance.now();
      if (done || now - last > 250) {
        last = now;
        post({ id, type: 'progress', share: core.tableProgress().share, elapsedMs: now - t0 });
      }
      if (done) break;
    }
    await store(core, level);
    return { level, checksum: core.tableChecksum(), source: 'built' };
  });
}

async function importFile(core, { level, file }) {
  return withLock(level, async () => {
    const total = file.size;
    const head = new Uint8Array(await file.slice(0, 80).arrayBuffer());
    core.tableImportBegin(head, total);
    for (let at = head.length; at < total; at += 1 << 24) {
      core.tableImportChunk(new Uint8Array(await file.slice(at, Math.min(total, at + (1 << 24))).arrayBuffer()));
    }
    core.tableImportEnd();
    const got = core.tableProgress().level;
    await store(core, got);
    return { level: got, checksum: core.tableChecksum(), source: 'file' };
  });
}

// a cube given as a facelet string or a scramble (an experiment record's `cube`)
const cubeFacelets = (core, cube) => (/^[URFDLB]{54}$/.test(cube) ? cube : core.apply(cube));

async function solve(core, { facelets: given, cube }) {
  const facelets = given ?? cubeFacelets(core, cube);
  // stepped, a million nodes a slice (tens of ms), yielding between slices
  const run = core.createSolver('optimal', facelets, 1, `threads=${threads}`);
  let status, result;
  try {
    do {
      status = run.advance(1, false).status;
      await yieldNow();
    } while (status === STATUS.RUNNING);
    result = run.result();
  } finally {
    run.free();
  }
  if (status !== STATUS.SOLVED || !result.solved) throw new EvocubeError(EC.E_STATE, 'the optimal search ended without a solution');
  if (!core.verify(facelets, result.solution).solved) throw new EvocubeError(EC.E_NOT_SOLVED, 'internal error: the optimal solution does not solve the cube');
  return { length: result.length, solution: result.solution, nodes: result.evaluations };
}

const kindOf = (e) => (e instanceof QuotaError ? 'quota'
  : e instanceof EvocubeError && e.code === EC.E_NOMEM ? 'memory'
    : e instanceof EvocubeError && e.code === EC.E_TABLE ? 'table'
      : e instanceof RangeError || /out of memory|allocation/i.test(String(e && e.message)) ? 'memory' : 'other');

// the levels with their sizes, smallest memory first (level numbers are not in size order),
// the ones stored, and the one this device's memory suggests
async function sizes(core, { deviceMemory }) {
  const levels = [];
  for (let l = 0; ; l++) {
    try { levels.push({ level: l, ...core.tableBytes(l) }); } catch { break; }
  }
  const stored = (await storedLevels(undefined, levels.length)).map((s) => s.level);
  const suggested = levelFor(core, deviceMemory, levels.length);
  return { levels: levels.sort((a, b) => a.memory - b.memory), stored, suggested };
}

const HANDLERS = { table, import: importFile, solve, sizes };

self.onmessage = ({ data }) => {
  if (!ready) {
    threads = Number.isInteger(data.threads) && data.threads > 1 ? data.threads : 1;
    ready = loadCore(threads);
    // 'started' once the module settles (a failure also reaches each request as its error)
    const started = () => post({ type: 'started' });
    ready.then(started, started);
  }
  queue = queue.then(async () => {
    try {
      const core = await ready;
      const handler = HANDLERS[data.type];
      if (!handler) throw new Error(`unknown request ${String(data.type).slice(0, 20)}`);
      post({ id: data.id, type: 'done', ...(await handler(core, data)) });
    } catch (e) {
      post({ id: data.id, type: 'error', kind: kindOf(e), message: e && e.message ? e.message : String(e) });
    }
  });
};
