// optimal-table.test.mjs - the optimal search's own wasm module (web/gen/optimal.*) under
// Node and its stored table: the module has the main module's solvers plus `optimal`, the main
// module has not; a table the native tool built (build/cache, built here once by
// evocube_native when missing) imports into the wasm module in pieces with the same checksum
// as the native build's, and the module then solves optimally (the optima of scrambles whose
// optimum is known: 0, 2, a cancelling scramble's 2, and 10 and 12 from the native search);
// a truncated, corrupted or other-build file is refused by name and leaves no table held;
// the CLI's cache (scripts/cli/optimal-table.mjs) reports a refused file and rebuilds, and a
// cache folder it cannot write is a warning, the table still held; `evocube solve` and
// `evocube batch --solver optimal` run on one table.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCoreNode, loadOptimalCoreNode } from '../../web/lib/core-node.mjs';
import { EC } from '../../web/lib/core.mjs';
import { cachePath, ensureTable, importFile } from '../../scripts/cli/optimal-table.mjs';
import { store, levelFor, QuotaError } from '../../web/lib/optimal/table-store.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const CACHE = join(ROOT, 'build', 'cache');
const NATIVE = join(ROOT, 'build', 'native', 'evocube_native');
const CLI = join(ROOT, 'scripts', 'cli', 'evocube.mjs');

let core, tablePath, nativeSum, dir;

beforeAll(async () => {
  tablePath = cachePath(0, { XDG_CACHE_HOME: CACHE });
  // the native tool's table (its cache file, checked on load; built when missing: ~25 s CPU)
  const r = spawnSync(NATIVE, ['optimal-table', '--level', '0', '--threads', '2'], { env: { ...process.env, XDG_CACHE_HOME: CACHE }, encoding: 'utf8', timeout: 590000 });
  if (r.status !== 0) throw new Error(`evocube_native optimal-table failed: ${r.stderr || r.error}`);
  nativeSum = JSON.parse(r.stdout.trim().split('\n').pop()).checksum;
  core = await loadOptimalCoreNode();
  dir = mkdtempSync(join(tmpdir(), 'evocube-opt-'));
}, 600000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the optimal solver is in the on-demand module only', async () => {
  const main = await loadCoreNode();
  expect(main.solvers().some((s) => s.name === 'optimal')).toBe(false);
  expect(main.hasOptimalTable()).toBe(false);
  const names = core.solvers().map((s) => s.name);
  expect(names.filter((n) => n !== 'optimal')).toEqual(main.solvers().map((s) => s.name));
  expect(names).toContain('optimal');
  expect(core.tableBytes(0)).toEqual({ memory: 73481013, stored: 73481093 });
});

test('a natively built table imports in pieces with its checksum, then the module solves optimally', () => {
  expect(importFile(core, tablePath)).toBe(true);
  expect(core.tableChecksum()).toBe(nativeSum);
  expect(core.tableProgress()).toEqual({ share: 1, level: 0 });
  for (const [scramble, optimum] of [['', 0], ['R U', 2], ["F2 L' D B U2 R F' D2 L B'", 10], ["R U F D' L2 B R' U2 F' L D B2", 12]]) {
    const f = core.apply(scramble);
    const { status, result } = core.run({ solver: 'optimal', facelets: f });
    expect([scramble, status, result.solved, result.length]).toEqual([scramble, 'solved', true, optimum]);
    expect(core.verify(f, result.solution).solved).toBe(true);
  }
  // a scramble whose optimum is shorter than itself: R R' cancels, U U = U2
  expect(core.run({ solver: 'optimal', facelets: core.apply("R R' U U F") }).result.length).toBe(2);
}, 120000);

// the stored form with one change, written to a file of its own
function variant(name, change) {
  const bytes = Buffer.from(readFileSync(tablePath));
  const out = change(bytes);
  const p = join(dir, name);
  writeFileSync(p, out);
  return p;
}

test.each([
  ['truncated', (b) => b.subarray(0, b.length - 1000), /truncat|size|short/i],
  ['a byte of the table changed', (b) => { b[b.length >> 1] ^= 0x10; return b; }, /checksum/i],
  ['another build (its build id)', (b) => { b[0x38] ^= 1; return b; }, /build/i],
  ['not a table', () => Buffer.from('hello, this is not a table at all, but it is long enough for a header of 80 bytes....'), /not a table|magic/i],
  ['empty', () => Buffer.alloc(0), /truncat|short|not a table|size/i],
])('a stored table %s is refused by name and never held', (name, change, why) => {
  const p = variant(name.replace(/\W+/g, '-'), change);
  // from no table: none held after the refusal
  core.tableFree();
  let err = null;
  try { importFile(core, p); } catch (e) { err = e; }
  expect(err && err.code).toBe(EC.E_TABLE);
  expect(err.message).toMatch(why);
  expect(core.tableProgress().level).toBe(-1);
  expect(() => core.tableChecksum()).toThrow();
  // from a good table: a refusal by the header keeps it, one later leaves none; never the bad one
  importFile(core, tablePath);
  expect(() => importFile(core, p)).toThrow(why);
  const held = core.tableProgress().level === -1 ? null : core.tableChecksum();
  expect([null, nativeSum]).toContain(held);
}, 60000);

