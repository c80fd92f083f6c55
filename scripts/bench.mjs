#!/usr/bin/env node
// bench.mjs - `npm run bench -- <name> [args]` runs scripts/bench/<name>.mjs. Each benchmark
// prints its table and says which section of docs/BENCHMARKS.md it belongs to.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'bench');
const names = readdirSync(dir).filter((f) => f.endsWith('.mjs')).map((f) => f.slice(0, -4)).sort();
const [name, ...args] = process.argv.slice(2);
if (!name || !names.includes(name)) {
  console.error(`error: ${name ? `no benchmark named "${name}"` : 'name a benchmark'}; the benchmarks are: ${names.join(', ') || '(none yet)'}`);
  process.exit(2);
}
const mod = await import(pathToFileURL(join(dir, `${name}.mjs`)).href);
await mod.default(args);
