// paste.test.mjs - what the scramble box recognises before it parses moves (web/lib/paste.mjs,
// no browser): facelet strings (face and colour letters), Twizzle, alg.cubing.net, csTimer's
// alg.cubing.net and evocube links (web/lib/paste-link.mjs), notation, and the links and strings it refuses with
// their own message; and Twizzle's setup + alg read as Twizzle shows it, by the core.
import { recognise } from '../../web/lib/paste.mjs';
import { readCubeText, wholeCubeNote } from '../../web/lib/cube-text.mjs';
import { readLink, setupPlusAlg, playedText } from '../../web/lib/paste-link.mjs';
import { buildShare, twizzleUrl, readShare } from '../../web/lib/share-link.mjs';
import { loadCoreNode } from '../../web/lib/core-node.mjs';

let core;
beforeAll(async () => { core = await loadCoreNode(); });

// a facelet string in colour letters: each face letter as the standard scheme colours it
const COLOUR_OF = { U: 'W', R: 'R', F: 'G', D: 'Y', L: 'O', B: 'B' };

describe('facelet strings', () => {
  test("the page's own Facelets line is a facelet string, the same cube", () => {
    const f = core.apply("R U F D' L2 B");
    expect(recognise(f)).toEqual({ kind: 'facelets', facelets: f, label: 'facelet string' });
    expect(recognise(`  ${f.slice(0, 27)} ${f.slice(27)}\n`).facelets).toBe(f); // spaces ignored
  });

  test('colour letters W Y G B R O in the standard scheme read as the same cube', () => {
    const f = core.apply("R U F D' L2 B x");
    const colours = [...f].map((c) => COLOUR_OF[c]).join('');
    const r = recognise(colours);
    expect(r.kind).toBe('facelets');
    expect(r.label).toBe('facelet string (colour letters)');
    expect(r.facelets).toBe(f);
    core.validate(r.facelets);
  });

  test('not 9 of each letter: a facelet string with its fault named, never 54 face turns', () => {
    const f = core.apply('R U F');
    const bad = `U${f.slice(1, 53)}U`;
    const r = recognise(bad);
    expect(r.kind).toBe('near');
    expect(r.message).toMatch(/read as a facelet string .* but [URFDLB] appears \d+ times?, [URFDLB] \d+; each letter appears 9 times/);
    // one U painted B: 8 U and 10 B
    const solved = core.apply('');
    const ub = `UUUUUUUUB${solved.slice(9)}`;
    expect(recognise(ub).message).toContain('U appears 8 times, B 10');
  });

  test('a string mixing face and colour letters is named as such', () => {
    const s = [...core.apply('R U F')].map((c) => COLOUR_OF[c]);
    expect(readCubeText(s.join('')).kind).toBe('facelets');
    const mixed = s.map((c) => (c === 'W' ? 'U' : c)).join(''); // white written as U
    expect(readCubeText(mixed)).toMatchObject({ kind: 'near', message: expect.stringContaining('mixes face letters') });
  });

  test('near misses are named with their fault: lower case, 53 and 55 letters, ZWSP, U+2060, a BOM', () => {
    const f = core.apply("R U F D' L2 B");
    const cases = [
      [f.toLowerCase(), `lower-case letters ("${f[0].toLowerCase()}" at character 1)`],
      [f.slice(0, 53), 'it has 53 letters, not 54'],
      [`${f}U`, 'it has 55 letters, not 54'],
      [`${f.slice(0, 10)}\u200b${f.slice(10)}`, 'invisible character U+200B at character 11'],
      [`${f.slice(0, 3)}\u2060${f.slice(3)}`, 'invisible character U+2060 at character 4'],
      [`\ufeff${f}`, 'U+FEFF (a byte-order mark) at character 1'],
    ];
    for (const [text, fault] of cases) {
      const r = recognise(text);
      expect([text, r.kind]).toEqual([text, 'near']);
      expect(r.message).toContain(fault);
      expect(r.message).not.toMatch(/[\u200b\u2060\ufeff]/u); // named, never echoed
    }
  });

  test('six spaced groups are a facelet string, the same cube', () => {
    const f = core.apply("R U F D' L2 B");
    const grouped = f.match(/.{9}/g).join(' ');
    expect(recognise(grouped)).toEqual({ kind: 'facelets', facelets: f, label: 'facelet string' });
  });

  test('ordinary notation stays notation', () => {
    for (const a of ["R U R' U'", 'RUR', '[R, U]', '2-3Rw', '']) expect(recognise(a)).toEqual({ kind: 'notation' });
  });
});

