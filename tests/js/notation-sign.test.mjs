// notation-sign.test.mjs - evocube's parser against cubing.js on a 3x3x3: 1,000 random
// algorithms mixing every form both read (face turns, Rw and r wide turns, M E S, x y z,
// Rv-style rotations, SiGN layer prefixes with ranges, amounts of any whole number, groups
// with counts from 0, commutators, conjugates, pauses, comments) give the same cube in the
// wasm core as in cubing.js's KPuzzle; the forms cubing.js refuses on a 3x3x3 are refused
// with a position.
// cubing.js's 3x3x3 KPuzzle applies 2R but not 3R, 2Rw or 2-3Rw; its PuzzleGeometry 3x3x3
// (the engine of its other puzzles) applies those too. A move the KPuzzle refuses is replaced,
// for the comparison, by the plain move PuzzleGeometry finds identical to it, so cubing.js
// decides what each SiGN form means. Facelets: the KPuzzle pattern is written as Kociemba's
// 54-letter string, read by position as evocube's apply reads it (the mapping is checked
// against cubejs first).
import Cube from 'cubejs';
import { Alg } from 'cubing/alg';
import { KPuzzle } from 'cubing/kpuzzle';
import { cube3x3x3 } from 'cubing/puzzles';
import { getPuzzleGeometryByName, ExperimentalPGNotation } from 'cubing/puzzle-geometry';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { lcg, pick } from './seeded.mjs';

const core = await loadCoreNode();
const kpuzzle = await cube3x3x3.kpuzzle();
const pg = getPuzzleGeometryByName('3x3x3', { allMoves: true, orientCenters: true, addRotations: true });
const pgNotation = new ExperimentalPGNotation(pg, pg.getOrbitsDef(true));
const pgKpuzzle = new KPuzzle(pgNotation.remapKPuzzleDefinition(pg.getKPuzzleDefinition(true)), {
  experimentalPGNotation: pgNotation,
});

// Kociemba facelet indices (U 0..8, R 9..17, F 18..26, D 27..35, L 36..44, B 45..53) of each
// cubing.js piece's stickers, in cubing.js's piece order and sticker order.
const EDGES = [[7, 19], [5, 10], [1, 46], [3, 37], [28, 25], [32, 16], [34, 52], [30, 43], [23, 12], [21, 41],
  [48, 14], [50, 39]]; // UF UR UB UL DF DR DB DL FR FL BR BL
const CORNERS = [[8, 20, 9], [2, 11, 45], [0, 47, 36], [6, 38, 18], [29, 15, 26], [27, 24, 44], [33, 42, 53],
  [35, 51, 17]]; // UFR URB UBL ULF DRF DFL DLB DBR
const CENTERS = [4, 40, 22, 13, 49, 31]; // U L F R B D
const FACE = (i) => 'URFDLB'[Math.floor(i / 9)];

function facelets(pattern, twist) {
  const out = new Array(54);
  const d = pattern.patternData;
  for (const [orbit, table] of [['EDGES', EDGES], ['CORNERS', CORNERS]]) {
    const { pieces, orientation } = d[orbit];
    for (let pos = 0; pos < table.length; pos++) {
      const n = table[pos].length, piece = table[pieces[pos]];
      for (let s = 0; s < n; s++) out[table[pos][s]] = FACE(piece[(s + twist * orientation[pos] + 2 * n) % n]);
    }
  }
  d.CENTERS.pieces.forEach((piece, pos) => { out[CENTERS[pos]] = FACE(CENTERS[piece]); });
  return out.join('');
}

let TWIST = 1; // the orientation convention, fixed by the cubejs check below
// the facelets cubing.js gives for alg, read by position as evocube reads them (a rotation
// moves the centres too)
const cubingFacelets = (alg) => facelets(kpuzzle.defaultPattern().applyAlg(alg), TWIST);

