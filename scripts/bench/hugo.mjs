// hugo.mjs - `npm run bench -- hugo [--n3 N] [--n4 N] [--nstate N] [--nhuman N] [--nwasm N]
//   [--cap G] [--only integrity,state,human,wasm]` (cap: maxGenerations per solve; a capped run
//   counts as not solved; --only runs some sections)
// HuGO! against the paper's figures (Borschbach & Grelle 2009, Tables 5-7), natively (a small
// C driver compiled against build/native/libevocube_core.a, CPU time per solve) and in wasm
// (the same module the page runs, under Node, CPU time per solve). Every solve is verified by
// the core before it is reported; native and wasm runs with the same seed must agree.
// Output: a markdown section for docs/BENCHMARKS.md (## hugo).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
// the integrity sets and Tables 5-6's settings and figures (one copy, shared with the page's
// Experiments view)
import { integritySet, HUGO_INTEGRITY } from '../../web/lib/experiments/papers.mjs';
import { mean, median, quantile } from '../../web/lib/stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function opts(args) {
  const o = { n3: 5832, n4: 500, nstate: 30, nhuman: 2, nwasm: 60, cap: 5000000, only: 'integrity,state,human,wasm' };
  for (let i = 0; i < args.length; i++) {
    const k = args[i].replace(/^--/, '');
    if (k in o && i + 1 < args.length) o[k] = k === 'only' ? args[++i] : Number(args[++i]);
  }
  o.sections = new Set(o.only.split(','));
  return o;
}

export function driver() {
  const exe = join(root, 'build', 'native', 'bench_hugo');
  if (!existsSync(exe)) throw new Error('build the native tools first: npm run build');
  return exe;
}

const jobLines = (jobs) => jobs.map((j) => `${j.seed}\t${j.params || '-'}\t${j.scramble}`).join('\n') + '\n';
function parseDriver(text, jobs) {
  return text.trim().split('\n').map((line, i) => {
    const [ms, json] = line.split('\t');
    return { ...jobs[i], ms: Number(ms), res: JSON.parse(json) };
  });
}

export function runNative(exe, jobs) {
  const r = spawnSync(exe, ['hugo'], { input: jobLines(jobs), encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`driver failed: ${r.stderr}`);
  return parseDriver(r.stdout, jobs);
}

// The same, in a child process running beside this one (files, not pipes: the wasm loop
// blocks this process's event loop meanwhile). Returns a promise of the rows.
function startNative(exe, jobs) {
  const dir = mkdtempSync(join(tmpdir(), 'hugo-bench-'));
  writeFileSync(join(dir, 'in.txt'), jobLines(jobs));
  const fin = openSync(join(dir, 'in.txt'), 'r'), fout = openSync(join(dir, 'out.txt'), 'w');
  const child = spawn(exe, ['hugo'], { stdio: [fin, fout, 'inherit'] });
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      closeSync(fin);
      closeSync(fout);
      if (code !== 0) reject(new Error(`driver exited with ${code}`));
      else resolve(parseDriver(readFileSync(join(dir, 'out.txt'), 'utf8'), jobs));
    });
  });
}

export async function runWasm(core, jobs) {
  const out = [];
  for (const j of jobs) {
    const f = core.apply(j.scramble);
    const t0 = process.cpuUsage();
    // records drained unread (binary), as the native driver does
    const { result: res } = core.run({ solver: 'hugo', facelets: f, seed: j.seed, params: j.params || '' }, { work: 256 });
    const t = process.cpuUsage(t0);
    out.push({ ...j, ms: (t.user + t.system) / 1000, res });
  }
  return out;
}

const withCap = (p, cap) => (p ? `${p},` : '') + `maxGenerations=${cap}`;
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const f3 = (x) => (Number.isFinite(x) ? x.toFixed(3) : '-');
const fint = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '-');
function fms(x) {
  if (!Number.isFinite(x)) return '-';
  return x >= 10000 ? `${(x / 1000).toFixed(1)} s` : `${x.toFixed(x < 10 ? 2 : 0)} ms`;
}

function summary(rows) {
  const ok = rows.filter((r) => r.res.solved);
  const ph = (k, key) => mean(ok.map((r) => (r.res.phases[k] ? r.res.phases[k][key] : 0))); // a solved start has no phases
  const gens = ok.map((r) => r.res.generations);
  return {
    n: rows.length, solved: ok.length,
    len: mean(ok.map((r) => r.res.length)), lens: ok.map((r) => r.res.length),
    p: [0, 1, 2].map((k) => ph(k, 'length')), g: [0, 1, 2].map((k) => ph(k, 'generations')),
    gens: mean(gens), ms: rows.map((r) => r.ms),
  };
}

