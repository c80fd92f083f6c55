// offline.test.mjs - offline use in real Chromium: after one visit the service worker
// controls the page; with the network off the app reloads, says it is offline, loads the
// wasm core and a worker from the cache and solves. The site is served from a temporary copy so the test
// can then change a file ("a new build", with its manifest rewritten) and see the new copy
// replace the cached one, and serve a truncated evocube.wasm (no new manifest) and see the
// cached good copy survive it: offline, the app still loads and solves.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setup, siteCopy, reloadOffline, tid, pickSolver, waitStatus, waitReady } from './helpers.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { writeShellManifest } from '../../scripts/shell-manifest.mjs';

let env, copy, site, server;
beforeAll(async () => {
  env = await setup();
  copy = await siteCopy('evocube-site-');
  ({ site, server } = copy);
});
afterAll(async () => {
  await env.close();
  copy.server = server; // the test restarts the server on the same port
  await copy.close();
});

test('after one visit the app loads and solves with the network off; a new build replaces the cache', async () => {
  const page = await env.context.newPage();
  page.on('pageerror', (e) => env.errors.push(e.message));
  await page.goto(`${server.url}index.html?scramble=R_U_F-`);
  await waitReady(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  await page.waitForFunction(() => /offline/.test(document.querySelector('[data-testid="offline"]').textContent));

  // the network off, and the server gone too (so nothing can come from it)
  const port = server.port;
  await server.close();
  await env.context.setOffline(true);
  try {
    await page.reload();
    await waitReady(page);
    expect(await page.isVisible(tid('net-state'))).toBe(true); // the page says it is offline
    expect(await page.inputValue(tid('scramble-input'))).toBe("R U F'");
    expect(await page.textContent(tid('facelets'))).toBe(env.core.apply("R U F'"));
    const solver = pickSolver(env.core, ['twophase', 'greedy', 'hugo', 'devtoy']);
    if (solver) {
      await page.selectOption(tid('solver-select'), solver);
      await page.click(tid('solve'));
      expect(await waitStatus(page, ['solved', 'gave up', 'error'])).toBe('solved');
      expect(env.core.verify(env.core.apply("R U F'"), await page.textContent(tid('solution'))).solved).toBe(true);
    } else {
      console.warn('SKIPPED the offline solve: no solver is registered in this build');
    }
  } finally {
    await env.context.setOffline(false);
    server = await startServer({ root: site, port });
  }
  expect(server.port).toBe(port);
  await page.waitForSelector(`${tid('net-state')}[hidden]`, { state: 'attached' }); // and online again

  // "a new build": change a file; one online load stores it over the cached copy
  const marker = `/* build ${Date.now()} */`;
  appendFileSync(join(site, 'web', 'app.css'), `\n${marker}\n`);
  writeShellManifest(site);
  await page.reload();
  await waitReady(page);
  await env.context.setOffline(true);
  try {
    const css = await page.evaluate(async () => (await fetch('web/app.css')).text());
    expect(css).toContain(marker);
    expect(css).toBe(readFileSync(join(site, 'web', 'app.css'), 'utf8'));
  } finally {
    await env.context.setOffline(false);
  }
  await page.close();
  expect(env.errors).toEqual([]);
});

test('a truncated evocube.wasm served online is reported and never replaces the cached copy', async () => {
  const wasmPath = join(site, 'web', 'gen', 'evocube.wasm');
  const good = readFileSync(wasmPath);
  const page = await env.context.newPage();
  page.on('pageerror', (e) => env.errors.push(e.message));
  // the service worker of the first test controls this origin already
  writeFileSync(wasmPath, good.subarray(0, good.length >> 1));
  try {
    await page.goto(`${server.url}index.html?scramble=R_U`);
    await page.waitForSelector('body[data-ready="failed"]', { timeout: 20000 });
    expect(await page.textContent(tid('notice-error'))).toMatch(/evocube\.wasm/);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // offline, the app loads from the cache: the cached wasm is still the good one (the proof
    // needs no waiting for the service worker's cache write)
    expect(await reloadOffline(env, page)).toBe(env.core.apply('R U'));
    // and its bytes are the good ones
    const cachedLength = await page.evaluate(async () => {
      for (const key of await caches.keys()) {
        const hit = await (await caches.open(key)).match(new URL('web/gen/evocube.wasm', location.href).href);
        if (hit) return (await hit.arrayBuffer()).byteLength;
      }
      return -1;
    });
    expect(cachedLength).toBe(good.length);
  } finally {
    writeFileSync(wasmPath, good);
  }
  await page.close();
  expect(env.errors).toEqual([]);
});
