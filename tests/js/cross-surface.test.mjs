// cross-surface.test.mjs - the same text reads the same on every surface, as properties over
// seeded random texts (moves, facelet strings and their near misses: lower case, a letter
// more or less, a miscounted or foreign letter, invisible and bidi characters, spaced
// groups, colour letters, comments ended by U+2028), not examples:
//   the core's parser (core.apply, for text the rule calls moves), the rule the CLI's
//   validate/solve use (web/lib/cube-text.mjs's cubeOf), the page's paste reader
//   (web/lib/paste.mjs's recognise, then the core as the scramble box calls it), a share
//   link's round trip (buildShare then readShare, then the page's reading) and the batch
//   reader (scripts/cli/batch-input.mjs's cubesFromBytes, the text on a file's second line)
// all give the same cube, or the same refusal (code and message).
// And "refused like cubing.js": every move built from layer prefixes, families and amounts
// (zero-padded layers, amounts past 2^31) is refused by evocube exactly when cubing.js's
// 3x3x3 (its KPuzzle and its PuzzleGeometry both) refuses it, save the whole-cube ranges
// (3Rw), which evocube reads as the rotation (refused when cubing.js refuses the rotation with
// that amount). What each form turns is tests/js/notation-sign.test.mjs's.
import { KPuzzle } from 'cubing/kpuzzle';
import { cube3x3x3 } from 'cubing/puzzles';
import { getPuzzleGeometryByName, ExperimentalPGNotation } from 'cubing/puzzle-geometry';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { cubeOf } from '../../web/lib/cube-text.mjs';
import { recognise } from '../../web/lib/paste.mjs';
import { buildShare, readShare } from '../../web/lib/share-link.mjs';
import { cubesFromBytes } from '../../scripts/cli/batch-input.mjs';
import { validateExperiment } from '../../web/lib/experiments/definition.mjs';
import { lcg, pick } from './seeded.mjs';

const core = await loadCoreNode();

const MOVES = ['R', 'U', "R'", 'F2', 'Rw', 'r', "M'", 'x', 'y2', '2R', '2-3Rw', '3Rw', '1-3r', 'R5', "U2'", '(R U)2', "[R, U']",
  '[F: R]', '.', 'Q', '02R', '2-03Rw', 'R2147483648', 'R2147483647', 'u', 'b', 'R007', '// c\u2028', '// d\u2029', '\u202e',
  '\u200b', '\u00a0', 'W', 'G'];
const HIDDEN = ['\u200b', '\u2060', '\u202e', '\ufeff', '\u200e', '\u00ad'];
const COLOUR = { U: 'W', R: 'R', F: 'G', D: 'Y', L: 'O', B: 'B' };

// A random text: moves, or a cube's facelet string with up to two near-miss mutations.
function randomText(rand) {
  if (rand() < 0.4) {
    const n = 1 + Math.floor(rand() * 12);
    // (no spaces around: positions in messages count from the text's first character, and
    // a link and a batch line are trimmed)
    return Array.from({ length: n }, () => pick(rand, MOVES)).join(pick(rand, [' ', ' ', ''])).trim() || 'R';
  }
  const scramble = Array.from({ length: 8 }, () => pick(rand, ['R', 'U', 'F', 'D', 'L', 'B']) + pick(rand, ['', "'", '2'])).join(' ');
  let f = core.apply(rand() < 0.2 ? `${scramble} x` : scramble);
  const muts = Math.floor(rand() * 3);
  for (let m = 0; m < muts; m++) {
    const at = Math.floor(rand() * f.length);
    switch (Math.floor(rand() * 9)) {
      case 0: f = f.toLowerCase(); break;
      case 1: f = f.slice(0, at) + f.slice(at + 1); break; // a letter less
      case 2: f = f.slice(0, at) + pick(rand, [...'URFDLB']) + f.slice(at); break; // a letter more
      case 3: f = f.slice(0, at) + pick(rand, [...'URFDLB']) + f.slice(at + 1); break; // miscounted
      case 4: f = f.slice(0, at) + pick(rand, HIDDEN) + f.slice(at); break;
      case 5: f = (f.match(/.{1,9}/g) ?? [f]).join(pick(rand, [' ', '  ', '\t', '\u3000'])); break; // groups
      case 6: f = [...f].map((c) => COLOUR[c] ?? c).join(''); break;
      case 7: f = f.slice(0, at) + pick(rand, ['X', 'Q', "'", '2']) + f.slice(at + 1); break;
      default: f = `${f.slice(0, at)}${f.slice(at).toLowerCase()}`;
    }
  }
  return f.trim() || 'R';
}

// The outcome of a reading: the cube's facelets, or the refusal's code and message.
function outcome(f) {
  try {
    return { cube: f() };
  } catch (e) {
    if (e.code == null) throw e;
    return { code: e.code, refused: e.message };
  }
}

// the page's scramble box: recognised first; a facelet string is validated (the painter), a
// near miss shown with its fault, moves parsed by the core
function page(text) {
  const r = recognise(text);
  if (r.kind === 'facelets') return outcome(() => { core.validate(r.facelets); return r.facelets; });
  if (r.kind === 'near') return { code: r.code, refused: r.message };
  return outcome(() => core.apply(text));
}