const usPerGen = (rows) => (1000 * rows.reduce((t, r) => t + r.ms, 0)) / Math.max(1, rows.reduce((t, r) => t + r.res.generations, 0));

// ---- integrity tests: 3 and 4 random turns (Tables 5 and 6)
function integrity(o, exe, say) {
  const three = integritySet(3, o.n3).map((scramble, i) => ({ scramble, seed: i + 1 }));
  const four = integritySet(4, o.n4).map((scramble, i) => ({ scramble, seed: i + 1 }));
  const tests = HUGO_INTEGRITY.map((t) => ({ ...t, set: t.turns === 3 ? three : four }));
  say('### Integrity tests (Tables 5 and 6): random 3- and 4-turn scrambles');
  say();
  say(`Scrambles: ${o.n3 >= 5832 ? 'all 5,832 sequences of 3 turns' : `${o.n3} sequences of 3 turns drawn uniformly`} and ${o.n4} of 4 turns drawn uniformly from the 18^4 (the paper: all`);
  say('5832 three-turn sequences, 6670 of the four-turn ones). Per-phase turns are each phase\'s moves after the');
  say('paper\'s final cancellation; totals after the core\'s simplification. Native CPU times.');
  say();
  say('| test | settings | solved | avg turns (paper) | phase 1 / 2 / 3 turns (paper) | avg generations (paper) | phase 1 / 2 / 3 generations (paper) | native median / p90 / mean time (paper mean) |');
  say('|---|---|---|---|---|---|---|---|');
  const rowsOf = {};
  for (const t of tests) {
    const rows = runNative(exe, t.set.map((j) => ({ ...j, params: withCap(t.params, o.cap) })));
    rowsOf[t.name] = rows;
    const s = summary(rows);
    const p = t.paper;
    say(`| ${t.name} | ${t.params || 'defaults (10/50/50)'} | ${s.solved}/${s.n} | ${f3(s.len)} (${p[0]}) | ${s.p.map(f3).join(' / ')} (${p[1]} / ${p[2]} / ${p[3]}) | ${fint(s.gens)} (${p[4]}) | ${s.g.map(fint).join(' / ')} (${p[5]} / ${p[6]} / ${p[7]}) | ${fms(median(s.ms))} / ${fms(quantile(s.ms, 0.9))} / ${fms(mean(s.ms))} (${fms(p[8])}) |`);
    if (t.name === 'Table 6') {
      const le4 = s.lens.filter((x) => x <= 4).length;
      say();
      say(`Table 6 detail: ${((100 * le4) / Math.max(1, s.solved)).toFixed(1)}% solved in at most 4 turns (paper: 88%); longest ${Math.max(...s.lens)} turns (paper: 39).`);
    }
  }
  say();
  return rowsOf;
}

// ---- random-state scrambles, the paper's performance settings and the opt-in improvements,
// in wasm (the figures) with the same solves natively beside it (agreement, native times)
async function randomStates(o, exe, core, say) {
  const states = Array.from({ length: o.nstate }, (_, i) => ({ scramble: core.randomStateScramble(2001 + i), seed: i + 1 }));
  const variants = [
    { name: 'preset=performance (the paper\'s 200/5000/50000)', params: 'preset=performance' },
    { name: 'preset=short (performance + opt-in improvements)', params: 'preset=short' },
  ];
  say(`### ${o.nstate} random-state scrambles`);
  say();
  say(`Scrambles \`evocube scramble --random-state --seed 2001..${2000 + o.nstate}\` (uniformly random states, 20 moves at most), solver`);
  say(`seed 1..${o.nstate}, at most ${fint(o.cap)} generations each. The paper: about 38 turns on average for complexity`);
  say('classes 11-20 (Section 4.3; a random state is of complexity 17-18 almost always), 36.3 on its six');
  say('human-competition scrambles (Table 7: 10.8 / 6.5 / 19.0 turns and 900 / 110,000 / 800,000 generations per');
  say('phase, 1 h 24 min and 910,900 generations per solve, ~5.5 ms per generation on a Pentium 4). Times are CPU');
  say('time per solve; wasm and native ran side by side, one process each.');
  say();
  say('| settings | solved | mean / median / worst turns | phase 1 / 2 / 3 turns | mean generations | phase 1 / 2 / 3 generations | wasm median / p90 time | native median / p90 time | us per generation wasm / native | identical |');
  say('|---|---|---|---|---|---|---|---|---|---|');
  for (const v of variants) {
    const jobs = states.map((j) => ({ ...j, params: withCap(v.params, o.cap) }));
    const nativeDone = startNative(exe, jobs);
    const w = await runWasm(core, jobs);
    const n = await nativeDone;
    const s = summary(w);
    const same = w.filter((x, i) => x.res.solution === n[i].res.solution && x.res.generations === n[i].res.generations).length;
    const wm = w.map((r) => r.ms), nm = n.map((r) => r.ms);
    say(`| ${v.name} | ${s.solved}/${s.n} | ${f1(s.len)} / ${median(s.lens)} / ${Math.max(...s.lens)} | ${s.p.map(f1).join(' / ')} | ${fint(s.gens)} | ${s.g.map(fint).join(' / ')} | ${fms(median(wm))} / ${fms(quantile(wm, 0.9))} | ${fms(median(nm))} / ${fms(quantile(nm, 0.9))} | ${f1(usPerGen(w))} / ${f1(usPerGen(n))} | ${same}/${w.length} |`);
  }
  say();
}

