// swarm.mjs - `npm run bench -- swarm [--cap-ms N] [--states N] [--attempts N] [--only a,b]
//   [--oracle exact|first20|both] [--extra k=v,..] [--no-write]`:
// the swarm solvers (greedy, pso, aco, dkho) on the thesis's Table 4.5 scrambles and every
// solver including macro-ga on random-state scrambles, in the wasm module under Node. Writes
// the "## swarm" section of docs/BENCHMARKS.md (only that section), beside the thesis's
// Tables 4.1-4.6 and the blog's 276-move figure.
//
// A run is stepped one iteration (ten generations for macro-ga) at a time and timed in CPU
// time of this process (process.cpuUsage: user + system), which other programs on a busy
// machine disturb far less than wall time; a run that has not finished after --cap-ms of
// CPU time is stopped and counted as a failure ("capped"), so the whole benchmark stays
// within about ten minutes of CPU. The cap is the benchmark's, not the solver's: the
// solvers themselves count work only.
//
// --oracle picks the swarm solvers' fitness oracle (param oracle, c/solvers/swarm/common.h):
// exact (today's default), first20 (the thesis's) or both (the default: every swarm row is run
// with each). --extra adds params to every swarm run (variants: draw=0, rootFallback=1,
// mutationDraw=1, twoPly=1, sight=0, regroup=0; preset=text is each solver's text rule). Each row also sums the solvers' event
// counters (the last progress record's "events") over its runs. With --oracle first20 or
// --extra the section written is "## swarm-<oracle>[-<extra>]", so the default run's
// "## swarm" stays.
//
// A run too long for one command (first20 costs far more CPU) is split by solver:
// `--only aco --rows-out a.json` runs and saves its rows without writing, and
// `--rows-in a.json,b.json,...` (same --oracle/--extra/--attempts/--states) writes the section
// from the saved rows without running anything; the header then names every part's command.
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { STATUS } from '../../web/lib/protocol.mjs';
// Table 4.5's nine scrambles and the blog post's scramble (one copy, shared with the page's
// Experiments view)
import { TABLE45, BLOG } from '../../web/lib/experiments/papers.mjs';
import { mean, median, quantile } from '../../web/lib/stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// the benchmark's solvers, in its order: whether a run takes the distance oracle (the swarms'
// params), and the work units of one step
const BENCHED = {
  'macro-ga': { oracle: false, work: 10 }, greedy: { oracle: true, work: 1 }, pso: { oracle: true, work: 1 },
  aco: { oracle: true, work: 1 }, dkho: { oracle: true, work: 1 },
};
const ALL = Object.keys(BENCHED);
const SWARM = ALL.filter((s) => BENCHED[s].oracle);

// The thesis's Table 4.6, per scramble length: successes of 3, Kociemba's length
// ("Actual") and the obtained lengths, for the four configurations that match our defaults.
const THESIS46 = `| Length | Algorithm | % | Actual | Obtained | Total time (s) |
|---|---|---|---|---|---|
| 5 | PSO 50/10000 | 3/3 | 8, 5, 10 | 19.46, 13.06, 9.46 (means over 50 particles) | 7140, 430, 1013 |
| 5 | Greedy 10000 | 3/3 | 12, 12, 10 | 6, 7, 6 | 24.5, 5.2, 2.7 |
| 5 | ACO 25/100 | 3/3 | 8, 5, 10 | 8, 7, 5 | 4890, 2531, 549 |
| 5 | KHO 25/100 | 3/3 | 8, 5, 10 | 6, 5, 6 | 682, 68, 38 |
| 15 | PSO 50/10000 | 3/3 | 19, 20, 19 | 61.2, 62.1, 62.24 | 708, 32237, 13776 |
| 15 | Greedy 10000 | 3/3 | 19, 20, 19 | 21, 21, 22 | 55, 14, 25 |
| 15 | ACO 25/100 | 2/3 | -, 20, 19 | -, 20, 31 | stopped after 14 h, 2913, 18092 |
| 15 | KHO 25/100 | 3/3 | 19, 20, 19 | 21, 20, 21 | 5821, 760, 4966 |
| 25 | PSO 50/10000 | 3/3 | 20, 19, 20 | 59.46, 69.2, 51.3 | 48129, 55075, 12208 |
| 25 | Greedy 10000 | 3/3 | 20, 19, 10 (sic) | 20, 23, 20 | 19, 2822, 41 |
| 25 | ACO 25/100 | not run | | | "days" |
| 25 | KHO 25/100 | 3/3 | 20, 19, 20 | 30, 31, 21 | 11271, 6111, 21466 |

Tables 4.1-4.4 (five attempts per scramble length 5..30): PSO 50/10000 solved 30/30 with
mean lengths 11-71; Greedy 10000 solved 26/30 (fails at lengths 20-30) with lengths 5-44;
ACO 25/100 solved 14/15 (lengths 5-15 only; longer scrambles "would take days"); DKHO 25/100
solved 30/30 with lengths 7-34. The blog post's permutation-macro GA reports one solve of its
scramble, a 276-move solution (raw, rotations included).`;

const NOTES = `Reading the figures:
- A failure is either a capped run (column Capped) or a run that used up its own iteration
  budget. The cap is CPU time, so whether a run near the cap finishes can change between runs
  on a loaded machine; solved runs and their solutions do not change (same seed, same solution).
- greedy has no random choice (ties go to the lowest move), so its three attempts are the same
  run; the other solvers' attempts differ by seed.
- Our solvers stop at the first agent that reaches the solved state (param finish=0) and return
  its path; the thesis's PSO "Obtained" is the mean over all 50 particles, which keep going
  until each is solved (finish=1 here), hence its 50-70 moves against our ~21.
- Oracle exact: ec_distance, the exact distance within 7 turns and otherwise the best two-phase
  solution found within 1000 nodes after the first (at least 2000 nodes), so near the solved
  state every move is scored exactly and the swarm descends one turn per iteration. Oracle
  first20 (the thesis's Kociemba): the first two-phase solution of at most 20 moves (200,000
  nodes, then any length), which over-reads ("Actual" 8-13 for the thesis's 5-move
  scrambles), which is why the thesis's greedy/KHO lengths beat its "Actual".
- Defaults that deviate from the text (each solver's header in c/solvers/swarm/ says why, with
  the measure): pso draw=1, aco sight=1 and regroup=1; preset=text restores the text's rule.
- The thesis's times are seconds to hours of its implementation; ours are CPU milliseconds in wasm.
- macro-ga lengths are after simplification (cancelling and merging moves on one axis); the
  blog's 276 is its raw move count for its one scramble.`;

const FIRST20_NOTE = `With oracle first20 (the thesis's Kociemba: the first one-direction two-phase solution of at
most 20 moves, phase 2 by IDA*, no near-goal table; c/search/twophase.c ec__distance_first)
the fitness over-reads (a 5-move scramble reads 14) and is not monotone along a path, so the
event counts show the swarm at work: greedy's plateau moves and backtracks, dkho's kills,
offspring and mutations, pso's and aco's agents spread; every fitness is a fresh search (no
near table), so the same work costs more CPU and more runs reach the cap.`;

function parseArgs(args) {
  const o = { capMs: 8000, states: 20, attempts: 3, only: null, write: true, oracle: 'both', extra: '', rowsOut: null, rowsIn: null };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--cap-ms') o.capMs = Number(args[++i]);
    else if (a === '--states') o.states = Number(args[++i]);
    else if (a === '--attempts') o.attempts = Number(args[++i]);
    else if (a === '--only') o.only = args[++i].split(',');
    else if (a === '--no-write') o.write = false;
    else if (a === '--oracle') o.oracle = args[++i];
    else if (a === '--extra') o.extra = args[++i];
    else if (a === '--rows-out') { o.rowsOut = args[++i]; o.write = false; }
    else if (a === '--rows-in') o.rowsIn = args[++i].split(',');
    else throw new Error(`unknown option ${a}`);
  }
  return o;
}

