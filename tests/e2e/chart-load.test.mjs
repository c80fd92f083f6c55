// chart-load.test.mjs - on-demand modules never fail silently (in Chromium, the development
// site): when the fitness chart's module does not load, the chart's place says "the chart could
// not load: …" with a Retry button, and the page logs a console error (which every e2e suite
// fails on); Retry then draws it. The solver description and the copy module likewise. And under navigator.language "C" (WebKit's under LANG=C.UTF-8, made
// here by an init script), where Intl.NumberFormat("C") throws, the chart still draws.
import { setup, tid, waitStatus } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup({ serviceWorkers: 'block' }); });
afterAll(async () => { await env.close(); });

const drawn = (page) => page.waitForFunction(() => {
  const c = window.evocube.chart;
  return c.plot && c.records > 0 && document.querySelector('.fitness-chart canvas') && !document.querySelector('[data-testid="chart-error"]');
}, null, { timeout: 30000 });

test('a chart module that does not load is said in the chart\'s place with a Retry, and logged; Retry draws it', async () => {
  const page = await env.open('?scramble=R_U_F-&solver=twophase&seed=7');
  await page.route('**/uplot.lazy.mjs', (route) => route.abort('connectionfailed'));
  await page.click(tid('solve'));
  expect(await waitStatus(page, ['solved', 'gave up', 'error'])).toBe('solved');
  await page.waitForSelector(tid('chart-error'));
  expect(await page.textContent(tid('chart-error'))).toMatch(/^the chart could not load: .+ Retry$/);
  expect(await page.getAttribute(tid('chart-error'), 'role')).toBe('alert');
  expect(env.errors.some((e) => /the chart could not load/.test(e))).toBe(true);
  env.errors.length = 0;
  await page.unroute('**/uplot.lazy.mjs');
  await page.click(`${tid('chart-error')} button`);
  await drawn(page);
  await page.close();
  expect(env.errors.filter((e) => !/uplot\.lazy\.mjs|Failed to load resource/.test(e))).toEqual([]);
});

test('the solver description and the copy module, when they do not load: said with a Retry, and logged; Retry works', async () => {
  env.errors.length = 0;
  const page = await env.open('?scramble=R_U_F-&solver=twophase&seed=7');
  await page.route('**/about-texts.lazy.mjs', (route) => route.abort('connectionfailed'));
  await page.route('**/copy.lazy.mjs', (route) => route.abort('connectionfailed'));
  await page.click('#about-solver summary');
  await page.waitForSelector(tid('about-retry'));
  expect(await page.textContent(tid('about-body'))).toMatch(/^The description could not load \(.+\)\. Retry$/);
  await page.click(tid('solve'));
  expect(await waitStatus(page, ['solved', 'gave up', 'error'])).toBe('solved');
  await page.click(tid('copy-solution'));
  await page.waitForSelector(tid('notice-error'));
  expect(await page.textContent(tid('notice-error'))).toMatch(/^Solution not copied: the copy module could not load \(.+\)\.Retry/);
  expect(env.errors.some((e) => /the solver description could not load/.test(e))).toBe(true);
  expect(env.errors.some((e) => /the copy module could not load/.test(e))).toBe(true);
  env.errors.length = 0;
  await page.unroute('**/about-texts.lazy.mjs');
  await page.unroute('**/copy.lazy.mjs');
  await page.click(tid('about-retry'));
  await page.waitForSelector('#about-body dl');
  await page.click(`${tid('notice-error')} ${tid('notice-action')}`);
  await page.waitForFunction(() => !document.querySelector('[data-testid="notice-error"]'));
  await page.close();
  expect(env.errors.filter((e) => !/\.lazy\.mjs|Failed to load resource/.test(e))).toEqual([]);
});

test('under navigator.language "C" (Intl refuses it) the chart draws, formatted in en-US', async () => {
  const page = await env.context.newPage();
  page.on('pageerror', (e) => env.errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') env.errors.push(`console: ${m.text()}`); });
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'language', { get: () => 'C', configurable: true });
    Object.defineProperty(Navigator.prototype, 'languages', { get: () => ['C'], configurable: true });
  });
  await page.goto(`${env.server.url}?scramble=R_U_F-&solver=twophase&seed=7`);
  await page.waitForSelector('body[data-ready="true"]');
  expect(await page.evaluate(() => { try { new Intl.NumberFormat(navigator.language); return 'accepted'; } catch (e) { return e.name; } })).toBe('RangeError');
  await page.click(tid('solve'));
  expect(await waitStatus(page, ['solved', 'gave up', 'error'])).toBe('solved');
  await drawn(page);
  await page.close();
  expect(env.errors).toEqual([]);
});
