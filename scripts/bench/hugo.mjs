// hugo.mjs - `npm run bench -- hugo [--n3 N] [--n4 N] [--nrs N] [--nrsDefault N] [--nhuman N]
//   [--nwasm N] [--cap G]` (cap: maxGenerations per solve; a capped run counts as not solved)
// HuGO! against the paper's figures (Borschbach & Grelle 2009, Tables 5-7), natively (a small
// C driver compiled against build/native/libevocube_core.a, CPU time per solve) and in wasm
// (the same module the page runs, under Node, CPU time per solve). Every solve is verified by
// the core before it is reported; native and wasm runs with the same seed must agree.
// Output: a markdown section for docs/BENCHMARKS.md (## hugo).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCoreNode } from '../../web/core-node.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FACES = ['U', 'R', 'F', 'D', 'L', 'B'];
const SUFFIX = ['', '2', "'"];

function opts(args) {
  const o = { n3: 200, n4: 150, nrs: 4, nrsDefault: 2, nhuman: 2, nwasm: 60, cap: 1500000 };
  for (let i = 0; i < args.length; i++) {
    const k = args[i].replace(/^--/, '');
    if (k in o && i + 1 < args.length) o[k] = Number(args[++i]);
  }
  return o;
}

// a small seeded PRNG for choosing scrambles (mulberry32)
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// n turns drawn uniformly from all 18 (the paper's 18^n sequences, repeats allowed)
function anyTurns(n, r) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const m = Math.floor(r() * 18);
    out.push(FACES[Math.floor(m / 3)] + SUFFIX[m % 3]);
  }
  return out.join(' ');
}

function driver() {
  const exe = join(root, 'build', 'native', 'hugo_bench_driver');
  const lib = join(root, 'build', 'native', 'libevocube_core.a');
  if (!existsSync(lib)) throw new Error('build the native core first: npm run build');
  execFileSync('cc', ['-O2', '-std=c11', '-I', join(root, 'c', 'include'),
    join(root, 'scripts', 'bench', 'hugo_driver.c'), lib, '-lm', '-o', exe]);
  return exe;
}

function runNative(exe, jobs) {
  const input = jobs.map((j) => `${j.seed}\t${j.params || '-'}\t${j.scramble}`).join('\n') + '\n';
  const r = spawnSync(exe, ['hugo'], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`driver failed: ${r.stderr}`);
  return r.stdout.trim().split('\n').map((line, i) => {
    const [ms, json] = line.split('\t');
    return { ...jobs[i], ms: Number(ms), res: JSON.parse(json) };
  });
}

async function runWasm(core, jobs) {
  const M = core.M;
  const buf = M._malloc(256 * 2048);
  const cnt = M._malloc(4);
  const out = [];
  for (const j of jobs) {
    const f = core.apply(j.scramble);
    const t0 = process.cpuUsage();
    const run = core.createSolver('hugo', f, j.seed, j.params || '');
    let st;
    do {
      st = run.step(256);
      do M._ec_solver_progress(run.h, buf, 256, cnt);
      while (M.HEAP32[cnt >> 2] > 0);
    } while (st === 'running');
    const t = process.cpuUsage(t0);
    const res = run.result();
    run.free();
    out.push({ ...j, ms: (t.user + t.system) / 1000, res });
  }
  M._free(buf);
  M._free(cnt);
  return out;
}

const withCap = (p, cap) => (p ? `${p},` : '') + `maxGenerations=${cap}`;
const mean = (a) => (a.length ? a.reduce((s, x) => s + x, 0) / a.length : NaN);
function quant(a, q) {
  if (!a.length) return NaN;
  const s = [...a].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))];
}
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

