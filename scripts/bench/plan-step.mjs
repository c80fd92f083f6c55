// plan-step.mjs - `npm run bench -- plan-step [--base DIR] [--cases a|b|c]`
// The longest single step of HuGO!'s plan in wasm under Node: a run of preset=short on the
// random state of seed 1 (seed 1), stepped one work unit at a time as the worker does, from
// its start through phase 1's end and its block choice (until the first record of phase 2),
// timing every step (performance.now() around SolverRun.step(1)). Three param cases: the
// defaults, planSlack=3, and planSlack=3,planNodes=1e9 (the range's top). --base DIR: a
// second build's web/gen folder (evocube.mjs and evocube.wasm, e.g. a copy of main's) run
// on the same cases first, in the same process, for a before/after table. Prints a markdown
// section for docs/BENCHMARKS.md (## plan-step): per case and build the longest step, the
// steps and the generations to phase 2, and whether both builds took the same block (the
// moves of phase 2's first record).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { createCore } from '../../web/lib/core.mjs';
import { STATUS } from '../../web/lib/protocol.mjs';

const CASES = ['preset=short', 'preset=short,planSlack=3', 'preset=short,planSlack=3,planNodes=1e9'];

async function loadFrom(dir) {
  globalThis.__dirname = dir;
  const factory = (await import(pathToFileURL(join(dir, 'evocube.mjs')).href)).default;
  return createCore(factory, { wasmBinary: readFileSync(join(dir, 'evocube.wasm')) });
}

function measure(core, params) {
  const run = core.createSolver('hugo', core.randomStateScramble(1), 1, params);
  let longest = 0, steps = 0, gen = 0, block = null;
  try {
    for (;;) {
      const t0 = performance.now();
      const status = run.step(1);
      const ms = performance.now() - t0;
      steps++;
      if (ms > longest) longest = ms;
      const recs = run.progress();
      for (const r of recs) {
        if (r.phase >= 1 && !block) block = { moves: r.moves, gen: r.gen };
        gen = r.gen;
      }
      if (block || status !== STATUS.RUNNING) break;
    }
  } finally {
    run.free();
  }
  return { longest, steps, gen, block };
}

export default async function planStep(args) {
  const o = { base: null, cases: null };
  for (let i = 0; i + 1 < args.length; i += 2) o[args[i].replace(/^--/, '')] = args[i + 1];
  const cases = o.cases ? o.cases.split('|') : CASES;
  const builds = [];
  if (o.base) builds.push({ name: 'base', core: await loadFrom(resolve(o.base)) });
  builds.push({ name: 'this', core: await loadCoreNode() });
  const rows = [];
  for (const params of cases) {
    const res = builds.map((b) => ({ b: b.name, ...measure(b.core, params) }));
    const same = res.every((r) => JSON.stringify(r.block && r.block.moves) === JSON.stringify(res[0].block && res[0].block.moves));
    for (const r of res) {
      rows.push(`| ${params} | ${r.b} | ${(r.longest / 1000).toFixed(3)} | ${r.steps} | ${r.gen} | ${same ? 'same' : 'DIFFERENT'} |`);
      console.error(rows[rows.length - 1]);
    }
  }
  const say = (s = '') => console.log(s);
  say('## plan-step');
  say();
  say(`Command: \`npm run bench -- plan-step${args.length ? ' ' + args.join(' ') : ''}\` (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC).`);
  say('HuGO! preset=short, random state of seed 1, seed 1, wasm in Node, one work unit a step, from the start');
  say('through phase 1 and its block choice (to the first record of phase 2); wall time of the longest step.');
  say();
  say('| params | build | longest step s | steps | generations | block taken |');
  say('|---|---|---|---|---|---|');
  for (const r of rows) say(r);
}
