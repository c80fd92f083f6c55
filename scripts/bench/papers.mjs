// papers.mjs - `npm run bench -- papers [--seeds N] [--nstate N] [--n3 N] [--n4 N] [--ntwes N]
//   [--only table7,state,integrity,twes,speed] [--base DIR] [--nspeed N] [--speedhugo PARAMS] [--hugo PARAMS]
//   [--twes PARAMS]`
// Every figure HuGO!'s and TWES's papers publish that a run can measure, in one run, evocube
// beside the paper with intervals:
//   table7     HuGO! on the paper's six Fewest-Moves-Challenge scrambles (Table 7), --seeds
//              seeds each (default 10; the paper ran one): the mean total and phase split with
//              95% t intervals, per scramble, generations, and the humans' best average beside it;
//   state      HuGO! on --nstate uniformly random states (default 30; `evocube scramble
//              --random-state --seed i`, solver seed i): median and IQR (bootstrap 95%
//              intervals), mean, max, against Section 4.3's box for complexity classes 11-20;
//   integrity  HuGO!'s Tables 5 (test 1, defaults; --n3 three-turn sequences, default all
//              5,832) and 6 (20/300/50; --n4 four-turn sequences drawn uniformly, default 300):
//              solved, mean length, phase split, share within 4 turns, longest, and the time;
//   twes       TWES Table 1 (the benchmark setting) on --ntwes random states (default 100):
//              mean moves, mean generations, the share solved in 35-45 moves (Wilson 95%);
//   speed      with --base DIR (a built checkout of another tree, e.g. main): HuGO!'s
//              preset=performance in wasm on --nspeed random states (default 30), the base's
//              module and this tree's loaded side by side in this process, solves
//              alternating, CPU per solve (process.cpuUsage); median ratio; and this tree's wasm
//              solutions against its native ones (the state section's, or --nsame states).
//              --speedhugo PARAMS: this tree's side runs PARAMS instead (e.g. preset=fast; the
//              base keeps preset=performance); each module solves one short scramble untimed
//              first, so tables built on first use (the plan's) are not in the first state's CPU.
// HuGO! and TWES run natively (build/native/bench_hugo, one solve at a time, CPU time per
// solve by clock()); every solution is verified by the core. --hugo / --twes replace the
// preset (default preset=performance / preset=benchmark), to compare readings.
// Output: a markdown section for docs/BENCHMARKS.md (## papers).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { integritySet, HUGO_INTEGRITY, TWES_TABLE1, TABLE7, T7 } from '../../web/lib/experiments/papers.mjs';
import { mean, sd, se, ci95 as ci, quantile } from '../../web/lib/stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// HuGO! Table 7's scrambles and figures (TABLE7, T7): web/lib/experiments/papers.mjs

// ---------------------------------------------------------------- statistics
// (mean, sd, se, the t interval's half width and quantiles: web/lib/stats.mjs)
// percentile bootstrap 95% interval of a statistic (a seeded PRNG: the same interval every run)
function bootstrap(a, stat, reps = 2000) {
  let x = 12345;
  const rnd = () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 4294967296);
  const out = [];
  for (let r = 0; r < reps; r++) out.push(stat(Array.from(a, () => a[Math.floor(rnd() * a.length)])));
  return [quantile(out, 0.025), quantile(out, 0.975)];
}
// Wilson 95% interval of k successes out of n
function wilson(k, n) {
  const z = 1.959964, p = k / n, d = 1 + z * z / n, c = p + z * z / (2 * n), h = z * Math.sqrt(p * (1 - p) / n + z * z / (4 * n * n));
  return [(c - h) / d, (c + h) / d];
}
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : '-');
const f3 = (x) => (Number.isFinite(x) ? x.toFixed(3) : '-');
const fint = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '-');
const pm = (a, f = f2) => `${f(mean(a))} ± ${f(ci(a))}`;
const iv = ([a, b], f = f1) => `[${f(a)}, ${f(b)}]`;
// the verdict of a measured mean against a published value or range [lo, hi]: inside, or
// within two standard errors of it, else the gap
function verdict(m, s, lo, hi = lo) {
  if (m >= lo && m <= hi) return 'in range';
  const gap = m < lo ? m - lo : m - hi;
  return Math.abs(gap) <= 2 * s ? `within 2 SE (${gap > 0 ? '+' : ''}${f2(gap)})` : `**misses by ${gap > 0 ? '+' : ''}${f2(gap)}**`;
}

