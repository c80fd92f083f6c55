// hugo-gen.mjs - `npm run bench -- hugo-gen [--reps N] [--scale X]`
// The cost of one HuGO! generation (population 50, length 30: preset=performance), natively
// and in wasm in one run. Three fixed workloads, one per phase of the workflow, each a solve
// with a fixed seed that gives up at a generation cap, so every generation of it belongs to
// that phase: phase 1 (12 block populations, a random state), phase 2 (the two-generator
// transform, a block already solved) and phase 3 (the two-generator solve, a <R,U> state).
// CPU time per run (native: clock() in build/native/bench_hugo over the stepped API; wasm:
// process.cpuUsage() around the same loop in this process), the median of --reps runs,
// native and wasm alternating. --scale shortens or lengthens every workload. Both must give the same result JSON (they give up at the
// same generation with the same counts). Output: a markdown section for docs/BENCHMARKS.md
// (## hugo-gen).
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { driver, runNative, runWasm } from './hugo.mjs';
import { median } from '../../web/lib/stats.mjs';

export default async function hugoGen(args) {
  const o = { reps: 3, scale: 1 };
  for (let i = 0; i + 1 < args.length; i += 2) o[args[i].replace(/^--/, '')] = Number(args[i + 1]);
  const exe = driver();
  const core = await loadCoreNode();
  const cap = (n) => Math.max(1, Math.round(n * o.scale));
  const work = [
    { name: 'phase 1: 2x2x3 block (12 populations)', scramble: core.randomStateScramble(2001), gens: cap(24000) },
    { name: 'phase 2: two-generator transform', scramble: "F R U R' U' F'", gens: cap(5000) },
    { name: 'phase 3: two-generator solve', scramble: "R U R' U R U2 R' U' R U2 R' U' R U' R' U2 R2 U' R' U R U2", gens: cap(20000) },
  ].map((w) => ({ ...w, seed: 1, params: `preset=performance,maxGenerations=${w.gens}` }));
  // warm-up, untimed: V8 first runs the module's code unoptimised and swaps in its optimised
  // build after a few calls; without this the first workload pays for it
  await runWasm(core, work.map((j) => ({ ...j, params: 'preset=performance,maxGenerations=3000' })));
  const nat = work.map(() => []), was = work.map(() => []);
  let same = 0;
  for (let rep = 0; rep < o.reps; rep++) {
    const n = runNative(exe, work);
    const w = await runWasm(core, work);
    work.forEach((j, i) => {
      if (n[i].res.generations !== j.gens || w[i].res.generations !== j.gens) throw new Error(`${j.name}: expected ${j.gens} generations, got ${n[i].res.generations} / ${w[i].res.generations}`);
      nat[i].push((1000 * n[i].ms) / j.gens);
      was[i].push((1000 * w[i].ms) / j.gens);
      same += JSON.stringify(n[i].res) === JSON.stringify(w[i].res);
    });
  }
  const lines = [];
  const say = (s = '') => { lines.push(s); console.error(s); };
  say('## hugo-gen');
  say();
  say(`Command: \`npm run bench -- hugo-gen${args.length ? ' ' + args.join(' ') : ''}\` (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC). CPU time per`);
  say(`generation (population 50, length 30, preset=performance, seed 1), median of ${o.reps} runs; native (the C driver,`);
  say('a child process) and wasm (this Node process) alternate in one run on a shared 2-core machine.');
  say();
  say('| workload | scramble | generations | native us/gen | wasm us/gen | wasm / native |');
  say('|---|---|---|---|---|---|');
  let tn = 0, tw = 0, tg = 0;
  work.forEach((j, i) => {
    const mn = median(nat[i]), mw = median(was[i]);
    tn += mn * j.gens; tw += mw * j.gens; tg += j.gens;
    say(`| ${j.name} | \`${j.scramble}\` | ${j.gens.toLocaleString('en-US')} | ${mn.toFixed(2)} | ${mw.toFixed(2)} | ${(mw / mn).toFixed(2)} |`);
  });
  say(`| all three | | ${tg.toLocaleString('en-US')} | ${(tn / tg).toFixed(2)} | ${(tw / tg).toFixed(2)} | ${(tw / tn).toFixed(2)} |`);
  say();
  say(`Native and wasm results identical: ${same}/${work.length * o.reps}.`);
  console.log(lines.join('\n'));
}
