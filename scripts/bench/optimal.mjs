// optimal.mjs - `npm run bench -- optimal [--n 20] [--sizes 8:3,7:4] [--threads 2]
// [--max-nodes N] [--no-peer] [--moves K | --states "alg;alg"]`: evocube's optimal solver (native: build/native/bench_optimal,
// its table built fresh and timed, each state's search split over the threads) beside
// cube48opt (cubeopt-wasm, ../shared/peers/cubeopt-wasm, a benchmark peer loaded from outside
// the project when present, under Node on worker threads) on the same random states
// (evocube's random-state scrambles, seeds 1..n; --moves K: K random canonical face turns
// instead, seeded 1..n, easy states for a quick comparison; --states: the given algorithms),
// the same thread count, at table sizes
// paired as evocubeLevel:cube48optK (default 8:3,7:4: level 8, 246 MB, beside cube48opt3,
// 243 MB, and level 7, 481 MB, beside cube48opt4, 486 MB). The two alternate state by state (evocube, then the
// peer, on each state) so load changes hit both. Reported per side: table build seconds,
// median / mean seconds a state, mean nodes, ns a node (wall time x threads / nodes), peak
// memory (evocube: the process's VmHWM; the peer: this process's RSS after its solves, its
// wasm heap beside it), and the ratio of the medians. --max-nodes caps evocube's search per
// state (a capped state counts as unfinished with its proven bound; the ratios then use the
// finished states only and say so). Both sides' lengths must agree on every state both
// finish. Beside them (unless --no-wasm), evocube's wasm modules under Node on the same
// states, alternating with the others: the one-thread module and the threaded one on
// --threads threads (web/gen/optimal-mt.*: worker_threads on one shared table), each with the
// level's table read from the cache file (built there by evocube_native when missing), each
// capped by --max-nodes too (its `budget` param): their ns a node (wall time x threads /
// nodes) and the speed-up of N threads over one (nodes a second, and time on the states
// both finish). Figures go to docs/BENCHMARKS.md, section "## optimal".
import os from 'node:os';
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { loadCoreNode, loadOptimalCoreNode } from '../../web/lib/core-node.mjs';
import { cachePath, importFile } from '../cli/optimal-table.mjs';
import { mean, median } from '../../web/lib/stats.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const NATIVE = join(HERE, '../../build/native');
const PEER = join(HERE, '../../../shared/peers/cubeopt-wasm');

function opt(args, name, def) {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : def;
}

// the native side: one process per size, scrambles in on stdin, one JSON line out per state
function startNative(level, threads, maxNodes) {
  const argv = ['--level', String(level), '--threads', String(threads), '--build'];
  if (maxNodes) argv.push('--max-nodes', String(maxNodes));
  const child = spawn(join(NATIVE, 'bench_optimal'), argv, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const queue = [];
  const waiting = [];
  lines.on('line', (l) => (waiting.length ? waiting.shift()(l) : queue.push(l)));
  const next = () => new Promise((res) => (queue.length ? res(queue.shift()) : waiting.push(res)));
  return {
    next: async () => JSON.parse(await next()),
    send: (s) => child.stdin.write(`${s}\n`),
    end: () => child.stdin.end(),
  };
}

// k random face turns (seeded xorshift32), canonical: no face twice in a row, of two opposite
// faces only U before D, R before L, F before B
function turns(seed, k) {
  let x = (seed * 2654435761) >>> 0 || 1;
  const next = (m) => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x % m; };
  const out = [];
  let prev = -1;
  while (out.length < k) {
    const f = next(6);
    if (prev >= 0 && (f === prev || f === prev + 3)) continue;
    out.push(`${'URFDLB'[f]}${['', '2', "'"][next(3)]}`);
    prev = f;
  }
  return out.join(' ');
}

