// input.test.mjs - the first page of the foundation and the painter, in real Chromium:
// typing a scramble shows its state (the facelets and the flat net agree with the core run
// in Node), a bad token gets the parser's message inline with that token marked, and the
// painter shows the core's specific validation message and enables Solve only for a
// possible cube. Also: the page runs under its CSP with no console errors.
import { setup, tid, text, readStickers, shownFacelets } from './helpers.mjs';
import { colourWords } from '../../web/page/input/outline.lazy.mjs';
import { COLOR_NAMES } from '../../web/lib/geometry.mjs';

let env;
beforeAll(async () => { env = await setup({ site: 'built' }); });
afterAll(async () => { await env.close(); });

async function netColours(page) {
  return page.$$eval('[data-testid="net"] .st', (els) => els.map((e) => (e.dataset.color || '').replace('c-', '')).join(''));
}

test('typing a scramble shows the cube state', async () => {
  const page = await env.open();
  expect(await text(page, 'facelets')).toBe(env.core.apply(''));
  const alg = "R U R' U' F2 (M E)2 x";
  await page.fill(tid('scramble-input'), alg);
  const want = env.core.apply(alg);
  await page.waitForFunction((w) => document.querySelector('[data-testid="facelets"]').textContent === w, want);
  expect(await netColours(page)).toBe(want);
  const m = env.core.metrics(alg);
  expect(await text(page, 'scramble-info')).toBe(`${m.htm} moves (HTM) · ${m.qtm} QTM · ${m.stm} STM`);
  expect(await page.isHidden(tid('scramble-error'))).toBe(true);
  // the 3D view shows the same state: its sticker meshes, placed and coloured as rendered
  // (WebGL is on in these tests; nowebgl.test.mjs covers the page without it)
  const stickers = await readStickers(page);
  expect(stickers).not.toBeNull();
  expect(shownFacelets(stickers)).toBe(want);
  await page.close();
});

test('a bad token gets the parser\'s message inline, marked at its position', async () => {
  const page = await env.open();
  await page.fill(tid('scramble-input'), "R U Qx F2");
  await page.waitForSelector(`${tid('scramble-error')}:not([hidden])`);
  const message = await text(page, 'scramble-error-message');
  let expected;
  try { env.core.apply("R U Qx F2"); } catch (e) { expected = e.message; }
  expect(message).toBe(expected);
  expect(message).toContain('"Qx"');
  expect(await text(page, 'scramble-error-token')).toBe('Qx');
  expect(await page.getAttribute(tid('scramble-input'), 'aria-invalid')).not.toBeNull();
  if (env.core.solvers().length) expect(await page.isDisabled(tid('solve'))).toBe(true);
  // after non-ASCII characters (the core counts code points, the page indexes UTF-16 units):
  // typographic primes (3 UTF-8 bytes each) and an emoji (2 UTF-16 units)
  for (const [alg, token, before] of [['R’ Qx U', 'Qx', 'R’ '], ['R’ U’ 😀 F', '😀', 'R’ U’ '], ['R’ U’) F', ')', 'R’ U’']]) {
    await page.fill(tid('scramble-input'), alg);
    await page.waitForFunction((a) => document.querySelector('[data-testid="scramble-error"] .echo')?.textContent === a, alg);
    expect(await text(page, 'scramble-error-token')).toBe(token);
    // the marked token sits where the text has it: everything before it is echoed unmarked
    expect(await page.$eval(`${tid('scramble-error')} .echo`, (e) => e.firstChild.textContent)).toBe(before);
  }
  // an unclosed parenthesis is marked at the "("
  await page.fill(tid('scramble-input'), 'R (U F');
  await page.waitForFunction(() => document.querySelector('[data-testid="scramble-error-token"]')?.textContent === '(');
  expect(await text(page, 'scramble-error-message')).toMatch(/"\(" at character 3/);
  // fixing it clears the error
  await page.fill(tid('scramble-input'), 'R (U F)2');
  await page.waitForSelector(tid('scramble-error'), { state: 'hidden' });
  expect(await text(page, 'facelets')).toBe(env.core.apply('R (U F)2'));
  await page.close();
});

// the notation cubing.js reads, parsed by the wasm core the page loads:
// commutators, conjugates, nesting with ( )n, "." and Unicode spaces
test('commutator, conjugate, pause and Unicode-space input shows the expanded state', async () => {
  const page = await env.open();
  const alg = "[R, U]\u00a0[F: [D, L]2] . ([R: U'])2\u3000B";
  await page.fill(tid('scramble-input'), alg);
  const want = env.core.apply("R U R' U' F D L D' L' D L D' L' F' R U' R' R U' R' B");
  expect(env.core.apply(alg)).toBe(want);
  await page.waitForFunction((w) => document.querySelector('[data-testid="facelets"]').textContent === w, want);
  expect(await page.isHidden(tid('scramble-error'))).toBe(true);
  // a bracket without "," or ":" is refused, its "]" marked
  await page.fill(tid('scramble-input'), 'R [U F] D');
  await page.waitForFunction(() => document.querySelector('[data-testid="scramble-error-token"]')?.textContent === ']');
  expect(await text(page, 'scramble-error-message')).toMatch(/^"\]" at character 7 closes brackets without "," or ":"/);
  expect(await page.$eval(`${tid('scramble-error')} .echo`, (e) => e.firstChild.textContent)).toBe('R [U F');
  await page.close();
});

