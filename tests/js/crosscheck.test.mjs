// crosscheck.test.mjs - evocube's facelets against an independent implementation (npm
// cubejs) for 1,000 random algorithms mixing face turns, slices, lowercase wide turns and
// rotations; also the canonical spellings cubejs does not parse (Rw, 2', 3, groups).
import Cube from 'cubejs';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { lcg } from './seeded.mjs';

const core = await loadCoreNode();

const BASES = ['U', 'R', 'F', 'D', 'L', 'B', 'M', 'E', 'S', 'x', 'y', 'z', 'u', 'r', 'f', 'd', 'l', 'b'];
const SUFFIX = ['', '2', "'"];

function randomAlg(rand, len) {
  const out = [];
  for (let i = 0; i < len; i++) {
    out.push(BASES[Math.floor(rand() * BASES.length)] + SUFFIX[Math.floor(rand() * 3)]);
  }
  return out.join(' ');
}

test('1,000 random mixed algorithms give the same facelets as cubejs', () => {
  const rand = lcg(2026);
  const mismatches = [];
  for (let t = 0; t < 1000; t++) {
    const alg = randomAlg(rand, 1 + Math.floor(rand() * 40));
    const theirs = new Cube().move(alg).asString();
    const ours = core.apply(alg);
    if (ours !== theirs) mismatches.push({ alg, ours, theirs });
  }
  expect(mismatches.slice(0, 3)).toEqual([]);
  expect(mismatches.length).toBe(0);
});

test('wide spellings, 2\', 3 and groups agree with their cubejs expansions', () => {
  const pairs = [
    ["Rw U2' Lw3", "r U2 l'"],
    ["(R U R' U')3", "R U R' U' R U R' U' R U R' U'"],
    ["(R U)' F", "U' R' F"],
    ["Fw Bw' Uw2 Dw", "f b' u2 d"],
    ["R3 U1 R5 U0", "R' U R"], // amounts of any whole number, as cubing.js reads them
    ["R3 4U", null],
  ];
  for (const [ours, theirs] of pairs) {
    if (theirs === null) {
      expect(() => core.apply(ours)).toThrow(/"4U" at character 4/);
      continue;
    }
    expect(core.apply(ours)).toBe(new Cube().move(theirs).asString());
  }
});

test("R U R' U' matches cubejs exactly", () => {
  expect(core.apply("R U R' U'")).toBe(new Cube().move("R U R' U'").asString());
});