// ---------------------------------------------------------------- solving
function opts(args) {
  const o = { seeds: 10, nstate: 30, nsame: 5, n3: 5832, n4: 300, ntwes: 100, nspeed: 30, only: 'table7,state,integrity,twes,speed', base: '',
    hugo: 'preset=performance', twes: 'preset=benchmark', speedhugo: 'preset=performance' };
  for (let i = 0; i + 1 < args.length; i += 2) {
    const k = args[i].replace(/^--/, '');
    if (!(k in o)) throw new Error(`papers: unknown option ${args[i]}`);
    o[k] = typeof o[k] === 'number' ? Number(args[i + 1]) : args[i + 1];
  }
  o.sections = new Set(o.only.split(','));
  return o;
}

function driver() {
  const exe = join(root, 'build', 'native', 'bench_hugo');
  if (!existsSync(exe)) throw new Error('build the native tools first: npm run build');
  return exe;
}

// jobs {scramble, seed, params} solved one after the other by the native driver; each row
// gains ms (CPU) and res (the result JSON); a solve that is not verified solved is an error
function solveNative(exe, solver, jobs) {
  const input = jobs.map((j) => `${j.seed}\t${j.params || '-'}\t${j.scramble}`).join('\n') + '\n';
  const r = spawnSync(exe, [solver], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`driver failed: ${r.stderr}`);
  return r.stdout.trim().split('\n').map((line, i) => {
    const [ms, json] = line.split('\t');
    return { ...jobs[i], ms: Number(ms), res: JSON.parse(json) };
  });
}
const phaseOf = (r, k, key) => (r.res.phases && r.res.phases[k] ? r.res.phases[k][key] : 0); // a solved start has no phases
const lengths = (rows) => rows.filter((r) => r.res.solved).map((r) => r.res.length);

// ---------------------------------------------------------------- sections
function table7(o, exe, say, figs) {
  const jobs = [];
  for (const t of TABLE7) for (let s = 1; s <= o.seeds; s++) jobs.push({ id: t.id, scramble: t.scramble, seed: s, params: o.hugo });
  const t0 = Date.now();
  const rows = solveNative(exe, 'hugo', jobs);
  const ok = rows.filter((r) => r.res.solved), L = lengths(rows);
  const P = [0, 1, 2].map((k) => ok.map((r) => phaseOf(r, k, 'length')));
  const G = ok.map((r) => r.res.generations);
  say(`### HuGO! Table 7: the six FMC scrambles, ${o.seeds} seeds each (\`${o.hugo}\`)`);
  say();
  say(`${ok.length}/${rows.length} solved; native CPU ${f1(mean(rows.map((r) => r.ms)) / 1000)} s mean, ${f1(quantile(rows.map((r) => r.ms), 0.5) / 1000)} s median per solve; ${((Date.now() - t0) / 1000).toFixed(0)} s wall for the section.`);
  say();
  say('| scramble | paper (one run) | evocube mean ± 95% | min-max | phase 1 / 2 / 3 turns (paper) | generations, mean (paper) |');
  say('|---|---|---|---|---|---|');
  for (const t of TABLE7) {
    const r = ok.filter((x) => x.id === t.id), l = r.map((x) => x.res.length);
    say(`| ${t.id} | ${t.turns} | ${pm(l, f1)} | ${Math.min(...l)}-${Math.max(...l)} | ${[0, 1, 2].map((k) => f1(mean(r.map((x) => phaseOf(x, k, 'length'))))).join(' / ')} (${t.p.join(' / ')}) | ${fint(mean(r.map((x) => x.res.generations)))} (${fint(t.gens)}) |`);
  }
  // the paper's one-run-per-scramble mean has a spread of its own: sd of evocube's per-run
  // lengths within a scramble / sqrt(6) is what one such mean would scatter by
  const within = Math.sqrt(mean(TABLE7.map((t) => sd(ok.filter((x) => x.id === t.id).map((x) => x.res.length)) ** 2)));
  say();
  figs.push(['HuGO! Table 7 mean turns', T7.turns, L, 'mean'], ['HuGO! Table 7 phase 1 turns', T7.p[0], P[0], 'mean'],
    ['HuGO! Table 7 phase 2 turns', T7.p[1], P[1], 'mean'], ['HuGO! Table 7 phase 3 turns', T7.p[2], P[2], 'mean']);
  say(`All runs: mean ${pm(L)} turns (paper 36.333; the humans' best average 36.833, their average 40.542); phases ${P.map((p) => pm(p)).join(' / ')} (paper 10.833 / 6.5 / 19.0); generations ${fint(mean(G))} mean, ${fint(quantile(G, 0.5))} median (paper 910,900 counted, its phase 1 counted once per round of 12 locations). A mean of one run per scramble, as the paper ran, scatters by about ±${f1(2 * within / Math.sqrt(6))} turns (2 x the within-scramble sd / sqrt 6).`);
  say();
}