test('the CLI cache: a refused file is reported and rebuilt (never used); an unwritable folder is a warning', () => {
  const env = { XDG_CACHE_HOME: join(dir, 'cache') };
  const p = cachePath(0, env);
  mkdirSync(join(p, '..'), { recursive: true });
  copyFileSync(variant('bad', (b) => { b[b.length - 7] ^= 1; return b; }), p);
  core.tableFree();
  const notes = [];
  // the build step is the real import of the good table (a wasm build takes minutes)
  const build = () => { importFile(core, tablePath); };
  const r = ensureTable(core, 0, { env, note: (t) => notes.push(t), build });
  expect(r).toEqual({ path: p, built: true });
  expect(notes[0]).toMatch(/^warning: the cached table .* was refused \(.*checksum.*\); building it again$/);
  expect(core.tableChecksum()).toBe(nativeSum);
  // the rewritten file is whole and good
  expect(readFileSync(p).equals(readFileSync(tablePath))).toBe(true);
  // the next time it is read, not built
  core.tableFree();
  expect(ensureTable(core, 0, { env, note: (t) => notes.push(t), build: () => { throw new Error('must not build'); } })).toEqual({ path: p, built: false });
  // a cache "folder" that is a file: the write fails, the table is held all the same
  const file = join(dir, 'a-file');
  writeFileSync(file, 'x');
  core.tableFree();
  const notes2 = [];
  expect(ensureTable(core, 0, { env: { XDG_CACHE_HOME: file }, note: (t) => notes2.push(t), build }).built).toBe(true);
  expect(notes2.some((t) => /^warning: the table could not be written to .*; it is used all the same$/.test(t))).toBe(true);
  expect(core.tableChecksum()).toBe(nativeSum);
}, 120000);

test('evocube solve and batch --solver optimal: one table from the cache, optimal lengths, bad lines named', () => {
  const env = { ...process.env, XDG_CACHE_HOME: CACHE };
  const solve = spawnSync(process.execPath, [CLI, 'solve', '--solver', 'optimal', '--scramble', "R U F D' L2 B R' U2 F' L D B2", '--json'], { env, encoding: 'utf8', timeout: 120000 });
  expect([solve.status, solve.stderr]).toEqual([0, '']);
  expect(JSON.parse(solve.stdout)).toMatchObject({ solver: 'optimal', solved: true, length: 12 });
  const file = join(dir, 'cubes.txt');
  writeFileSync(file, "R U\nnot a cube\nF2 L' D B U2 R F' D2 L B'\n");
  const batch = spawnSync(process.execPath, [CLI, 'batch', '--solver', 'optimal', '--file', file, '--jobs', '2', '--no-time'], { env, encoding: 'utf8', timeout: 120000 });
  expect(batch.status).toBe(2);
  const lines = batch.stdout.trim().split('\n').map((l) => JSON.parse(l));
  expect(lines.map((l) => l.length ?? l.error)).toEqual([2, 'line 2: unknown move "not" at character 1', 10]);
  expect(batch.stderr).toMatch(/sharing its one table/);
  // a table level the core does not have (its levels are 0..13) is a usage error, not a crash
  const bad = spawnSync(process.execPath, [CLI, 'solve', '--solver', 'optimal', '--scramble', 'R', '--param', 'table=14'], { env, encoding: 'utf8', timeout: 60000 });
  expect(bad.status).toBe(2);
  expect(bad.stderr).toMatch(/^error: table=14: /);
}, 300000);

test('the browser store: too little quota is refused before anything is written; the level follows the device memory', async () => {
  importFile(core, tablePath);
  let touched = false;
  const storage = { estimate: async () => ({ quota: 50e6, usage: 10e6 }), getDirectory: async () => { touched = true; throw new Error('must not be reached'); } };
  await expect(store(core, 0, { storage })).rejects.toThrow(QuotaError);
  await expect(store(core, 0, { storage })).rejects.toThrow('the browser allows this site 40.0 MB more storage; the table needs 73.5 MB');
  expect(touched).toBe(false);
  // neither a file system nor IndexedDB: said, not a crash
  await expect(store(core, 0, { storage: { estimate: async () => ({ quota: 1e12, usage: 0 }) } })).rejects.toThrow(/^this browser keeps no files for the site: the table is not stored/);
  // a quarter of the device's memory: 0.5 GB -> level 0 (73.5 MB), 1 GB -> level 1 (246.1 MB of 250)
  expect(core.tableBytes(1).memory).toBeLessThan(250e6);
  expect([0.25, 0.5, 1, 8, undefined].map((gb) => levelFor(core, gb, 2))).toEqual([0, 0, 1, 1, 1]);
  // the first six levels: the largest table within the budget, whatever its number (3, 4, 5
  // add the h48 table to 0, 1, 2: 102.9, 363.7, 536.3 MB, the same while built: in place)
  expect(core.tableBytes(3).memory).toBe(102872884);
  expect([0.25, 0.5, 0.75, 1, 2, 4].map((gb) => levelFor(core, gb, 6))).toEqual([0, 3, 3, 1, 2, 5]);
  // all twelve: 6 (61.8 MB), 7 (481.2), 8 (246.1, 8 bytes more than 1), 9 (763.9), 10 (1109.1),
  // 11 (32.4: the only one within a 0.125 GB device's quarter)
  expect(core.tableBytes(10).memory).toBeGreaterThan(1e9);
  expect(core.tableBytes(11).memory).toBe(32418679);
  expect([0.125, 0.25, 0.5, 0.75, 1, 2, 3, 4, 8].map((gb) => levelFor(core, gb, 12))).toEqual([11, 6, 3, 3, 8, 7, 5, 9, 10]);
  expect(levelFor(core, 0.1, 12)).toBe(11); // none fits: the smallest
});
