// short.mjs - `npm run bench -- short [--n 60] [--wasm 60] [--write]`: issue 20's opt-in
// `preset=short` of twes and macro-ga beside their paper presets, in one run on the same fixed
// random states: state i (1..n) is `evocube_native scramble --random-state --seed i`, solver
// seed i. Natively through build/native/bench_short (the stepped API, CPU time by clock()),
// then the first --wasm states of each short preset again in the wasm core under Node (CPU
// time by process.cpuUsage), which must give the same solution. Every solution is verified
// (by the core's ec__finish, and again here by core.verify). Lengths: HTM after the core's
// simplification; the second count is, for twes, the phases joined with same-face merges only
// (no merge of commuting opposite faces: the paper's operator) and for macro-ga the blog's raw
// tokens (macro tokens as printed, rotations, the two random start moves).
import { spawnSync, execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { mean, median, quantile, se } from '../../web/lib/stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const NATIVE = join(root, 'build', 'native');

const CONFIGS = [
  ['twes', '', 'the paper\'s Table 1 setting'],
  ['twes', 'preset=short', 'opt-in: the next two rows together'],
  ['twes', 'weight3=2,weight4=2', 'weights 2 in G2 -> G3, G3 -> G4 alone'],
  ['twes', 'mu=2000,lambda=100000,stall=30', 'population (2000, 100000) and stall=30 alone'],
  ['macro-ga', '', 'the blog\'s setting'],
  ['macro-ga', 'preset=short', 'opt-in: population 4000, 100 elites, tieBreak=1, loopCut=1'],
  ['macro-ga', 'tieBreak=1', 'tieBreak=1 alone'],
  ['macro-ga', 'population=4000,elitism=100', 'population 4000, 100 elites alone'],
  ['macro-ga', 'population=4000,elitism=100,tieBreak=1', 'population 4000, 100 elites, tieBreak=1 (no loopCut)'],
];

const p90 = (a) => quantile(a, 0.9);

function runNative(jobs) {
  const input = jobs.map((j) => `${j.solver}\t${j.seed}\t${j.params || '-'}\t${j.scramble}`).join('\n') + '\n';
  const r = spawnSync(join(NATIVE, 'bench_short'), [], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`bench_short failed: ${r.stderr}`);
  return r.stdout.trim().split('\n').map((line, i) => {
    const [ms, alt, json] = line.split('\t');
    return { ...jobs[i], ms: Number(ms), alt: Number(alt), res: JSON.parse(json) };
  });
}

export default async function bench(args) {
  const opts = { n: 60, wasm: 60, write: false };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--n') opts.n = Number(args[++i]);
    else if (args[i] === '--wasm') opts.wasm = Number(args[++i]);
    else if (args[i] === '--write') opts.write = true;
    else throw new Error(`unknown argument ${args[i]}; use --n N --wasm K --write`);
  }
  if (!existsSync(join(NATIVE, 'bench_short'))) throw new Error('build the native tools first: scripts/build.sh');
  const core = await loadCoreNode();
  const states = [];
  for (let i = 1; i <= opts.n; i++) {
    const scramble = execFileSync(join(NATIVE, 'evocube_native'), ['scramble', '--random-state', '--seed', String(i)], { encoding: 'utf8' }).trim();
    states.push({ seed: i, scramble, facelets: core.apply(scramble) });
  }
  const rows = [];
  const byKey = {};
  for (const [solver, params, label] of CONFIGS) {
    const res = runNative(states.map((s) => ({ solver, params, seed: s.seed, scramble: s.scramble })));
    const ok = res.filter((r, i) => r.res.solved && core.verify(states[i].facelets, r.res.solution).solved);
    byKey[`${solver}|${params}`] = res;
    const lens = ok.map((r) => r.res.length), alts = ok.map((r) => r.alt), ms = ok.map((r) => r.ms);
    rows.push({ solver, params, label, solved: ok.length, lens, alts, ms });
    console.error(`${solver} ${params || 'defaults'}: ${ok.length}/${res.length}, mean ${mean(lens).toFixed(2)}, median CPU ${median(ms).toFixed(0)} ms`);
  }
  // wasm: the short presets again on the first states, same solutions, wasm CPU time
  const wasm = [];
  for (const [solver, params] of CONFIGS.filter((c) => c[1] === 'preset=short')) {
    for (let i = 0; i < Math.min(opts.wasm, opts.n); i++) {
      const s = states[i];
      const t0 = process.cpuUsage();
      const { result: res } = core.run({ solver, facelets: s.facelets, seed: s.seed, params }, { work: 256 });
      const t = process.cpuUsage(t0);
      const nat = byKey[`${solver}|${params}`][i];
      wasm.push({ solver, seed: s.seed, ms: (t.user + t.system) / 1000, nativeMs: nat.ms, same: res.solution === nat.res.solution, length: res.length });
    }
  }
  const paired = (a, b) => { const d = byKey[a].map((r, i) => byKey[b][i].res.length - r.res.length); return `${mean(d).toFixed(2)} ± ${se(d).toFixed(2)}`; };
  const cmd = `npm run bench -- short --n ${opts.n} --wasm ${opts.wasm}${opts.write ? ' --write' : ''}`;
  const L = ['## short-presets', ''];
  L.push(`Issue 20 items 3-4: the opt-in \`preset=short\` of twes and macro-ga beside the paper presets (the defaults), one run, the same ${opts.n} random states (state i = \`evocube_native scramble --random-state --seed i\`, solver seed i), natively (build/native/bench_short, CPU time by clock()). All solutions verified. Command: \`${cmd}\`; ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, on the shared 2-core machine under load (CPU times, not wall).`, '');
  L.push('| solver | params | what | solved | mean HTM (± s.e.) | median HTM | second count: twes without the commuting-face merge / macro-ga the blog\'s raw tokens | median / p90 CPU (native) |');
  L.push('|---|---|---|---|---|---|---|---|');
  for (const r of rows) L.push(`| ${r.solver} | ${r.params || 'defaults'} | ${r.label} | ${r.solved}/${opts.n} | ${mean(r.lens).toFixed(2)} ± ${se(r.lens).toFixed(2)} | ${median(r.lens)} | ${mean(r.alts).toFixed(2)} | ${median(r.ms).toFixed(0)} / ${p90(r.ms).toFixed(0)} ms |`);
  L.push('', `Paired difference, short minus paper (same states and seeds): twes ${paired('twes|', 'twes|preset=short')} moves, macro-ga ${paired('macro-ga|', 'macro-ga|preset=short')} moves.`, '');
  L.push(`wasm (the core under Node, process.cpuUsage), the short presets again on the first ${Math.min(opts.wasm, opts.n)} states: the same solution as native in ${wasm.filter((w) => w.same).length} of ${wasm.length} runs.`, '');
  L.push('| solver | states | median / p90 CPU (wasm) | median / p90 CPU (native, the same states) | same solution as native |', '|---|---|---|---|---|');
  for (const solver of ['twes', 'macro-ga']) {
    const w = wasm.filter((x) => x.solver === solver);
    if (!w.length) continue;
    const a = w.map((x) => x.ms), b = w.map((x) => x.nativeMs);
    L.push(`| ${solver} preset=short | ${w.length} | ${median(a).toFixed(0)} / ${p90(a).toFixed(0)} ms | ${median(b).toFixed(0)} / ${p90(b).toFixed(0)} ms | ${w.filter((x) => x.same).length}/${w.length} |`);
  }
  for (const w of wasm.filter((x) => !x.same)) L.push('', `DIFFERENT: ${w.solver} state ${w.seed}`);
  const text = L.join('\n') + '\n';
  console.log(text);
  if (opts.write) writeSection('short-presets', text);
}

// Replace (or append) section `## name` of docs/BENCHMARKS.md with text (short, optima).
export function writeSection(name, text) {
  const file = join(root, 'docs', 'BENCHMARKS.md');
  const doc = readFileSync(file, 'utf8');
  const start = doc.indexOf(`## ${name}\n`);
  let out;
  if (start < 0) out = doc.trimEnd() + '\n\n' + text;
  else {
    const next = doc.indexOf('\n## ', start + 5);
    out = doc.slice(0, start) + text + (next < 0 ? '' : doc.slice(next));
  }
  writeFileSync(file, out);
}
