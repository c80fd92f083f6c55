// golden.test.mjs - every solver's output is pinned (scripts/golden.mjs says how and why): the
// cases of tests/data/golden-runs.json must give the same result, record count and progress
// stream hash natively (build/native/evocube_native) and in wasm.
import { CASES, NATIVE, caseKey, nativeRun, readGolden, summary } from '../../scripts/golden.mjs';
import { loadCoreNode } from '../../web/core-node.mjs';

const core = await loadCoreNode();
const golden = readGolden();

function wasmRun(solver, [scramble, seed, params]) {
  const { result, records } = core.run({ solver, facelets: core.apply(scramble), seed, params }, { keep: true });
  // the CLI's --json object has the same fields as the core's result JSON plus time_ms
  return summary(solver, result, records);
}

test('every registered solver has golden runs, and every golden run a case', () => {
  expect(Object.keys(CASES).sort()).toEqual(core.solvers().map((s) => s.name).sort());
  expect(Object.keys(golden).sort()).toEqual(
    Object.entries(CASES).flatMap(([s, cs]) => cs.map((c) => caseKey(s, c))).sort());
});

for (const [solver, cases] of Object.entries(CASES)) {
  test(`${solver}: native and wasm runs equal the golden runs`, () => {
    for (const c of cases) {
      const key = caseKey(solver, c);
      expect([key, nativeRun(NATIVE, solver, c)]).toEqual([key, golden[key]]);
      expect([key, wasmRun(solver, c)]).toEqual([key, golden[key]]);
    }
  });
}
