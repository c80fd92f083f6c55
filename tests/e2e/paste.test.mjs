// paste.test.mjs - what cubers paste into the scramble box, in real Chromium: the page's own
// Facelets line (and the same in colour letters) reproduces the same cube in the Paint tab;
// each link form (Twizzle /edit/ and /explore/, alg.cubing.net, csTimer's alg.cubing.net
// link, evocube's own) loads the cube and the solution where there is one, as Twizzle shows
// it; Twizzle's setup + alg whose alg does not solve the setup is the cube setup then alg
// (also as the page's own address), said under the box and cleared by the next paste; a link
// evocube does not read gets its own message; near-facelet text is named with its fault. And
// the small readings: one message for a short ?facelets=, colour names in the painter, a
// scramble error greys the last valid cube, "1 move", the net's centre letters' contrast,
// named param values in the params fields and the links the page writes.
import { setup, tid, text, waitStatus } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

// each notice's own text (its first child; the dismiss button follows)
const noticeText = (page, kind) => page.evaluate((k) => [...document.querySelectorAll(`[data-testid="notice-${k}"]`)].map((n) => n.firstChild.textContent).join(' | '), kind);
const faceletsIs = (page, want) => page.waitForFunction(([sel, w]) => document.querySelector(sel).textContent === w, [tid('facelets'), want], { timeout: 10000 });
const netColours = (page) => page.$$eval('[data-testid="net"] .st', (els) => els.map((e) => (e.dataset.color || '').replace('c-', '')).join(''));
const COLOUR_OF = { U: 'W', R: 'R', F: 'G', D: 'Y', L: 'O', B: 'B' };

test("pasting the page's own Facelets line (or it in colour letters) reproduces the same cube", async () => {
  const page = await env.open();
  const alg = "R U F D' L2 B";
  await page.fill(tid('scramble-input'), alg);
  const want = env.core.apply(alg);
  await faceletsIs(page, want);
  const line = await text(page, 'facelets');
  for (const [pasted, label] of [[line, 'facelet string'], [[...line].map((c) => COLOUR_OF[c]).join(''), 'facelet string (colour letters)']]) {
    await page.click(tid('tab-scramble'));
    await page.fill(tid('scramble-input'), pasted);
    await page.waitForFunction((sel) => document.querySelector(sel).getAttribute('aria-selected') === 'true', tid('tab-paint'));
    expect(await text(page, 'paint-kind')).toBe(`Pasted: ${label}`);
    expect(await text(page, 'facelets')).toBe(want);
    expect(await netColours(page)).toBe(want);
    expect(await text(page, 'paint-validation')).toBe('This cube is possible: ready to solve.');
    expect(await page.isDisabled(tid('solve'))).toBe(false);
    await page.waitForFunction((w) => new URL(location.href).searchParams.get('facelets') === w, want);
  }
  await page.close();
  expect(env.errors).toEqual([]);
}, 60000);

