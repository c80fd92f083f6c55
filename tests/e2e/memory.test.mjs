// memory.test.mjs - the page's worker runs out of wasm memory mid-solve, for real: the first
// copy of web/worker.mjs is served (playwright's route, this test only; nothing in the site
// can do it) with a line that calls core.exhaustMemoryForTest() once the first progress
// message is posted, which takes every free byte up to the module's maximum, so the run's
// next allocation fails. The worker reports E_NOMEM as fatal, the page says so, the client
// replaces the worker (the plain worker.mjs is served from then on), and Retry solves.
// The service worker is blocked so every fetch reaches the route.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setup, tid, text, ROOT, waitStatus } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup({ serviceWorkers: 'block' }); });
afterAll(async () => { await env.close(); });

const WORKER = readFileSync(join(ROOT, 'web/worker.mjs'), 'utf8');
const POST = 'const post = (msg) => self.postMessage(msg);';
const API = 'api = createWorkerApi(core, { post, schedule });';

function exhaustingWorker() {
  if (!WORKER.includes(POST) || !WORKER.includes(API)) throw new Error('web/worker.mjs has changed: the lines this test rewrites were not found');
  return WORKER
    .replace(POST, 'let testCore = null, exhausted = false;\nconst post = (msg) => { self.postMessage(msg); if (testCore && !exhausted && msg.type === "progress") { exhausted = true; testCore.exhaustMemoryForTest(); } };')
    .replace(API, `testCore = core; ${API}`);
}

const SCRAMBLE = "D2 R2 B2 F2 L' D2 L' D2 L' B2 L F D2 L F R' F2 D' U' R"; // randomStateScramble(3)
const lastNotice = (page) => page.evaluate(() => [...document.querySelectorAll('[data-testid="notice-error"]')].map((n) => n.textContent).join(' | '));

test('out of memory mid-solve: reported, the worker replaced, and the page keeps working', async () => {
  const served = [];
  await env.context.route('**/web/worker.mjs', (route) => {
    served.push(served.length ? 'plain' : 'exhausting');
    if (served.length > 1) return route.continue();
    return route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: exhaustingWorker() });
  });
  // a random state: aco's run there spans many 12 ms slices, so it asks for memory after its
  // first progress message whatever the machine's speed (the 10-move scramble used before came
  // to solve within the first slice once the oracle got faster)
  const page = await env.open(`?scramble=${SCRAMBLE.replace(/ /g, '_').replace(/'/g, '-')}&solver=aco&seed=3`);
  await page.click(tid('solve'));
  expect(await waitStatus(page, ['error', 'solved', 'gave up'])).toBe('error');
  await page.waitForSelector(tid('notice-action'));
  expect(await lastNotice(page)).toMatch(/the solver ran out of memory: the run needs more than the 256 MB the core may use; the worker is replaced/);
  expect(await lastNotice(page)).toMatch(/It was restarted in a fresh worker/);
  expect(await text(page, 'result-summary')).toMatch(/ran out of memory/);
  expect(served).toEqual(['exhausting', 'plain']); // the worker was replaced by a fresh one
  // Retry in the fresh worker solves
  await page.click(tid('notice-action'));
  expect(await waitStatus(page, ['error', 'solved', 'gave up'])).toBe('solved');
  const solution = await text(page, 'solution');
  expect(env.core.verify(env.core.apply(SCRAMBLE), solution).solved).toBe(true);
  await page.close();
  await env.context.unrouteAll({ behavior: 'ignoreErrors' });
}, 90000);
