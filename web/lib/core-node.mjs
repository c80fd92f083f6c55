// core-node.mjs - loads the wasm core under Node (CLI, Jest, benchmarks): reads the .wasm
// file itself and hands it over as wasmBinary, since Emscripten 3.1.6's glue would try
// fetch() on a file path under Node 20. loadCoreNode: the main module (web/gen/evocube.*);
// loadOptimalCoreNode: the optimal search's module (web/gen/optimal.*: the main module's
// API, its solvers plus `optimal`, and the table calls: core-optimal.mjs's OptimalCore).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore } from './core.mjs';
import { createOptimalCore } from './core-optimal.mjs';

const here = dirname(fileURLToPath(import.meta.url));

// each module's glue and the core class made over it
const MODULES = {
  evocube: { glue: () => import('../gen/evocube.mjs'), create: createCore },
  optimal: { glue: () => import('../gen/optimal.mjs'), create: createOptimalCore },
};

async function load(name) {
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
  return MODULES[name].create(factory, { wasmBinary });
}

export const loadCoreNode = () => load('evocube');
export const loadOptimalCoreNode = () => load('optimal');