export default async function optimal(args) {
  const n = Number(opt(args, '--n', '20'));
  const threads = Number(opt(args, '--threads', '2'));
  const maxNodes = Number(opt(args, '--max-nodes', '0'));
  const sizes = opt(args, '--sizes', '8:3,7:4').split(',').map((p) => p.split(':').map(Number));
  const usePeer = !args.includes('--no-peer') && existsSync(join(PEER, 'cube48opt3.mjs'));
  if (!existsSync(join(NATIVE, 'bench_optimal'))) throw new Error('build/native/bench_optimal is missing: run scripts/build.sh');
  const core = await loadCoreNode();
  const M = core.raw();
  const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');
  const kind = opt(args, '--states', '') ? 'given states' : Number(opt(args, '--moves', '0')) ? `scrambles of ${opt(args, '--moves', '0')} random turns` : 'random states';
  console.log(`optimal benchmark: ${opt(args, '--states', '') ? opt(args, '--states', '').split(';').filter((x) => x.trim()).length : n} ${kind}, ${threads} threads, node ${process.version}, ${os.cpus()[0].model} x${os.cpus().length}, load ${load()}`);
  if (!usePeer) console.log('cube48opt: skipped (no ../shared/peers/cubeopt-wasm, or --no-peer)');
  const states = [];
  const moves = Number(opt(args, '--moves', '0'));
  const given = opt(args, '--states', '');
  if (!Number.isInteger(moves) || moves < 0 || moves > 40) throw new Error(`--moves ${moves}: a whole number of turns from 0 to 40`);
  for (let s = 1; s <= (given ? 0 : n); s++) {
    let scramble;
    if (moves) scramble = turns(s, moves);
    else {
      if (M._ec_scramble_random_state_text(s, core.out, 1 << 20) !== 0) throw new Error(`random-state scramble ${s} failed`);
      scramble = core._outText();
    }
    states.push({ scramble, facelets: core.apply(scramble) });
  }
  for (const scramble of given ? given.split(';').map((x) => x.trim()).filter(Boolean) : []) states.push({ scramble, facelets: core.apply(scramble) });
  if (usePeer) globalThis.navigator = { hardwareConcurrency: threads };
  const useWasm = !args.includes('--no-wasm');
  const wasm = useWasm ? [await loadOptimalCoreNode(), await loadOptimalCoreNode({ threads })] : [];

  for (const [level, k] of sizes) {
    const evo = startNative(level, threads, maxNodes);
    const head = await evo.next();
    console.log(`\nevocube level ${level}: ${(head.bytes / 1e6).toFixed(1)} MB (${(head.buildBytes / 1e6).toFixed(1)} MB while built), table built in ${head.buildSeconds.toFixed(1)} s (load ${load()})`);
    let peer = null;
    let printed = '';
    if (usePeer) {
      const mod = await import(pathToFileURL(join(PEER, `cube48opt${k}.mjs`)).href);
      peer = await mod.default({ print: (s) => { printed += `${s}\n`; }, printErr: () => {} });
      const t0 = performance.now();
      const rc = peer.init(threads, threads);
      peer.buildSeconds = (performance.now() - t0) / 1000;
      console.log(`cube48opt${k}: ${(Number(peer.get_table_size()) / 1e6).toFixed(1)} MB, table built in ${peer.buildSeconds.toFixed(1)} s (rc ${rc}, load ${load()})`);
    }
    if (useWasm) {
      // the level's table from the cache file (the native tool builds it there when missing)
      const path = cachePath(level);
      const r = spawnSync(join(NATIVE, 'evocube_native'), ['optimal-table', '--level', String(level), '--threads', String(threads)], { encoding: 'utf8' });
      if (r.status !== 0 || !path) throw new Error(`evocube_native optimal-table --level ${level} failed: ${r.stderr}`);
      for (const w of wasm) importFile(w, path);
    }
    const W = wasm.map(() => []);
    const E = [];
    const P = [];
    let peerRss = process.memoryUsage().rss;
    for (let i = 0; i < states.length; i++) {
      const st = states[i];
      evo.send(st.scramble);
      const e = await evo.next();
      if (e.length !== null) {
        const v = core.verify(st.facelets, e.solution);
        if (!v.solved) throw new Error(`evocube's solution of state ${i + 1} does not solve it`);
      }
      E.push(e);
      let p = null;
      if (peer) {
        printed = '';
        const t0 = performance.now();
        peer.solve_scramble(st.scramble, threads, 1, 0);
        const secs = (performance.now() - t0) / 1000;
        const m = /finished in (\d+), (\d+)\//.exec(printed);
        p = { length: m ? Number(m[1]) : null, nodes: m ? Number(m[2]) : null, seconds: secs };
        peerRss = Math.max(peerRss, process.memoryUsage().rss);
        P.push(p);
      }
      const ws = wasm.map((w, j) => {
        const t = j ? threads : 1;
        const t0 = performance.now();
        const { status, result } = w.run({ solver: 'optimal', facelets: st.facelets, params: `threads=${t}${maxNodes ? `,budget=${maxNodes}` : ''}` });
        const x = { length: status === 'solved' ? result.length : null, nodes: result.evaluations, seconds: (performance.now() - t0) / 1000, threads: t };
        if (x.length !== null && !w.verify(st.facelets, result.solution).solved) throw new Error(`evocube wasm's solution of state ${i + 1} does not solve it`);
        if (x.length !== null && e.length !== null && x.length !== e.length) throw new Error(`state ${i + 1}: evocube native ${e.length}, wasm (${t} threads) ${x.length}`);
        W[j].push(x);
        return x;
      });
      const agree = p && e.length !== null && p.length !== null ? (p.length === e.length ? '' : '  LENGTHS DIFFER') : '';
      console.log(`state ${i + 1}: evocube ${e.length ?? `>=${e.bound}`} in ${e.seconds.toFixed(2)} s (${e.nodes} nodes)` +
        ws.map((x) => `; wasm ${x.threads}t ${x.length ?? 'capped'} in ${x.seconds.toFixed(2)} s (${x.nodes} nodes)`).join('') +
        (p ? `; cube48opt ${p.length} in ${p.seconds.toFixed(2)} s (${p.nodes} nodes)` : '') + agree);
      if (agree) throw new Error(`state ${i + 1}: evocube ${e.length}, cube48opt ${p.length}`);
    }
    evo.end();
    const tail = await evo.next();
    const fin = E.map((e, i) => [e, P[i]]).filter(([e]) => e.length !== null);
    const row = (name, xs, build, mem, t = threads) => {
      const secs = xs.map((x) => x.seconds);
      const nodes = xs.map((x) => x.nodes);
      const nsNode = (mean(secs) * t * 1e9) / mean(nodes);
      console.log(`${name.padEnd(22)} build ${build.toFixed(1).padStart(6)} s  median ${median(secs).toFixed(2).padStart(7)} s  mean ${mean(secs).toFixed(2).padStart(7)} s  nodes ${mean(nodes).toExponential(2)}  ${nsNode.toFixed(1)} ns/node  peak ${mem}`);
      return median(secs);
    };
    console.log(`\nsize pair level ${level} / cube48opt${k}: ${fin.length} of ${E.length} states finished by evocube${maxNodes ? ` (cap ${maxNodes} nodes)` : ''}; load ${load()}`);
    const me = row(`evocube level ${level}`, fin.map(([e]) => e), head.buildSeconds, `${(tail.peakRssKb / 1024).toFixed(0)} MB RSS`);
    if (useWasm) {
      // every state, capped or not (the same states, the same cap): time, nodes and ns/node
      row('evocube wasm 1 thread', W[0], 0, '(all states, table imported)', 1);
      row(`evocube wasm ${threads} threads`, W[1], 0, '(all states, table imported)', threads);
      const rate = (xs) => xs.reduce((a, x) => a + x.nodes, 0) / xs.reduce((a, x) => a + x.seconds, 0);
      const both = W[0].map((x, i) => [x, W[1][i]]).filter(([a, b]) => a.length !== null && b.length !== null);
      const perState = both.map(([a, b]) => a.seconds / b.seconds);
      console.log(`wasm ${threads} threads over 1: ${(rate(W[1]) / rate(W[0])).toFixed(2)}x the nodes a second` +
        (perState.length ? `; time on the ${perState.length} states both finish: median ${median(perState).toFixed(2)}x (min ${Math.min(...perState).toFixed(2)}, max ${Math.max(...perState).toFixed(2)})` : ''));
    }
    if (peer) {
      const pm = row(`cube48opt${k}`, fin.map(([, p]) => p), peer.buildSeconds, `${(peerRss / 1048576).toFixed(0)} MB RSS of this process, wasm heap ${(peer.HEAPU8.length / 1048576).toFixed(0)} MB`);
      const all = row(`cube48opt${k} (all ${P.length})`, P, peer.buildSeconds, '');
      void all;
      console.log(`median time ratio evocube / cube48opt (finished states): ${(me / pm).toFixed(2)}; build ratio ${(head.buildSeconds / peer.buildSeconds).toFixed(2)}`);
    }
  }
  console.log('\n(docs/BENCHMARKS.md, section "optimal")');
  process.exit(0);
}