describe('links', () => {
  test('a whole URL (or a bare Twizzle / alg.cubing.net address) is a link, not moves', () => {
    for (const u of ['https://alpha.twizzle.net/edit/?alg=R', 'http://localhost:8000/?scramble=R', 'alg.cubing.net/?alg=R_U', '  https://example.com/x  ']) {
      expect(recognise(u)).toEqual({ kind: 'link', url: u.trim() });
    }
    expect(recognise('R U https://a.b/').kind).toBe('notation');
    // spaces left in a copied query: still the link (the URL parser encodes them)
    expect(readLink(recognise("https://alpha.twizzle.net/edit/?alg=R U R'").url, readShare).shared.solution).toBe("R U R'");
  });

  test('Twizzle /edit/ and /explore/ links: setup + alg', () => {
    for (const path of ['edit/', 'explore/', 'edit']) {
      const r = readLink(`https://alpha.twizzle.net/${path}?alg=R+U+R%27&setup-alg=F2+D%27`, readShare);
      expect(r).toMatchObject({ kind: 'link', own: false, label: 'Twizzle link: setup + alg' });
      expect(r.shared).toMatchObject({ scramble: "F2 D'", solution: "R U R'", setupAlg: true });
    }
    expect(readLink('alpha.twizzle.net/edit/?alg=R+U', readShare).label).toBe('Twizzle link: alg');
    // Twizzle's '-' is a hyphen (SiGN's 2-3Rw), its prime %27
    const sign = readLink(`https://alpha.twizzle.net/edit/?${new URLSearchParams({ 'setup-alg': "2-3Rw U'", alg: "U 2-3Rw'" })}`, readShare);
    expect(sign.shared).toMatchObject({ scramble: "2-3Rw U'", solution: "U 2-3Rw'" });
    expect(core.verify(core.apply(sign.shared.scramble), sign.shared.solution).solved).toBe(true);
  });

  test("evocube's own Twizzle link (twizzleUrl) reads back its setup and solution", () => {
    const r = readLink(twizzleUrl("R U F'", [], "F U' R'"), readShare);
    expect(r.shared).toMatchObject({ scramble: "R U F'", solution: "F U' R'" });
  });

  test("alg.cubing.net links, with its _ and - and its &#45; escape; csTimer's percent-encoded form", () => {
    const a = readLink('https://alg.cubing.net/?alg=R_U_R-&setup=F2_D-', readShare);
    expect(a).toMatchObject({ kind: 'link', label: 'alg.cubing.net link: setup + alg' });
    expect(a.shared).toMatchObject({ scramble: "F2 D'", solution: "R U R'" });
    // alg.cubing.net writes a hyphen (SiGN's 2-3Rw) as &#45;, percent-encoded
    const esc = readLink('https://alg.cubing.net/?alg=2%26%2345%3B3Rw-_U&setup=U-_2%26%2345%3B3Rw&puzzle=3x3x3', readShare);
    expect(esc.shared).toMatchObject({ scramble: "U' 2-3Rw", solution: "2-3Rw' U" });
    expect(core.verify(core.apply(esc.shared.scramble), esc.shared.solution).solved).toBe(true);
    const cs = readLink(`https://alg.cubing.net/?alg=${encodeURIComponent("U R' // cross\nF")}&setup=${encodeURIComponent("F' R U'")}`, readShare);
    expect(cs.shared).toMatchObject({ scramble: "F' R U'", solution: "U R' // cross\nF" });
  });

  test("evocube's own links: the same fields as the page's address", () => {
    const q = buildShare({ scramble: "R U R' F2", solver: 'greedy', seed: 7, params: { oracle: 'first20' }, solution: "F2 R U' R'" });
    const r = readLink(`https://example.org/evocube/${q}`, readShare, 'https://other.example');
    expect(r).toMatchObject({ kind: 'link', own: true, label: 'evocube link: scramble + solution' });
    expect(r.shared).toMatchObject({ scramble: "R U R' F2", solver: 'greedy', seed: '7', params: { oracle: 'first20' }, solution: "F2 R U' R'" });
    expect(r.shared.setupAlg).toBeUndefined();
    const f = core.apply('R');
    expect(readLink(`http://localhost:8000/?facelets=${f}`, readShare, 'http://localhost:8000').label).toBe('evocube link: facelets');
    expect(readLink('http://localhost:8000/?seed=3', readShare, 'http://localhost:8000')).toMatchObject({ kind: 'bad' });
  });

  test('links evocube does not read get their own message', () => {
    expect(readLink('https://example.com/?alg=R', readShare)).toEqual({ kind: 'bad', message: 'A link to example.com is not one evocube reads: paste a Twizzle (alpha.twizzle.net/edit/ or /explore/), alg.cubing.net or evocube link, or the moves themselves.' });
    expect(readLink('https://alpha.twizzle.net/play/?alg=R', readShare).message).toBe("This Twizzle link is to /play/; evocube reads Twizzle's /edit/ or /explore/ links only.");
    expect(readLink('https://alpha.twizzle.net/edit/?puzzle=4x4x4&alg=R', readShare).message).toBe('This Twizzle link is for the 4x4x4; evocube solves the 3x3x3 only.');
    expect(readLink('https://alg.cubing.net/?puzzle=2x2x2&alg=R', readShare).message).toBe('This alg.cubing.net link is for the 2x2x2; evocube solves the 3x3x3 only.');
    expect(readLink('https://alpha.twizzle.net/edit/', readShare).message).toBe('This Twizzle link carries no cube (no alg, setup, scramble or facelets).');
    expect(readLink('https://[bad', readShare).message).toBe('This looks like a link but is not a valid URL; paste the whole address.');
  });
});

