// nowebgl.test.mjs - the page without WebGL (Chromium started with WebGL disabled): it says
// so, the flat net takes the 3D view's place (its caption above it, not over its top row), and
// input, solving and playback still work.
import { setup, tid, text, pickSolver, waitStatus } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup({ site: 'built', args: ['--disable-webgl', '--disable-3d-apis'] }); });
afterAll(async () => { await env.close(); });

test('without WebGL the flat net is the view and everything else works', async () => {
  const page = await env.open();
  expect(await page.evaluate(() => !!document.createElement('canvas').getContext('webgl'))).toBe(false);
  await page.waitForSelector(`${tid('view-note')}:not([hidden])`);
  expect(await text(page, 'view-note')).toMatch(/WebGL.*the flat net shows the cube/);
  expect(await page.$('.view #net-host [data-testid="net"]')).not.toBeNull();
  expect(await page.$(tid('cube-canvas'))).toBeNull();
  // the caption over the net, not on it: its box ends above the net's top row (every engine's
  // fonts: measured, not assumed)
  const boxes = await page.evaluate(() => {
    const c = document.querySelector('[data-testid="view-caption"]').getBoundingClientRect();
    const n = document.querySelector('.view #net-host [data-testid="net"]').getBoundingClientRect();
    return { caption: [c.top, c.bottom, c.height], net: n.top };
  });
  expect(boxes.caption[2]).toBeGreaterThan(0);
  expect(boxes.caption[1]).toBeLessThanOrEqual(boxes.net + 0.5);
  await page.fill(tid('scramble-input'), "R U2 F'");
  await page.waitForFunction((w) => document.querySelector('#net-host').dataset.shown === w, env.core.apply("R U2 F'"));
  const solver = pickSolver(env.core, ['twophase', 'greedy', 'twes', 'hugo']);
  if (solver) {
    await page.selectOption(tid('solver-select'), solver);
    await page.click(tid('solve'));
    expect(await waitStatus(page, ['solved', 'gave up', 'error'])).toBe('solved');
    const solution = await text(page, 'solution');
    const first = solution.split(/\s+/)[0];
    await page.click(tid('step-forward'));
    await page.waitForFunction((w) => document.querySelector('#net-host').dataset.shown === w,
      env.core.apply(first, env.core.apply("R U2 F'")));
  }
  await page.close();
  expect(env.errors).toEqual([]);
});
