// in-view.test.mjs - the cube and its playback stay in view, in real Chromium at 1280 x 800,
// 1024 x 768, a 390 x 844 phone and presentation mode at 1920 x 1080: while a run goes, and
// while its solution replays, the bounding boxes of the cube, the live numbers (the tiles),
// the run's sentence and the playback bar (step back, play, step forward, speed, counter) are
// all inside the viewport. The end of a run does not scroll the page (the focus goes to Play
// without scrolling), and Play brings the cube back after the page was scrolled to its foot.
// In presentation mode at 1280 x 800 a tile holds "8,888,888".
import { setup, tid, waitStatus, pickSolver, setSpeed } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

const MUST_SEE = ['view3d', 'stats', 'run-story', 'step-back', 'play', 'step-forward', 'speed', 'play-counter'];
const VIEWPORTS = [[1280, 800, 'window'], [1024, 768, 'window'], [390, 844, 'window'], [1920, 1080, 'presentation mode']];

// the parts of MUST_SEE not wholly inside the viewport: [] when all are
function outside(page) {
  return page.evaluate((names) => names.flatMap((n) => {
    const r = document.querySelector(`[data-testid="${n}"]`).getBoundingClientRect();
    const inside = r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= -0.5 && r.right <= innerWidth && r.bottom <= innerHeight + 0.5;
    return inside ? [] : [`${n} at [${Math.round(r.left)}, ${Math.round(r.top)}, ${Math.round(r.right)}, ${Math.round(r.bottom)}] in ${innerWidth} x ${innerHeight}`];
  }), MUST_SEE);
}

const scrollY = (page) => page.evaluate(() => Math.round(window.scrollY));

test.each(VIEWPORTS)('at %i x %i (%s): the cube, the tiles, the run sentence and the playback bar are in view during a run and its replay', async (w, h, mode) => {
  const s = pickSolver(env.core, ['twes', 'hugo']);
  const scramble = env.core.scrambleMoves(20, 7);
  const page = await env.open(`?scramble=${encodeURIComponent(scramble)}&solver=${s}&seed=1`);
  await page.setViewportSize({ width: w, height: h });
  if (mode === 'presentation mode') {
    await page.click(tid('present'));
    await page.waitForFunction(() => document.body.classList.contains('presenting'));
  }
  // during a run: a large population keeps it going while the boxes are read (Watch's tempo
  // at 3 generations a second)
  await page.evaluate(() => { const t = document.querySelector('[data-testid="tempo"]'); t.value = '3'; t.dispatchEvent(new Event('change', { bubbles: true })); });
  await page.click(tid('solve'));
  await page.waitForFunction(() => document.querySelector('[data-testid="run-story"]').textContent.length > 0, null, { timeout: 30000 });
  await page.waitForTimeout(800); // a smooth scroll ends
  expect([w, h, 'running', await outside(page)]).toEqual([w, h, 'running', []]);
  await page.evaluate(() => { const t = document.querySelector('[data-testid="tempo"]'); t.value = ''; t.dispatchEvent(new Event('change', { bubbles: true })); });
  await waitStatus(page, 'solved', 90000);
  // the end of the run leaves the page where it was: nothing scrolled away
  const atEnd = await scrollY(page);
  await page.waitForTimeout(300);
  expect([w, h, 'solved', await outside(page)]).toEqual([w, h, 'solved', []]);
  expect(await scrollY(page)).toBe(atEnd);
  // a replay after reading the page's foot: Play (space) brings the cube back
  await setSpeed(page, 1);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.querySelector('[data-testid="play"]').dataset.state === 'playing');
  await page.waitForTimeout(900);
  expect(await page.getAttribute(tid('play'), 'data-state')).toBe('playing');
  expect([w, h, 'replay', await outside(page)]).toEqual([w, h, 'replay', []]);
  await page.keyboard.press('Space');
  await page.close();
  expect(env.errors).toEqual([]);
}, 150000);

// presentation mode on a 1280 x 800 screen: the large numbers fit their tiles (no "3,537,…"):
// a tile holds a 7-digit count with its separators ("8,888,888", HuGO!'s evaluations per
// second) in its own font, measured, and no tile's text is cut during or after a run
test('presentation mode at 1280 x 800: a tile holds a 7-digit number, and none is cut during or after a run', async () => {
  const s = pickSolver(env.core, ['twes', 'hugo']);
  const page = await env.open(`?scramble=${encodeURIComponent(env.core.scrambleMoves(20, 7))}&solver=${s}&seed=1`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.click(tid('present'));
  await page.waitForFunction(() => document.body.classList.contains('presenting'));
  const room = () => page.$$eval('[data-testid="stats"] dd', (ds) => {
    const ctx = document.createElement('canvas').getContext('2d');
    return ds.filter((d) => {
      const cs = getComputedStyle(d);
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      return ctx.measureText('8,888,888').width > d.clientWidth;
    }).map((d) => d.dataset.testid);
  });
  const cut = () => page.$$eval('[data-testid="stats"] dd', (ds) => ds.filter((d) => d.scrollWidth > d.clientWidth + 0.5).map((d) => d.textContent));
  expect(await room()).toEqual([]);
  await page.click(tid('solve'));
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="generation"]').textContent.replace(/,/g, '')) > 0, null, { timeout: 60000 });
  expect(await cut()).toEqual([]);
  await waitStatus(page, 'solved', 90000);
  expect(await cut()).toEqual([]);
  expect(await room()).toEqual([]);
  await page.keyboard.press('Escape');
  await page.close();
  expect(env.errors).toEqual([]);
}, 120000);