describe('links pasted into the scramble box', () => {
  const solving = { setup: "R U F' D2", alg: "D2 F U' R'" };
  const cases = () => [
    ['Twizzle /edit/', `https://alpha.twizzle.net/edit/?setup-alg=${encodeURIComponent(solving.setup)}&alg=${encodeURIComponent(solving.alg)}`, 'Twizzle link: setup + alg', solving.setup, solving.alg],
    ['Twizzle /explore/', `https://alpha.twizzle.net/explore/?alg=${encodeURIComponent(solving.alg)}&setup-alg=${encodeURIComponent(solving.setup)}`, 'Twizzle link: setup + alg', solving.setup, solving.alg],
    ['alg.cubing.net', 'https://alg.cubing.net/?alg=D2_F_U-_R-&setup=R_U_F-_D2', 'alg.cubing.net link: setup + alg', solving.setup, solving.alg],
    ["csTimer's alg.cubing.net", `https://alg.cubing.net/?alg=${encodeURIComponent(solving.alg)}&setup=${encodeURIComponent(solving.setup)}`, 'alg.cubing.net link: setup + alg', solving.setup, solving.alg],
    ['Twizzle setup + alg that does not solve it', 'https://alpha.twizzle.net/edit/?setup-alg=F2+D%27&alg=R+U+R%27', 'Twizzle link: setup + alg', "F2 D' R U R'", null],
    ['evocube', `${env.server.url}?scramble=R_U_F&solver=twophase&seed=3&solution=F-_U-_R-`, 'evocube link: scramble + solution', 'R U F', "F' U' R'"],
  ];

  test.each([0, 1, 2, 3, 4, 5])('form %i loads the cube (and its solution) as Twizzle shows it', async (i) => {
    const [, url, label, cube, solution] = cases()[i];
    const page = await env.open('?scramble=L_D');
    await page.fill(tid('scramble-input'), url);
    await page.waitForFunction(([sel, l]) => document.querySelector(sel).textContent === l, [tid('scramble-kind'), label], { timeout: 10000 });
    await faceletsIs(page, env.core.apply(cube));
    expect(await page.isHidden(tid('scramble-error'))).toBe(true);
    if (solution) {
      await page.waitForFunction((sel) => document.querySelector(sel).textContent.length > 0, tid('solution'), { timeout: 10000 });
      expect(await text(page, 'solution')).toBe(env.core.canonical(solution));
      expect(await page.isDisabled(tid('play'))).toBe(false);
    } else {
      // said under the box, not in a notice over the cube; the next paste clears it
      await page.waitForFunction((sel) => document.querySelector(sel).textContent.length > 0, tid('scramble-note'), { timeout: 10000 });
      expect(await text(page, 'scramble-note')).toBe("The link's alg (R U R') does not solve its setup (F2 D'), so the cube is the setup followed by the alg, as Twizzle shows it.");
      expect(await noticeText(page, 'info')).not.toContain('does not solve');
      expect(await text(page, 'solution')).toBe('');
      await page.fill(tid('scramble-input'), 'R U');
      expect(await page.isHidden(tid('scramble-note'))).toBe(true);
    }
    expect(await noticeText(page, 'warn')).toBe('');
    await page.close();
    expect(env.errors).toEqual([]);
  }, 60000);

  test("an evocube link with facelets= loads them in the Paint tab, and the box keeps no link", async () => {
    const want = env.core.apply("R U F'");
    const page = await env.open('?scramble=L_D');
    await page.fill(tid('scramble-input'), `${env.server.url}?facelets=${want}&solver=twophase`);
    await page.waitForFunction((sel) => document.querySelector(sel).getAttribute('aria-selected') === 'true', tid('tab-paint'));
    expect(await text(page, 'paint-kind')).toBe('Pasted: evocube link: facelets');
    await faceletsIs(page, want);
    await page.click(tid('tab-scramble'));
    expect(await page.inputValue(tid('scramble-input'))).toBe('');
    await page.close();
    expect(env.errors).toEqual([]);
  }, 30000);

  test('a link evocube does not read gets its own message, and the cube is not taken from it', async () => {
    const page = await env.open('?scramble=L_D');
    await page.fill(tid('scramble-input'), 'https://alpha.twizzle.net/edit/?puzzle=4x4x4&alg=R');
    await page.waitForSelector(`${tid('scramble-error')}:not([hidden])`);
    expect(await text(page, 'scramble-error-message')).toBe('This Twizzle link is for the 4x4x4; evocube solves the 3x3x3 only.');
    await page.fill(tid('scramble-input'), 'https://example.com/?alg=R');
    await page.waitForFunction((sel) => (document.querySelector(sel)?.textContent || '').startsWith('A link to example.com is not one evocube reads'), tid('scramble-error-message'));
    expect(await page.isDisabled(tid('solve'))).toBe(true);
    await page.close();
    expect(env.errors).toEqual([]);
  }, 30000);
});

test('near-facelet text is named with its fault under the box, never solved as 54 moves', async () => {
  const page = await env.open();
  const f = env.core.apply("R U F D' L2 B");
  for (const [pasted, fault] of [[f.toLowerCase(), 'lower-case letters'], [`UUUUUUUUB${env.core.apply('').slice(9)}`, 'U appears 8 times, B 10'],
    [`${f.slice(0, 5)}\u200b${f.slice(5)}`, 'U+200B at character 6'], [f.slice(1), 'it has 53 letters, not 54']]) {
    await page.fill(tid('scramble-input'), pasted);
    await page.waitForFunction(([sel, w]) => (document.querySelector(sel)?.textContent || '').includes(w), [tid('scramble-error-message'), fault], { timeout: 10000 });
    expect(await text(page, 'scramble-error-message')).toMatch(/^This is read as a facelet string/);
    expect(await page.isDisabled(tid('solve'))).toBe(true);
    expect(await text(page, 'facelets')).toBe('none: the scramble has an error');
  }
  await page.close();
  expect(env.errors).toEqual([]);
}, 60000);

test("the page's own ?setup-alg=F2+D%27&alg=R+U+R%27 loads F2 D' R U R'", async () => {
  const page = await env.open('?setup-alg=F2+D%27&alg=R+U+R%27');
  await page.waitForFunction((sel) => document.querySelector(sel).textContent.includes('does not solve its setup'), tid('scramble-note'), { timeout: 10000 });
  await faceletsIs(page, env.core.apply("F2 D' R U R'"));
  expect(env.core.apply(await page.inputValue(tid('scramble-input')))).toBe(env.core.apply("F2 D' R U R'"));
  expect(await noticeText(page, 'warn')).toBe('');
  expect(await page.isDisabled(tid('solve'))).toBe(false);
  await page.close();
  expect(env.errors).toEqual([]);
}, 30000);

