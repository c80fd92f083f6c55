// golden.test.mjs - every solver's output is pinned (scripts/golden.mjs says how and why): the
// cases of tests/data/golden-runs.json must give the same result, record count and progress
// stream hash natively (build/native/evocube_native) and in wasm. Each run has a hard limit:
// the native CLI is killed, the wasm run's thread terminated (isolated.mjs).
import { NATIVE, casesOf, caseKey, nativeRun, readGolden, registered, summary } from '../../scripts/golden.mjs';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { isolatedCore } from './isolated.mjs';

const core = await loadCoreNode();
const iso = isolatedCore();
afterAll(() => iso.close());
const golden = readGolden();
const LIMIT = 60000; // ms per run (the slowest takes a few seconds on a loaded machine)

async function wasmRun(solver, [scramble, seed, params]) {
  const { result, records } = await iso.run({ solver, facelets: core.apply(scramble), seed, params },
    { keep: true, limitMs: LIMIT, label: caseKey(solver, [scramble, seed, params]) });
  // the CLI's --json object has the same fields as the core's result JSON plus time_ms
  return summary(solver, result, records);
}

// every registered solver, with its cases (scripts/golden.mjs: its own, or the default ones):
// the wasm module's, and the native build's (the same list, plus the solvers built natively
// only: optimal, whose table is too big for the main module)
const SOLVERS = casesOf(core.solvers().map((s) => s.name));
const NATIVE_SOLVERS = casesOf(registered(NATIVE));

test('every registered solver has golden runs, and every golden run a case', () => {
  expect(SOLVERS.length).toBeGreaterThanOrEqual(8);
  const wasmNames = SOLVERS.map(([s]) => s);
  expect(NATIVE_SOLVERS.map(([s]) => s).filter((s) => wasmNames.includes(s))).toEqual(wasmNames);
  expect(Object.keys(golden).sort()).toEqual(NATIVE_SOLVERS.flatMap(([s, cs]) => cs.map((c) => caseKey(s, c))).sort());
});

for (const [solver, cases] of NATIVE_SOLVERS.filter(([s]) => !SOLVERS.some(([w]) => w === s))) {
  test(`${solver} (native builds only): native runs equal the golden runs`, () => {
    for (const c of cases) {
      const key = caseKey(solver, c);
      let native;
      try { native = nativeRun(NATIVE, solver, c, { timeoutMs: LIMIT * 4 }); } catch (e) { throw new Error(`${key} (native): ${e.message}`); }
      expect([key, native]).toEqual([key, golden[key]]);
    }
  }, LIMIT * 12); // the first run may build the table (build/cache)
}

for (const [solver, cases] of SOLVERS) {
  test(`${solver}: native and wasm runs equal the golden runs`, async () => {
    for (const c of cases) {
      const key = caseKey(solver, c);
      let native;
      try { native = nativeRun(NATIVE, solver, c, { timeoutMs: LIMIT }); } catch (e) { throw new Error(`${key} (native): ${e.message}`); }
      expect([key, native]).toEqual([key, golden[key]]);
      expect([key, await wasmRun(solver, c)]).toEqual([key, golden[key]]);
    }
  });
}
