// optimal-threads.test.mjs - the threaded optimal module (web/gen/optimal-mt.*: pthreads on
// shared memory, Node's worker_threads) against the one-thread module and the native solver:
// on seeded scrambles of 8 to 12 moves and on symmetric cubes, the same solution and length whatever the thread
// count (2, 3 asked of a pool made for 2, and run again), as one thread and as native (1 and
// 2 threads); progress records while the threads search (depth, nodes, the proven lower
// bound); a run freed mid-search leaves its threads parked (the process idle) and the next
// run is right; `evocube solve --threads 2` on one table, and with an empty cache its build
// of the 32 MB level on both threads (the native file byte for byte). The table: the native tool's cache
// file (build/cache, built once when missing, as optimal-table.test.mjs does).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOptimalCoreNode } from '../../web/lib/core-node.mjs';
import { STATUS } from '../../web/lib/protocol.mjs';
import { cachePath, importFile } from '../../scripts/cli/optimal-table.mjs';
import { hereThreads, searchThreads, MAX_PAGE_THREADS } from '../../web/lib/optimal/threads.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const CACHE = join(ROOT, 'build', 'cache');
const NATIVE = join(ROOT, 'build', 'native', 'evocube_native');
const CLI = join(ROOT, 'scripts', 'cli', 'evocube.mjs');
const ENV = { ...process.env, XDG_CACHE_HOME: CACHE };

let one, two;

beforeAll(async () => {
  const r = spawnSync(NATIVE, ['optimal-table', '--level', '0', '--threads', '2'], { env: ENV, encoding: 'utf8', timeout: 590000 });
  if (r.status !== 0) throw new Error(`evocube_native optimal-table failed: ${r.stderr || r.error}`);
  const path = cachePath(0, ENV);
  one = await loadOptimalCoreNode();
  two = await loadOptimalCoreNode({ threads: 2 });
  importFile(one, path);
  importFile(two, path);
}, 600000);

const solve = (core, facelets, threads) => {
  const { status, result } = core.run({ solver: 'optimal', facelets, params: `threads=${threads}` });
  expect(status).toBe(STATUS.SOLVED);
  expect(core.verify(facelets, result.solution).solved).toBe(true);
  return `${result.length} ${result.solution}`;
};

const native = (facelets, threads) => {
  const r = spawnSync(NATIVE, ['solve', '--solver', 'optimal', '--facelets', facelets, '--param', `threads=${threads}`, '--json'], { env: ENV, encoding: 'utf8', timeout: 120000 });
  if (r.status !== 0) throw new Error(`evocube_native solve failed: ${r.stderr || r.error}`);
  const j = JSON.parse(r.stdout);
  return `${j.length} ${j.solution}`;
};

test("the page's thread count and its words: threads only when isolated with shared memory and more than one core", () => {
  const iso = { isolated: true, shared: true, serviceWorker: true };
  expect(searchThreads({ ...iso, cores: 4 })).toEqual({ threads: 4, text: '4 search threads on one shared table' });
  expect(searchThreads({ ...iso, cores: 64 }).threads).toBe(MAX_PAGE_THREADS);
  expect(searchThreads({ ...iso, cores: 1 })).toEqual({ threads: 1, text: 'one search thread: this device reports one core' });
  expect(searchThreads({ ...iso, cores: undefined }).threads).toBe(1);
  expect(searchThreads({ ...iso, isolated: false, shared: false, cores: 4 })).toEqual({ threads: 1, text: 'one search thread: this page is not cross-origin isolated yet (reload once)' });
  expect(searchThreads({ cores: 4 }).text).toBe('one search thread: this browser gives the page no service worker, so no cross-origin isolation and no shared memory');
  expect(searchThreads({ ...iso, shared: false, cores: 4 }).text).toBe('one search thread: this browser has no shared memory (SharedArrayBuffer)');
});

