// pace.test.mjs - replay at a teacher's pace, in Chromium: at 0.5 moves/s a move starts every
// 2.0 s (± 0.2 s, measured from the move counter's changes), with animated turns and with
// prefers-reduced-motion (turns land at once, the pace stays); at 20 moves/s, 20 ± 2 moves/s
// on software WebGL; the speed slider is logarithmic
// from 0.25 to 20 moves/s (each stop about x1.4 the one before, 1 and 2 moves/s near the
// middle) and its keys move it without stepping the playback; and the keys during a run:
// → steps a paused run by one generation, space resumes and pauses it.
import { setup, tid, text, waitStatus, pickSolver, setSpeed } from './helpers.mjs';

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
  await setSpeed(page, 0.5);
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

// the replay's pace at the fastest stop, on headless Chromium's software WebGL (SwiftShader):
// a move every 50 ms on average over 60 moves, the turns that cannot be drawn in time landing
// at once (frames skipped, never moves)
test('at 20 moves/s the replay holds 20 ± 2 moves/s with software WebGL', async () => {
  const alg = env.core.scrambleMoves(61, 5);
  const page = await env.open(`?alg=${encodeURIComponent(alg)}`);
  const n = alg.trim().split(/\s+/).length;
  await page.waitForFunction((k) => document.querySelector('[data-testid="play-counter"]').textContent === `0 / ${k}`, n);
  expect(await page.evaluate(() => window.evocube.view.available)).toBe(true);
  await setSpeed(page, 20);
  await page.focus('body');
  const times = await page.evaluate((k) => new Promise((resolve) => {
    const c = document.querySelector('[data-testid="play-counter"]');
    const seen = [];
    new MutationObserver((_, obs) => {
      const done = Number(c.textContent.split('/')[0]);
      seen.push([done, performance.now()]);
      if (done >= k) { obs.disconnect(); resolve(seen); }
    }).observe(c, { childList: true, characterData: true, subtree: true });
    document.querySelector('[data-testid="play"]').click();
  }), n);
  const moves = times.filter(([d], i) => i === 0 || d !== times[i - 1][0]);
  const first = moves.find(([d]) => d === 1), last = moves[moves.length - 1];
  const rate = ((last[0] - first[0]) * 1000) / (last[1] - first[1]);
  console.log(`pace: ${n} moves at 20 moves/s played at ${rate.toFixed(1)} moves/s`);
  expect([Math.abs(rate - 20) <= 2, Math.round(rate * 10) / 10]).toEqual([true, expect.any(Number)]);
  expect(await text(page, 'play-counter')).toBe(`${n} / ${n}`);
  await page.close();
  expect(env.errors).toEqual([]);
}, 60000);

test('the speed slider: 0.25 to 20 moves/s on a log scale of readable stops, moved by its own keys', async () => {
  const page = await env.open(`?alg=${encodeURIComponent("R U F' D2")}`);
  await page.waitForFunction(() => document.querySelector('[data-testid="play-counter"]').textContent === '0 / 4');
  await page.focus(tid('speed'));
  await page.keyboard.press('Home');
  const stops = [];
  for (let i = 0; i < 30; i++) {
    const at = await page.evaluate(() => { const s = document.querySelector('[data-testid="speed"]'); return { v: Number(s.value), max: Number(s.max), min: Number(s.min) }; });
    stops.push({ pos: (at.v - at.min) / (at.max - at.min), speed: Number(await text(page, 'speed-out')), valuetext: await page.getAttribute(tid('speed'), 'aria-valuetext') });
    if (at.v === at.max) break;
    await page.keyboard.press('ArrowRight');
  }
  expect(stops[0].speed).toBe(0.25);
  expect(stops[stops.length - 1].speed).toBe(20);
  expect(stops[0].valuetext).toBe('0.25 moves per second');
  // evenly spaced on a log scale: every stop between x1.2 and x1.6 the one before
  for (let i = 1; i < stops.length; i++) {
    const r = stops[i].speed / stops[i - 1].speed;
    expect([stops[i - 1].speed, stops[i].speed, r >= 1.2 && r <= 1.6]).toEqual([stops[i - 1].speed, stops[i].speed, true]);
  }
  // readable: at most two significant digits; 0.25 to 2 moves/s take the left half or less, not a sliver
  for (const s of stops) expect(String(s.speed)).toMatch(/^(\d{1,2}|0\.\d{1,2}|\d\.\d)$/);
  const two = stops.find((s) => s.speed === 2);
  expect(two.pos).toBeGreaterThan(0.35);
  expect(two.pos).toBeLessThan(0.55);
  // the slider's keys moved the speed only: the playback did not step
  expect(await text(page, 'play-counter')).toBe('0 / 4');
  await page.keyboard.press('End');
  expect(await text(page, 'speed-out')).toBe('20');
  await page.keyboard.press('ArrowLeft');
  expect(await text(page, 'speed-out')).toBe('14');
  expect(await text(page, 'play-counter')).toBe('0 / 4');
  await page.close();
  expect(env.errors).toEqual([]);
}, 30000);

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