const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

function runOnce(core, solver, facelets, seed, capMs, params = '') {
  const t0 = cpuMs();
  // records read as the worker reads them (parsed), then dropped but for the last one's events
  let events = null;
  const { status, result: r } = core.run({ solver, facelets, seed, params },
    { work: BENCHED[solver]?.work ?? 1, onRecords: (recs) => { events = recs[recs.length - 1].events ?? events; },
      stop: () => cpuMs() - t0 > capMs });
  const ms = cpuMs() - t0;
  return { solved: r.solved, length: r.solved ? r.length : null, ms, capped: status === STATUS.STOPPED, generations: r.generations,
    evaluations: r.evaluations, events };
}

// The event counters' names (c/solvers/swarm/common.h); aco's third is a gauge, not summed.
const EVENTS = {
  greedy: ['backtracks', 'plateau moves', 'struck', 'root fallbacks'],
  pso: ['from S_i', 'from S_Pi', 'from S_G', 'random moves', 'restarts'],
  aco: ['rule-1 regroups', 'rule-2 regroups', null, 'forced moves', 'sight moves'],
  dkho: ['kills', 'offspring', 'mutated offspring', 'positions mutated', 'greedy moves', 'roulette moves'],
};
function eventText(solver, runs) {
  const names = EVENTS[solver];
  if (!names) return '-';
  const sum = names.map(() => 0);
  for (const r of runs) if (r.events) names.forEach((_, i) => { sum[i] += r.events[i]; });
  return names.map((n, i) => (n ? `${n} ${sum[i]}` : null)).filter(Boolean).join(', ');
}