test('hereThreads reads the context it is given (isolation, SharedArrayBuffer, cores, service worker), as every searching part of the page does', () => {
  const sab = function SharedArrayBuffer() {};
  const ctx = (o) => ({ crossOriginIsolated: true, SharedArrayBuffer: sab, navigator: { hardwareConcurrency: 2, serviceWorker: {} }, ...o });
  expect(hereThreads(ctx({}))).toEqual({ threads: 2, text: '2 search threads on one shared table' });
  expect(hereThreads(ctx({ crossOriginIsolated: false }))).toEqual(searchThreads({ isolated: false, shared: true, cores: 2, serviceWorker: true }));
  expect(hereThreads(ctx({ SharedArrayBuffer: undefined })).threads).toBe(1);
  expect(hereThreads(ctx({ crossOriginIsolated: false, navigator: { hardwareConcurrency: 2 } })).text).toMatch(/no service worker/);
  expect(hereThreads(ctx({ navigator: undefined })).threads).toBe(1);
  // Node here: not isolated, so one thread, whatever its cores
  expect(hereThreads().threads).toBe(1);
});

test('the modules are what they say: threads param in both, shared memory only in the threaded one', () => {
  const p = (core) => core.solvers().find((s) => s.name === 'optimal').params.find((x) => x.key === 'threads');
  expect(p(one)).toMatchObject({ key: 'threads', default: 1, min: 1 });
  expect(p(two)).toEqual(p(one));
  expect(two.raw().wasmMemory.buffer).toBeInstanceOf(SharedArrayBuffer);
  expect(one.raw().HEAPU8.buffer).not.toBeInstanceOf(SharedArrayBuffer);
  expect(two.threadWorkers().length).toBe(1);
  expect(one.threadWorkers()).toEqual([]);
});

test('seeded scrambles of 8 to 12 moves: the same solution on 1, 2 and 3 threads, in both modules and natively', () => {
  const seen = new Set();
  for (const [n, seed] of [[8, 1], [9, 2], [10, 3], [11, 4], [12, 5], [12, 6]]) {
    const f = one.apply(one.scrambleMoves(n, seed));
    const want = solve(one, f, 1);
    expect(Number(want.split(' ')[0])).toBeLessThanOrEqual(n);
    seen.add(want.split(' ')[0]);
    expect([n, seed, solve(two, f, 2)]).toEqual([n, seed, want]);
    expect([n, seed, solve(two, f, 2)]).toEqual([n, seed, want]); // again: the threads' timing differs
    expect([n, seed, solve(two, f, 3)]).toEqual([n, seed, want]); // more than the pool: runs on fewer
    expect([n, seed, solve(one, f, 2)]).toEqual([n, seed, want]); // split, on the caller alone
    expect([n, seed, native(f, 1)]).toEqual([n, seed, want]);
    expect([n, seed, native(f, 2)]).toEqual([n, seed, want]);
  }
  expect(seen.size).toBeGreaterThan(1); // not one length for all
}, 300000);

test('symmetric cubes (searched one solution class per symmetry): the same solution on 1, 2 and 3 threads, in both modules and natively', () => {
  // four spots (16 symmetries), six spots, and a word fixed by the half turn about the U-D axis
  for (const alg of ["F2 B2 U D' R2 L2 U D'", "U D' R L' F B' U D'", "R L U F B D' R L F' B' U2"]) {
    const f = one.apply(alg);
    const want = solve(one, f, 1);
    expect(Number(want.split(' ')[0])).toBeLessThanOrEqual(alg.split(' ').length);
    for (const [core, t] of [[two, 2], [two, 3], [one, 2]]) expect([alg, t, solve(core, f, t)]).toEqual([alg, t, want]);
    expect([alg, native(f, 1), native(f, 2)]).toEqual([alg, want, want]);
  }
}, 300000);

