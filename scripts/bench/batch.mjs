// batch.mjs - `npm run bench -- batch [--n 100] [--solver twophase] [--param k=v ...] [--jobs 1,2]
// [--rounds 2]`: the throughput of `evocube batch --jobs K` (scripts/cli/batch.mjs, one warmed wasm
// core per worker thread) on the same n random states, each K run as its own CLI process, the
// Ks alternated over the rounds (1,2,2,1,1,2,... so a drift in the machine's load falls on
// both): solves per wall second of the whole command (thread start and table building
// included), solves per CPU second of the process (all its threads: the cost of more
// threads, which a loaded machine distorts far less), CPU per wall second, and the
// throughput of each K over K = 1's. Default work: two-phase to at most 19 moves (about 0.1 CPU
// second a solve in wasm; a thread's start costs about as much as one solve). The issue's target: --jobs 2 >= 1.8 x --jobs 1 on a 2-core machine
// (a quiet one: the ratio cannot exceed the cores the machine actually gives). Prints a
// markdown section for docs/BENCHMARKS.md, "## batch". Every solution is verified by the CLI.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../cli/evocube.mjs', import.meta.url));

// params a solver is benchmarked with when none are given (twophase: a bounded search)
const DEFAULT_PARAMS = { twophase: ['maxLength=19'] };

function args(argv) {
  const o = { n: 100, solver: 'twophase', param: [], jobs: [1, 2], rounds: 2, seedFrom: 1 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i], v = argv[i + 1];
    if (a === '--n') o.n = Number(v);
    else if (a === '--solver') o.solver = v;
    else if (a === '--param') o.param.push(v);
    else if (a === '--jobs') o.jobs = v.split(',').map(Number);
    else if (a === '--rounds') o.rounds = Number(v);
    else if (a === '--seed-from') o.seedFrom = Number(v);
    else throw new Error(`unknown argument ${a}`);
    i++;
  }
  if (!o.param.length) o.param.push(...(DEFAULT_PARAMS[o.solver] ?? []));
  return o;
}

const loadavg = () => { try { return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '); } catch { return '?'; } };

export default async function main(argv) {
  const o = args(argv);
  const base = ['batch', '--solver', o.solver, '--random-state', String(o.n), '--seed-from', String(o.seedFrom), '--no-time', '--no-progress', ...o.param.flatMap((p) => ['--param', p])];
  const tot = Object.fromEntries(o.jobs.map((k) => [k, { wall: 0, cpu: 0, solves: 0, solved: 0, out: null }]));
  const order = [];
  for (let r = 0; r < o.rounds; r++) order.push(...(r % 2 ? [...o.jobs].reverse() : o.jobs));
  const load0 = loadavg();
  for (const k of order) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [CLI, ...base, '--jobs', String(k)], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const wall = (performance.now() - t0) / 1000;
    if (r.status !== 0 && r.status !== 1) throw new Error(`evocube batch --jobs ${k} failed (exit ${r.status}): ${r.stderr.slice(0, 400)}`);
    const m = /([\d.]+) s CPU/.exec(r.stderr);
    const t = tot[k];
    if (t.out !== null && t.out !== r.stdout) throw new Error(`--jobs ${k} gave a different output in another round`);
    t.out = r.stdout;
    const lines = r.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l));
    t.wall += wall; t.cpu += m ? Number(m[1]) : NaN; t.solves += lines.length; t.solved += lines.filter((x) => x.solved).length;
    process.stderr.write(`--jobs ${k}: ${lines.length} solves in ${wall.toFixed(1)} s wall, ${m ? m[1] : '?'} s CPU\n`);
  }
  if (new Set(o.jobs.map((k) => tot[k].out)).size !== 1) throw new Error('the outputs of different --jobs differ');
  const one = tot[o.jobs[0]].solves / tot[o.jobs[0]].wall;
  const rows = o.jobs.map((k) => {
    const t = tot[k];
    const thr = t.solves / t.wall;
    return `| ${k} | ${t.solves} | ${t.solved} | ${t.wall.toFixed(1)} | ${thr.toFixed(2)} | ${t.cpu.toFixed(1)} | ${(t.solves / t.cpu).toFixed(2)} | ${(t.cpu / t.wall).toFixed(2)} | ${(thr / one).toFixed(2)} |`;
  });
  const cmd = `npm run bench -- batch ${argv.join(' ')}`.trim();
  console.log(`## batch

\`${cmd}\`: \`evocube batch --solver ${o.solver} ${o.param.map((p) => `--param ${p} `).join('')}--random-state ${o.n} --seed-from ${o.seedFrom} --no-time\`, each --jobs K ${o.rounds === 1 ? 'once' : `${o.rounds} times, alternated`} (whole command: process start, core load and table building in each thread included); load average ${load0} before, ${loadavg()} after, on ${(await import('node:os')).availableParallelism()} cores. Outputs identical for every K.

| --jobs | solves | solved | wall s | solves / wall s | CPU s | solves / CPU s | CPU s / wall s | throughput / --jobs ${o.jobs[0]} |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`);
}
