// share.test.mjs - the share link's bounds exactly (web/lib/share-link.mjs, no browser): every limit
// that docs/RELIABILITY.md states ("Untrusted links") is read at the limit and refused one
// past it, with the message naming the size and the limit. The numbers here are the
// documented ones, written out, not read from share.mjs: a query of 6,000 characters, a
// scramble of 3,000, a param name and value of 40 each (so are a solver and preset name),
// 32 params, a seed of at most 10 digits (0..4294967295), facelets of at most 60 characters
// (54 and some spaces).
import { readShare, buildShare, twizzleUrl } from '../../web/lib/share-link.mjs';
import { checkLinkSolution, phasesFromComments } from '../../web/page/share/link-solution.lazy.mjs';
import { loadCoreNode } from '../../web/lib/core-node.mjs';

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
  // setup= and setup-alg= are the same field with the same bound; alg= (a solution) too
  expect(readShare(`?setup-alg=${alg(3001)}`).scramble).toBeUndefined();
  expect(readShare(`?setup=${alg(3000)}`).scramble).toHaveLength(3000);
  expect(readShare(`?alg=${alg(3000)}`).solution).toHaveLength(3000);
  expect(readShare(`?alg=${alg(3001)}`).solution).toBeUndefined();
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

test('SiGN ranges survive the link: buildShare then readShare keeps 2-3Rw (a hyphen is &#45;, a prime -)', () => {
  const scramble = "2-3Rw U' 2-3r2 R 1-2Lw'", solution = "1-2Lw 2-3r2' R' U 2-3Rw'";
  const link = buildShare({ scramble, solution });
  expect(readShare(link)).toMatchObject({ scramble, solution, problems: [] });
  // the address bar's own encoding of the query reads the same
  expect(readShare(new URL(`https://x.org/${link}`).search)).toMatchObject({ scramble, solution });
});

