// oracle.mjs - `npm run bench -- oracle [--n 1000] [--budget 1000] [--compare DIR] [--passes 3]`:
// the distance oracle ec_distance (the swarm solvers' fitness: exact within 7 turns through
// the near table, else the two-phase improving search's first solution improved for `budget`
// nodes; 1000 is the swarm solvers' default) on n random states (evocube's random states,
// seeds 100001..100000+n, none repeated, so the swarm's fitness cache would not help), in wasm
// under Node and, when build/native/bench_twophase exists, natively on the same states. Prints
// CPU ms per call, calls per CPU second and the mean value (the true mean distance of random
// states is about 17.7; a two-phase oracle's values are upper bounds).
// --compare DIR: also load another checkout's wasm core (DIR/web/gen, e.g. main's) in this
// process and time both on the same states in alternating passes (--passes each), so the ratio
// holds on a loaded machine where absolute figures do not.
// Figures go to docs/BENCHMARKS.md, section "## oracle".
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { createCore } from '../../web/lib/core.mjs';

function opt(args, name, def) {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : def;
}

const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

// Another checkout's wasm core (its glue and .wasm from DIR/web/gen), beside this one's.
async function loadOther(dir) {
  const gen = join(resolve(dir), 'web', 'gen');
  if (!existsSync(join(gen, 'evocube.wasm'))) throw new Error(`--compare: ${gen}/evocube.wasm is absent (build that checkout)`);
  const factory = (await import(pathToFileURL(join(gen, 'evocube.mjs')).href)).default;
  return createCore(factory, { wasmBinary: readFileSync(join(gen, 'evocube.wasm')) });
}

// The states' facelets in the core's memory (so a timed pass is the oracle alone).
function place(core, states) {
  const M = core.raw();
  if (M._ec_twophase_init() !== 0) throw new Error('ec_twophase_init failed');
  return states.map((f) => { const p = M._malloc(55); M.stringToUTF8(f, p, 55); return p; });
}

function pass(core, ptrs, budget) {
  const M = core.raw();
  const c0 = cpuMs();
  const t0 = performance.now();
  let sum = 0;
  for (const p of ptrs) {
    const d = M._ec_distance_facelets(p, budget, 0, 0);
    if (d < 0) throw new Error(`ec_distance failed: ${d}`);
    sum += d;
  }
  return { cpu: cpuMs() - c0, wall: performance.now() - t0, sum };
}

export default async function oracle(args) {
  const n = Number(opt(args, '--n', '1000'));
  const budget = Number(opt(args, '--budget', '1000'));
  const compare = opt(args, '--compare', null);
  const passes = Number(opt(args, '--passes', '3'));
  const core = await loadCoreNode();
  const M = core.raw();
  console.log(`oracle benchmark: ${n} random states, budget ${budget}, node ${process.version}, ${os.cpus()[0].model} x${os.cpus().length}, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  const states = [];
  for (let s = 1; s <= n; s++) {
    if (M._ec_scramble_random_state_text(100000 + s, core.out, 1 << 20) !== 0) throw new Error(`random state ${s} failed`);
    states.push(core.apply(core._outText()));
  }
  const ptrs = place(core, states);
  M._ec_distance_facelets(ptrs[0], budget, 0, 0); // warm up
  const r = pass(core, ptrs, budget);
  console.log('');
  console.log('| build | calls | CPU ms per call | calls per CPU second | wall ms per call | mean value |');
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(`| wasm (Node) | ${n} | ${(r.cpu / n).toFixed(3)} | ${Math.round((n * 1000) / r.cpu)} | ${(r.wall / n).toFixed(3)} | ${(r.sum / n).toFixed(3)} |`);
  const native = join(dirname(fileURLToPath(import.meta.url)), '../../build/native/bench_twophase');
  if (existsSync(native)) {
    const out = execFileSync(native, ['--oracle', String(n), String(budget)], { encoding: 'utf8' });
    const m = out.match(/([\d.]+) ms CPU per call, (\d+) calls per CPU second, mean value ([\d.]+)/);
    if (m) console.log(`| native | ${n} | ${m[1]} | ${m[2]} | - | ${m[3]} |`);
    else console.log(out.trim());
  } else {
    console.log(`native skipped: ${native} is absent (npm run build)`);
  }
  if (compare) {
    const other = await loadOther(compare);
    const optrs = place(other, states);
    other.raw()._ec_distance_facelets(optrs[0], budget, 0, 0);
    const mine = { cpu: 0, sum: 0 }, theirs = { cpu: 0, sum: 0 };
    for (let k = 0; k < passes; k++) { // alternating, this build first
      const a = pass(core, ptrs, budget), b = pass(other, optrs, budget);
      mine.cpu += a.cpu; mine.sum = a.sum; theirs.cpu += b.cpu; theirs.sum = b.sum;
    }
    for (const p of optrs) other.raw()._free(p);
    console.log('');
    console.log(`same process, ${passes} alternating passes over the ${n} states (wasm):`);
    console.log('| build | CPU ms per call | calls per CPU second | mean value |');
    console.log('|---|---:|---:|---:|');
    for (const [name, x] of [['this checkout', mine], [compare, theirs]]) {
      console.log(`| ${name} | ${(x.cpu / passes / n).toFixed(3)} | ${Math.round((passes * n * 1000) / x.cpu)} | ${(x.sum / n).toFixed(3)} |`);
    }
    console.log(`CPU ratio (this / ${compare}): ${(mine.cpu / theirs.cpu).toFixed(3)}`);
  }
  for (const p of ptrs) M._free(p);
  console.log('(figures for docs/BENCHMARKS.md, section "## oracle")');
}