export default async function hugo(args) {
  const o = opts(args);
  const exe = driver();
  const lines = [];
  const say = (s = '') => { lines.push(s); console.error(s); };
  const t0 = Date.now();

  // ---- integrity tests: 3 and 4 random turns (Tables 5 and 6)
  const r3 = rng(3);
  const three = Array.from({ length: o.n3 }, (_, i) => ({ scramble: anyTurns(3, r3), seed: i + 1 }));
  const r4 = rng(4);
  const four = Array.from({ length: o.n4 }, (_, i) => ({ scramble: anyTurns(4, r4), seed: i + 1 }));
  const integrity = [
    { name: 'Table 5 test 1', set: three, params: '', paper: [2.945, 0.723, 0.202, 2.050, 2255, 6, 22, 2227, 12315] },
    { name: 'Table 5 test 2', set: three, params: 'generations1=30,generations2=150,generations3=150', paper: [2.872, 0.722, 0.194, 1.992, 376, 18, 29, 328, 3141] },
    { name: 'Table 5 test 3', set: three, params: 'preset=integrity300', paper: [2.870, 0.724, 0.193, 1.992, 506, 6, 39, 462, 3319] },
    { name: 'Table 6', set: four, params: 'generations1=20,generations2=300,generations3=50', paper: [4.924, 1.237, 0.724, 3.042, 13362, 15, 675, 12672, 106178] },
  ];
  say('## hugo');
  say();
  say('HuGO! (Borschbach & Grelle 2009) as implemented in `c/hugo.c`; the paper\'s figures beside ours.');
  say('Command: `npm run bench -- hugo ' + args.join(' ') + '` (after `npm run build`). Times are CPU time per');
  say('solve (native: `clock()` in a C driver over the stepped API; wasm: `process.cpuUsage()` around the');
  say('same loop under Node), on a shared 2-core machine. Every solution was verified by the core.');
  say('The paper ran on a Pentium 4 with 1 GB.');
  say();
  say('### Integrity tests (Tables 5 and 6): random 3- and 4-turn scrambles');
  say();
  say(`Scrambles: ${o.n3} sequences of 3 turns and ${o.n4} of 4 turns drawn uniformly from the 18^n (the paper: all`);
  say('5832 three-turn sequences, 6670 of the four-turn ones). Per-phase turns are each phase\'s moves after the');
  say('paper\'s final cancellation; totals after the core\'s simplification.');
  say();
  say('| test | settings | solved | avg turns (paper) | phase 1 / 2 / 3 turns (paper) | avg generations (paper) | phase 1 / 2 / 3 generations (paper) | native median / p90 / mean time (paper mean) |');
  say('|---|---|---|---|---|---|---|---|');
  const nativeOf = {};
  for (const t of integrity) {
    const rows = runNative(exe, t.set.map((j) => ({ ...j, params: withCap(t.params, o.cap) })));
    nativeOf[t.name] = rows;
    const s = summary(rows);
    const p = t.paper;
    say(`| ${t.name} | ${t.params || 'defaults (10/50/50)'} | ${s.solved}/${s.n} | ${f3(s.len)} (${p[0]}) | ${s.p.map(f3).join(' / ')} (${p[1]} / ${p[2]} / ${p[3]}) | ${fint(s.gens)} (${p[4]}) | ${s.g.map(fint).join(' / ')} (${p[5]} / ${p[6]} / ${p[7]}) | ${fms(quant(s.ms, 0.5))} / ${fms(quant(s.ms, 0.9))} / ${fms(mean(s.ms))} (${fms(p[8])}) |`);
    if (t.name === 'Table 6') {
      const le4 = s.lens.filter((x) => x <= 4).length;
      say();
      say(`Table 6 detail: ${((100 * le4) / Math.max(1, s.solved)).toFixed(1)}% solved in at most 4 turns (paper: 88%); longest ${Math.max(...s.lens)} turns (paper: 39).`);
    }
  }
  say();

  // ---- random scrambles with the paper's default settings, and the opt-in pairWeight
  const rs = Array.from({ length: Math.max(o.nrs, o.nrsDefault) }, (_, i) => ({ scramble: null, seed: i + 1 }));
  const core = await loadCoreNode();
  for (const j of rs) j.scramble = core.scrambleMoves(30, 1000 + j.seed);
  say('### Random 30-turn scrambles');
  say();
  say(`Scrambles \`evocube scramble --moves 30 --seed 1001..\`, solver seed 1.., at most ${fint(o.cap)} generations each. The paper reports about 38 turns on`);
  say('average for complexity classes 11-20 with 200/5000/50000 generations (Section 4.3).');
  say();
  say('| settings | solved | avg turns | min / max | phase 1 / 2 / 3 turns | avg generations | phase 1 / 2 / 3 generations | native median / p90 time | native us per generation |');
  say('|---|---|---|---|---|---|---|---|---|');
  const rsVariants = [
    { name: 'defaults (10/50/50)', params: '', n: o.nrsDefault },
    { name: 'pairWeight=31 (opt-in)', params: 'pairWeight=31', n: o.nrs },
    { name: 'pairWeight=31, preset=performance', params: 'pairWeight=31,preset=performance', n: o.nrs },
  ];
  const rsRows = {};
  for (const v of rsVariants) {
    const rows = runNative(exe, rs.slice(0, v.n).map((j) => ({ ...j, params: withCap(v.params, o.cap) })));
    rsRows[v.name] = rows;
    const s = summary(rows);
    const usPerGen = mean(rows.map((r) => (1000 * r.ms) / Math.max(1, r.res.generations)));
    say(`| ${v.name} | ${s.solved}/${s.n} | ${f1(s.len)} | ${Math.min(...s.lens)} / ${Math.max(...s.lens)} | ${s.p.map(f1).join(' / ')} | ${fint(s.gens)} | ${s.g.map(fint).join(' / ')} | ${fms(quant(s.ms, 0.5))} / ${fms(quant(s.ms, 0.9))} | ${f1(usPerGen)} |`);
  }
  say();

  // ---- the paper's human-competition scrambles (Table 7) with the performance preset
  const human = [
    { id: '#210', scramble: "L' F L B' L' B' R' L' D' R L B2 R' D2 F2 R' D2 B R' L' D' R2 U B' U' B R L' B2 L'", turns: 31, gens: 620200, time: '00:50:26' },
    { id: '#188', scramble: "D' L R D' U R F D2 R L' F2 B2 L' U' F2 D U B U B' L2 F U R U2 L' B2 U F' D'", turns: 31, gens: 255800, time: '00:26:09' },
    { id: '#206', scramble: "D' F2 B' L' R' U F' U' D2 B R2 L2 D' B2 F R2 L2 D U2 B2 L2 D R D2 U L D R2 U' R'", turns: 41, gens: 955400, time: '01:18:36' },
  ].slice(0, o.nhuman);
  if (human.length) {
    say('### The paper\'s human-competition scrambles (Table 7), pairWeight=31 with preset=performance (200/5000/50000)');
    say();
    say('| scramble | seed | turns (paper) | generations (paper) | phase 1 / 2 / 3 generations | native CPU time (paper) |');
    say('|---|---|---|---|---|---|');
    const rows = runNative(exe, human.map((h) => ({ scramble: h.scramble, seed: 1, params: withCap('pairWeight=31,preset=performance', o.cap) })));
    rows.forEach((r, i) => {
      const h = human[i];
      const g = (r.res.phases || []).map((p) => fint(p.generations)).join(' / ');
      say(`| ${h.id} | 1 | ${r.res.solved ? r.res.length : 'gave up'} (${h.turns}) | ${fint(r.res.generations)} (${fint(h.gens)}) | ${g} | ${fms(r.ms)} (${h.time}) |`);
    });
    say();
  }

  // ---- wasm: the same solves, same seeds: times and agreement
  say('### wasm vs native (same scrambles, seeds and params)');
  say();
  say('| set | solves | identical solutions | native median / p90 | wasm median / p90 | wasm / native (median) |');
  say('|---|---|---|---|---|---|');
  const wasmSets = [
    { name: 'Table 5 test 1 (3 turns, defaults)', rows: nativeOf['Table 5 test 1'].slice(0, o.nwasm) },
    { name: 'random 30 turns, pairWeight=31', rows: rsRows['pairWeight=31 (opt-in)'] },
  ];
  for (const set of wasmSets) {
    const w = await runWasm(core, set.rows.map(({ scramble, seed, params }) => ({ scramble, seed, params })));
    const same = w.filter((x, i) => x.res.solution === set.rows[i].res.solution && x.res.generations === set.rows[i].res.generations).length;
    const nm = set.rows.map((r) => r.ms), wm = w.map((r) => r.ms);
    say(`| ${set.name} | ${w.length} | ${same}/${w.length} | ${fms(quant(nm, 0.5))} / ${fms(quant(nm, 0.9))} | ${fms(quant(wm, 0.5))} / ${fms(quant(wm, 0.9))} | ${f1(quant(wm, 0.5) / quant(nm, 0.5))} |`);
  }
  say();
  say(`(benchmark wall time ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  console.log(lines.join('\n'));
}