function states(o, exe, core, say, figs) {
  const jobs = Array.from({ length: o.nstate }, (_, i) => ({ scramble: core.randomStateScramble(i + 1), seed: i + 1, params: o.hugo }));
  const t0 = Date.now();
  const rows = solveNative(exe, 'hugo', jobs), L = lengths(rows);
  o.stateRows = rows;
  const q = (p) => (a) => quantile(a, p);
  say(`### HuGO! on ${o.nstate} random states (\`${o.hugo}\`; states \`evocube scramble --random-state --seed 1..${o.nstate}\`, solver seed = state)`);
  say();
  say('| figure | paper (Section 4.3, classes 11-20) | evocube | bootstrap 95% |');
  say('|---|---|---|---|');
  say(`| solved | all | ${L.length}/${rows.length} | |`);
  say(`| median turns | about 38 ("around 38 on average") | ${f1(quantile(L, 0.5))} | ${iv(bootstrap(L, q(0.5)))} |`);
  say(`| lower quartile | about 33 | ${f1(quantile(L, 0.25))} | ${iv(bootstrap(L, q(0.25)))} |`);
  say(`| upper quartile | about 44 | ${f1(quantile(L, 0.75))} | ${iv(bootstrap(L, q(0.75)))} |`);
  say(`| mean turns | around 38 | ${pm(L)} | |`);
  say(`| longest | outliers up to 57 | ${Math.max(...L)} | |`);
  const P = [0, 1, 2].map((k) => rows.filter((r) => r.res.solved).map((r) => phaseOf(r, k, 'length')));
  say(`| phase 1 / 2 / 3 turns | (Table 7: 10.8 / 6.5 / 19.0) | ${P.map((p) => f1(mean(p))).join(' / ')} | |`);
  say(`| generations, mean / median | (Table 7: 910,900) | ${fint(mean(rows.map((r) => r.res.generations)))} / ${fint(quantile(rows.map((r) => r.res.generations), 0.5))} | |`);
  say(`| native CPU per solve, median / mean | (1 h 24 min, Pentium 4) | ${f2(quantile(rows.map((r) => r.ms), 0.5) / 1000)} s / ${f2(mean(rows.map((r) => r.ms)) / 1000)} s | |`);
  say();
  figs.push(['HuGO! random median', [37, 39], [quantile(L, 0.5), ...bootstrap(L, q(0.5))], 'boot'],
    ['HuGO! random lower quartile', [32, 34], [quantile(L, 0.25), ...bootstrap(L, q(0.25))], 'boot'],
    ['HuGO! random upper quartile', [43, 45], [quantile(L, 0.75), ...bootstrap(L, q(0.75))], 'boot']);
  say(`(${((Date.now() - t0) / 1000).toFixed(0)} s wall. The paper's box is read off Fig. 8 to about ±1 turn: the targets above are 38 ± 1, 33 ± 1, 44 ± 1.)`);
  say();
}

function integrity(o, exe, say, figs) {
  say('### HuGO! integrity (Tables 5 and 6)');
  say();
  say('| test | sequences | solved | mean turns (paper) | 95% | phase 1 / 2 / 3 turns (paper) | within 4 turns (paper) | longest (paper) | mean generations (paper) | wall |');
  say('|---|---|---|---|---|---|---|---|---|---|');
  for (const [ti, n] of [[0, o.n3], [3, o.n4]]) {
    if (n <= 0) continue;
    const t = HUGO_INTEGRITY[ti], set = integritySet(t.turns, n);
    const t0 = Date.now();
    const rows = solveNative(exe, 'hugo', set.map((scramble, i) => ({ scramble, seed: i + 1, params: t.params })));
    const wall = (Date.now() - t0) / 1000;
    const L = lengths(rows), P = [0, 1, 2].map((k) => rows.map((r) => phaseOf(r, k, 'length')));
    const le4 = L.filter((x) => x <= 4).length, p = t.paper;
    figs.push([`HuGO! ${t.name} mean turns`, [0, p[0]], L, 'mean']);
    say(`| ${t.name} (${t.params || 'defaults 10/50/50'}) | ${n === 5832 && t.turns === 3 ? 'all 5,832' : `${n} drawn uniformly`} | ${L.length}/${rows.length} | ${f3(mean(L))} (${p[0]}) | ±${f3(ci(L))} | ${P.map((x) => f3(mean(x))).join(' / ')} (${p[1]} / ${p[2]} / ${p[3]}) | ${f1((100 * le4) / L.length)}%${t.turns === 4 ? ' (88%)' : ''} | ${Math.max(...L)}${t.turns === 4 ? ' (about 39)' : ''} | ${fint(mean(rows.map((r) => r.res.generations)))} (${fint(p[4])}) | ${wall.toFixed(0)} s |`);
  }
  say();
}

