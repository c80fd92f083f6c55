// oracle.mjs - `npm run bench -- oracle [--n 1000] [--budget 1000]`: the distance oracle
// ec_distance (the swarm solvers' fitness: exact within 7 turns through the near table, else
// the two-phase search's first solution improved for `budget` nodes; 1000 is the swarm
// solvers' default) on n random states (evocube's random states, seeds 100001..100000+n,
// none repeated, so the swarm's fitness cache would not help), in wasm under Node and, when
// build/native/bench_twophase exists, natively on the same states. Prints CPU ms per call,
// calls per CPU second and the mean value (the true mean distance of random states is
// about 17.7; a two-phase oracle's values are upper bounds). Figures go to
// docs/BENCHMARKS.md, section "## oracle".
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCoreNode } from '../../web/core-node.mjs';

function opt(args, name, def) {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : def;
}

export default async function oracle(args) {
  const n = Number(opt(args, '--n', '1000'));
  const budget = Number(opt(args, '--budget', '1000'));
  const core = await loadCoreNode();
  const M = core.M;
  console.log(`oracle benchmark: ${n} random states, budget ${budget}, node ${process.version}, ${os.cpus()[0].model} x${os.cpus().length}, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  if (M._ec_twophase_init() !== 0) throw new Error('ec_twophase_init failed');
  const states = [];
  for (let s = 1; s <= n; s++) {
    if (M._ec_scramble_random_state_text(100000 + s, core.out, 1 << 20) !== 0) throw new Error(`random state ${s} failed`);
    states.push(core.apply(core._outText()));
  }
  // the facelets in wasm memory first, so the timed loop is the oracle alone
  const ptrs = states.map((f) => { const p = M._malloc(55); M.stringToUTF8(f, p, 55); return p; });
  M._ec_distance_facelets(ptrs[0], budget, 0, 0); // the near table is built on first use
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let sum = 0;
  for (const p of ptrs) {
    const d = M._ec_distance_facelets(p, budget, 0, 0);
    if (d < 0) throw new Error(`ec_distance failed: ${d}`);
    sum += d;
  }
  const wall = performance.now() - t0;
  const cu = process.cpuUsage(c0);
  const cpu = (cu.user + cu.system) / 1000;
  for (const p of ptrs) M._free(p);
  console.log('');
  console.log('| build | calls | CPU ms per call | calls per CPU second | wall ms per call | mean value |');
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(`| wasm (Node) | ${n} | ${(cpu / n).toFixed(3)} | ${Math.round((n * 1000) / cpu)} | ${(wall / n).toFixed(3)} | ${(sum / n).toFixed(3)} |`);
  const native = join(dirname(fileURLToPath(import.meta.url)), '../../build/native/bench_twophase');
  if (existsSync(native)) {
    const out = execFileSync(native, ['--oracle', String(n), String(budget)], { encoding: 'utf8' });
    const m = out.match(/([\d.]+) ms CPU per call, (\d+) calls per CPU second, mean value ([\d.]+)/);
    if (m) console.log(`| native | ${n} | ${m[1]} | ${m[2]} | - | ${m[3]} |`);
    else console.log(out.trim());
  } else {
    console.log(`native skipped: ${native} is absent (npm run build)`);
  }
  console.log('(figures for docs/BENCHMARKS.md, section "## oracle")');
}
