// short-presets.test.mjs - the opt-in preset=short of twes and macro-ga run the same
// natively and in wasm (result, record count, progress stream hash), on two cubes each: a
// 6-move scramble and a uniformly random state. Their length figures are benchmarks
// (`npm run bench -- short`, docs/BENCHMARKS.md ## short-presets), not tests.
import { NATIVE, nativeRun, summary } from '../../scripts/golden.mjs';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { isolatedCore } from './isolated.mjs';

const core = await loadCoreNode();
const iso = isolatedCore();
afterAll(() => iso.close());
const LIMIT = 60000;
const RANDOM2 = core.randomStateScramble(2);

for (const solver of ['twes', 'macro-ga']) {
  test(`${solver} preset=short: native = wasm, solved and verified`, async () => {
    for (const [scramble, seed] of [["R U F' L2 D B", 3], [RANDOM2, 2]]) {
      const c = [scramble, seed, 'preset=short'];
      const native = nativeRun(NATIVE, solver, c, { timeoutMs: LIMIT });
      const f = core.apply(scramble);
      const { result, records } = await iso.run({ solver, facelets: f, seed, params: 'preset=short' },
        { keep: true, limitMs: LIMIT, label: `${solver} ${scramble}` });
      expect(summary(solver, result, records)).toEqual(native);
      expect(native.result.solved).toBe(true);
      expect(core.verify(f, native.result.solution).solved).toBe(true);
    }
  });
}
