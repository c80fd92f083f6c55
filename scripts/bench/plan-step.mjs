// plan-step.mjs - `npm run bench -- plan-step [--base DIR] [--cases a|b|c]`
// The longest single step of HuGO!'s plan in wasm under Node: a run stepped one work unit at
// a time as the worker does, to its end, timing the run's opening (createSolver) and every step
// (performance.now() around SolverRun.step(1)): the longest through phase 1's end and its
// block choice (until the first record of phase 2), and the longest after it. The cases
// (preset=short, seed 1, the random state of seed 1 unless a case names its scramble after
// "@"): a cube whose 2x2x3 block is solved at the start (phase 2 entered as the run opens),
// run first in each build's fresh module so that its opening or steps include the exact
// tables' one-time build; the defaults; planSlack=3; planSlack=3,planNodes=1e9 (the range's
// top); and that with firstBlock=1 (phase 2's exact optimum searched where no choice costed
// the block). --base DIR: a second build's web/gen folder (evocube.mjs and evocube.wasm, e.g.
// a copy of an earlier build's) run on the same cases first, in the same process, for a
// before/after table. Prints a markdown section for docs/BENCHMARKS.md (## plan-step): per
// case and build the longest step, the steps and the generations to phase 2, and whether both
// builds took the same block (the moves of phase 2's first record) and gave the same solution.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { createCore } from '../../web/lib/core.mjs';
import { STATUS } from '../../web/lib/protocol.mjs';

const CASES = [
  "preset=short,planSlack=3,planNodes=1e9@F R U R' U' F'",
  'preset=short',
  'preset=short,planSlack=3',
  'preset=short,planSlack=3,planNodes=1e9',
  'preset=short,planSlack=3,planNodes=1e9,firstBlock=1',
];

async function loadFrom(dir) {
  globalThis.__dirname = dir;
  const factory = (await import(pathToFileURL(join(dir, 'evocube.mjs')).href)).default;
  return createCore(factory, { wasmBinary: readFileSync(join(dir, 'evocube.wasm')) });
}

function measure(core, spec) {
  const [params, scramble] = spec.split('@');
  const cube = core.apply(scramble || core.randomStateScramble(1)); // (its first two-phase solve builds that solver's tables)
  const t0 = performance.now();
  const run = core.createSolver('hugo', cube, 1, params);
  let longest = performance.now() - t0, after = 0, steps = 0, gen = 0, block = null, status, solution;
  try {
    do {
      const t0 = performance.now();
      status = run.step(1);
      const ms = performance.now() - t0;
      steps++;
      if (block) after = Math.max(after, ms);
      else longest = Math.max(longest, ms);
      for (const r of run.progress()) {
        if (r.phase >= 1 && !block) block = { moves: r.bestMoves, gen: r.gen, steps };
        gen = r.gen;
      }
    } while (status === STATUS.RUNNING);
    solution = run.result().solution;
  } finally {
    run.free();
  }
  return { longest, after, steps: block ? block.steps : steps, gen: block ? block.gen - 1 : gen, block, status, solution };
}

export default async function planStep(args) {
  const o = { base: null, cases: null };
  for (let i = 0; i + 1 < args.length; i += 2) o[args[i].replace(/^--/, '')] = args[i + 1];
  const cases = o.cases ? o.cases.split('|') : CASES;
  const builds = [];
  if (o.base) builds.push({ name: 'base', core: await loadFrom(resolve(o.base)) });
  builds.push({ name: 'this', core: await loadCoreNode() });
  const rows = [];
  // the exact tables are built once per module, on first use: the first case of each build runs
  // with them unbuilt, so its opening or steps include the build
  for (const [ci, params] of cases.entries()) {
    const res = builds.map((b) => ({ b: b.name, ...measure(b.core, params) }));
    const label = ci === 0 ? `${params} (tables unbuilt)` : params;
    const key = (r) => JSON.stringify([r.block && r.block.moves, r.solution]);
    const same = res.every((r) => key(r) === key(res[0]));
    for (const r of res) {
      rows.push(`| ${label} | ${r.b} | ${(r.longest / 1000).toFixed(3)} | ${(r.after / 1000).toFixed(3)} | ${r.steps} | ${r.gen} | ${same ? 'same' : 'DIFFERENT'} |`);
      console.error(rows[rows.length - 1]);
    }
  }
  const say = (s = '') => console.log(s);
  say('## plan-step');
  say();
  say(`Command: \`npm run bench -- plan-step${args.length ? ' ' + args.join(' ') : ''}\` (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC).`);
  say('HuGO!, seed 1, the random state of seed 1 (or the scramble after "@"), wasm in Node, one work unit a step,');
  say('from the run\'s opening to its end; wall time of the longest step (or the opening) through phase 1 and its');
  say('block choice (to the first record of phase 2), and of the longest after it (phases 2 and 3); steps and');
  say('generations to phase 2. The exact tables are built once per module on first use: the first case runs');
  say('with them unbuilt (its opening or steps include their build), the others with them built.');
  say();
  say('| case | build | longest step (or opening) to phase 2, s | longest step after, s | steps to phase 2 | generations of phase 1 | block and solution |');
  say('|---|---|---|---|---|---|---|');
  for (const r of rows) say(r);
}
