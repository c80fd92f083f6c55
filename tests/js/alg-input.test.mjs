// alg-input.test.mjs - one notion of position shared by the core and the page: the core's
// parse messages ("at character N", Unicode code points from 1) mark the token they name
// in the page's scramble field (web/page/input/alg-input.mjs), also after non-ASCII characters
// (typographic primes: 3 UTF-8 bytes, 1 UTF-16 unit; emoji: 4 UTF-8 bytes, 2 UTF-16 units).
// The expected token is found here by searching the text itself, not from a position.
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { tokenRange, errorPosition, errorToken, codePointIndex } from '../../web/page/input/error-echo.lazy.mjs';
import { wellFormed } from '../../web/page/input/alg-input.mjs';

const core = await loadCoreNode();

// the core's message for a bad alg, and the page's marked token for it
function marked(alg) {
  let message = null;
  try { core.apply(wellFormed(alg)); } catch (e) { message = e.message; }
  expect(message).not.toBeNull();
  const r = tokenRange(alg, errorPosition(message), errorToken(message));
  return { message, token: r && alg.slice(r.start, r.end), start: r && r.start };
}

test.each([
  // [alg, the token to mark, its JS string index]
  ['R U Qx F2', 'Qx', 4],
  ['R’ Qx U', 'Qx', 3], // the case: a byte count marked U
  ['R’ U’ F’ Qx U', 'Qx', 9],
  ['R // 😀 é\nU Qx', 'Qx', 12], // after a comment: 😀 is 1 code point, 2 UTF-16 units, 4 bytes
  ['R 😀 U', '😀', 2],
  ['𝐑 U', '𝐑', 0], // a mathematical bold R (astral) is not R
  ['R’ é U', 'é', 3],
  ['R \uDE00 Qx', '\uDE00', 2], // a lone surrogate is one character (U+FFFD to the core)
  ['R // \uD83D\nU Qx', 'Qx', 9], // sent as is, it would swallow the newline
  ['R’ (U F', '(', 3],
  ['R’ U) F', ')', 4],
  ['R’ Qx,U', 'Qx', 3], // the core's own word: "," ends it
  ['R U’ (F R)4001', '4001', 10], // a repetition out of range
  ['R U’ 2-4Rw', '2-4Rw', 5], // a layer a 3x3x3 does not have
])('%s marks %s', (alg, token, index) => {
  expect(alg.indexOf(token, index)).toBe(index); // the table itself is right
  const m = marked(alg);
  expect({ token: m.token, start: m.start }).toEqual({ token, start: index });
});

test('the core counts code points: the same position after a prime, an emoji or plain ASCII', () => {
  const positions = ["R' Qx", 'R’ Qx', '//😀\nQx', '//é\nQx', '//\uD83D\nQx'].map((alg) => {
    try { core.apply(wellFormed(alg)); } catch (e) { return errorPosition(e.message); }
    return null;
  });
  expect(positions).toEqual([4, 4, 5, 5, 5]);
});

test('a long bad token is cut at whole characters: the message quotes text the field has', () => {
  for (const alg of ['R Q' + 'é'.repeat(12), 'R Q' + '😀'.repeat(7), 'R ’' + '’'.repeat(9) + 'x']) {
    const { message, token, start } = marked(alg);
    expect(message).not.toContain('\ufffd');
    const quoted = errorToken(message);
    expect(alg.slice(2).startsWith(quoted)).toBe(true);
    expect([token, start]).toEqual([quoted, 2]);
  }
});

test('code point positions map to JS string indices', () => {
  const s = 'a😀b’c';
  expect([1, 2, 3, 4, 5, 6].map((p) => codePointIndex(s, p))).toEqual([0, 1, 3, 4, 5, -1]);
  expect(codePointIndex(s, 0)).toBe(-1);
  // past the end: the last character (a whole surrogate pair) is marked
  expect(tokenRange('R 😀', 9)).toEqual({ start: 2, end: 4 });
  expect(tokenRange('', 1)).toBeNull();
});