test('the painter shows the core\'s validation message and gates Solve', async () => {
  const page = await env.open();
  await page.click(tid('tab-paint'));
  await page.waitForSelector(`${tid('paint-validation')}[data-ok="true"]`);
  // paint U1 red: ten reds
  await page.click(tid('paint-R'));
  await page.click(tid('sticker-0'));
  let facelets = 'R' + env.core.apply('').slice(1);
  let expected;
  try { env.core.validate(facelets); } catch (e) { expected = e.message; }
  expect(expected).toBe('colour U appears 8 times, R 10 times; every colour must appear exactly 9 times');
  await page.waitForSelector(`${tid('paint-validation')}[data-ok="false"]`);
  // the core's message with its colours named as the net names them
  await page.waitForFunction((w) => document.querySelector('[data-testid="paint-validation"]').textContent === w, 'white appears 8 times, red 10; every colour must appear exactly 9 times');
  expect(await page.isDisabled(tid('solve'))).toBe(true);
  // a twisted corner: paint URF's three stickers rotated (U9 R1 F3)
  await page.click(tid('paint-solved'));
  const solved = env.core.apply('');
  const set = (f, i, c) => f.slice(0, i) + c + f.slice(i + 1);
  facelets = set(set(set(solved, 8, 'F'), 9, 'U'), 20, 'R');
  for (const [i, c] of [[8, 'F'], [9, 'U'], [20, 'R']]) {
    await page.click(tid(`paint-${c}`));
    await page.click(tid(`sticker-${i}`));
  }
  try { env.core.validate(facelets); expected = null; } catch (e) { expected = colourWords(e.message, COLOR_NAMES); }
  expect(expected).toMatch(/twist/i);
  await page.waitForFunction((w) => document.querySelector('[data-testid="paint-validation"]').textContent === w, expected);
  expect(await text(page, 'facelets')).toBe(facelets);
  expect(await page.isDisabled(tid('solve'))).toBe(true);
  // from a scramble: a valid cube enables Solve (when a solver exists)
  await page.click(tid('tab-scramble'));
  await page.fill(tid('scramble-input'), "F R' D");
  await page.click(tid('tab-paint'));
  await page.click(tid('paint-from-scramble'));
  await page.waitForSelector(`${tid('paint-validation')}[data-ok="true"]`);
  expect(await text(page, 'facelets')).toBe(env.core.apply("F R' D"));
  if (env.core.solvers().length) expect(await page.isDisabled(tid('solve'))).toBe(false);
  await page.close();
});

test('the random scramble button gives a valid scramble', async () => {
  const page = await env.open();
  await page.click(tid('random-scramble'));
  await page.waitForFunction(() => document.querySelector('[data-testid="scramble-input"]').value.trim().length > 0, null, { timeout: 30000 });
  const alg = await page.inputValue(tid('scramble-input'));
  const kind = await text(page, 'scramble-kind');
  if (env.core.hasRandomState()) expect(kind).toMatch(/^random-state scramble \(seed \d+\)$/);
  else {
    expect(kind).toMatch(/^25 random moves \(seed \d+\)$/);
    expect(alg.split(/\s+/)).toHaveLength(25);
  }
  expect(await text(page, 'facelets')).toBe(env.core.apply(alg));
  expect(env.core.isSolved(env.core.apply(alg))).toBe(false);
  await page.close();
});

test('no console errors under the Content-Security-Policy', async () => {
  const page = await env.open();
  const csp = await page.$eval('meta[http-equiv="Content-Security-Policy"]', (m) => m.content);
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
  const res = await page.request.get(env.server.url);
  expect(res.headers()['content-security-policy']).toContain("default-src 'self'");
  await page.close();
  expect(env.errors).toEqual([]);
});

test('a link with a param out of range shows the range and keeps Solve off', async () => {
  const solvers = env.core.solvers();
  const s = solvers.find((x) => x.params.some((p) => p.integer && p.max < 1e9 && !p.names));
  if (!s) { console.warn('SKIPPED: no solver with a bounded integer param in this build'); return; }
  const p = s.params.find((x) => x.integer && x.max < 1e9 && !x.names); // a named param is a select (paste.test.mjs)
  const page = await env.open(`?scramble=R_U&solver=${s.name}&p.${p.key}=${p.max + 1}&p.nosuchparam=3`);
  expect(await page.inputValue(tid(`param-${p.key}`))).toBe(String(p.max + 1));
  expect(await text(page, `param-${p.key}-error`)).toBe(`must be from ${p.min} to ${p.max}`);
  expect(await page.isDisabled(tid('solve'))).toBe(true);
  expect(await page.textContent(tid('notice-warn'))).toContain('"nosuchparam"');
  await page.fill(tid(`param-${p.key}`), String(p.default));
  expect(await page.isDisabled(tid('solve'))).toBe(false);
  // the link follows the settings (a changed param only while it differs from its default)
  await page.waitForFunction((k) => new URL(location.href).searchParams.get(k) === null, `p.${p.key}`);
  await page.close();
});

test('a link with an old snake_case param name sets the camelCase param, with no warning', async () => {
  const twes = env.core.solvers().find((x) => x.name === 'twes');
  if (!twes) { console.warn('SKIPPED: this build has no twes solver'); return; }
  expect(twes.params.some((p) => p.key === 'maxGenerations')).toBe(true);
  const page = await env.open('?scramble=R_U&solver=twes&p.max_generations=7');
  expect(await page.inputValue(tid('param-maxGenerations'))).toBe('7');
  expect(await page.$(tid('notice-warn'))).toBeNull();
  // the link is rewritten with the param's current name
  await page.waitForFunction(() => new URL(location.href).searchParams.get('p.maxGenerations') === '7');
  await page.close();
});