// the batch reader: the text as a file's second line
function batch(text) {
  const [, c] = cubesFromBytes(core, new TextEncoder().encode(`# a batch file\nR\n${text}\n`));
  if (c.error == null) return { cube: c.facelets };
  return { refused: c.error };
}

// a link from the page's scramble box, read back and read as the page reads it
function linkRoundTrip(text) {
  const shared = readShare(buildShare({ scramble: text }));
  return page(shared.scramble ?? '');
}

test('400 random texts and near misses: parser, rule, page, link round trip and batch agree', () => {
  const rand = lcg(4141);
  const kinds = { cube: 0, refused: 0, near: 0 };
  const disagree = [];
  for (let t = 0; t < 400; t++) {
    const text = randomText(rand);
    const rule = outcome(() => cubeOf(core, text));
    const readers = { page: page(text), link: linkRoundTrip(text), batch: batch(text) };
    if (recognise(text).kind === 'notation') readers.parser = outcome(() => core.apply(text));
    if (recognise(text).kind === 'near') kinds.near++;
    kinds[rule.cube ? 'cube' : 'refused']++;
    for (const [name, o] of Object.entries(readers)) {
      const same = name === 'batch'
        ? (o.cube ?? null) === (rule.cube ?? null) && (o.refused ?? null) === (rule.refused ?? null)
        : JSON.stringify(o) === JSON.stringify(rule);
      if (!same) disagree.push({ text, name, o, rule });
    }
  }
  expect(disagree.slice(0, 3)).toEqual([]);
  // the generator reaches every outcome: cubes, near misses named, moves refused
  expect(kinds.cube).toBeGreaterThan(50);
  expect(kinds.near).toBeGreaterThan(50);
  expect(kinds.refused - kinds.near).toBeGreaterThan(20);
});

test('a near miss is never a cube anywhere: each named fault refuses on every surface', () => {
  const f = core.apply("R U F D' L2 B");
  for (const text of [f.toLowerCase(), f.slice(1), `${f}U`, `${f.slice(0, 9)}\u200b${f.slice(9)}`, `\ufeff${f}`, `UUUUUUUUB${core.apply('').slice(9)}`]) {
    expect([text, page(text).refused]).toEqual([text, expect.stringMatching(/^This is read as a facelet string/)]);
    expect(batch(text).refused).toBe(page(text).refused);
    expect(linkRoundTrip(text)).toEqual(page(text));
  }
});

test("an experiment's pasted list never takes a facelet string or a near miss as 54 moves", () => {
  const f = core.apply("R U F D' L2 B");
  const check = (states) => validateExperiment({ solvers: ['twophase'], states, seeds: 1 }, { core });
  expect(check(["R U F D' L2 B"])).toMatchObject({ ok: true });
  expect(check([f]).problems.join(' ')).toMatch(/states\[0\]: a facelet string; the list takes scrambles/);
  expect(check([f.toLowerCase()]).problems.join(' ')).toMatch(/states\[0\]: This is read as a facelet string .*lower-case/);
});

// ---- refused like cubing.js
const kpuzzle = await cube3x3x3.kpuzzle();
const pg = getPuzzleGeometryByName('3x3x3', { allMoves: true, orientCenters: true, addRotations: true });
const pgNotation = new ExperimentalPGNotation(pg, pg.getOrbitsDef(true));
const pgKpuzzle = new KPuzzle(pgNotation.remapKPuzzleDefinition(pg.getKPuzzleDefinition(true)), { experimentalPGNotation: pgNotation });
const refuses = (k, alg) => { try { k.defaultPattern().applyAlg(alg); return false; } catch { return true; } };
const WHOLE = /^(3([URFDLB]w|[urfdlb])|1-3([URFDLB]w?|[urfdlb]))(?![a-z])/; // the whole-cube ranges evocube reads as rotations

test('every prefix x family x amount is refused by evocube exactly when cubing.js refuses it', () => {
  const PREFIX = ['', '1', '2', '3', '0', '4', '02', '10', '1-2', '2-3', '1-3', '3-2', '2-03', '01-2', '2-2'];
  const FAMILY = ['R', 'Rw', 'r', 'L', 'Uw', 'M', 'x', 'Rv'];
  const AMOUNT = ['', '0', '1', '2', "'", "2'", '5', '007', '2147483647', '2147483648', "2147483648'", "2147483649'", '99999999999'];
  const wrong = [];
  let read = 0, refused = 0;
  for (const p of PREFIX) for (const fam of FAMILY) for (const a of AMOUNT) {
    const move = `${p}${fam}${a}`;
    const theirs = refuses(kpuzzle, move) && refuses(pgKpuzzle, move);
    let ours;
    try { core.apply(move); ours = false; } catch { ours = true; }
    // a whole-cube range is read as its rotation: refused when cubing.js refuses the rotation
    // with that amount
    const expected = WHOLE.test(move) ? refuses(kpuzzle, `x${a}`) : theirs;
    if (ours !== expected) wrong.push({ move, ours, cubingRefuses: theirs });
    if (ours) refused++; else read++;
  }
  expect(wrong.slice(0, 5)).toEqual([]);
  expect(read).toBeGreaterThan(100);
  expect(refused).toBeGreaterThan(300);
});