function twes(o, exe, core, say, figs) {
  const jobs = Array.from({ length: o.ntwes }, (_, i) => ({ scramble: core.randomStateScramble(i + 1), seed: i + 1, params: o.twes }));
  const t0 = Date.now();
  const rows = solveNative(exe, 'twes', jobs), L = lengths(rows), G = rows.filter((r) => r.res.solved).map((r) => r.res.generations);
  const k = L.filter((x) => x >= 35 && x <= 45).length, w = wilson(k, L.length);
  say(`### TWES Table 1 (\`${o.twes}\`; ${o.ntwes} random states, \`evocube scramble --random-state --seed 1..${o.ntwes}\`, solver seed = state)`);
  say();
  say('| figure | paper (Table 1, 5 runs of 100 scrambles of 10-50 moves) | evocube | verdict |');
  say('|---|---|---|---|');
  say(`| solved | all | ${L.length}/${rows.length} | |`);
  say(`| mean moves | 49.46-50.87 | ${pm(L)} (median ${quantile(L, 0.5)}, sd ${f1(sd(L))}) | ${verdict(mean(L), se(L), TWES_TABLE1.movesLow, TWES_TABLE1.movesHigh)} |`);
  say(`| mean generations | 92.2-100.6 | ${pm(G, f1)} (median ${quantile(G, 0.5)}) | ${verdict(mean(G), se(G), TWES_TABLE1.generationsLow, TWES_TABLE1.generationsHigh)} |`);
  say(`| share in 35-45 moves | "most" (above 50%) | ${f1((100 * k) / L.length)}% (Wilson 95% ${f1(100 * w[0])}-${f1(100 * w[1])}%) | ${w[1] > 0.5 ? (k / L.length > 0.5 ? 'in range' : 'undecided') : `**misses: at most ${f1(100 * w[1])}%**`} |`);
  say(`| native CPU per solve, median | 288-394 s (hardware not stated) | ${f2(quantile(rows.map((r) => r.ms), 0.5) / 1000)} s | |`);
  say();
  figs.push(['TWES Table 1 mean moves', [TWES_TABLE1.movesLow, TWES_TABLE1.movesHigh], L, 'mean'],
    ['TWES Table 1 mean generations', [TWES_TABLE1.generationsLow, TWES_TABLE1.generationsHigh], G, 'mean'],
    ['TWES share in 35-45 moves', [0.5, 1], [k / L.length, ...w], 'boot']);
  say(`(${((Date.now() - t0) / 1000).toFixed(0)} s wall.)`);
  say();
}

