// determinism.test.mjs - every registered solver, run natively (build/native/evocube_native)
// and in wasm (web/lib/core.mjs) on the same cubes, seeds and params, must give the same run: the
// whole progress stream record by record, and the whole result (solution, status,
// generations, evaluations, phases). Share links depend on it.
//
// The cases are chosen to make a platform difference show:
// - TIES: scrambles of commuting opposite-face pairs ("R L U D F B R L", "R2 L2 U2 D2 F2
//   B2"), where many moves have equal fitness at every step, so any difference in how a
//   ranking or a greedy choice breaks ties changes the run;
// - LONG: runs of hundreds to thousands of generations (HuGO! 170 and 2,090 generations,
//   and a HuGO! run capped at 3,000 that gives up; twes and macro-ga hundreds), where a
//   rare difference has room to appear; each run's records are compared, not only its end.
// Every solver must solve at least one of its cases (two runs that both give up are compared
// on their whole streams, never only on an empty solution). Params keep each run to about a
// second in wasm: HuGO! is capped with maxGenerations, the other solvers use small
// populations. A solver not listed here runs the TIES cases with its defaults.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadCoreNode } from '../../web/lib/core-node.mjs';

const NATIVE = fileURLToPath(new URL('../../build/native/evocube_native', import.meta.url));
const core = await loadCoreNode();
const solvers = core.solvers().map((s) => s.name);

const TIES = [
  { scramble: 'R L U D F B R L', seed: 5 },
  { scramble: 'R2 L2 U2 D2 F2 B2', seed: 5 },
];
const SHORT = [
  { scramble: "R U F' L2", seed: 7 },
  { scramble: "D B2 R' U L F2 D'", seed: 123456789 },
];
// per solver: [cases, params]; a case's own params replace the solver's
const PLAN = {
  twophase: [[...TIES, ...SHORT, { scramble: "L' B2 D2 L2 F2 U2 R B2 D2 B2 L2 F L D' F2 R' F' R F' U'", seed: 11 }], ''],
  hugo: [[...TIES, { scramble: "R U F' L2", seed: 7 }, { scramble: "R U2 F' L D2 B", seed: 1 },
    { scramble: "D B2 R' U L F2 D'", seed: 123456789, params: 'maxGenerations=3000' },
    // the authors' program's pair weights (10/100/10) spread a generation's fitness values over
    // 256 or more in phase 2 (this cube starts there), so the ranking takes its insertion-sort
    // path (ga.c), not the counting sort
    { scramble: "F R U R' U' F'", seed: 1, params: 'preset=program,maxGenerations=3000' }], 'maxGenerations=5000'],
  twes: [[...TIES, ...SHORT], 'preset=small'],
  'macro-ga': [[...TIES, ...SHORT], 'population=100,elitism=10'],
  pso: [[...TIES, ...SHORT], 'particles=10,iterations=200'],
  greedy: [[...TIES, ...SHORT], 'iterations=2000'],
  // sight=1 (the default) takes every improvement near solved without a roulette spin; the
  // text's rule (preset=text) spins it every move
  aco: [[...TIES, ...SHORT, { scramble: "D B2 R' U L F2 D'", seed: 123456789, params: 'ants=8,iterations=30,preset=text' }],
    'ants=8,iterations=30'],
  dkho: [[...TIES, ...SHORT], 'krill=10,iterations=30'],
};
const plan = (name) => PLAN[name] || [TIES, ''];

// the result's fields that must agree (time_ms is the caller's clock and may not)
const RESULT_FIELDS = ['solver', 'seed', 'status', 'solved', 'solution', 'length', 'generations', 'evaluations', 'phases'];
const pick = (r) => Object.fromEntries(RESULT_FIELDS.map((k) => [k, r[k]]));

function wasmRun(name, facelets, seed, params) {
  const { result, records } = core.run({ solver: name, facelets, seed, params }, { keep: true });
  return { result, records };
}

function nativeRun(name, scramble, seed, params) {
  const args = ['solve', '--solver', name, '--scramble', scramble, '--seed', String(seed), '--progress', '--json'];
  if (params) args.push('--param', params);
  const r = spawnSync(NATIVE, args, { encoding: 'utf8', maxBuffer: 1 << 28, timeout: 60000, killSignal: 'SIGKILL' });
  if (r.status !== 0 && r.status !== 1) throw new Error(`native run failed (status ${r.status}, signal ${r.signal}): ${r.stderr}`);
  const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  return { result: lines.pop(), records: lines };
}

test('solvers are registered, and each has a plan', () => {
  expect(solvers.length).toBeGreaterThan(0);
  for (const name of Object.keys(PLAN)) expect(solvers).toContain(name);
});

for (const name of solvers) {
  test(`${name}: native and wasm give the same progress stream and result`, () => {
    const [cases, solverParams] = plan(name);
    let solved = 0;
    for (const c of cases) {
      const params = c.params ?? solverParams;
      const what = `${name} [${c.scramble}] seed ${c.seed} ${params}`;
      const facelets = core.apply(c.scramble);
      const w = wasmRun(name, facelets, c.seed, params);
      const n = nativeRun(name, c.scramble, c.seed, params);
      expect({ what, result: pick(w.result) }).toEqual({ what, result: pick(n.result) });
      // one record per generation, the stream equal record by record (the first difference
      // is named by its index)
      expect({ what, records: w.records.length }).toEqual({ what, records: n.result.generations });
      const diff = w.records.findIndex((r, i) => JSON.stringify(r) !== JSON.stringify(n.records[i]));
      expect({ what, firstDifference: diff, wasm: w.records[diff], native: n.records[diff] }).toEqual({ what, firstDifference: -1 });
      expect(w.records).toEqual(n.records);
      if (w.result.solved) {
        solved++;
        expect(core.verify(facelets, w.result.solution).solved).toBe(true);
      } else {
        expect(w.result.solution).toBe('');
      }
      // a second wasm run with the same seed repeats itself exactly
      const again = wasmRun(name, facelets, c.seed, params);
      expect(again.records.length).toBe(w.records.length);
      expect(pick(again.result)).toEqual(pick(w.result));
    }
    expect({ name, solved: solved > 0 }).toEqual({ name, solved: true });
  });
}
