// twophase.mjs - `npm run bench -- twophase [--n 200] [--params "k=v,..."] [--no-slow]`:
// evocube's wasm two-phase solver (at maxLength=20 with listNodes=0, and at 21) against
// min2phase.js (../shared/peers/min2phase, a benchmark peer loaded from outside the
// project when present; at <= 20 and <= 21 moves), npm cubejs (Cube.initSolver,
// cube.solve) and npm cubing (experimentalSolve3x3x3IgnoringCenters from cubing/search), in
// one process, on the same random states (evocube's random-state scrambles with seeds
// 1..n, uniform states). For each solver: table init ms (cubing: its first call, on a
// separate warm-up cube), median / p90 / max solve ms, CPU ms per solve, mean and max
// length (HTM), share <= 20 moves; then evocube's ratios to each peer at the same bound.
// --no-slow skips cubejs and cubing.js (minutes on a loaded machine). Every solution of
// every solver is applied to its cube by evocube's core and must solve it. Figures go to
// docs/BENCHMARKS.md, section "## twophase".
import os from 'node:os';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Cube from 'cubejs';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { mean, median, quantile } from '../../web/lib/stats.mjs';
import { STATUS } from '../../web/lib/protocol.mjs';

function opt(args, name, def) {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : def;
}

function stats(times, lengths, nStates, cpu) {
  return {
    median: median(times), p90: quantile(times, 0.9), max: Math.max(...times), cpu: cpu / nStates,
    meanLen: mean(lengths), maxLen: Math.max(...lengths),
    le20: lengths.filter((x) => x <= 20).length / nStates,
  };
}

// CPU ms (user + system) of this process since c0
const cpuSince = (c0) => { const c = process.cpuUsage(c0); return (c.user + c.system) / 1000; };
const M2PATH = join(dirname(fileURLToPath(import.meta.url)), '../../../shared/peers/min2phase/min2phase.js');

