// links.test.mjs - a link's solution= is shown only after the core verified it on the link's
// own cube: a true one loads into playback with a notice; a forged one (does not solve the
// cube), one copied from another cube's link, or one that does not parse is refused with
// the core's reason, and nothing is loaded to play.
import { setup, tid } from './helpers.mjs';
import { loadCoreNode } from '../../web/lib/core-node.mjs';

const core = await loadCoreNode();

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

const noticeText = (page, kind) => page.evaluate((k) => [...document.querySelectorAll(`[data-testid="notice-${k}"]`)].map((n) => n.textContent).join(' | '), kind);
const playable = (page) => page.evaluate((sel) => !document.querySelector(sel).disabled, tid('play'));

test('a true solution in the link is verified, then loaded to play', async () => {
  const page = await env.open("?scramble=R_U_F&solution=F-_U-_R-");
  await page.waitForFunction((sel) => !document.querySelector(sel).disabled, tid('play'), { timeout: 5000 });
  expect(await noticeText(page, 'info')).toMatch(/solution \(3 moves\) was verified/);
  expect(await noticeText(page, 'warn')).toBe('');
  await page.waitForTimeout(300); // still loaded once the page settled (nothing cleared it)
  expect(await playable(page)).toBe(true);
  expect(await page.textContent(tid('play-counter'))).toBe('0 / 3');
  await page.close();
  expect(env.errors).toEqual([]);
}, 60000);

test.each([
  ['a forged solution that does not solve the cube', '?scramble=R_U_F&solution=R-_U-_F-', /does not solve the link's cube/],
  ["another cube's solution", `?facelets=${core.apply('L D')}&solution=F-_U-_R-`, /does not solve the link's cube, so it is wrong or belongs to another cube/],
  ['a solution that does not parse', '?scramble=R&solution=R-_Q', /unknown move "Q" at character 4/],
  ['a solution with a NUL', '?scramble=R&solution=R-%00', /U\+0000/],
])('%s is refused with the reason, nothing loaded to play', async (_, query, reason) => {
  const page = await env.open(query);
  await page.waitForFunction(() => document.querySelector('[data-testid="notice-warn"]'), null, { timeout: 5000 });
  expect(await noticeText(page, 'warn')).toMatch(reason);
  expect(await noticeText(page, 'warn')).toMatch(/^The solution in the link was not shown/);
  expect(await playable(page)).toBe(false);
  await page.close();
  expect(env.errors).toEqual([]);
}, 60000);