// ---- the paper's human-competition scrambles (Table 7)
function human(o, exe, say) {
  const list = [
    { id: '#210', scramble: "L' F L B' L' B' R' L' D' R L B2 R' D2 F2 R' D2 B R' L' D' R2 U B' U' B R L' B2 L'", turns: 31, gens: 620200, time: '00:50:26' },
    { id: '#188', scramble: "D' L R D' U R F D2 R L' F2 B2 L' U' F2 D U B U B' L2 F U R U2 L' B2 U F' D'", turns: 31, gens: 255800, time: '00:26:09' },
    { id: '#206', scramble: "D' F2 B' L' R' U F' U' D2 B R2 L2 D' B2 F R2 L2 D U2 B2 L2 D R D2 U L D R2 U' R'", turns: 41, gens: 955400, time: '01:18:36' },
  ].slice(0, o.nhuman);
  if (!list.length) return;
  say('### The paper\'s human-competition scrambles (Table 7)');
  say();
  say('| scramble | settings | seed | turns (paper) | generations (paper) | phase 1 / 2 / 3 generations | native CPU time (paper) |');
  say('|---|---|---|---|---|---|---|');
  for (const params of ['preset=performance', 'preset=short']) {
    const rows = runNative(exe, list.map((h) => ({ scramble: h.scramble, seed: 1, params: withCap(params, o.cap) })));
    rows.forEach((r, i) => {
      const h = list[i];
      const g = (r.res.phases || []).map((p) => fint(p.generations)).join(' / ');
      say(`| ${h.id} | ${params} | 1 | ${r.res.solved ? r.res.length : 'gave up'} (${h.turns}) | ${fint(r.res.generations)} (${fint(h.gens)}) | ${g} | ${fms(r.ms)} (${h.time}) |`);
    });
  }
  say();
}

// ---- wasm vs native on the integrity set: agreement and time ratio
async function wasmVsNative(o, core, rows, say) {
  say('### wasm vs native on short scrambles (same scrambles, seeds and params)');
  say();
  say('| set | solves | identical solutions | native median / p90 | wasm median / p90 | wasm / native (median) |');
  say('|---|---|---|---|---|---|');
  const w = await runWasm(core, rows.map(({ scramble, seed, params }) => ({ scramble, seed, params })));
  const same = w.filter((x, i) => x.res.solution === rows[i].res.solution && x.res.generations === rows[i].res.generations).length;
  const nm = rows.map((r) => r.ms), wm = w.map((r) => r.ms);
  say(`| Table 5 test 1 (3 turns, defaults) | ${w.length} | ${same}/${w.length} | ${fms(median(nm))} / ${fms(quantile(nm, 0.9))} | ${fms(median(wm))} / ${fms(quantile(wm, 0.9))} | ${f1(median(wm) / median(nm))} |`);
  say();
}

export default async function hugo(args) {
  const o = opts(args);
  const exe = driver();
  const lines = [];
  const say = (s = '') => { lines.push(s); console.error(s); };
  const t0 = Date.now();
  const core = await loadCoreNode();
  say('## hugo');
  say();
  say('HuGO! (Borschbach & Grelle 2009) as implemented in `c/solvers/hugo/hugo.c`; the paper\'s figures beside ours.');
  say(`Command: \`npm run bench -- hugo${args.length ? ' ' + args.join(' ') : ''}\` (after \`npm run build\`; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC). Times are CPU time per`);
  say('solve (native: `clock()` in a C driver over the stepped API; wasm: `process.cpuUsage()` around the');
  say('same loop under Node 20), on a shared 2-core machine. Every solution was verified by the core.');
  say('The paper ran on a Pentium 4 with 1 GB.');
  say();
  let rowsOf = null;
  if (o.sections.has('integrity')) rowsOf = integrity(o, exe, say);
  if (o.sections.has('state')) await randomStates(o, exe, core, say);
  if (o.sections.has('human')) human(o, exe, say);
  if (o.sections.has('wasm') && rowsOf) await wasmVsNative(o, core, rowsOf['Table 5 test 1'].slice(0, o.nwasm), say);
  say(`(benchmark wall time ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  console.log(lines.join('\n'));
}
