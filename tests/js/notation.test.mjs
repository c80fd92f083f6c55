// notation.test.mjs - the notation cubing.js reads, through the wasm core as the page and the
// CLI use it (web/lib/core.mjs): commutators [A, B] = A B A' B' and conjugates [A: B] = A B A',
// nested with ( )n and ', "." as a pause, any Unicode space as a separator; errors with the
// core's message, its code and the token the page's field marks (web/page/input/alg-input.mjs); the
// move limit after expansion. The C side is tests/c/test_notation_brackets.c.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { tokenRange, errorPosition, errorToken } from '../../web/page/input/error-echo.lazy.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const core = await loadCoreNode();

// the error the core throws for an alg
function failure(alg) {
  try {
    core.canonical(alg);
  } catch (e) {
    return e;
  }
  throw new Error(`${alg} parsed`);
}

test.each([
  ['[R, U]', "R U R' U'"],
  ['[R: U]', "R U R'"],
  ["[R U2, F']", "R U2 F' U2 R' F"],
  ['[R: [U, F]]', "R U F U' F' R'"],
  ['[[R, U], F]', "R U R' U' F U R U' R' F'"],
  ['([R, U])2', "R U R' U' R U R' U'"],
  ['[R, U]2', "R U R' U' R U R' U'"],
  ["[R, U]'", "U R U' R'"],
  ['[(R U)2, F]', "R U R U F U' R' U' R' F'"],
  ['R . U ..', 'R U'],
  ['R\u00a0U\u3000F\u2009B\u202fD\u205fL\u200bU\ufeffR', 'R U F B D L U R'],
])('%s reads as %s', (alg, plain) => {
  expect(core.canonical(alg)).toBe(plain);
  expect(core.apply(alg)).toBe(core.apply(plain));
});

test('inverse and metrics see the expansion', () => {
  expect(core.invert('[R: U]')).toBe("R U' R'");
  expect(core.metrics('[R, U2]')).toEqual({ htm: 4, qtm: 6, stm: 4 });
});

test.each([
  // [alg, code name, message, the token the page marks, its index]
  ['R, U', 'E_TOKEN', '"," at character 2 is not directly inside [ ] (a commutator is [A, B], a conjugate [A: B])', ',', 1],
  ['[R U]', 'E_TOKEN', '"]" at character 5 closes brackets without "," or ":" (a commutator is [A, B], a conjugate [A: B])', ']', 4],
  ['[R, U, F]', 'E_TOKEN', '"," at character 6 is a second separator in the brackets opened at character 1 (after the "," at character 3)', ',', 5],
  ['R\u3000(U F]', 'E_PAREN_CLOSE', '"]" at character 7 does not close the "(" at character 3', ']', 6],
  ['R’ [R, U', 'E_PAREN_OPEN', '"[" at character 4 is never closed', '[', 3],
  ['R\u00a0Qx\u00a0U', 'E_TOKEN', 'unknown move "Qx" at character 3', 'Qx', 2],
  ['[(R U)999, F D B]', 'E_ALG_MOVES', 'the alg has more than 4000 moves once the commutator closed at character 17 is expanded', ']', 16],
  ['[R: U2 F]1001', 'E_ALG_MOVES', 'the alg has more than 4000 moves once the group closed at character 9 is repeated', ']', 8],
])('%s is refused: %s', (alg, codeName, message, token, index) => {
  const e = failure(alg);
  expect({ codeName: e.codeName, message: e.message }).toEqual({ codeName, message });
  const r = tokenRange(alg, errorPosition(e.message), errorToken(e.message));
  expect({ token: alg.slice(r.start, r.end), start: r.start }).toEqual({ token, start: index });
});

test('at the move limit after expansion: read, not cut', () => {
  expect(core.canonical('[(R U)999, F D]').split(' ')).toHaveLength(4000);
});

test('the CLI reads commutators, conjugates and Unicode spaces through the core', () => {
  const cli = (alg) => spawnSync(process.execPath, [join(root, 'scripts', 'cli', 'evocube.mjs'), 'facelets', alg], { encoding: 'utf8' });
  const a = cli('[R: [U, F]]\u00a0.'), b = cli("R U F U' F' R'");
  expect(a.status).toBe(0);
  expect(a.stdout).toBe(b.stdout);
  const bad = cli('[R U]');
  expect(bad.status).toBe(2);
  expect(bad.stderr).toContain('"]" at character 5 closes brackets without "," or ":"');
});