test('progress records while the threads search; a run freed mid-search leaves the threads parked', async () => {
  // a random state: far deeper than a step's million nodes on the level-0 table
  const f = two.apply(two.randomStateScramble(7));
  const run = two.createSolver('optimal', f, 1, 'threads=2');
  let records = [];
  try {
    for (let i = 0; i < 10; i++) {
      const step = run.advance(1, true);
      expect(step.status).toBe(STATUS.RUNNING);
      records = records.concat(step.records);
    }
  } finally {
    run.free();
  }
  expect(records.length).toBe(10);
  for (const r of records) {
    expect(r.phaseName).toBe(`depth ${r.best}`);
    expect(r.best).toBeGreaterThanOrEqual(12);
    expect(r.bestLength).toBe(-1);
  }
  // a step is a million nodes of both threads together (each may pass it by one slice of
  // 65,536), less when a depth ends in it
  const nodes = records.map((r) => r.evaluations);
  const steps = nodes.slice(1).map((n, i) => n - nodes[i]);
  for (const d of steps) expect(d).toBeGreaterThan(0);
  for (const d of steps) expect(d).toBeLessThanOrEqual(1e6 + 2 * 65536);
  expect(Math.max(...steps)).toBeGreaterThanOrEqual(1e6);
  // parked: the process (all its threads) uses little CPU over the next second, where one
  // thread still searching would use most of it (the process's own work, a garbage
  // collection or the test runner's, took up to 166 ms of a half second under load)
  const c0 = process.cpuUsage();
  await new Promise((r) => setTimeout(r, 1000));
  const c = process.cpuUsage(c0);
  expect((c.user + c.system) / 1000).toBeLessThan(400);
  // and the same threads serve the next run
  const g = two.apply("R U F D' L2 B R' U2 F' L D B2");
  expect(solve(two, g, 2)).toBe(solve(one, g, 1));
}, 120000);

test('evocube solve --threads 2 on one table: the one-thread solution', () => {
  const scramble = "F2 L' D B U2 R F' D2 L B'";
  const out = (threads) => {
    const r = spawnSync('node', [CLI, 'solve', '--solver', 'optimal', '--threads', String(threads), '--scramble', scramble, '--json'], { env: ENV, encoding: 'utf8', timeout: 120000 });
    expect([r.status, r.stderr]).toEqual([0, '']);
    return JSON.parse(r.stdout);
  };
  const a = out(1), b = out(2);
  expect(b.length).toBe(10);
  expect(b.solution).toBe(a.solution);
  const bad = spawnSync('node', [CLI, 'solve', '--solver', 'hugo', '--threads', '2', '--scramble', 'R U'], { env: ENV, encoding: 'utf8' });
  expect([bad.status, bad.stderr.trim()]).toEqual([2, "error: --threads is for the optimal search's solvers (hugo has no threads param)"]);
}, 120000);

// the CLI's build when its cache has no table: on the threaded module's threads
// (ec_optimal_table_build_step_threads), the native tool's file byte for byte
test('evocube solve --threads 2 --param table=11 with an empty cache builds on both threads: the native file, byte for byte', () => {
  const empty = mkdtempSync(join(tmpdir(), 'evocube-cache-'));
  try {
    const nat = spawnSync(NATIVE, ['optimal-table', '--level', '11', '--threads', '2'], { env: ENV, encoding: 'utf8', timeout: 300000 });
    expect([nat.status, nat.stderr.includes('error')]).toEqual([0, false]);
    const r = spawnSync('node', [CLI, 'solve', '--solver', 'optimal', '--param', 'table=11', '--threads', '2', '--scramble', "R U F D' L2 B R' U2 F' L D B2", '--json'],
      { env: { ...process.env, XDG_CACHE_HOME: empty }, encoding: 'utf8', timeout: 300000 });
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^building the optimal search's table \(level 11, 32\.4 MB, 2 threads; /);
    expect(JSON.parse(r.stdout).length).toBe(12);
    expect(readFileSync(cachePath(11, { XDG_CACHE_HOME: empty })).equals(readFileSync(cachePath(11, ENV)))).toBe(true);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
}, 300000);
