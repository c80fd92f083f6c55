// core.test.mjs - the JS wrapper of the wasm core (web/lib/core.mjs): errors as EvocubeError
// with the core's messages, notation helpers, seeds, and the solver list.
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { EC, EvocubeError, SOLVED } from '../../web/lib/core.mjs';

const core = await loadCoreNode();

test('version and solved state', () => {
  expect(core.version()).toMatch(/^\d+\.\d+\.\d+$/);
  expect(core.apply('')).toBe(SOLVED);
  expect(core.isSolved(SOLVED)).toBe(true);
  expect(core.isSolved(core.apply('x y'))).toBe(true);
  expect(core.isSolved(core.apply('R'))).toBe(false);
});

test('errors carry the code and the specific message', () => {
  let e;
  try { core.apply('R U Q'); } catch (err) { e = err; }
  expect(e).toBeInstanceOf(EvocubeError);
  expect(e.code).toBe(EC.E_TOKEN);
  expect(e.codeName).toBe('E_TOKEN');
  expect(e.message).toBe('unknown move "Q" at character 5');
  expect(() => core.validate('U'.repeat(54))).toThrow(/colour U appears 54 times/);
  expect(() => core.apply('R', 'UUU')).toThrow(/54 characters/);
  expect(() => core.apply('R '.repeat(20000))).toThrow(/longer than 20000 characters/);
});

test('notation helpers', () => {
  expect(core.canonical("r U2' (R U)2")).toBe('r U2 R U R U');
  expect(core.simplify("R L R' U U")).toBe('L U2');
  expect(core.invert("R U2 F'")).toBe("F U2 R'");
  expect(core.metrics("R U2 M' x")).toEqual({ htm: 4, qtm: 5, stm: 3 });
});

test('apply on a given cube continues from it', () => {
  const a = core.apply('R U');
  expect(core.apply("U' R'", a)).toBe(SOLVED);
  expect(core.verify(a, "U' R'")).toEqual({ solved: true, message: 'solved' });
  expect(core.verify(a, "R' U'").solved).toBe(false);
});

test('seeds', () => {
  expect(core.parseSeed('0')).toBe(0);
  expect(core.parseSeed(4294967295)).toBe(4294967295);
  expect(() => core.parseSeed('4294967296')).toThrow(/0 to 4294967295/);
  expect(() => core.parseSeed('1.5')).toThrow(/0 to 4294967295/);
  expect(core.scrambleMoves(20, 5)).toBe(core.scrambleMoves(20, 5));
  expect(core.scrambleMoves(20, 5).split(' ')).toHaveLength(20);
});

test('the solver list is an array of solvers with params from C', () => {
  const list = core.solvers();
  expect(Array.isArray(list)).toBe(true);
  for (const s of list) {
    expect(typeof s.name).toBe('string');
    for (const p of s.params) {
      expect(p.min).toBeLessThanOrEqual(p.default);
      expect(p.default).toBeLessThanOrEqual(p.max);
    }
  }
  expect(() => core.createSolver('nope', SOLVED)).toThrow(/unknown solver "nope"/);
});

test('the run loop: every record once, kept or handed over, stop honoured, freed on every path', () => {
  const before = core.memory().inUse;
  const facelets = core.apply("R U F' L2 D");
  const req = { solver: 'twes', facelets, seed: 5, params: 'preset=small' };
  const kept = core.run(req, { work: 3, keep: true });
  expect(kept.status).toBe('solved');
  expect(kept.records.map((r) => r.gen)).toEqual(kept.records.map((_, i) => i + 1));
  expect(kept.records.length).toBe(kept.result.generations);
  const handed = [];
  const one = core.run(req, { work: 1, onRecords: (rs) => handed.push(...rs) });
  expect(one.records).toEqual([]);
  expect(handed).toEqual(kept.records); // the work per step changes nothing
  let steps = 0;
  const stopped = core.run(req, { keep: true, stop: () => ++steps >= 2 });
  expect(stopped.status).toBe('stopped');
  expect(stopped.records).toHaveLength(2);
  expect(() => core.run(req, { onRecords: () => { throw new Error('listener failed'); } })).toThrow('listener failed');
  expect(() => core.run({ ...req, params: 'mu=0' })).toThrow(/mu must be from/);
  const quiet = core.run(req, { work: 4 }); // records drained unread
  expect(quiet.result.solution).toBe(kept.result.solution);
  expect(core.memory().inUse).toBe(before);
});

test('createSolver refuses an island count or index the wasm int would wrap (2**32 + 1 is not 1)', () => {
  for (const [islands, island] of [[2 ** 32 + 1, 0], [2 ** 31, 0], [2, 2 ** 32], [1.5, 0], [NaN, 0]]) {
    let e;
    try { core.createSolver('hugo', SOLVED, 1, '', { islands, island }).free(); } catch (err) { e = err; }
    expect(e).toBeInstanceOf(EvocubeError);
    expect(e.code).toBe(EC.E_RANGE);
    expect(e.message).toMatch(/^islands and island must be whole numbers of at most 2147483647/);
  }
  core.createSolver('hugo', SOLVED, 1, '', { islands: 2, island: 1 }).free(); // in range: made
});
