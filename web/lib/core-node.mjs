// core-node.mjs - loads the wasm core under Node (CLI, Jest, benchmarks): reads the .wasm
// file itself and hands it over as wasmBinary, since Emscripten 3.1.6's glue would try
// fetch() on a file path under Node 20. loadCoreNode: the main module (web/gen/evocube.*);
// loadOptimalCoreNode: the optimal search's module (web/gen/optimal.*: the main module's
// API, its solvers plus `optimal`, and the table calls of EvocubeCore).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore } from './core.mjs';

const here = dirname(fileURLToPath(import.meta.url));

const GLUE = { evocube: () => import('../gen/evocube.mjs'), optimal: () => import('../gen/optimal.mjs') };

async function load(name) {
  const dir = join(here, '..', 'gen');
  // The ES6 glue reads __dirname when it sees Node; give it the module's folder.
  if (typeof globalThis.__dirname === 'undefined') globalThis.__dirname = dir;
  let factory, wasmBinary;
  try {
    factory = (await GLUE[name]()).default;
    wasmBinary = readFileSync(join(dir, `${name}.wasm`));
  } catch (e) {
    throw new Error(`the wasm core is not built (${e.message}); run: npm run build`);
  }
  return createCore(factory, { wasmBinary });
}

export const loadCoreNode = () => load('evocube');
export const loadOptimalCoreNode = () => load('optimal');