test('the facelet mapping of cubing.js patterns agrees with cubejs on 200 random face-turn algs', () => {
  const rand = lcg(7);
  const fits = [1, -1].filter((twist) => {
    for (let t = 0; t < 200; t++) {
      const alg = Array.from({ length: 1 + Math.floor(rand() * 30) },
        () => pick(rand, [...'URFDLB']) + pick(rand, ['', '2', "'"])).join(' ');
      if (facelets(kpuzzle.defaultPattern().applyAlg(alg), twist) !== new Cube().move(alg).asString()) return false;
    }
    return true;
  });
  expect(fits).toHaveLength(1); // exactly one convention fits, so the mapping is determined
  TWIST = fits[0];
});

// Moves the KPuzzle refuses, rewritten as the plain move PuzzleGeometry finds identical.
const PLAIN = ['U', 'R', 'F', 'D', 'L', 'B', 'Uw', 'Rw', 'Fw', 'Dw', 'Lw', 'Bw', 'M', 'E', 'S', 'x', 'y', 'z']
  .flatMap((b) => ['', '2', "'"].map((s) => b + s));
const rewritten = new Map();
function forCubing(move) {
  if (rewritten.has(move)) return rewritten.get(move);
  let out = move;
  try {
    kpuzzle.moveToTransformation(move);
  } catch {
    const t = pgKpuzzle.algToTransformation(move); // throws if cubing.js has no meaning for it
    out = t.isIdentical(pgKpuzzle.identityTransformation()) ? '.'
      : PLAIN.find((m) => pgKpuzzle.algToTransformation(m).isIdentical(t));
    if (!out) throw new Error(`no plain move is ${move}`);
  }
  rewritten.set(move, out);
  return out;
}

const FACES = [...'URFDLB'];
const PREFIXED = ['1', '2', '3'].flatMap((n) => FACES.map((f) => n + f)) // layer n alone
  .concat(['1', '2'].flatMap((n) => FACES.flatMap((f) => [`${n}${f}w`, `${n}${f.toLowerCase()}`]))) // 1..n
  .concat(['1-2', '2-3'].flatMap((r) => FACES.flatMap((f) => [r + f, `${r}${f}w`, r + f.toLowerCase()])));
const FAMILIES = [
  FACES, FACES.map((f) => `${f}w`), FACES.map((f) => f.toLowerCase()), ['M', 'E', 'S'], ['x', 'y', 'z'],
  FACES.map((f) => `${f}v`), PREFIXED,
];
const AMOUNTS = ['', '', '', '2', "'", "2'", '3', "3'", '0', '1', '4', '5', '7', "6'", '12'];

// A random alg as [evocube's text, cubing.js's text for its KPuzzle], nested to depth.
function randomAlg(rand, len, depth) {
  const ours = [], theirs = [];
  for (let i = 0; i < len; i++) {
    const r = rand();
    if (depth > 0 && r < 0.08) {
      const [a, b] = randomAlg(rand, 1 + Math.floor(rand() * 4), depth - 1);
      const [c, d] = randomAlg(rand, 1 + Math.floor(rand() * 4), depth - 1);
      const sep = pick(rand, [', ', ': ']), suf = pick(rand, ['', '', '2', "'", '0', "2'"]);
      ours.push(`[${a}${sep}${c}]${suf}`);
      theirs.push(`[${b}${sep}${d}]${suf}`);
    } else if (depth > 0 && r < 0.14) {
      const [a, b] = randomAlg(rand, 1 + Math.floor(rand() * 5), depth - 1);
      const suf = pick(rand, ['', '2', '3', "'", "2'", '0']);
      ours.push(`(${a})${suf}`);
      theirs.push(`(${b})${suf}`);
    } else if (r < 0.16) {
      ours.push('.');
      theirs.push('.');
    } else {
      const move = pick(rand, pick(rand, FAMILIES)) + pick(rand, AMOUNTS);
      ours.push(move);
      theirs.push(forCubing(move));
    }
  }
  if (rand() < 0.05) {
    ours.push('// a comment\n');
    theirs.push('// a comment\n');
  }
  return [ours.join(' '), theirs.join(' ')];
}