describe("Twizzle's setup + alg", () => {
  const read = (url) => setupPlusAlg(core, readLink(url, readShare).shared);

  test('an alg that does not solve its setup is played after it: the cube is setup then alg', () => {
    const r = read('https://alpha.twizzle.net/edit/?setup-alg=F2+D%27&alg=R+U+R%27');
    expect(r.solution).toBeUndefined();
    expect(r.played).toEqual({ setup: "F2 D'", alg: "R U R'", site: 'Twizzle' });
    expect(core.apply(r.scramble)).toBe(core.apply("F2 D' R U R'"));
    expect(playedText(r.played)).toBe("The link's alg (R U R') does not solve its setup (F2 D'), so the cube is the setup followed by the alg, as Twizzle shows it.");
  });

  test('a setup ending in a // comment keeps the alg on its own line', () => {
    const r = read(`https://alpha.twizzle.net/edit/?setup-alg=${encodeURIComponent('F2 // setup')}&alg=R`);
    expect(core.apply(r.scramble)).toBe(core.apply('F2 R'));
  });

  test('an alg that solves its setup stays the solution to show', () => {
    const r = read("https://alpha.twizzle.net/edit/?setup-alg=F2+D%27&alg=D+F2");
    expect(r).toMatchObject({ scramble: "F2 D'", solution: 'D F2' });
    expect(r.played).toBeUndefined();
  });

  test("evocube's solution= that fails is not played (it is refused where it is checked)", () => {
    const shared = readLink('https://example.org/?scramble=F2&solution=R', readShare, 'https://example.org').shared;
    expect(setupPlusAlg(core, shared)).toBe(shared);
  });
});

