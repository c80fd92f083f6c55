// twes.test.mjs - the Thistlethwaite ES gives the same run natively (build/native/evocube_native)
// and in wasm (web/lib/core-node.mjs): same solution, phases, generations and progress records
// for the same facelets, seed and params; and its progress records carry the twes fields.
// The wasm runs go through a worker thread killed at a limit, the native CLI is killed at it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { isolatedCore } from './isolated.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const native = join(root, 'build', 'native', 'evocube_native');
const core = await loadCoreNode();
const iso = isolatedCore(); // each run in a worker thread, killed at LIMIT
afterAll(() => iso.close());
const LIMIT = 60000; // ms per run (each takes a few seconds at most)

function wasmRun(facelets, seed, params) {
  return iso.run({ solver: 'twes', facelets, seed, params }, { work: 3, keep: true, limitMs: LIMIT, label: `twes seed ${seed} ${params}` });
}

function nativeRun(facelets, seed, params) {
  const args = ['solve', '--solver', 'twes', '--facelets', facelets, '--seed', String(seed), '--progress', '--json'];
  for (const p of params.split(',')) args.push('--param', p);
  const out = execFileSync(native, args, { encoding: 'utf8', maxBuffer: 64 << 20, timeout: LIMIT, killSignal: 'SIGKILL' }).trim().split('\n');
  const result = JSON.parse(out.pop());
  return { result, records: out.map((l) => JSON.parse(l)) };
}

const cases = [
  ["R U2 F' L D2 B R' U F2 L' D B2 U' R2 F L2", 5, 'mu=50,lambda=2500'],
  ["F B' U2 L R' D F2 U' B L2 R D' F' U2 B2 R'", 12, 'mu=40,lambda=2000,phase_end=0,axis_merge=1'],
];

test.each(cases)('native and wasm agree on %s (seed %i, %s)', async (scramble, seed, params) => {
  if (!existsSync(native)) throw new Error(`${native} is missing; run npm run build`);
  const facelets = core.apply(scramble);
  const w = await wasmRun(facelets, seed, params);
  const n = nativeRun(facelets, seed, params);
  expect(w.status).toBe('solved');
  expect(n.result.solved).toBe(true);
  expect(w.result.solution).toBe(n.result.solution);
  expect(w.result.phases).toEqual(n.result.phases);
  expect(w.result.generations).toBe(n.result.generations);
  expect(w.result.evaluations).toBe(n.result.evaluations);
  expect(w.records).toEqual(n.records);
  expect(core.verify(facelets, w.result.solution).solved).toBe(true);
});

test('progress records: one per generation, twes phases and counters', async () => {
  const facelets = core.apply("L U' B2 R D' F L2 U");
  const { status, result, records } = await wasmRun(facelets, 3, 'mu=30,lambda=1500,phase_end=0');
  expect(status).toBe('solved');
  expect(records.length).toBe(result.generations);
  records.forEach((r, i) => expect(r.gen).toBe(i + 1));
  const names = [...new Set(records.map((r) => r.phaseName))];
  expect(names[0]).toBe('G0 -> G1');
  expect(names[names.length - 1]).toBe('G3 -> G4');
  for (const r of records) {
    expect(r.best).toBeLessThanOrEqual(r.mean);
    expect(r.restarts).toBeGreaterThanOrEqual(0);
    expect(r.found).toBeGreaterThanOrEqual(0);
    expect(r.found).toBeLessThanOrEqual(30);
    expect(r.diversity).toBeGreaterThanOrEqual(0);
    expect(r.diversity).toBeLessThanOrEqual(1);
  }
  expect(result.phases.map((p) => p.name)).toEqual(['G0 -> G1', 'G1 -> G2 (edges)', 'G1 -> G2 (corners)', 'G2 -> G3', 'G3 -> G4']);
});
