// core-node.mjs - loads the wasm core under Node (CLI, Jest, benchmarks): reads the .wasm
// file itself and hands it over as wasmBinary, since Emscripten 3.1.6's glue would try
// fetch() on a file path under Node 20. loadCoreNode: the main module (web/gen/evocube.*);
// loadOptimalCoreNode: the optimal search's module (web/gen/optimal.*: the main module's
// API, its solvers plus `optimal`, and the table calls: core-optimal.mjs's OptimalCore);
// loadOptimalCoreNode({threads: N > 1}): the threaded one (web/gen/optimal-mt.*: the same
// API on shared memory, its Emscripten pool of N - 1 worker_threads started with it, which
// run the CommonJS copy of its threads' script, optimal-mt.worker.cjs).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore } from './core.mjs';
import { createOptimalCore } from './core-optimal.mjs';

const here = dirname(fileURLToPath(import.meta.url));

// each module's glue and the core class made over it
const MODULES = {
  evocube: { glue: () => import('../gen/evocube.mjs'), create: createCore },
  optimal: { glue: () => import('../gen/optimal.mjs'), create: createOptimalCore },
  'optimal-mt': { glue: () => import('../gen/optimal-mt.mjs'), create: createOptimalCore },
};

async function load(name, extra = {}) {
  const dir = join(here, '..', 'gen');
  // The ES6 glue reads __dirname when it sees Node; give it the module's folder.
  if (typeof globalThis.__dirname === 'undefined') globalThis.__dirname = dir;
  let factory, wasmBinary;
  try {
    factory = (await MODULES[name].glue()).default;
    wasmBinary = readFileSync(join(dir, `${name}.wasm`));
  } catch (e) {
    throw new Error(`the wasm core is not built (${e.message}); run: npm run build`);
  }
  return MODULES[name].create(factory, { wasmBinary, ...extra });
}

export const loadCoreNode = () => load('evocube');
// threads: the search threads the module is made for (its solver's `threads` param at most
// that; 1: the one-thread module)
export function loadOptimalCoreNode({ threads = 1 } = {}) {
  if (!(Number.isInteger(threads) && threads >= 1 && threads <= 64)) throw new RangeError(`threads must be a whole number from 1 to 64 (got ${threads})`);
  if (threads === 1) return load('optimal');
  const dir = join(here, '..', 'gen');
  // the threaded glue calls require('worker_threads') under Node (a CommonJS habit of the
  // Emscripten glue), which an ES module scope does not define
  if (typeof globalThis.require === 'undefined') globalThis.require = createRequire(import.meta.url);
  return load('optimal-mt', {
    optimalThreads: threads,
    locateFile: (p, prefix) => (p.endsWith('.worker.js') ? join(dir, p.replace(/\.js$/, '.cjs')) : prefix + p),
  }).then((core) => {
    // the pool's worker_threads (parked between steps) must not keep the process alive
    for (const w of core.threadWorkers()) w.unref();
    return core;
  });
}