test('1,000 random algorithms with every form give the cube cubing.js gives', () => {
  const rand = lcg(2033);
  const seen = new Set(), mismatches = [];
  for (let t = 0; t < 1000; t++) {
    const [ours, theirs] = randomAlg(rand, 1 + Math.floor(rand() * 25), 2);
    expect(() => Alg.fromString(ours)).not.toThrow(); // the text itself is cubing.js notation
    for (const m of ours.match(/[0-9-]*[A-Za-z]+/g) ?? []) seen.add(m.replace(/[URFDLBurfdlb]/g, 'F'));
    let mine;
    try { mine = core.apply(ours); } catch (e) { mine = e.message; }
    const want = cubingFacelets(theirs);
    if (mine !== want) mismatches.push({ ours, theirs, mine, want });
  }
  expect(mismatches.slice(0, 3)).toEqual([]);
  // every form was drawn: plain, w, lowercase, slices, rotations, v, each prefix shape
  for (const form of ['F', 'Fw', 'Fv', 'M', 'x', '2F', '3F', '1F', '2Fw', '2F', '1-2F', '2-3Fw', '2-3F'])
    expect([form, seen.has(form)]).toEqual([form, true]);
});

test('each SiGN form on each face alone, with three amounts', () => {
  const bad = [];
  for (const move of FAMILIES.flat()) {
    for (const amount of ['', '2', "'"]) {
      const alg = `${move}${amount} R U`; // a face turn after it shows the frame a rotation leaves
      let mine;
      try { mine = core.apply(alg); } catch (e) { mine = e.message; }
      const want = cubingFacelets(`${forCubing(move + amount)} R U`);
      if (mine !== want) bad.push({ alg, mine, want });
    }
  }
  expect(bad).toEqual([]);
});

test('a wrong expansion is told apart: 2R is not M, 2-3Rw is not Rw', () => {
  expect(cubingFacelets('2R R U')).not.toBe(cubingFacelets('M R U'));
  expect(core.apply('2R R U')).not.toBe(cubingFacelets('M R U'));
  expect(core.apply('2-3Rw U')).not.toBe(cubingFacelets('Rw U'));
});

test('the whole-cube ranges, which cubing.js refuses on a 3x3x3, are the rotation SiGN means', () => {
  const refuses = (k, alg) => { try { k.defaultPattern().applyAlg(alg); return false; } catch { return true; } };
  for (const [alg, rotation] of [['3Rw', 'x'], ['1-3Lw', "x'"], ['3r2', 'x2'], ['3Uw', 'y'], ["1-3d'", 'y'], ['3Fw', 'z'], ['3b', "z'"]]) {
    expect([alg, refuses(kpuzzle, alg), refuses(pgKpuzzle, alg)]).toEqual([alg, true, true]);
    expect([alg, core.apply(`${alg} R U`)]).toEqual([alg, cubingFacelets(`${rotation} R U`)]);
  }
});

test.each([
  ['02R', 1], ['R 2-03Rw', 3], ['R2147483648', 1], ["U R2147483649'", 3], ['4R', 1], ['2-4Rw', 1], ['3-2Rw', 1], ['0R', 1], ['2M', 1], ['2x', 1],
  ['2Rv', 1], ['m', 1], ['Mw', 1], ['xw', 1], ['X', 1], ['R U_', 4], ['R++', 2], ['R007', 1], ["R'2", 1], ['U R-1', 4],
])('%s: cubing.js refuses it on a 3x3x3, and so does evocube, at character %i', (alg, at) => {
  const refuses = (k) => { try { k.defaultPattern().applyAlg(alg); return false; } catch { return true; } };
  expect([refuses(kpuzzle), refuses(pgKpuzzle)]).toEqual([true, true]);
  expect(() => core.apply(alg)).toThrow(new RegExp(`at character ${at}\\b`));
});
