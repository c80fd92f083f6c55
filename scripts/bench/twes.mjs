// twes.mjs - `npm run bench -- twes [--n 30] [--seed 1] [--param k=v ...] [--own-states] [--variants] [--jobs K] [--write]`: the
// Thistlethwaite ES on uniformly random cube states in the wasm core under Node, beside the
// paper's Table 1 (web/lib/experiments/papers.mjs). Prints a markdown section; --write puts it into
// docs/BENCHMARKS.md as "## twes" (replacing an older one). The solves are one `evocube batch`
// per set (scripts/cli/batch.mjs: --seeds cube, --last-record for the resets, --jobs K threads,
// default 1 so that each solve's time is a lone solve's); batch verifies every solution.
//
// Random states: the core's random-state scrambles (ec_scramble_random_state_text, seed
// 1000003 * seed + i for state i). With --own-states, states built here instead from a
// seeded PRNG (random permutations of equal parity, random twists and flips with valid sums,
// facelets from Kociemba's sticker tables), the same distribution without the two-phase
// solver.
import { readFileSync, writeFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TWES_TABLE1, TWES_STATE_SEED } from '../../web/lib/experiments/papers.mjs';
import { mean, median, quantile, se } from '../../web/lib/stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = join(root, 'scripts', 'cli', 'evocube.mjs');

const CORNER_FACELET = [[8, 9, 20], [6, 18, 38], [0, 36, 47], [2, 45, 11], [29, 26, 15], [27, 44, 24], [33, 53, 42], [35, 17, 51]];
const EDGE_FACELET = [[5, 10], [7, 19], [3, 37], [1, 46], [32, 16], [28, 25], [30, 43], [34, 52], [23, 12], [21, 41], [50, 39], [48, 14]];
const CORNER_COLOR = ['URF', 'UFL', 'ULB', 'UBR', 'DFR', 'DLF', 'DBL', 'DRB'];
const EDGE_COLOR = ['UR', 'UF', 'UL', 'UB', 'DR', 'DF', 'DL', 'DB', 'FR', 'FL', 'BL', 'BR'];

// splitmix32-style PRNG: deterministic, independent of the core under test
function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    z = (z ^ (z >>> 16)) >>> 0;
    return Math.floor((z / 4294967296) * n);
  };
}

function parity(p) {
  let x = 0;
  for (let i = 0; i < p.length; i++) for (let j = i + 1; j < p.length; j++) if (p[i] > p[j]) x ^= 1;
  return x;
}