export default async function twophase(args) {
  const n = Number(opt(args, '--n', '200'));
  // the target search alone, as min2phase.js's first solution of at most 20 (the default's list
  // of improving solutions first: `npm run bench -- twophase-list`)
  const params = opt(args, '--params', 'listNodes=0');
  const core = await loadCoreNode();
  const M = core.raw();
  const out = [];
  const log = (s) => { console.log(s); out.push(s); };
  log(`twophase benchmark: ${n} random states, node ${process.version}, ${os.cpus()[0].model} x${os.cpus().length}, load ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);

  // evocube: table build first (nothing else has touched the tables yet)
  let t0 = performance.now();
  const rcInit = M._ec_twophase_init();
  const evoInit = performance.now() - t0;
  if (rcInit !== 0) throw new Error(`ec_twophase_init failed: ${rcInit}`);

  // the states: evocube's random-state scrambles (uniform states), as facelets
  const states = [];
  for (let s = 1; s <= n; s++) {
    const rc = M._ec_scramble_random_state_text(s, core.out, 1 << 20);
    if (rc !== 0) throw new Error(`random-state scramble ${s} failed: ${rc}`);
    const scramble = core._outText();
    states.push({ scramble, facelets: core.apply(scramble) });
  }

  const failures = [];
  function check(name, st, sol) {
    const v = core.verify(st.facelets, sol);
    if (!v.solved) failures.push(`${name}: "${sol}" does not solve ${st.facelets}`);
    return core.metrics(sol).htm;
  }

  // evocube (wasm), through the stepped solver API as the worker uses it, at <= 20
  // (listNodes=0, or --params) and at <= 21
  function evocube(p) {
    const r = { times: [], lengths: [], nodes: [] };
    const c0 = process.cpuUsage();
    for (const st of states) {
      t0 = performance.now();
      const { status, result: res } = core.run({ solver: 'twophase', facelets: st.facelets, params: p }, { work: 1000 });
      r.times.push(performance.now() - t0);
      if (status !== STATUS.SOLVED) failures.push(`evocube gave up on ${st.facelets}`);
      r.lengths.push(check('evocube', st, res.solution));
      r.nodes.push(res.evaluations);
    }
    r.cpu = cpuSince(c0);
    return r;
  }
  const evo = evocube(params);
  const evo21 = evocube(`${params},maxLength=21`.replace(/^,/, ''));
  const rows = [
    ['evocube (wasm)', evoInit, stats(evo.times, evo.lengths, n, evo.cpu), 20],
    ['evocube (wasm), maxLength=21', null, stats(evo21.times, evo21.lengths, n, evo21.cpu), 21],
  ];

  // min2phase.js (a peer outside the project, when present)
  if (existsSync(M2PATH)) {
    const min2phase = createRequire(import.meta.url)(M2PATH);
    t0 = performance.now();
    min2phase.initFull();
    const m2Init = performance.now() - t0;
    const search = new min2phase.Search();
    for (const bound of [20, 21]) {
      const m2 = { times: [], lengths: [] };
      const c0 = process.cpuUsage();
      for (const st of states) {
        t0 = performance.now();
        const sol = search.solution(st.facelets, bound, 1e9, 0, 0);
        m2.times.push(performance.now() - t0);
        if (/^Error/.test(sol)) failures.push(`min2phase: ${sol} on ${st.facelets}`);
        m2.lengths.push(check('min2phase', st, sol));
      }
      rows.push([`min2phase.js, <= ${bound}`, bound === 20 ? m2Init : null, stats(m2.times, m2.lengths, n, cpuSince(c0)), bound]);
    }
  } else {
    log(`min2phase.js skipped: ${M2PATH} is absent`);
  }

  if (!args.includes('--no-slow')) {
    // cubejs
    t0 = performance.now();
    Cube.initSolver();
    const cjInit = performance.now() - t0;
    const cj = { times: [], lengths: [] };
    let c0 = process.cpuUsage();
    for (const st of states) {
      t0 = performance.now();
      const sol = Cube.fromString(st.facelets).solve();
      cj.times.push(performance.now() - t0);
      cj.lengths.push(check('cubejs', st, sol));
    }
    rows.push(['cubejs', cjInit, stats(cj.times, cj.lengths, n, cpuSince(c0)), 22]);

    // cubing.js: its first call builds its tables; time it on a warm-up cube
    const { experimentalSolve3x3x3IgnoringCenters } = await import('cubing/search');
    const { cube3x3x3 } = await import('cubing/puzzles');
    const { Alg } = await import('cubing/alg');
    const kpuzzle = await cube3x3x3.kpuzzle();
    t0 = performance.now();
    await experimentalSolve3x3x3IgnoringCenters(kpuzzle.defaultPattern().applyAlg(new Alg("R U F' D2 L B'")));
    const cbInit = performance.now() - t0;
    const cb = { times: [], lengths: [] };
    c0 = process.cpuUsage();
    for (const st of states) {
      const pattern = kpuzzle.defaultPattern().applyAlg(new Alg(st.scramble));
      t0 = performance.now();
      const sol = (await experimentalSolve3x3x3IgnoringCenters(pattern)).toString();
      cb.times.push(performance.now() - t0);
      cb.lengths.push(check('cubing', st, sol));
    }
    rows.push(['cubing.js', cbInit, stats(cb.times, cb.lengths, n, cpuSince(c0)), 21]);
  }

  log('');
  log('| solver | table init ms | median solve ms | p90 ms | max ms | CPU ms per solve | mean length | max length | <= 20 moves |');
  log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [name, init, s] of rows) {
    log(`| ${name} | ${init == null ? '-' : init.toFixed(0)} | ${s.median.toFixed(2)} | ${s.p90.toFixed(1)} | ${s.max.toFixed(1)} | ${s.cpu.toFixed(2)} | ${s.meanLen.toFixed(2)} | ${s.maxLen} | ${(100 * s.le20).toFixed(1)}% |`);
  }
  log('');
  for (const [name, init, s, bound] of rows.slice(2)) {
    // evocube at the same bound (20 or 21; the peers without a bound against <= 20)
    const [, eInit, e] = bound === 21 && name.startsWith('min2phase') ? rows[1] : rows[0];
    log(`evocube${bound === 21 && name.startsWith('min2phase') ? ' (maxLength=21)' : ''} / ${name}: ${eInit != null && init != null ? `init ${(eInit / init).toFixed(3)}x, ` : ''}median solve ${(e.median / s.median).toFixed(3)}x, CPU per solve ${(e.cpu / s.cpu).toFixed(3)}x, mean length ${(e.meanLen / s.meanLen).toFixed(3)}x`);
  }
  log(`evocube nodes per solve: median ${Math.round(median(evo.nodes))}, p90 ${Math.round(quantile(evo.nodes, 0.9))}, max ${Math.max(...evo.nodes)}; params "${params}"`);
  log(`solutions verified: ${rows.length * n - failures.length} of ${rows.length * n}`);
  for (const f of failures.slice(0, 10)) log(`FAILED ${f}`);
  log('(figures for docs/BENCHMARKS.md, section "## twophase")');
  // cubing.js keeps a worker alive; end the process once the table is printed
  process.exit(failures.length ? 1 : 0);
}
