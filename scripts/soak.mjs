#!/usr/bin/env node
// soak.mjs - many consecutive solves in one wasm instance, and cancels at random points,
// checking every solution and that the core's allocated memory returns to its level after
// warm-up (no leak) and the wasm memory stops growing. `node scripts/soak.mjs [solves]
// [cancels]` runs the long form (1,000 solves, 200 cancels); tests/js/soak.test.mjs runs a
// short form through the same function.
import { fileURLToPath } from 'node:url';
import { loadCoreNode } from '../web/core-node.mjs';

// Solver, params and scramble length per solve, cycling; small budgets and, for HuGO!
// (whose paper settings need ~10^5 generations on a random cube), short scrambles keep
// each solve well under a second.
const PLAN = [
  ['twophase', '', 20],
  ['hugo', '', 4],
  ['twes', 'preset=small', 20],
  ['macro-ga', '', 20],
];

function lcg(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
}

export async function soak({ solves = 1000, cancels = 200, warmup = 10, log = () => {} } = {}) {
  const core = await loadCoreNode();
  const names = new Set(core.solvers().map((s) => s.name));
  const plan = PLAN.filter(([n]) => names.has(n));
  if (!plan.length) throw new Error('no solver of the soak plan is registered');
  const rand = lcg(99);
  const stats = { solves: 0, verified: 0, cancels: 0, failures: [] };
  let baseline = null;
  const runOne = (i, cancelAt) => {
    const [name, params, len] = plan[i % plan.length];
    const scramble = core.scrambleMoves(len - (i % 3), i + 1);
    const facelets = core.apply(scramble);
    const run = core.createSolver(name, facelets, i + 1, params);
    try {
      let status, steps = 0;
      do {
        status = run.step(1);
        run.progress();
        steps++;
        if (cancelAt && steps >= cancelAt) return 'cancelled';
      } while (status === 'running');
      const res = run.result();
      if (!res.solved) stats.failures.push(`${name} gave up on ${scramble}`);
      else if (!core.verify(facelets, res.solution).solved) stats.failures.push(`${name}: wrong solution for ${scramble}`);
      else stats.verified++;
      return status;
    } finally {
      run.free();
    }
  };
  for (let i = 0; i < warmup; i++) runOne(i, 0);
  baseline = core.memory();
  log(`warm-up done: ${baseline.inUse} bytes in use, wasm memory ${baseline.heap} bytes`);
  for (let i = 0; i < solves; i++) {
    runOne(warmup + i, 0);
    stats.solves++;
    if ((i + 1) % 100 === 0) log(`${i + 1} solves, ${core.memory().inUse} bytes in use`);
  }
  for (let i = 0; i < cancels; i++) {
    runOne(warmup + solves + i, 1 + Math.floor(rand() * 20));
    stats.cancels++;
  }
  // after the cancels, the worker-equivalent instance must still solve correctly
  runOne(warmup + solves + cancels, 0);
  const after = core.memory();
  return { ...stats, before: baseline, after, solversUsed: plan.map(([n]) => n) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const solves = Number(process.argv[2] || 1000), cancels = Number(process.argv[3] || 200);
  const t0 = Date.now();
  const r = await soak({ solves, cancels, log: (m) => console.log(m) });
  console.log(JSON.stringify({ ...r, seconds: (Date.now() - t0) / 1000 }, null, 1));
  process.exitCode = r.failures.length || r.after.inUse !== r.before.inUse || r.after.heap !== r.before.heap ? 1 : 0;
}