function shuffle(a, below) {
  for (let i = a.length - 1; i > 0; i--) {
    const j = below(i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
}

export function randomStateFacelets(seed) {
  const below = rng(seed);
  const cp = [0, 1, 2, 3, 4, 5, 6, 7], ep = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
  shuffle(cp, below);
  shuffle(ep, below);
  if (parity(cp) !== parity(ep)) [ep[0], ep[1]] = [ep[1], ep[0]];
  const co = [], eo = [];
  let tw = 0, fl = 0;
  for (let i = 0; i < 7; i++) { co.push(below(3)); tw += co[i]; }
  co.push((3 - (tw % 3)) % 3);
  for (let i = 0; i < 11; i++) { eo.push(below(2)); fl += eo[i]; }
  eo.push(fl & 1);
  const f = 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB'.split('');
  for (let i = 0; i < 8; i++) for (let k = 0; k < 3; k++) f[CORNER_FACELET[i][(k + co[i]) % 3]] = CORNER_COLOR[cp[i]][k];
  for (let i = 0; i < 12; i++) for (let k = 0; k < 2; k++) f[EDGE_FACELET[i][(k + eo[i]) % 2]] = EDGE_COLOR[ep[i]][k];
  return f.join('');
}

const fmt = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : '-');

// One set: `evocube batch --solver twes` on the n states (state t: random state
// TWES_STATE_SEED * seed + t, or with own the facelets built here from that seed), solver
// seed t + 1 (--seeds cube: the state's number), its lines read back.
function runSet(params, n, seed, quiet, own, jobs) {
  const dir = mkdtempSync(join(tmpdir(), 'twes-bench-'));
  const out = join(dir, 'runs.jsonl');
  const from = TWES_STATE_SEED * seed;
  const args = [CLI, 'batch', '--solver', 'twes', '--seeds', 'cube', '--last-record', '--jobs', String(jobs), '--out', out, '--no-progress',
    ...(params ? ['--param', params] : [])];
  let input;
  if (own) {
    args.push('-');
    input = `${Array.from({ length: n }, (_, t) => randomStateFacelets(from + t)).join('\n')}\n`;
  } else args.push('--random-state', String(n), '--seed-from', String(from));
  let lines;
  try {
    const r = spawnSync(process.execPath, args, { input, encoding: 'utf8', maxBuffer: 1 << 28 });
    if (r.status !== 0 && r.status !== 1) throw new Error(`evocube batch failed (exit ${r.status}): ${r.stderr.slice(0, 600)}`);
    lines = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const rows = lines.map((x, t) => ({
    t, ok: x.solved === true, ms: x.time_ms, length: x.length, gens: x.generations, resets: x.last_record ? x.last_record.restarts : 0,
    phases: (x.phases || []).map((p) => p.length), phaseGens: (x.phases || []).map((p) => p.generations),
  }));
  if (!quiet) {
    for (const row of rows) console.error(`[${params || 'defaults'}] #${row.t + 1} ${row.ok ? 'solved' : 'NOT SOLVED'} ${row.length} moves, ${row.gens} generations, ${row.resets} resets, ${(row.ms / 1000).toFixed(2)} s, phases ${row.phases.join('+')}`);
  }
  const solved = rows.filter((r) => r.ok);
  const times = solved.map((r) => r.ms / 1000);
  return {
    rows, solved, times,
    meanGens: mean(solved.map((r) => r.gens)),
    meanMoves: mean(solved.map((r) => r.length)),
    resets: solved.reduce((a, r) => a + r.resets, 0),
    median: median(times),
    p90: quantile(times, 0.9),
  };
}

const VARIANTS = [
  ['axisMerge=1', 'redundancy removal also across a commuting opposite face'],
  ['distinctStates=1', '"different" solvers = different cube states (phases 0-3)'],
  ['phaseEnd=0', 'phase ends once mu distinct solvers were seen (cumulative archive)'],
  ['preset=section5', 'section 5 text: weight2 10, mutation lengths 7,13,15,15,17, reset 150'],
  ['stall=30', 'also reset after 30 generations without a better best fitness'],
  ['preset=quality', '(mu, lambda) = (2000, 200000), stall=30'],
];

export default async function bench(args) {
  const opts = { n: 30, seed: 1, param: [], write: false, variants: false, jobs: 1 };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--write') opts.write = true;
    else if (a === '--variants') opts.variants = true;
    else if (a === '--n') opts.n = Number(args[++i]);
    else if (a === '--seed') opts.seed = Number(args[++i]);
    else if (a === '--param') opts.param.push(args[++i]);
    else if (a === '--quiet') opts.quiet = true;
    else if (a === '--own-states') opts.own = true;
    else if (a === '--jobs') opts.jobs = Number(args[++i]);
    else throw new Error(`unknown argument ${a}; use --n N --seed S --param k=v --own-states --variants --jobs K --write`);
  }
  const params = opts.param.join(',');
  const started = Date.now();
  const main = runSet(params, opts.n, opts.seed, opts.quiet, opts.own, opts.jobs);
  const { rows, solved, times } = main;
  const ph = [0, 1, 2, 3, 4].map((p) => mean(solved.map((r) => r.phases[p] ?? 0)));
  const stage = [ph[0], ph[1] + ph[2], ph[3], ph[4]];
  const stageMax = [0, 1, 2, 3].map((s) => Math.max(...solved.map((r) => (s === 1 ? r.phases[1] + r.phases[2] : r.phases[s === 0 ? 0 : s + 1]))));
  const cmd = `npm run bench -- twes --n ${opts.n} --seed ${opts.seed}${opts.param.map((p) => ` --param ${p}`).join('')}${opts.own ? ' --own-states' : ''}${opts.variants ? ' --variants' : ''}${opts.jobs !== 1 ? ` --jobs ${opts.jobs}` : ''}${opts.write ? ' --write' : ''}`;
  const lines = [];
  lines.push('## twes', '');
  lines.push(`Thistlethwaite ES (c/solvers/twes/twes.c) in the wasm core under Node ${process.version} through \`evocube batch\` (${opts.jobs} thread${opts.jobs === 1 ? '' : 's'}), ${opts.n} uniformly random`);
  lines.push(`cube states (${opts.own ? 'built by scripts/bench/twes.mjs' : 'random-state scrambles of the core'}, state i from seed ${1000003 * opts.seed} + i), solver seed i+1 for state i, params: ${params || 'defaults (the paper\'s benchmark setting: (mu, lambda) = (1000, 50000), weights (5,5,5,5,5), mutation lengths (5,5,13,15,17), reset at 250)'}.`);
  lines.push(`Command: \`${cmd}\`; ${new Date().toISOString().slice(0, 10)}.`, '');
  lines.push('| | this run | paper, Table 1 (5 runs of 100 scrambles) |');
  lines.push('|---|---|---|');
  lines.push(`| solved and verified | ${solved.length} / ${rows.length} | all |`);
  lines.push(`| mean generations | ${fmt(mean(solved.map((r) => r.gens)))} | ${TWES_TABLE1.generations} |`);
  const lens = solved.map((r) => r.length);
  lines.push(`| mean moves (HTM) | ${fmt(main.meanMoves, 2)} (standard error ${fmt(se(lens), 2)}) | ${TWES_TABLE1.moves} |`);
  lines.push(`| min / max moves | ${Math.min(...solved.map((r) => r.length))} / ${Math.max(...solved.map((r) => r.length))} | ${TWES_TABLE1.spread} |`);
  lines.push(`| resets (total) | ${main.resets} | - |`);
  lines.push(`| median / p90 time per solve | ${fmt(median(times), 2)} s / ${fmt(quantile(times, 0.9), 2)} s (wasm) | ${TWES_TABLE1.time} |`);
  lines.push('');
  lines.push('Per stage (mean moves of each transition as reported, before the final cross-seam simplification):', '');
  lines.push('| stage | mean moves | max | optimal stage length: max (Thistlethwaite) |');
  lines.push('|---|---|---|---|');
  const names = ['G0 -> G1', 'G1 -> G2 (edges + corners)', 'G2 -> G3', 'G3 -> G4'];
  const optMax = [7, 10, 13, 15];
  for (let s = 0; s < 4; s++) lines.push(`| ${names[s]} | ${fmt(stage[s], 2)} | ${stageMax[s]} | ${optMax[s]} |`);
  lines.push(`| sum | ${fmt(stage.reduce((a, b) => a + b, 0), 2)} | | 45 (about 31 on average if every stage were optimal) |`);
  lines.push('');
  lines.push(`G1 -> G2 split into its two ES phases: edges ${fmt(ph[1], 2)}, corners ${fmt(ph[2], 2)} moves; mean generations per phase ${[0, 1, 2, 3, 4].map((p) => fmt(mean(solved.map((r) => r.phaseGens[p] ?? 0)))).join(', ')}.`);
  lines.push('');
  if (opts.variants) {
    lines.push(`Variants (the same ${opts.n} states and seeds; opt-in params on top of the row above):`, '');
    lines.push('| params | what | solved | mean moves | mean generations | resets | median / p90 time (wasm) |');
    lines.push('|---|---|---|---|---|---|---|');
    lines.push(`| ${params || 'defaults'} | as above | ${solved.length}/${rows.length} | ${fmt(main.meanMoves, 2)} | ${fmt(main.meanGens)} | ${main.resets} | ${fmt(main.median, 2)} s / ${fmt(main.p90, 2)} s |`);
    for (const [vp, what] of VARIANTS) {
      const all = [params, vp].filter(Boolean).join(',');
      const v = runSet(all, opts.n, opts.seed, opts.quiet, opts.own, opts.jobs);
      lines.push(`| ${vp} | ${what} | ${v.solved.length}/${v.rows.length} | ${fmt(v.meanMoves, 2)} | ${fmt(v.meanGens)} | ${v.resets} | ${fmt(v.median, 2)} s / ${fmt(v.p90, 2)} s |`);
      if (v.solved.length !== v.rows.length) process.exitCode = 1;
    }
    lines.push('');
  }
  lines.push(`Whole benchmark: ${((Date.now() - started) / 1000).toFixed(0)} s.`, '');
  const text = lines.join('\n');
  console.log(text);
  if (opts.write) {
    const file = join(root, 'docs', 'BENCHMARKS.md');
    mkdirSync(dirname(file), { recursive: true });
    let doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\n';
    const re = /## twes\n[\s\S]*?(?=\n## |$)/;
    doc = re.test(doc) ? doc.replace(re, text) : `${doc.replace(/\n*$/, '\n\n')}${text}`;
    writeFileSync(file, doc);
    console.error(`written to ${file} (section "## twes")`);
  }
  if (solved.length !== rows.length) process.exitCode = 1;
}
