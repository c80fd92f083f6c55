// cube-text.mjs - the one rule for what text is a facelet string and what is moves, used by
// every surface that reads a cube from text: the page's scramble box (web/lib/paste.mjs), and
// the CLI's validate, solve, verify and batch lines (scripts/cli). No DOM.
//
// The rule (readCubeText): spaces (Unicode White_Space) and invisible characters split the text
// into groups; when the groups hold only letters of the facelet alphabets, face letters
// U R F D L B or colour letters W Y G B R O (standard scheme: white U, red R, green F,
// yellow D, orange L, blue B), in either case, but at most two other letters (typos), between
// 45 and 63 of them (54 give or take a face), in at most 9 groups (six faces, nine rows), the
// text is a facelet string: it is never read as moves. It is a cube when it is clean (no
// invisible character, capitals, facelet letters only, one alphabet, 54 letters, 9 of each);
// otherwise its first fault is named, in that order. Any
// other text is moves (the core parses it). A string of 54 moves written as letters without
// primes or amounts, in 9 groups or fewer, is the price: write it with spaces between moves.
//   readCubeText(text) -> {kind: 'facelets', facelets, colours} | {kind: 'near', message}
//                       | {kind: 'notation'}
//   cubeOf(core, text, {moves}) -> the cube's 54 facelets by that rule (a facelet string checked
//     by the core, or moves applied to the solved cube; moves: false refuses moves with the
//     core's facelet fault, as `validate` does); throws EvocubeError naming the fault
//   wholeCubeNote(text) -> '' or a note that a whole-cube range in the text (3Rw, 1-3r: SiGN's
//     layers 1 to 3, which cubing.js refuses on a 3x3x3) is read as the rotation it means
// Hidden characters (invisible or direction-changing: U+00AD, U+061C, U+200B..U+200F,
// U+202A..U+202E, U+2060..U+2069, U+FEFF) are never echoed raw in a message: showHidden(text)
// writes each as <U+XXXX>, as the core's messages do.

import { EC, EvocubeError } from './core.mjs';

const FACES = 'URFDLB';
const SCHEME = 'WRGYOB'; // the colour of each face of FACES
export const HIDDEN_RE = /[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;
const SPLIT_RE = /[\s\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]+/u;
const hex = (c) => c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0');

export const showHidden = (text) => String(text).replace(new RegExp(HIDDEN_RE.source, 'gu'), (c) => `<U+${hex(c)}>`);

// The first character of text matching re: [its code-point position from 1, the character].
function firstAt(text, re) {
  let n = 0;
  for (const c of text) {
    n++;
    if (re.test(c)) return [n, c];
  }
  return [0, ''];
}

// The fault of a facelet-like text, [its core status code, what it is], or null when it has
// none; letters: its letters.
function fault(text, letters) {
  const [code, why] = faultText(text, letters);
  return why ? [code, why] : null;
}

function faultText(text, letters) {
  const bad = (why) => [EC.E_FACELETS_CHAR, why];
  const [hp, hc] = firstAt(text, HIDDEN_RE);
  if (hp) return bad(`it has the invisible character U+${hex(hc)}${hc === '\ufeff' ? ' (a byte-order mark)' : ''} at character ${hp}; delete it`);
  const [lp, lc] = firstAt(text, /[a-z]/);
  if (lp) return bad(`it has lower-case letters ("${lc}" at character ${lp}); a facelet string is written in capitals`);
  const [xp, xc] = firstAt(text, /[^\sURFDLBWYGO]/u);
  if (xp) return bad(`"${xc}" at character ${xp} is not a facelet letter (U R F D L B, or W Y G B R O)`);
  const [fp, fc] = firstAt(text, /[UFDL]/), [cp, cc] = firstAt(text, /[WYGO]/);
  if (fp && cp) return bad(`it mixes face letters ("${fc}" at character ${fp}) and colour letters ("${cc}" at character ${cp}); use one alphabet, U R F D L B or W Y G B R O`);
  if (letters.length !== 54) return [EC.E_FACELETS_LENGTH, `it has ${letters.length} letters, not 54`];
  const abc = cp ? SCHEME : FACES;
  const off = [...abc].map((c) => [c, letters.split(c).length - 1]).filter(([, n]) => n !== 9);
  if (off.length) return [EC.E_COLOR_COUNT, `${off.map(([c, n], i) => (i ? `${c} ${n}` : `${c} appears ${n} time${n === 1 ? '' : 's'}`)).join(', ')}; each letter appears 9 times`];
  return [EC.OK, ''];
}

export function readCubeText(text) {
  const s = String(text);
  const groups = s.split(SPLIT_RE).filter(Boolean);
  const letters = groups.join('');
  if (groups.length > 9 || letters.length < 45 || letters.length > 63 || !/^[A-Za-z]+$/.test(letters)) return { kind: 'notation' };
  if (letters.replace(/[URFDLBWYGO]/gi, '').length > 2) return { kind: 'notation' };
  const f = fault(s, letters);
  if (f) {
    return { kind: 'near', code: f[0], message: `This is read as a facelet string (${letters.length} letters of a facelet alphabet, no moves), but ${f[1]}.` };
  }
  const colours = /[WYGO]/.test(letters);
  return { kind: 'facelets', facelets: colours ? [...letters].map((c) => FACES[SCHEME.indexOf(c)]).join('') : letters, colours };
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }); // a BOM is kept: the rule names it

export function cubeOf(core, text, { moves = true } = {}) {
  let s = text;
  if (text instanceof Uint8Array) {
    try { s = utf8.decode(text); } catch { s = null; } // not UTF-8: the core names the byte
  }
  const r = s === null ? { kind: 'notation' } : readCubeText(s);
  if (r.kind === 'near') throw new EvocubeError(r.code, r.message);
  if (r.kind === 'facelets') {
    core.validate(r.facelets);
    return r.facelets;
  }
  if (moves) return core.apply(text);
  core.validate(text);
  return text;
}

// a whole-cube range (3Rw, 3r, 1-3R, 1-3Rw, 1-3r), not inside a longer word; outside comments
const WHOLE_RE = /(?<![\w-])(3[URFDLB]w|3[urfdlb]|1-3[URFDLB]w?|1-3[urfdlb])(?![a-z])/;
const ROTATION = { U: 'y', R: 'x', F: 'z', D: "y'", L: "x'", B: "z'" };

export function wholeCubeNote(text) {
  const m = WHOLE_RE.exec(String(text).replace(/\/\/[^\n\r\u2028\u2029]*/g, ''));
  if (!m) return '';
  return `${m[1]} turns all 3 layers: read as the rotation ${ROTATION[m[1].replace(/^[\d-]+/, '')[0].toUpperCase()]}`;
}
