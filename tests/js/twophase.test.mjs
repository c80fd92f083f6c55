// twophase.test.mjs - the two-phase solver in the wasm module: random states solved through
// the stepped API, each solution checked by an independent implementation (npm cubejs:
// Cube.fromString(facelets).move(solution) must be solved); random-state scrambles; the
// distance oracle's determinism; errors for invalid cubes.
import Cube from 'cubejs';
import { loadCoreNode } from '../../web/lib/core-node.mjs';

const core = await loadCoreNode();
const M = core.raw();

function randomStateScramble(seed) {
  const rc = M._ec_scramble_random_state_text(seed, core.out, 1 << 20);
  if (rc !== 0) throw new Error(`scramble rc ${rc}`);
  return core._outText();
}

function distance(facelets, budget) {
  return core._with([facelets], (f) => M._ec_distance_facelets(f, budget, core.msg, 512));
}

function solve(facelets, params = '', work = 1000) {
  return core.run({ solver: 'twophase', facelets, params }, { work, keep: true });
}

test('random states are solved, and cubejs agrees the solutions solve them', () => {
  for (let seed = 1; seed <= 8; seed++) {
    const scramble = randomStateScramble(seed);
    const facelets = core.apply(scramble);
    expect(Cube.fromString(facelets).asString()).toBe(facelets);
    const { status, result, records } = solve(facelets);
    expect(status).toBe('solved');
    expect(result.length).toBeLessThanOrEqual(20);
    const cube = Cube.fromString(facelets);
    cube.move(result.solution);
    expect(cube.isSolved()).toBe(true);
    // one progress record per 1,000 nodes, the best length never growing
    expect(records.length).toBe(result.generations);
    const bests = records.map((r) => r.bestLength).filter((b) => b >= 0);
    for (let i = 1; i < bests.length; i++) expect(bests[i]).toBeLessThanOrEqual(bests[i - 1]);
    expect(bests[bests.length - 1]).toBe(result.length);
  }
});

test('firstSolution=1 reports each shorter solution as a record, each one solving the cube', () => {
  // a 12-move scramble: the improving search's first solution is long, then shorter ones
  const f = core.apply("R U F D L B R2 U2 F' D' L2 B'");
  const { status, result, records } = solve(f, 'maxLength=0,firstSolution=1,budget=50000');
  expect(status).toBe('solved');
  expect(result.length).toBe(12);
  const drops = [];
  for (const r of records) {
    if (r.bestLength >= 0 && (drops.length === 0 || r.bestLength < drops[drops.length - 1])) {
      drops.push(r.bestLength);
      const cube = Cube.fromString(f);
      cube.move(r.bestMoves);
      expect(cube.isSolved()).toBe(true);
      expect(core.metrics(r.bestMoves).htm).toBe(r.bestLength);
    }
  }
  expect(drops).toEqual([22, 21, 17, 12]); // the same as natively (test_twophase.c)
  // one record per 1,000-node unit and one more for each shorter solution
  expect(records.length).toBe(Math.ceil(result.evaluations / 1000) + drops.length);
  // the target search (the default) at maxLength=21 stops at its first solution
  const t = solve(f, 'maxLength=21');
  expect(t.result.length).toBeLessThanOrEqual(21);
  expect(core.verify(f, t.result.solution).solved).toBe(true);
});

test('random-state scrambles: at most 20 moves, deterministic per seed', () => {
  const seen = new Set();
  for (let seed = 100; seed < 106; seed++) {
    const s = randomStateScramble(seed);
    expect(randomStateScramble(seed)).toBe(s);
    expect(core.metrics(s).htm).toBeLessThanOrEqual(20);
    seen.add(s);
  }
  expect(seen.size).toBe(6);
});

test('the solved cube gives an empty solution; short scrambles their optimal one', () => {
  const { status, result } = solve(core.apply(''));
  expect(status).toBe('solved');
  expect(result.solution).toBe('');
  expect(result.length).toBe(0);
  const f = core.apply("R U' F2");
  const r = solve(f).result;
  expect(r.length).toBe(3);
  expect(core.verify(f, r.solution).solved).toBe(true);
});

test('the distance oracle is deterministic and never worse with a larger budget', () => {
  for (let seed = 1; seed <= 5; seed++) {
    const f = core.apply(randomStateScramble(seed));
    const d0 = distance(f, 0);
    const d1 = distance(f, 30000);
    expect(distance(f, 30000)).toBe(d1);
    expect(d1).toBeGreaterThan(0);
    expect(d1).toBeLessThanOrEqual(d0);
  }
  expect(distance(core.apply(''), 0)).toBe(0);
  expect(distance(core.apply('R U'), 0)).toBe(2);
  expect(distance('UUU', 0)).toBe(-10); // EC_E_FACELETS_LENGTH
});

test('the module with its tables stays within 64 MB', () => {
  expect(M._ec_twophase_init()).toBe(0);
  expect(M.HEAPU8.length).toBeLessThanOrEqual(64 * 1024 * 1024);
  if (M._ec_memory_in_use) expect(M._ec_memory_in_use()).toBeLessThan(16 * 1024 * 1024);
});

test('invalid cubes get their specific errors', () => {
  const flipped = core.apply('').split('');
  [flipped[7], flipped[19]] = [flipped[19], flipped[7]];
  expect(() => core.createSolver('twophase', flipped.join(''))).toThrow(expect.objectContaining({ codeName: 'E_FLIP' }));
  expect(() => core.createSolver('twophase', 'UUU')).toThrow(expect.objectContaining({ codeName: 'E_FACELETS_LENGTH' }));
  expect(() => core.createSolver('twophase', core.apply(''), 1, 'maxLength=99')).toThrow(expect.objectContaining({ codeName: 'E_PARAM_RANGE' }));
});