// ---- alg.cubing.net and Twizzle forms: setup= / setup-alg= is the
// scramble, alg= a solution of it; alg= alone is the solution of the cube it solves.
describe('alg.cubing.net and Twizzle query forms', () => {
  test.each([
    ['alg.cubing.net', "?setup=R_U-_F2&alg=F2_U_R-", "R U' F2", "F2 U R'"],
    ['Twizzle', `?setup-alg=${encodeURIComponent("R U' F2")}&alg=${encodeURIComponent("F2 U R'")}`, "R U' F2", "F2 U R'"],
    ['Twizzle with + for spaces', "?setup-alg=R+U%27+F2&alg=F2+U+R%27", "R U' F2", "F2 U R'"],
  ])('%s: setup is the scramble, alg the solution', (_, q, scramble, solution) => {
    const r = readShare(q);
    expect(r).toMatchObject({ scramble, solution, problems: [] });
    expect(r.algOnly).toBeUndefined();
  });

  test('alg= alone is a solution whose cube is its inverse (algOnly)', () => {
    const r = readShare('?alg=R_U');
    expect(r).toMatchObject({ solution: 'R U', algOnly: true, problems: [] });
    expect(r.scramble).toBeUndefined();
    // facelets= with alg=: the facelets are the cube, not the inverse
    expect(readShare(`?facelets=${'U'.repeat(9)}&alg=R`).algOnly).toBeUndefined();
  });

  test('evocube names win: scramble= over setup=, solution= over alg=', () => {
    expect(readShare('?scramble=R&setup=U&solution=R-&alg=U-')).toMatchObject({ scramble: 'R', solution: "R'" });
  });

  test("the page's own Twizzle link reads back: setup-alg as the scramble, the phase-commented alg as the solution", async () => {
    const core = await loadCoreNode();
    const scramble = "R U F' D2 L";
    const start = core.apply(scramble);
    const phases = [{ name: 'one', solution: "L' D2", length: 2 }, { name: 'two', solution: "F U' R'", length: 3 }];
    const url = new URL(twizzleUrl(scramble, phases, "L' D2 F U' R'"));
    const r = readShare(url.search);
    expect(r.scramble).toBe(scramble);
    expect(r.solution).toMatch(/\/\/ one \(2\)\n/);
    const checked = checkLinkSolution(core, r);
    expect(checked).toMatchObject({ ok: true, facelets: start, solution: "L' D2 F U' R'", moves: 5 });
    // and its phases come back from the // comments
    expect(phasesFromComments(r.solution)).toEqual([{ name: 'one', solution: "L' D2" }, { name: 'two', solution: "F U' R'" }]);
  });

  test('phasesFromComments: only the whole form is read; anything else has no phases', () => {
    expect(phasesFromComments("R U // a (2)\nF // b (1)")).toEqual([{ name: 'a', solution: 'R U' }, { name: 'b', solution: 'F' }]);
    expect(phasesFromComments("R U // only one phase")).toEqual([]);
    expect(phasesFromComments("R U // a\nF")).toEqual([]); // a line without a comment
    expect(phasesFromComments("R U F")).toEqual([]);
  });

  test('checkLinkSolution: alg= alone solves its inverse; a forged solution with setup= is refused', async () => {
    const core = await loadCoreNode();
    const ok = checkLinkSolution(core, readShare('?alg=R_U_F-'));
    expect(ok).toMatchObject({ ok: true, scramble: "F U' R'", solution: "R U F'", moves: 3 });
    expect(ok.facelets).toBe(core.apply("F U' R'"));
    const forged = checkLinkSolution(core, readShare('?setup=R_U&alg=U-_R'));
    expect(forged.ok).toBe(false);
    expect(forged.message).toMatch(/^The solution in the link was not shown: it does not solve the link's cube/);
    const bad = checkLinkSolution(core, readShare('?alg=R_Q'));
    expect(bad).toEqual({ ok: false, message: 'The solution in the link was not shown: unknown move "Q" at character 3.' });
  });

  test('buildShare carries the solution and readShare reads it back', () => {
    const q = buildShare({ scramble: "R U'", solver: 'twophase', seed: 1, solution: "U R'" });
    expect(q).toBe("?scramble=R_U-&solver=twophase&seed=1&solution=U_R-");
    expect(readShare(q)).toMatchObject({ scramble: "R U'", solution: "U R'", solver: 'twophase', seed: '1' });
  });
});

test('malformed solver, seed, preset, islands and param in a link: each ignored with its own problem', () => {
  const r = readShare('?solver=two%20phase&seed=x1&preset=a%2Fb&islands=0&p.pop%20size=5&p.ok=1');
  expect(r).toMatchObject({ params: { ok: '1' } });
  for (const k of ['solver', 'seed', 'preset', 'islands']) expect(r[k]).toBeUndefined();
  expect(r.problems).toEqual([
    'the solver name in the link is malformed; it was ignored',
    'the seed in the link is not a whole number; it was ignored',
    'the preset in the link is malformed; it was ignored',
    'the islands in the link must be a whole number from 1 to 64 (got "0"); one island is used',
    'param "pop size" in the link is malformed; it was ignored',
  ]);
});

test('a value given twice in a link is named: a repeated p.key (or its snake_case form) keeps the first; setup= with a different setup-alg= loads neither', () => {
  const r = readShare('?scramble=R&p.population=50&p.population=70');
  expect(r.params).toEqual({ population: '50' });
  expect(r.problems).toEqual(['param "population" is given twice in the link (p.population=50 and p.population=70); the first is used, the second was ignored']);
  const s = readShare('?p.maxGenerations=5&p.max_generations=9');
  expect(s.params).toEqual({ maxGenerations: '5' });
  expect(s.problems).toEqual(['param "max_generations" is given twice in the link (p.maxGenerations=5 and p.max_generations=9); the first is used, the second was ignored']);
  const t = readShare('?setup=R_U&setup-alg=F&alg=F-');
  expect(t.scramble).toBeUndefined();
  expect(t.solution).toBeUndefined();
  expect(t.problems).toEqual(['the link gives the scramble as setup= and setup-alg= with different texts; neither was loaded']);
  expect(readShare('?scramble=R&scramble=U').problems).toEqual(['the link gives the scramble 2 times (scramble=) with different texts; neither was loaded']);
  // the same text under two names is one scramble
  expect(readShare('?setup=R_U&setup-alg=R_U')).toMatchObject({ scramble: 'R U', problems: [] });
});
