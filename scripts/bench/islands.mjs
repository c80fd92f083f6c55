// islands.mjs - `npm run bench -- islands [--n 30] [--k 1,2] [--solver hugo] [--seed 1]
// [--param k=v ...]`: the island model (web/lib/islands.mjs) in Node, one worker thread per island
// (scripts/cli/threads.mjs), on the same n uniformly random states for each K: generations per
// wall second (all islands' generations over the run's wall time), median and p90 wall time
// to solve, CPU seconds of the process (all threads) per wall second, generations per CPU
// second (what a generation costs with the islands' messages and waits, which a loaded machine
// distorts far less than wall time), solved count and mean length; every solution verified
// by the core. Default params: preset=short (the issue's
// target: K = 2 gives >= 1.7 x the generations per wall second of K = 1, median wall time
// <= 8 s, mean length <= 36). Prints a markdown section for docs/BENCHMARKS.md, "## islands".
// Random states: the core's random-state scrambles, seed 1000003 * seed + i for state i (as
// the twes benchmark).
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { solveIslands } from '../../web/lib/islands.mjs';
import { threadClient } from '../cli/threads.mjs';
import { mean, median, quantile } from '../../web/lib/stats.mjs';

function args(argv) {
  const o = { n: 30, k: [1, 2], solver: 'hugo', seed: 1, param: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i], v = argv[i + 1];
    if (a === '--n') { o.n = Number(v); i++; } else if (a === '--k') { o.k = v.split(',').map(Number); i++; } else if (a === '--solver') { o.solver = v; i++; } else if (a === '--seed') { o.seed = Number(v); i++; } else if (a === '--param') { o.param.push(v); i++; } else throw new Error(`unknown argument ${a}`);
  }
  if (!o.param.length) o.param.push('preset=short');
  return o;
}


export default async function main(argv) {
  const o = args(argv);
  const core = await loadCoreNode();
  const params = o.param.join(',');
  const states = Array.from({ length: o.n }, (_, i) => core.randomStateScramble(1000003 * o.seed + i));
  const rows = [];
  for (const k of o.k) {
    const clients = Array.from({ length: k }, () => threadClient());
    await Promise.all(clients.map((c) => c.ready));
    const runs = [];
    const cpu0 = process.cpuUsage(), t00 = performance.now();
    for (let i = 0; i < states.length; i++) {
      const facelets = core.apply(states[i]);
      const t0 = performance.now();
      const r = await solveIslands((j, req, cb) => clients[j].solve(req, cb), { solver: o.solver, facelets, seed: 1, params }, { islands: k }).promise;
      const wall = performance.now() - t0;
      const ok = r.stats.solved && core.verify(facelets, r.solution).solved;
      if (r.stats.solved && !ok) throw new Error(`state ${i}: the solution does not solve the cube`);
      runs.push({ wall, gens: r.stats.generations, solved: ok, length: r.length });
      process.stderr.write(`K=${k} state ${i + 1}/${states.length}: ${ok ? `${r.length} moves` : 'gave up'}, ${(wall / 1000).toFixed(2)} s, ${r.stats.generations} generations\n`);
    }
    const cpu = process.cpuUsage(cpu0), wallAll = (performance.now() - t00) / 1000;
    for (const c of clients) c.terminate();
    const solved = runs.filter((r) => r.solved);
    const gens = runs.reduce((a, r) => a + r.gens, 0), wallSum = runs.reduce((a, r) => a + r.wall, 0) / 1000;
    rows.push({
      k, gps: gens / wallSum, median: median(runs.map((r) => r.wall)) / 1000, p90: quantile(runs.map((r) => r.wall), 0.9) / 1000,
      cpuPerWall: (cpu.user + cpu.system) / 1e6 / wallAll, gpc: gens / ((cpu.user + cpu.system) / 1e6), solved: solved.length,
      mean: mean(solved.map((r) => r.length)),
    });
  }
  const base = rows.find((r) => r.k === 1);
  console.log(`## islands\n\n\`npm run bench -- islands --n ${o.n} --k ${o.k.join(',')} --solver ${o.solver} --seed ${o.seed} ${o.param.map((p) => `--param ${p}`).join(' ')}\`\n`);
  console.log('| K | generations / wall s | x K=1 | median wall s | p90 wall s | CPU s / wall s | generations / CPU s | solved | mean length |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.k} | ${Math.round(r.gps)} | ${base ? (r.gps / base.gps).toFixed(2) : '–'} | ${r.median.toFixed(2)} | ${r.p90.toFixed(2)} | ${r.cpuPerWall.toFixed(2)} | ${Math.round(r.gpc)} | ${r.solved}/${o.n} | ${r.mean.toFixed(1)} |`);
  }
}
