// twophase-list.mjs - `npm run bench -- twophase-list [--n 200] [--passes 3]`: the cost of
// twophase's default list of improving solutions (listNodes=20000, c/solvers/twophase/twophase.c)
// beside the target search alone (listNodes=0, the default before the list), in the wasm core
// under Node, one process, the same random states (the core's random-state scrambles, seeds
// 1..n), the two configurations in alternating order over --passes passes (tables built by a
// warm-up solve first). Per configuration and pass: CPU ms per solve (process.cpuUsage), median
// and p90 wall ms per solve, mean length (HTM), mean solutions listed (records whose length
// drops), share of runs listing more than one; then the CPU ratio of the default to
// listNodes=0 per pass, its median and spread. Every solution is verified by core.verify.
// Figures go to docs/BENCHMARKS.md, section "## twophase-list".
import os from 'node:os';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { mean, median, quantile } from '../../web/lib/stats.mjs';
import { STATUS } from '../../web/lib/protocol.mjs';
import { addImproving } from '../../web/lib/evolved.mjs';

const CONFIGS = [['default', ''], ['listNodes=0', 'listNodes=0']];

function pass(core, states, params) {
  const times = [], lengths = [], listed = [];
  let bad = 0;
  const c0 = process.cpuUsage();
  for (const st of states) {
    const list = [];
    const t0 = performance.now();
    const { status, result } = core.run({ solver: 'twophase', facelets: st.facelets, params },
      { work: 1000, onRecords: (recs) => addImproving(list, recs) });
    times.push(performance.now() - t0);
    if (status !== STATUS.SOLVED || !result.solved || !core.verify(st.facelets, result.solution).solved) bad++;
    lengths.push(result.length);
    listed.push(list.length);
  }
  const c = process.cpuUsage(c0);
  return {
    cpu: (c.user + c.system) / 1000 / states.length, median: median(times), p90: quantile(times, 0.9),
    len: mean(lengths), listed: mean(listed), multi: listed.filter((k) => k > 1).length / states.length, bad,
  };
}

export default async function bench(args) {
  const get = (name, def) => { const i = args.indexOf(name); return i >= 0 ? Number(args[i + 1]) : def; };
  const n = get('--n', 200), passes = get('--passes', 3);
  const core = await loadCoreNode();
  const states = [];
  for (let i = 1; i <= n; i++) {
    const scramble = core.randomStateScramble(i);
    states.push({ scramble, facelets: core.apply(scramble) });
  }
  core.run({ solver: 'twophase', facelets: states[0].facelets }, { work: 1000 }); // tables
  console.log(`twophase-list: ${n} random states, ${passes} passes, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  const ratios = [];
  for (let p = 0; p < passes; p++) {
    const order = p % 2 ? [...CONFIGS].reverse() : CONFIGS;
    const got = {};
    for (const [name, params] of order) {
      got[name] = pass(core, states, params);
      const g = got[name];
      console.log(`pass ${p + 1} ${name.padEnd(12)} CPU ${g.cpu.toFixed(3)} ms/solve · median ${g.median.toFixed(2)} ms · p90 ${g.p90.toFixed(2)} ms · mean length ${g.len.toFixed(2)} · listed ${g.listed.toFixed(2)} (more than one: ${(100 * g.multi).toFixed(1)}%) · not verified ${g.bad}`);
    }
    ratios.push(got.default.cpu / got['listNodes=0'].cpu);
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  console.log(`CPU per solve, default / listNodes=0: median ${median(ratios).toFixed(3)}x (passes ${ratios.map((r) => r.toFixed(3)).join(', ')}; spread ${sorted[0].toFixed(3)}-${sorted[sorted.length - 1].toFixed(3)}); load now ${os.loadavg()[0].toFixed(1)}`);
}