// base's wasm module and this tree's in one process, the same solves alternating
async function speed(o, core, say) {
  if (!o.base) return;
  const baseCore = await (await import(pathToFileURL(join(o.base, existsSync(join(o.base, 'web', 'lib', 'core-node.mjs')) ? 'web/lib/core-node.mjs' : 'web/core-node.mjs')).href)).loadCoreNode();
  const jobs = Array.from({ length: o.nspeed }, (_, i) => ({ scramble: core.randomStateScramble(i + 1), seed: i + 1 }));
  const run1 = (c, j, params) => {
    const f = c.apply(j.scramble);
    const t0 = process.cpuUsage();
    const { result } = c.run({ solver: 'hugo', facelets: f, seed: j.seed, params }, { work: 256 });
    const t = process.cpuUsage(t0);
    return { ms: (t.user + t.system) / 1000, res: result };
  };
  const BASE = 'preset=performance', THIS = o.speedhugo;
  run1(baseCore, { scramble: "R U F'", seed: 1 }, BASE); // untimed: tables built on first use
  run1(core, { scramble: "R U F'", seed: 1 }, THIS);
  const b = [], n = [];
  const t0 = Date.now();
  for (const [i, j] of jobs.entries()) {
    if (i % 2) { n.push(run1(core, j, THIS)); b.push(run1(baseCore, j, BASE)); } else { b.push(run1(baseCore, j, BASE)); n.push(run1(core, j, THIS)); }
    console.error(`speed: state ${i + 1}: base ${f2(b[i].ms / 1000)} s ${b[i].res.length} turns, this ${f2(n[i].ms / 1000)} s ${n[i].res.length} turns`);
  }
  const bm = b.map((r) => r.ms), nm = n.map((r) => r.ms);
  const ratios = bm.map((x, i) => nm[i] / x);
  say(`### HuGO! wasm CPU per solve: this tree's ${THIS} against ${o.base}'s ${BASE}`);
  say();
  say(`${o.nspeed} random states (seeds 1..${o.nspeed}, solver seed = state), the two wasm modules in one Node process, each state solved by both back to back (the order alternating), CPU by process.cpuUsage(); ${((Date.now() - t0) / 1000).toFixed(0)} s wall.`);
  say();
  say('| tree | median CPU per solve | mean | p90 | mean turns | median generations |');
  say('|---|---|---|---|---|---|');
  for (const [name, r, m] of [['base', b, bm], ['this', n, nm]])
    say(`| ${name} | ${f2(quantile(m, 0.5) / 1000)} s | ${f2(mean(m) / 1000)} s | ${f2(quantile(m, 0.9) / 1000)} s | ${f2(mean(r.map((x) => x.res.length)))} | ${fint(quantile(r.map((x) => x.res.generations), 0.5))} |`);
  say();
  // this tree's wasm against its native build: the random-state section's rows, or the first
  // --nsame states solved natively here
  const nat = o.stateRows && o.hugo === THIS ? o.stateRows
    : solveNative(driver(), 'hugo', jobs.slice(0, o.nsame).map((j) => ({ ...j, params: THIS })));
  {
    const k = Math.min(nat.length, n.length), same = n.slice(0, k).filter((x, i) => x.res.solution === nat[i].res.solution && x.res.generations === nat[i].res.generations).length;
    say(`This tree's wasm solves against its native ones (same states and seeds): ${same}/${k} identical (solution and generations).`);
    say();
  }
  say(`Median of the per-state ratios this / base: ${f3(quantile(ratios, 0.5))} (quartiles ${f3(quantile(ratios, 0.25))}-${f3(quantile(ratios, 0.75))}); ratio of the medians: ${f3(quantile(nm, 0.5) / quantile(bm, 0.5))}.`);
  say();
}

export default async function papers(args) {
  const o = opts(args);
  const exe = driver();
  const core = await loadCoreNode();
  const lines = [], figs = [];
  const say = (s = '') => { lines.push(s); console.error(s); };
  const t0 = Date.now();
  say('## papers');
  say();
  say(`Command: \`npm run bench -- papers${args.length ? ' ' + args.join(' ') : ''}\` (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; native CPU time per solve unless said, on a shared 2-core machine; load at start: ${spawnSync('uptime', { encoding: 'utf8' }).stdout.trim().replace(/.*load/, 'load')}).`);
  say();
  // the sections, by their names on the command line, in this order
  const sections = {
    table7: () => table7(o, exe, say, figs), state: () => states(o, exe, core, say, figs),
    integrity: () => integrity(o, exe, say, figs), twes: () => twes(o, exe, core, say, figs), speed: () => speed(o, core, say),
  };
  for (const [name, run] of Object.entries(sections)) if (o.sections.has(name)) await run();
  // the joint table: each figure, the paper's value or range, evocube's with its interval
  if (figs.length) say('### The joint table');
  if (figs.length) say();
  if (figs.length) say('| figure | paper | evocube | 95% interval | verdict |');
  if (figs.length) say('|---|---|---|---|---|');
  for (const [name, paper, data, kind] of figs) {
    const [lo, hi] = Array.isArray(paper) ? paper : [paper, paper];
    const shown = Array.isArray(paper) ? (lo === 0 ? `≤ ${hi}` : `${lo}-${hi}`) : String(paper);
    if (kind === 'mean') {
      say(`| ${name} | ${shown} | ${f2(mean(data))} (n ${data.length}) | ±${f2(ci(data))} | ${verdict(mean(data), se(data), lo, hi)} |`);
    } else { // [point, lo, hi]: inside when the interval meets the range
      const [x, a, b] = data;
      const fit = x >= lo && x <= hi ? 'in range' : b >= lo && a <= hi ? 'interval overlaps' : `**misses by ${x < lo ? f2(x - lo) : '+' + f2(x - hi)}**`;
      say(`| ${name} | ${shown} | ${f2(x)} | [${f2(a)}, ${f2(b)}] | ${fit} |`);
    }
  }
  say();
  say(`(benchmark wall time ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  console.log(lines.join('\n'));
}
