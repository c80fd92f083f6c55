#!/usr/bin/env node
// soak.mjs - many consecutive solves in one wasm instance, and cancels at random points,
// checking every solution and that the core's allocated memory returns to its level after
// warm-up (no leak) and the wasm memory stops growing. `node scripts/soak.mjs [solves]
// [cancels]` runs the long form (1,000 solves, 200 cancels) on the wasm core in Node;
// tests/js/soak.test.mjs runs a short form through the same function. The loop drives a
// "driver" (coreDriver here: the core stepped directly; scripts/soak-worker.mjs: a real Web
// Worker in headless Chromium through web/lib/client.mjs), so both soaks are this one loop.
// A driver: {solvers() -> names, solve({solver, facelets, seed, params, cancelAt}) ->
// {status: STATUS.SOLVED | GAVE_UP | CANCELLED | ERROR (web/lib/protocol.mjs), solution?, message?,
// pageVerified?}, memory() -> {inUse, heap}}; cancelAt 0 = run to the end, 1..20 = a
// random point at which to cancel (a step count here, a delay in the worker driver).
// Every solution is checked here with the Node core (applied to the scramble's facelets).
import { fileURLToPath } from 'node:url';
import { loadCoreNode } from '../web/lib/core-node.mjs';
import { STATUS } from '../web/lib/protocol.mjs';

// Solver, params and scramble length per solve, cycling; small budgets and, for HuGO!
// (whose paper settings need ~10^5 generations on a random cube), short scrambles keep
// each solve well under a second.
export const PLAN = [
  ['twophase', '', 20],
  ['hugo', '', 4],
  ['twes', 'preset=small', 20],
  ['macro-ga', '', 20],
];

export function lcg(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
}

// The core stepped directly: cancelAt = the step after which the run is freed.
export function coreDriver(core) {
  return {
    solvers: () => core.solvers().map((s) => s.name),
    memory: () => core.memory(),
    solve({ solver, facelets, seed, params, cancelAt }) {
      let steps = 0;
      const stop = cancelAt ? () => ++steps >= cancelAt : null;
      const { status, result: res } = core.run({ solver, facelets, seed, params }, { work: 1, onRecords: () => {}, stop });
      if (status === STATUS.STOPPED) return { status: STATUS.CANCELLED };
      return { status: res.solved ? STATUS.SOLVED : status, solution: res.solution };
    },
  };
}

export async function soak({ solves = 1000, cancels = 200, warmup = 10, log = () => {}, driver = null } = {}) {
  const core = await loadCoreNode();
  const d = driver || coreDriver(core);
  const names = new Set(await d.solvers());
  const plan = PLAN.filter(([n]) => names.has(n));
  if (!plan.length) throw new Error('no solver of the soak plan is registered');
  const rand = lcg(99);
  const stats = { solves: 0, verified: 0, pageVerified: 0, cancels: 0, cancelled: 0, failures: [] };
  const runOne = async (i, cancelAt) => {
    const [name, params, len] = plan[i % plan.length];
    const scramble = core.scrambleMoves(len - (i % 3), i + 1);
    const facelets = core.apply(scramble);
    const r = await d.solve({ solver: name, facelets, seed: i + 1, params, cancelAt });
    if (r.status === STATUS.CANCELLED) { stats.cancelled++; return; }
    if (r.status === STATUS.ERROR) stats.failures.push(`${name} failed on ${scramble}: ${r.message}`);
    else if (r.status !== STATUS.SOLVED) stats.failures.push(`${name} gave up on ${scramble}`);
    else if (!core.verify(facelets, r.solution).solved) stats.failures.push(`${name}: wrong solution for ${scramble}`);
    else if (r.pageVerified === false) stats.failures.push(`${name}: the page's check refused the solution for ${scramble}`);
    else {
      stats.verified++;
      if (r.pageVerified) stats.pageVerified++;
    }
  };
  for (let i = 0; i < warmup; i++) await runOne(i, 0);
  const before = await d.memory();
  log(`warm-up done: ${before.inUse} bytes in use, wasm memory ${before.heap} bytes`);
  let peak = before.heap;
  for (let i = 0; i < solves; i++) {
    await runOne(warmup + i, 0);
    stats.solves++;
    if ((i + 1) % 100 === 0) {
      const m = await d.memory();
      peak = Math.max(peak, m.heap);
      log(`${i + 1} solves, ${m.inUse} bytes in use, wasm memory ${m.heap} bytes`);
    }
  }
  for (let i = 0; i < cancels; i++) {
    await runOne(warmup + solves + i, 1 + Math.floor(rand() * 20));
    stats.cancels++;
  }
  // after the cancels, the instance must still solve correctly
  const ok = stats.verified;
  await runOne(warmup + solves + cancels, 0);
  stats.finalSolveVerified = stats.verified === ok + 1;
  const after = await d.memory();
  peak = Math.max(peak, after.heap);
  return { ...stats, before, after, peakHeap: peak, solversUsed: plan.map(([n]) => n) };
}

// Exit status of a soak run: 0 when nothing failed and memory did not grow.
export function soakFailed(r) {
  return r.failures.length > 0 || !r.finalSolveVerified || r.after.inUse !== r.before.inUse || r.after.heap !== r.before.heap;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const solves = Number(process.argv[2] || 1000), cancels = Number(process.argv[3] || 200);
  const t0 = Date.now();
  const r = await soak({ solves, cancels, log: (m) => console.log(m) });
  console.log(JSON.stringify({ ...r, seconds: (Date.now() - t0) / 1000 }, null, 1));
  process.exitCode = soakFailed(r) ? 1 : 0;
}
