// keyboard.test.mjs - the page by keyboard alone, in Chromium at 1280 x 800: from the load,
// Tab reaches the scramble box and then Solve within a few stops (Solve by the 12th); a
// scramble typed and Ctrl+Enter solves it and takes the focus off the (locked) box, so
// space pauses the run and, once solved, plays the solution (the focus is on Play); no key
// discards the result silently: a space typed into the box keeps the result and its
// playback, and an edit that changes the cube clears them with a notice whose Undo brings
// the scramble and the result back.
import { setup, tid, text, waitStatus, pickSolver } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

const active = (page) => page.evaluate(() => document.activeElement?.dataset.testid || document.activeElement?.tagName);

// Tab from the top of the page until the element with this test id has the focus: the number of stops
async function tabTo(page, testid, max = 40) {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press('Tab');
    if (await active(page) === testid) return i;
  }
  return Infinity;
}

test('load -> solved -> replayed by keyboard alone, with no result lost to a key', async () => {
  const s = pickSolver(env.core, ['twes', 'hugo']);
  const page = await env.open(`?solver=${s}&seed=1`);
  await page.setViewportSize({ width: 1280, height: 800 });
  // Solve early in the Tab order, right after the scramble box's own buttons
  const toBox = await tabTo(page, 'scramble-input');
  expect(toBox).toBeLessThanOrEqual(7);
  await page.evaluate(() => document.activeElement.blur());
  expect(await tabTo(page, 'solve')).toBeLessThanOrEqual(12);
  // type a scramble, Ctrl+Enter: the run starts and the focus leaves the locked box
  await page.evaluate(() => document.activeElement.blur());
  await tabTo(page, 'scramble-input');
  const scramble = env.core.scrambleMoves(20, 11);
  await page.keyboard.type(scramble);
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction(() => ['starting', 'running', 'paused', 'solved'].includes(document.querySelector('[data-testid="status"]').dataset.state));
  expect(await active(page)).not.toBe('scramble-input');
  await waitStatus(page, 'solved', 90000);
  // the focus is on Play: space plays the solution
  expect(await active(page)).toBe('play');
  const n = Number((await text(page, 'play-counter')).split('/')[1]);
  expect(n).toBeGreaterThan(0);
  await page.keyboard.press('Space');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="play-counter"]').textContent.split('/')[0]) >= 2, null, { timeout: 20000 });
  await page.keyboard.press('Space'); // pause
  const solution = await text(page, 'solution');
  expect(solution.length).toBeGreaterThan(0);
  // a space typed into the scramble box changes nothing: the result and the playback stay
  const counter = await text(page, 'play-counter');
  await page.focus(tid('scramble-input'));
  await page.keyboard.press('End');
  await page.keyboard.press('Space');
  await page.waitForTimeout(400);
  expect(await text(page, 'solution')).toBe(solution);
  expect(await text(page, 'play-counter')).toBe(counter);
  // an edit that changes the cube clears the result and says so; Undo brings both back
  await page.keyboard.type("R");
  await page.waitForSelector(tid('notice-warn'));
  expect(await text(page, 'notice-warn')).toContain('result');
  expect(await text(page, 'play-counter')).toBe('0 / 0');
  await page.click(`${tid('notice-warn')} ${tid('notice-action')}`);
  await page.waitForFunction((sol) => document.querySelector('[data-testid="solution"]').textContent.trim() === sol, solution);
  expect(await text(page, 'play-counter')).toBe(`0 / ${n}`);
  expect((await page.inputValue(tid('scramble-input'))).trim()).toBe(scramble);
  await page.close();
  expect(env.errors).toEqual([]);
}, 150000);

test('Solve on the solved cube (a first visit pressing Solve at once) says to scramble first, and runs nothing', async () => {
  const page = await env.open('');
  await page.setViewportSize({ width: 1280, height: 800 });
  await tabTo(page, 'solve');
  await page.keyboard.press('Enter');
  await page.waitForSelector(tid('notice-warn'));
  expect(await text(page, 'notice-warn')).toMatch(/already solved: scramble it first/);
  expect(await page.getAttribute(tid('status'), 'data-state')).not.toBe('solved');
  expect(await text(page, 'solution')).toBe('');
  await page.close();
  expect(env.errors).toEqual([]);
}, 60000);