// The two-phase distance of a cube (the swarm solvers' fitness), when the build exports it.
function distance(core, facelets, budget = 1000) {
  return core.hasTwophase() ? core.distance(facelets, budget) : null;
}

const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const f0 = (x) => (Number.isFinite(x) ? String(Math.round(x)) : '-');

function writeSection(text) {
  const file = join(root, 'docs', 'BENCHMARKS.md');
  if (!existsSync(dirname(file))) mkdirSync(dirname(file), { recursive: true });
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = doc.indexOf(`\n## ${SECTION}\n`);
  if (start >= 0) {
    const next = doc.indexOf('\n## ', start + 1);
    doc = doc.slice(0, start) + '\n' + text + (next >= 0 ? doc.slice(next) : '');
  } else {
    doc = doc.replace(/\n*$/, '\n\n') + text;
  }
  writeFileSync(file, doc.replace(/\n*$/, '\n'));
  return file;
}

let SECTION = 'swarm';

export default async function swarm(args) {
  const o = parseArgs(args);
  const ORACLES = { exact: [0], first20: [1], both: [0, 1] }[o.oracle];
  if (!ORACLES) throw new Error(`--oracle: exact, first20 or both (got ${o.oracle})`);
  if (o.oracle === 'first20' || o.extra) SECTION = `swarm-${o.oracle}${o.extra ? '-' + o.extra.replace(/[=,]/g, '-') : ''}`;
  const ORACLE_NAME = ['exact', 'first20'];
  const swarmParams = (oracle) => [`oracle=${oracle}`, o.extra].filter(Boolean).join(',');
  const core = await loadCoreNode();
  const names = core.solvers().map((s) => s.name);
  const want = (s) => names.includes(s) && (!o.only || o.only.includes(s));
  if (o.rowsIn) return writeFromRows(o, args);
  const t00 = performance.now();

  // ---- Part 1: Table 4.5's nine scrambles, three attempts each, the swarm solvers.
  const rows1 = [];
  for (const [len, scramble] of TABLE45) {
    const facelets = core.apply(scramble);
    const tp = distance(core, facelets);
    for (const oracle of ORACLES) for (const solver of SWARM.filter(want)) {
      const runs = [];
      for (let seed = 1; seed <= o.attempts; seed++) runs.push(runOnce(core, solver, facelets, seed, o.capMs, swarmParams(oracle)));
      const ok = runs.filter((r) => r.solved);
      rows1.push({ len, scramble, tp, solver, oracle: ORACLE_NAME[oracle], ok: ok.length, n: runs.length,
        capped: runs.filter((r) => r.capped).length, lengths: ok.map((r) => r.length), ms: mean(runs.map((r) => r.ms)),
        iters: mean(runs.map((r) => r.generations)), events: eventText(solver, runs) });
      const last = rows1[rows1.length - 1];
      console.log(`${len} ${solver.padEnd(6)} ${last.oracle} ${last.ok}/${last.n} lengths [${last.lengths}] two-phase ${tp} mean ${f0(last.ms)} ms  "${scramble}" ${last.events}`);
    }
  }

  // ---- Part 1b: macro-ga on the blog's own scramble, the same attempts.
  let blog = null;
  if (want('macro-ga') && ORACLES.includes(0) && !o.extra) {
    const runs = [];
    for (let seed = 1; seed <= o.attempts; seed++) runs.push(runOnce(core, 'macro-ga', core.apply(BLOG), seed, o.capMs));
    blog = { ok: runs.filter((r) => r.solved).length, n: runs.length, lengths: runs.filter((r) => r.solved).map((r) => r.length),
      ms: mean(runs.map((r) => r.ms)), gens: runs.map((r) => r.generations) };
    console.log(`blog scramble macro-ga ${blog.ok}/${blog.n} lengths [${blog.lengths}] generations [${blog.gens}]`);
  }

  // ---- Part 2: random-state scrambles, every solver.
  const states = [];
  for (let seed = 1; seed <= o.states; seed++) {
    let scramble;
    try { scramble = core.randomStateScramble(seed); } catch { scramble = core.scrambleMoves(30, seed); }
    states.push(scramble);
  }
  const rows2 = [];
  const plan = ALL.filter(want).flatMap((solver) => (SWARM.includes(solver) ? ORACLES.map((or) => [solver, or])
    : ORACLES.includes(0) && !o.extra ? [[solver, null]] : []));
  for (const [solver, oracle] of plan) {
    const params = oracle === null ? '' : swarmParams(oracle);
    const runs = states.map((scramble, i) => runOnce(core, solver, core.apply(scramble), i + 1, o.capMs, params));
    const ok = runs.filter((r) => r.solved);
    const row = { solver, oracle: oracle === null ? '-' : ORACLE_NAME[oracle], events: eventText(solver, runs),
      ok: ok.length, n: runs.length, capped: runs.filter((r) => r.capped).length,
      meanLen: mean(ok.map((r) => r.length)), worstLen: ok.length ? Math.max(...ok.map((r) => r.length)) : NaN,
      median: median(runs.map((r) => r.ms)), p90: quantile(runs.map((r) => r.ms), 0.9),
      iters: mean(runs.map((r) => r.generations)) };
    rows2.push(row);
    console.log(`random-state ${solver.padEnd(8)} ${row.oracle} ${row.ok}/${row.n} mean ${f1(row.meanLen)} worst ${f0(row.worstLen)} median ${f0(row.median)} ms p90 ${f0(row.p90)} ms`);
  }
  const totalS = (performance.now() - t00) / 1000;
  const totalCpuS = cpuMs() / 1000;
  const cmd = `npm run bench -- swarm${args.length ? ' ' + args.join(' ') : ''}`;
  if (o.rowsOut) {
    writeFileSync(o.rowsOut, JSON.stringify({ cmd, totalS, totalCpuS, rows1, rows2, blog }));
    console.log(`rows saved to ${o.rowsOut}`);
    return;
  }
  render(o, { cmds: [cmd], totalS, totalCpuS, rows1, rows2, blog });
}