test('the small readings: a short ?facelets=, colour names, a greyed stale cube, "1 move", centre contrast', async () => {
  const short = await env.open('?facelets=UUUU');
  await short.waitForFunction(() => document.querySelector('[data-testid="notice-warn"]'), null, { timeout: 10000 });
  expect(await noticeText(short, 'warn')).toBe('The facelets in the link have 4 letters, not 54; they were not loaded.');
  await short.close();

  const solved = env.core.apply('');
  const counts = await env.open(`?facelets=R${solved.slice(1)}`);
  await counts.waitForFunction((sel) => document.querySelector(sel).textContent.startsWith('white appears 8 times, red 10;'), tid('paint-validation'));
  await counts.close();

  const page = await env.open();
  await page.fill(tid('scramble-input'), "R2'");
  await page.waitForFunction((sel) => document.querySelector(sel).textContent.startsWith('1 move (HTM)'), tid('scramble-info'));
  const last = env.core.apply("R2'");
  await page.fill(tid('scramble-input'), "R2' Q");
  await page.waitForSelector(`${tid('scramble-error')}:not([hidden])`);
  expect(await text(page, 'facelets')).toBe('none: the scramble has an error');
  expect(await page.getAttribute('#cube-input', 'data-stale')).toBe('true');
  expect(await page.$eval('#view3d', (e) => getComputedStyle(e).filter)).toBe('grayscale(1)');
  expect(await page.$eval('[data-testid="net"]', (e) => e.dataset.facelets)).toBe(last); // the last valid cube, greyed
  await page.fill(tid('scramble-input'), 'R');
  await faceletsIs(page, env.core.apply('R'));
  expect(await page.getAttribute('#cube-input', 'data-stale')).toBe('false');
  expect(await page.$eval('#view3d', (e) => getComputedStyle(e).filter)).toBe('none');

  // WCAG contrast of each centre letter on its sticker (painted in the Paint tab's net)
  await page.click(tid('tab-paint'));
  const pairs = await page.$$eval('[data-testid="net"] .face-label', (ls) => ls.map((l) => [getComputedStyle(l).color, getComputedStyle(l.parentElement).backgroundColor]));
  const lum = (css) => {
    const [r, g, b] = css.match(/\d+/g).slice(0, 3).map(Number).map((v) => v / 255).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  for (const [fg, bg] of pairs) {
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    expect((a + 0.05) / (b + 0.05)).toBeGreaterThanOrEqual(4.5);
  }
  expect(pairs).toHaveLength(6);
  await page.close();
  expect(env.errors).toEqual([]);
}, 60000);

test('a param with named values is a select of its names; links carry the name, and a number still reads', async () => {
  const s = env.core.solvers().find((x) => x.params.some((p) => p.names));
  if (!s) { console.warn('SKIPPED: no solver with a named param in this build'); return; }
  const p = s.params.find((x) => x.names);
  const other = p.names.find((n, i) => i + p.min !== p.default);
  const page = await env.open(`?scramble=R_U&solver=${s.name}&p.${p.key}=${p.names.indexOf(other) + p.min}`);
  expect(await page.$eval(tid(`param-${p.key}`), (e) => e.tagName)).toBe('SELECT');
  expect(await page.inputValue(tid(`param-${p.key}`))).toBe(other);
  expect(await page.$$eval(`${tid(`param-${p.key}`)} option`, (os) => os.map((o) => o.value))).toEqual(p.names);
  await page.waitForFunction(([k, v]) => new URL(location.href).searchParams.get(k) === v, [`p.${p.key}`, other]);
  // back to the default: the param leaves the link
  await page.click('#params-box summary');
  await page.selectOption(tid(`param-${p.key}`), p.names[p.default - p.min]);
  await page.waitForFunction((k) => new URL(location.href).searchParams.get(k) === null, `p.${p.key}`);
  expect(await page.isDisabled(tid('solve'))).toBe(false);
  // a value out of its names is shown and refused before Solve
  const bad = await env.open(`?scramble=R_U&solver=${s.name}&p.${p.key}=nonsense`);
  expect(await text(bad, `param-${p.key}-error`)).toBe(`must be one of ${p.names.join(', ')}`);
  expect(await bad.isDisabled(tid('solve'))).toBe(true);
  await bad.close();
  await page.close();
  // a run with a named value: the worker hands the name to the core, which reads it
  if (env.core.solvers().some((x) => x.name === 'greedy')) {
    const run = await env.open('?scramble=R_U_F&solver=greedy&seed=1&p.oracle=first20');
    expect(await run.inputValue(tid('param-oracle'))).toBe('first20');
    await run.click(tid('solve'));
    expect(await waitStatus(run, ['solved', 'gave up', 'error'], 30000)).toBe('solved');
    await run.close();
  }
  expect(env.errors).toEqual([]);
}, 90000);
