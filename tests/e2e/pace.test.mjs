// pace.test.mjs - replay at a teacher's pace, in Chromium: at 0.5 moves/s a move starts every
// 2.0 s (± 0.2 s, measured from the move counter's changes), with animated turns and with
// prefers-reduced-motion (turns land at once, the pace stays); and the keys during a run:
// → steps a paused run by one generation, space resumes and pauses it.
import { setup, tid, text, waitStatus, pickSolver } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

// Play from the start; the ms between the first `moves` counter changes.
async function gaps(page, moves) {
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.querySelector('[data-testid="play-counter"]').textContent.startsWith('0 /'));
  const times = await page.evaluate((n) => new Promise((resolve) => {
    const c = document.querySelector('[data-testid="play-counter"]');
    const seen = [];
    new MutationObserver((_, obs) => {
      seen.push(performance.now());
      if (seen.length > n) { obs.disconnect(); resolve(seen); }
    }).observe(c, { childList: true, characterData: true, subtree: true });
    document.querySelector('[data-testid="play"]').click();
  }), moves);
  await page.click(tid('play')); // pause
  return times.slice(1).map((t, i) => t - times[i]);
}

test('at 0.5 moves/s a move takes 2.0 ± 0.2 s, with and without reduced motion', async () => {
  const page = await env.open(`?alg=${encodeURIComponent("R U F' D2 L B' R2 U'")}`);
  await page.waitForFunction(() => document.querySelector('[data-testid="play-counter"]').textContent === '0 / 8');
  await page.fill(tid('speed'), '0.5');
  expect(await text(page, 'speed-out')).toBe('0.5');
  await page.focus('body');
  for (const motion of ['no-preference', 'reduce']) {
    await page.emulateMedia({ reducedMotion: motion });
    const g = await gaps(page, 2);
    for (const ms of g) expect([motion, Math.abs(ms - 2000) <= 200, Math.round(ms)]).toEqual([motion, true, expect.any(Number)]);
  }
  await page.close();
  expect(env.errors).toEqual([]);
}, 60000);

test('during a run → steps a paused run and space resumes and pauses it', async () => {
  const solver = pickSolver(env.core, ['hugo', 'twes', 'macro-ga']);
  const page = await env.open(`?scramble=${encodeURIComponent(env.core.randomStateScramble(5))}&solver=${solver}&seed=1`);
  await page.click('#watch-box summary');
  await page.check(tid('start-paused'));
  await page.click(tid('solve'));
  await waitStatus(page, ['paused']);
  await page.focus('body');
  const gen = async () => Number((await text(page, 'generation')).replace(/,/g, ''));
  const g0 = await gen();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((g) => Number(document.querySelector('[data-testid="generation"]').textContent.replace(/,/g, '')) > g, g0);
  await page.keyboard.press(' ');
  expect(await waitStatus(page, ['running', 'solved'])).toMatch(/running|solved/);
  if (await text(page, 'status') === 'running') {
    await page.keyboard.press(' ');
    expect(await waitStatus(page, ['paused', 'solved'])).toMatch(/paused|solved/);
    await page.click(tid('cancel'));
  }
  await page.close();
  expect(env.errors).toEqual([]);
}, 60000);
