// evolved.test.mjs - what a run found, shown in the result area in its solver's words:
//  - macro-ga: the solving individual as its macros, each a button (aria-expanded) that
//    expands to its face turns on click and on Enter; all of them opened, their moves in
//    order simplify (in the core, in Node) exactly to the solution shown;
//  - twophase with its defaults: the solutions it found, listed without opening Watch, each
//    shorter than the one before and solving the cube, the first longer than 20 and the last
//    (the solution shown) at most 20.
// Screenshots of the result area: build/screenshots/evolved-*.png.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, setup, tid, text, waitStatus } from './helpers.mjs';

const ART = join(ROOT, 'build', 'screenshots');
async function shot(locator, name) { // the result area as shown, for a person to look at
  mkdirSync(ART, { recursive: true });
  await locator.screenshot({ path: join(ART, name) });
}

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

// A random state (golden.mjs's RANDOM5) whose first two-phase solution is 21 moves.
const RANDOM5 = "L' B2 D2 L2 F2 U2 R B2 D2 B2 L2 F L D' F2 R' F' R F' U'";

async function solve(page, scramble, solver, seed) {
  await page.fill(tid('scramble-input'), scramble);
  await page.selectOption(tid('solver-select'), solver);
  await page.fill(tid('seed-input'), String(seed));
  await page.click(tid('solve'));
  expect(await waitStatus(page, ['solved', 'gave up', 'error'])).toBe('solved');
}

test('macro-ga shows its macros, which expand exactly to the solution before simplification', async () => {
  const page = await env.open();
  await solve(page, "R U F' L2 D B", 'macro-ga', 3);
  const solution = await text(page, 'solution');
  await page.waitForSelector(`${tid('evolved')}:not([hidden])`);
  const parts = page.locator(tid('part'));
  const n = await parts.count();
  expect(n).toBeGreaterThan(2);
  expect(await parts.nth(0).getAttribute('data-name')).toBe('start');
  const labels = await parts.allTextContents();
  for (const l of labels.slice(1)) expect(l).toMatch(/^([xyz]['2]? )*(· )?M([1-9]|1[0-5]) \(\d+ moves\)$/);
  await shot(page.locator('section.result'), 'evolved-macro-ga-closed.png');
  // closed at first; a click opens one, Enter on the next, then every other one
  expect(await parts.nth(1).getAttribute('aria-expanded')).toBe('false');
  expect(await page.locator(tid('part-moves')).nth(1).isHidden()).toBe(true);
  await parts.nth(1).click();
  expect(await parts.nth(1).getAttribute('aria-expanded')).toBe('true');
  expect(await page.locator(tid('part-moves')).nth(1).isVisible()).toBe(true);
  await parts.nth(2).focus();
  await page.keyboard.press('Enter');
  expect(await parts.nth(2).getAttribute('aria-expanded')).toBe('true');
  for (let i = 0; i < n; i++) {
    if (await parts.nth(i).getAttribute('aria-expanded') !== 'true') await parts.nth(i).click();
  }
  const moves = await page.locator(tid('part-moves')).allTextContents();
  expect(moves.length).toBe(n);
  // each label's length is its moves' count; the whole individual simplifies to the solution
  labels.forEach((l, i) => expect(Number(l.match(/\((\d+) moves?\)$/)[1])).toBe(moves[i].split(' ').length));
  const all = moves.join(' ');
  expect(all.split(' ').length).toBeGreaterThanOrEqual(solution.split(' ').length);
  expect(env.core.simplify(all)).toBe(solution);
  await page.locator(tid('part')).nth(1).click();
  expect(await parts.nth(1).getAttribute('aria-expanded')).toBe('false');
  await shot(page.locator('section.result'), 'evolved-macro-ga.png');
  // the other list is for twophase only
  expect(await page.locator(tid('improving')).isHidden()).toBe(true);
  await page.close();
}, 120000);

test('twophase lists its improving solutions by default and ends at the first of at most 20', async () => {
  const page = await env.open();
  expect(await page.locator('#watch-box').getAttribute('open')).toBeNull(); // Watch stays closed
  await solve(page, RANDOM5, 'twophase', 1);
  const solution = await text(page, 'solution');
  await page.waitForSelector(`${tid('improving')}:not([hidden])`);
  const items = page.locator(tid('improving-solution'));
  const n = await items.count();
  expect(n).toBeGreaterThanOrEqual(2);
  const lengths = [];
  const start = env.core.apply(RANDOM5);
  for (let i = 0; i < n; i++) {
    lengths.push(Number(await items.nth(i).getAttribute('data-length')));
    const moves = await items.nth(i).locator('code').textContent();
    expect(moves.split(' ').length).toBe(lengths[i]);
    expect(env.core.verify(start, moves).solved).toBe(true);
  }
  for (let i = 1; i < n; i++) expect(lengths[i]).toBeLessThan(lengths[i - 1]);
  expect(lengths[0]).toBeGreaterThan(20);
  expect(lengths[n - 1]).toBeLessThanOrEqual(20);
  expect(lengths[n - 1]).toBe(solution.split(' ').length);
  expect(await items.nth(n - 1).locator('code').textContent()).toBe(solution);
  expect(await page.locator(tid('evolved')).isHidden()).toBe(true);
  await shot(page.locator('section.result'), 'evolved-twophase.png');
  await page.close();
}, 120000);