describe("Twizzle's setup-anchor, read as cubing.js's TwistyPlayer reads it", () => {
  const read = (q) => setupPlusAlg(core, readLink(`https://alpha.twizzle.net/edit/?${q}`, readShare).shared);
  const cubeOf = (s) => (s.algOnly ? core.apply(core.invert(s.solution)) : core.apply(s.scramble));

  test('?alg=X and ?setup-alg=&alg=X are the same cube: X played from solved (anchor start)', () => {
    const a = read('alg=R+U+F%27'), b = read('setup-alg=&alg=R+U+F%27');
    expect(cubeOf(a)).toBe(core.apply("R U F'"));
    expect(cubeOf(b)).toBe(cubeOf(a));
    expect(playedText(a.played)).toBe("The link has an alg (R U F') and no setup, so the cube is the alg played from the solved cube, as Twizzle shows it.");
  });

  test('setup-anchor=end: the alg ends at the setup; alone, it solves the cube it starts from', () => {
    const alone = read('alg=R+U+F%27&setup-anchor=end');
    expect(alone).toMatchObject({ algOnly: true, solution: "R U F'" });
    expect(cubeOf(alone)).toBe(core.apply("F U' R'"));
    // with a setup that the alg solves from its start (start = setup then the alg's inverse)
    const solves = read('setup-alg=&alg=R+U&setup-anchor=end');
    expect(cubeOf(solves)).toBe(core.apply("U' R'"));
    // with a setup: the start is setup + alg', the alg ends at the setup, which is the cube
    const s = read('setup-alg=D2&alg=R+U&setup-anchor=end');
    expect(s.played).toMatchObject({ anchor: 'end', setup: 'D2' });
    expect(core.apply(s.scramble)).toBe(core.apply('D2'));
    const shared = readLink('https://alpha.twizzle.net/edit/?setup-alg=D2&alg=R+U&setup-anchor=end', readShare).shared;
    expect(core.apply(shared.scramble)).toBe(core.apply("D2 U' R'")); // Twizzle's start
    expect(readLink('https://alpha.twizzle.net/edit/?alg=R&setup-anchor=middle', readShare).message).toBe('This Twizzle link\'s setup-anchor is "middle"; Twizzle\'s are start and end.');
  });

  test('an empty alg is no alg: the setup is the cube, no "does not solve" notice', () => {
    const r = readLink('https://alpha.twizzle.net/edit/?setup-alg=F2&alg=', readShare);
    expect(r.label).toBe('Twizzle link: setup');
    expect(setupPlusAlg(core, r.shared).played).toBeUndefined();
  });

  test('an alg.cubing.net link is told as alg.cubing.net shows it', () => {
    const r = setupPlusAlg(core, readLink('https://alg.cubing.net/?setup=F2&alg=R', readShare).shared);
    expect(playedText(r.played)).toMatch(/as alg\.cubing\.net shows it\.$/);
  });
});

describe('long links', () => {
  test('a Twizzle link of 430 2-3Rw (2,585 characters) is read, each range kept', () => {
    const alg = Array(430).fill('2-3Rw').join(' ');
    const url = `https://alpha.twizzle.net/edit/?alg=${alg.replace(/ /g, '+')}`;
    expect(url.length).toBeLessThan(2700);
    const r = readLink(url, readShare);
    expect(r.kind).toBe('link');
    expect(r.shared.solution).toBe(alg);
  });

  test('an over-long link is told "too long", not "carries no cube"', () => {
    const r = readLink(`https://alpha.twizzle.net/edit/?alg=${'R+'.repeat(4000)}`, readShare);
    expect(r.kind).toBe('bad');
    expect(r.message).toMatch(/too long/);
    expect(r.message).not.toMatch(/carries no cube/);
  });

  test('a puzzle name with U+202E is named, not echoed', () => {
    const r = readLink('https://alpha.twizzle.net/edit/?puzzle=4x4%E2%80%AEx4&alg=R', readShare);
    expect(r.message).toContain('4x4<U+202E>x4');
  });
});

test("3Rw and the other whole-cube ranges are read as the rotation SiGN means, with a note saying so", () => {
  for (const [alg, plain, rotation] of [['R 3Rw', 'R x', 'x'], ["1-3Lw'", 'x', "x'"], ['3u2 F', 'y2 F', 'y'], ['1-3B', "z'", "z'"]]) {
    expect(core.apply(alg)).toBe(core.apply(plain));
    expect(wholeCubeNote(alg)).toMatch(new RegExp(`turns all 3 layers: read as the rotation ${rotation}$`));
  }
  for (const alg of ['2-3Rw', '3R', 'R // 3Rw', '13Rw']) expect(wholeCubeNote(alg)).toBe('');
});
