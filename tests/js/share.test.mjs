// share.test.mjs - the share link's bounds exactly (web/share.mjs, no browser): every limit
// that docs/RELIABILITY.md states ("Untrusted links") is read at the limit and refused one
// past it, with the message naming the size and the limit. The numbers here are the
// documented ones, written out, not read from share.mjs: a query of 6,000 characters, a
// scramble of 3,000, a param name and value of 40 each (so are a solver and preset name),
// 32 params, a seed of at most 10 digits (0..4294967295), facelets of at most 60 characters
// (54 and some spaces).
import { readShare, buildShare } from '../../web/share.mjs';

// a query of exactly n characters (with its '?'), padded by a field no link reads
function queryOf(n) {
  const head = '?solver=hugo&scramble=R&pad=';
  return head + 'x'.repeat(n - head.length);
}

test('the query: 6,000 characters are read, 6,001 are refused with the sizes named', () => {
  const at = readShare(queryOf(6000));
  expect(at.problems).toEqual([]);
  expect(at.solver).toBe('hugo');
  expect(at.scramble).toBe('R');
  const over = readShare(queryOf(6001));
  expect(over.problems).toEqual(['the link is too long (its query has 6001 characters, at most 6000 are read); it was ignored']);
  expect(over.solver).toBeUndefined();
  expect(over.scramble).toBeUndefined();
});

test('the scramble: 3,000 characters are read, 3,001 refused', () => {
  const alg = (n) => `R${'_'.repeat(n - 1)}`;
  const at = readShare(`?scramble=${alg(3000)}`);
  expect(at.problems).toEqual([]);
  expect(at.scramble).toHaveLength(3000);
  const over = readShare(`?scramble=${alg(3001)}`);
  expect(over.scramble).toBeUndefined();
  expect(over.problems).toEqual(['the scramble in the link has 3001 characters, more than the 3000 a link may carry; it was ignored']);
  // alg= and setup= are the same field with the same bound
  expect(readShare(`?alg=${alg(3001)}`).scramble).toBeUndefined();
  expect(readShare(`?setup=${alg(3000)}`).scramble).toHaveLength(3000);
});

test('a param value: 40 characters are read, 41 refused; a param name likewise', () => {
  const v40 = '1'.repeat(40);
  expect(readShare(`?p.population=${v40}`)).toMatchObject({ params: { population: v40 }, problems: [] });
  const over = readShare(`?p.population=${'1'.repeat(41)}`);
  expect(over.params).toEqual({});
  expect(over.problems).toEqual(['param "population" in the link is too long (52 characters, at most 40 for a name and 40 for a value); it was ignored']);
  const k40 = `k${'x'.repeat(39)}`;
  expect(readShare(`?p.${k40}=1`)).toMatchObject({ params: { [k40]: '1' }, problems: [] });
  const k41 = `${k40}x`;
  const overKey = readShare(`?p.${k41}=1`);
  expect(overKey.params).toEqual({});
  expect(overKey.problems).toEqual([`param "${k40}…" in the link is too long (43 characters, at most 40 for a name and 40 for a value); it was ignored`]);
  // a 400-character value (ten times the limit) is refused, not read
  expect(readShare(`?p.population=${'1'.repeat(400)}`).params).toEqual({});
});

test('32 params are read, the 33rd is not', () => {
  const q = (n) => `?${Array.from({ length: n }, (_, i) => `p.k${i}=${i}`).join('&')}`;
  const at = readShare(q(32));
  expect(Object.keys(at.params)).toHaveLength(32);
  expect(at.problems).toEqual([]);
  const over = readShare(q(33));
  expect(Object.keys(over.params)).toEqual(Array.from({ length: 32 }, (_, i) => `k${i}`));
  expect(over.problems).toEqual(['more than 32 params in the link; the rest were ignored']);
});

test('solver and preset names: 40 characters are read, 41 refused', () => {
  const n40 = `s${'x'.repeat(39)}`;
  expect(readShare(`?solver=${n40}`)).toMatchObject({ solver: n40, problems: [] });
  expect(readShare(`?solver=${n40}x`).problems).toEqual(['the solver name in the link is too long (41 characters, at most 40); it was ignored']);
  expect(readShare(`?preset=${n40}`)).toMatchObject({ preset: n40, problems: [] });
  expect(readShare(`?preset=${n40}x`).problems).toEqual(['the preset in the link is too long (41 characters, at most 40); it was ignored']);
});

test('the seed: 10 digits are read, 11 refused', () => {
  expect(readShare('?seed=4294967295')).toMatchObject({ seed: '4294967295', problems: [] });
  expect(readShare('?seed=12345678901').seed).toBeUndefined();
  expect(readShare('?seed=12345678901').problems).toEqual(['the seed in the link is too long (11 characters; a seed is a whole number from 0 to 4294967295); it was ignored']);
});

test('facelets: 60 characters are handed on (the core judges them), 61 refused', () => {
  const solved = 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB';
  expect(readShare(`?facelets=${solved}`)).toMatchObject({ facelets: solved, problems: [] });
  const f60 = `${solved}${'+'.repeat(6)}`; // '+' is a space in a query
  expect(readShare(`?facelets=${f60}`)).toMatchObject({ facelets: solved, problems: [] });
  expect(readShare(`?facelets=${f60}+`).facelets).toBeUndefined();
  expect(readShare(`?facelets=${f60}+`).problems).toEqual(['the facelets in the link are too long (61 characters; a cube has 54); they were ignored']);
});

test('a link built by buildShare reads back to what it was built from', () => {
  const link = buildShare({ scramble: "R U R' F2", solver: 'hugo', seed: 42, preset: 'short', params: { population: 50 } });
  expect(link).toBe("?scramble=R_U_R-_F2&solver=hugo&seed=42&preset=short&p.population=50");
  expect(readShare(link)).toEqual({ scramble: "R U R' F2", solver: 'hugo', seed: '42', preset: 'short', params: { population: '50' }, problems: [] });
});
