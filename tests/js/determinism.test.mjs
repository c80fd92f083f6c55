// determinism.test.mjs - every registered solver, run on fixed seeds natively
// (build/native/evocube_native) and in wasm (web/core.mjs), must give identical solutions
// and identical progress streams: share links depend on it. Small params keep it quick.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadCoreNode } from '../../web/core-node.mjs';

const NATIVE = fileURLToPath(new URL('../../build/native/evocube_native', import.meta.url));
const core = await loadCoreNode();
const solvers = core.solvers().map((s) => s.name);

// Params that keep each solver's run short; a solver not listed runs with its defaults.
const QUICK = {
  twes: 'preset=small',
  'macro-ga': 'population=100,elitism=10',
  pso: 'particles=10,iterations=200',
  greedy: 'iterations=2000',
  aco: 'ants=8,iterations=30',
  dkho: 'krill=10,iterations=30',
};
const CASES = [
  { scramble: "R U F' L2", seed: 7 },
  { scramble: "D B2 R' U L F2 D'", seed: 123456789 },
];

// An unknown key makes both runs fail with the core's message, so QUICK cannot go stale.
const quickParams = (name) => QUICK[name] || '';

function wasmRun(name, facelets, seed, params) {
  const { result, records } = core.run({ solver: name, facelets, seed, params }, { keep: true });
  return { result, records };
}

function nativeRun(name, scramble, seed, params) {
  const args = ['solve', '--solver', name, '--scramble', scramble, '--seed', String(seed), '--progress', '--json'];
  if (params) args.push('--param', params);
  const r = spawnSync(NATIVE, args, { encoding: 'utf8', maxBuffer: 1 << 28, timeout: 300000 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`native run failed: ${r.stderr}`);
  const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  return { result: lines.pop(), records: lines };
}

test('solvers are registered', () => {
  expect(solvers.length).toBeGreaterThan(0);
});

for (const name of solvers) {
  test(`${name}: native and wasm give the same solution and progress stream`, () => {
    for (const { scramble, seed } of CASES) {
      const params = quickParams(name);
      const facelets = core.apply(scramble);
      const w = wasmRun(name, facelets, seed, params);
      const n = nativeRun(name, scramble, seed, params);
      expect(w.result.solution).toBe(n.result.solution);
      expect(w.result.solved).toBe(n.result.solved);
      expect(w.result.generations).toBe(n.result.generations);
      expect(w.records.length).toBe(n.records.length);
      expect(w.records).toEqual(n.records);
      if (w.result.solved) expect(core.verify(facelets, w.result.solution).solved).toBe(true);
      // and a second wasm run with the same seed repeats itself exactly
      expect(wasmRun(name, facelets, seed, params).result.solution).toBe(w.result.solution);
    }
  });
}
