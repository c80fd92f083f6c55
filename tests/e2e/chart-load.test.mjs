// chart-load.test.mjs - the fitness chart never fails silently (in Chromium, the development
// site): when its on-demand module does not load, the chart's place says "the chart could not
// load: …" with a Retry button, and the page logs a console error (which every e2e suite fails
// on); Retry then draws it. And under navigator.language "C" (WebKit's under LANG=C.UTF-8, made
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
