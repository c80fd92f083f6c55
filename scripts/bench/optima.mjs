// optima.mjs - `npm run bench -- optima [--n 60] [--hugo 20] [--nodes 5000000] [--wasm 5]
//   [--configs twes,twes:preset=short,hugo:preset=performance,hugo:preset=short] [--write]`:
// where evolution loses moves: each phase's mean length beside the mean of its
// exact optimum from the state the phase started in (ec_solver_optima_json: HuGO!'s 2x2x3 block
// at the location it chose and the best of the 12, TWES's Thistlethwaite stages), and the
// two-phase distance of the start (ec_distance with the same node budget: an upper bound).
// State i (1..n) is `evocube_native scramble --random-state --seed i`, solver seed i; TWES runs
// n states, HuGO! the first --hugo. Natively through build/native/bench_short --optima (CPU time
// by clock()); the first --wasm TWES states again in wasm under Node must give the same optima.
// Every solution is verified (ec__finish, and core.verify here).
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { STATUS } from '../../web/lib/protocol.mjs';
import { writeSection } from './short.mjs';
import { mean, median } from '../../web/lib/stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const NATIVE = join(root, 'build', 'native');
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : '–');


// the solvers whose optima are computed again in wasm (TWES's: table lookups, quick)
const WASM_CHECK = { twes: true };
function runNative(jobs, nodes) {
  const input = jobs.map((j) => `${j.solver}\t${j.seed}\t${j.params || '-'}\t${j.scramble}`).join('\n') + '\n';
  const r = spawnSync(join(NATIVE, 'bench_short'), ['--optima', String(nodes)], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`bench_short failed: ${r.stderr}`);
  return r.stdout.trim().split('\n').map((line, i) => {
    const [ms, , json, optima] = line.split('\t');
    return { ...jobs[i], ms: Number(ms), res: JSON.parse(json), opt: optima ? JSON.parse(optima) : null };
  });
}

export default async function bench(args) {
  const o = { n: 60, hugo: 20, nodes: 5000000, wasm: 5, write: false, configs: 'twes,twes:preset=short,hugo:preset=performance,hugo:preset=short' };
  for (let i = 0; i < args.length; i++) {
    const k = args[i].replace(/^--/, '');
    if (k === 'write') o.write = true;
    else if (k in o && i + 1 < args.length) o[k] = k === 'configs' ? args[++i] : Number(args[++i]);
    else throw new Error(`unknown argument ${args[i]}; use --n N --hugo N --nodes N --wasm K --configs LIST --write`);
  }
  if (!existsSync(join(NATIVE, 'bench_short'))) throw new Error('build the native tools first: scripts/build.sh');
  const core = await loadCoreNode();
  const states = [];
  for (let i = 1; i <= Math.max(o.n, o.hugo); i++) {
    const scramble = execFileSync(join(NATIVE, 'evocube_native'), ['scramble', '--random-state', '--seed', String(i)], { encoding: 'utf8' }).trim();
    states.push({ seed: i, scramble, facelets: core.apply(scramble) });
  }
  const cmd = `npm run bench -- optima --n ${o.n} --hugo ${o.hugo} --nodes ${o.nodes} --wasm ${o.wasm}${args.includes('--configs') ? ` --configs ${o.configs}` : ''}${o.write ? ' --write' : ''}`;
  const L = ['## optima', ''];
  L.push(`Where evolution loses moves: each phase's mean length beside the mean of its exact optimum from the state the phase started in (never used by the solvers), and the two-phase distance of the start (the two-phase search with ${o.nodes.toLocaleString('en')} nodes after its first solution: an upper bound on the optimum). State i = \`evocube_native scramble --random-state --seed i\`, solver seed i. Natively (build/native/bench_short --optima, CPU times by clock()); every solution verified. Command: \`${cmd}\`; ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, on the shared 2-core machine under load.`, '');
  L.push('| solver | params | states solved | mean length | mean two-phase distance of the start | phase: mean length / mean exact optimum (optima stopped at the node bound) | median CPU solve |');
  L.push('|---|---|---|---|---|---|---|');
  const rowsOut = {};
  for (const c of o.configs.split(',')) {
    const [solver, params = ''] = c.split(':');
    const n = { hugo: o.hugo }[solver] ?? o.n; // --hugo: HuGO!'s own count of states
    if (!n) continue;
    const res = runNative(states.slice(0, n).map((s) => ({ solver, params, seed: s.seed, scramble: s.scramble })), o.nodes);
    rowsOut[c] = res;
    const ok = res.filter((r, i) => r.res.solved && r.opt && core.verify(states[i].facelets, r.res.solution).solved);
    const phases = ok[0] ? ok[0].res.phases.map((p) => p.name) : [];
    const cells = phases.map((name, k) => {
      const lens = ok.map((r) => r.res.phases[k].length);
      const ops = ok.map((r) => r.opt.phases[k]).filter((p) => p && p.optimum != null);
      const bounded = ops.filter((p) => p.bound).length;
      let t = `${name}: ${f2(mean(lens))} / ${ops.length ? f2(mean(ops.map((p) => p.optimum))) : '–'}${bounded ? ` (${bounded} bounded)` : ''}`;
      const best = ops.filter((p) => p.best != null);
      if (best.length) t += `, best of 12 blocks ${f2(mean(best.map((p) => p.best)))}${best.some((p) => p.bestBound) ? ` (${best.filter((p) => p.bestBound).length} bounded)` : ''}`;
      const stage = ops.filter((p) => p.stage != null);
      if (stage.length) t += `; whole G1 -> G2 from here ${f2(mean(stage.map((p) => p.stage)))} against ${f2(mean(ok.map((r) => r.res.phases[k].length + r.res.phases[k + 1].length)))}`;
      return t;
    });
    L.push(`| ${solver} | ${params || 'defaults'} | ${ok.length}/${n} | ${f2(mean(ok.map((r) => r.res.length)))} | ${f2(mean(ok.map((r) => r.opt.start.twophase)))} | ${cells.join('<br>')} | ${ok.length ? median(ok.map((r) => r.ms)).toFixed(0) : '–'} ms |`);
    console.error(`${solver} ${params || 'defaults'}: ${ok.length}/${n} solved`);
  }
  // wasm: the same optima from the core under Node on the first states (of the first
  // configuration of a solver in WASM_CHECK)
  const first = Object.keys(rowsOut).find((k) => WASM_CHECK[k.split(':')[0]]);
  if (first && o.wasm) {
    let same = 0, tot = 0;
    for (const r of rowsOut[first].slice(0, o.wasm)) {
      const [solver, params = ''] = first.split(':');
      const run = core.createSolver(solver, states[r.seed - 1].facelets, r.seed, params);
      try {
        let st = STATUS.RUNNING;
        while (st === STATUS.RUNNING) st = run.advance(256, false).status;
        tot++;
        if (JSON.stringify(run.optima(o.nodes)) === JSON.stringify(r.opt)) same++;
      } finally { run.free(); }
    }
    L.push('', `wasm: the optima of the first ${tot} ${first} solves computed again in the wasm core under Node: identical in ${same} of ${tot}.`);
  }
  const text = L.join('\n') + '\n';
  console.log(text);
  if (o.write) writeSection('optima', text);
}