// The section from rows saved by --rows-out runs (in the order given).
function writeFromRows(o, args) {
  const parts = o.rowsIn.map((f) => JSON.parse(readFileSync(f, 'utf8')));
  const all = { cmds: [...parts.map((p) => p.cmd), `npm run bench -- swarm ${args.join(' ')}`], totalS: 0, totalCpuS: 0,
    rows1: [], rows2: [], blog: null };
  for (const p of parts) {
    all.totalS += p.totalS;
    all.totalCpuS += p.totalCpuS;
    all.rows1.push(...p.rows1);
    all.rows2.push(...p.rows2);
    all.blog = all.blog ?? p.blog;
  }
  const order = (r) => ALL.indexOf(r.solver);
  const at = (r) => TABLE45.findIndex((t) => t[1] === r.scramble);
  all.rows1.sort((a, b) => at(a) - at(b) || order(a) - order(b));
  all.rows2.sort((a, b) => order(a) - order(b));
  render(o, all);
}

function render(o, { cmds, totalS, totalCpuS, rows1, rows2, blog }) {
  const out = [];
  const cmd = cmds.map((c) => `\`${c}\``).join(', ');
  const fitText = { exact: 'oracle exact (fitness budget 1000 nodes)',
    first20: 'oracle first20 (the first two-phase solution of at most 20 moves, within 200,000 nodes)',
    both: 'oracles exact (fitness budget 1000 nodes) and first20 (the first solution of at most 20 moves, within 200,000 nodes)' }[o.oracle];
  out.push(`## ${SECTION}`, '');
  out.push(`Command${cmds.length > 1 ? 's' : ''}: ${cmd} (wasm under Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, ` +
    `${totalS.toFixed(0)} s of wall time and ${totalCpuS.toFixed(0)} s of CPU time in all, on a shared 2-core machine). ` +
    `Default params of every solver${o.extra ? ` plus ${o.extra} for the swarm solvers` : ''}, ${fitText}; ` +
    `seeds 1..${o.attempts} for the attempts. Times are CPU times of the Node process ` +
    `(user + system). A run still going after ${o.capMs / 1000} s of CPU time is stopped by the benchmark and ` +
    'counted as a failure ("capped"). Solution lengths are HTM after simplification; ' +
    '"two-phase" is the exact oracle\'s length for the scrambled cube (ec_distance, in every row; the thesis\'s ' +
    '"Actual" is its first20 reading, e.g. 14 for F2 L D2 B2 F).', '');
  out.push(`### Table 4.5 scrambles (${o.attempts} attempt${o.attempts === 1 ? '' : 's'} each)`, '');
  out.push('| Length | Solver | Oracle | Solved | Two-phase | Lengths | Mean CPU time (ms) | Mean iterations | Capped | Events (sum) |');
  out.push('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows1) {
    out.push(`| ${r.len} | ${r.solver} | ${r.oracle} | ${r.ok}/${r.n} | ${r.tp ?? '-'} | ${r.lengths.join(', ') || '-'} | ${f0(r.ms)} | ${f1(r.iters)} | ${r.capped} | ${r.events} |`);
  }
  if (blog) {
    out.push('', '### macro-ga on the blog post\'s scramble', '');
    out.push(`\`${BLOG}\`: solved ${blog.ok}/${blog.n} (seeds 1..${blog.n}), lengths ${blog.lengths.join(', ') || '-'} ` +
      `(simplified HTM), generations ${blog.gens.join(', ')}, mean CPU time ${f0(blog.ms)} ms. The blog: one solve, 276 moves (raw).`);
  }
  out.push('', `### ${o.states} random-state scrambles (seeds 1..${o.states}, solver seed = scramble seed)`, '');
  out.push('| Solver | Oracle | Solved | Mean length | Worst length | Median CPU time (ms) | p90 CPU time (ms) | Mean iterations | Capped | Events (sum) |');
  out.push('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows2) {
    out.push(`| ${r.solver} | ${r.oracle} | ${r.ok}/${r.n} | ${f1(r.meanLen)} | ${f0(r.worstLen)} | ${f0(r.median)} | ${f0(r.p90)} | ${f1(r.iters)} | ${r.capped} | ${r.events} |`);
  }
  out.push('', NOTES, '');
  if (o.oracle !== 'exact') out.push(FIRST20_NOTE, '');
  out.push('### The thesis and the blog, for comparison', '', THESIS46, '');
  const text = out.join('\n') + '\n';
  console.log('\n' + text);
  if (o.write) console.log(`wrote the swarm section of ${writeSection(text)}`);
}
