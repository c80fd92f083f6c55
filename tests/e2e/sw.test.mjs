// sw.test.mjs - the service worker's own rules, in real Chromium on a temporary copy of the
// site: (1) install-time integrity: a new build (a new sw.js) whose files do not match its
// manifest fails to install, and the previous version keeps its cache and keeps the app
// working offline; (2) activation deletes the caches of other evocube versions and nothing
// else; (3) cross-origin isolation: the server sends no COOP/COEP, the first visit is not
// isolated, and once the worker controls the page a reload is (its responses carry them),
// in the page and in its workers. Each waits on the new worker's own state changes
// ('redundant' or 'activated').
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setup, siteCopy, reloadOffline, waitReady } from './helpers.mjs';
import { writeShellManifest, sha256 } from '../../scripts/shell-manifest.mjs';

let env, copy, site, server, page;
const swPath = () => join(site, 'web', 'sw.js');
const version = (src) => /const VERSION = '([^']+)'/.exec(src)[1];

beforeAll(async () => {
  env = await setup();
  copy = await siteCopy('evocube-sw-');
  ({ site, server } = copy);
  page = await env.context.newPage();
  page.on('pageerror', (e) => env.errors.push(e.message));
  await page.goto(`${server.url}index.html?scramble=R_U`);
  await waitReady(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
});
afterAll(async () => {
  await env.close();
  await copy.close();
});

// A new sw.js: the same worker with its VERSION bumped (so the browser installs it)
function newBuild(v) {
  const src = readFileSync(swPath(), 'utf8');
  writeFileSync(swPath(), src.replace(/const VERSION = '[^']+'/, `const VERSION = '${v}'`));
  writeShellManifest(site);
}

// In the page: check for a new service worker and wait for it to end 'redundant' (its
// install failed) or 'activated'.
function update() {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    const found = new Promise((resolve) => reg.addEventListener('updatefound', () => resolve(reg.installing), { once: true }));
    await reg.update().catch(() => {});
    const w = reg.installing || reg.waiting || await found;
    return new Promise((resolve) => {
      const check = () => { if (w.state === 'redundant' || w.state === 'activated') resolve(w.state); };
      w.addEventListener('statechange', check);
      check();
    });
  });
}

const cacheKeys = () => page.evaluate(async () => (await caches.keys()).sort());
// the bytes' SHA-256 of a cached file in cache `key`, or null
const cachedSha = (key, path) => page.evaluate(async ([k, p]) => {
  const hit = await (await caches.open(k)).match(new URL(p, location.href).href);
  if (!hit) return null;
  const d = await crypto.subtle.digest('SHA-256', await hit.arrayBuffer());
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join('');
}, [key, path]);

test('the service worker makes the page cross-origin isolated on a server that sends no COOP/COEP', async () => {
  const direct = await fetch(`${server.url}index.html`);
  expect([direct.headers.get('cross-origin-opener-policy'), direct.headers.get('cross-origin-embedder-policy')]).toEqual([null, null]);
  // the first visit (loaded before the worker controlled it) is not isolated
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(false);
  const p = await env.context.newPage();
  try {
    await p.goto(`${server.url}index.html?scramble=R_U`);
    await waitReady(p);
    const state = await p.evaluate(async () => {
      const r = await fetch('web/app.css');
      return { page: self.crossOriginIsolated, shared: typeof SharedArrayBuffer === 'function', coep: r.headers.get('cross-origin-embedder-policy') };
    });
    expect(state).toEqual({ page: true, shared: true, coep: 'require-corp' });
  } finally {
    await p.close();
  }
}, 60000);

test('a new build whose files do not match its manifest is not installed; the old copy stays and works offline', async () => {
  const old = version(readFileSync(swPath(), 'utf8'));
  expect(await cacheKeys()).toContain(old);
  const cssPath = join(site, 'web', 'app.css');
  const css = readFileSync(cssPath);
  expect(await cachedSha(old, 'web/app.css')).toBe(sha256(css));
  newBuild(`${old}-bad`);
  // the file arrives different from what the new manifest lists (a bad transfer, a stray edit)
  writeFileSync(cssPath, Buffer.concat([css, Buffer.from('\n/* not in the manifest */\n')]));
  try {
    expect(await update()).toBe('redundant');
    const keys = await cacheKeys();
    expect(keys).toContain(old); // the old version's cache is still there...
    expect(await cachedSha(old, 'web/app.css')).toBe(sha256(css)); // ...with the good bytes
    expect(await cachedSha(`${old}-bad`, 'web/app.css')).toBeNull(); // never cached
    // offline, the old worker serves the app from its cache
    expect(await reloadOffline(env, page)).toBe(env.core.apply('R U'));
  } finally {
    writeFileSync(cssPath, css);
  }
}, 60000);

test('activating a new version deletes the other evocube caches and no one else\'s', async () => {
  const old = version(readFileSync(swPath(), 'utf8'));
  await page.evaluate(async () => {
    await (await caches.open('evocube-v0')).put(new URL('stale', location.href).href, new Response('stale'));
    await (await caches.open('another-app')).put(new URL('x', location.href).href, new Response('x'));
  });
  const next = `${old}-next`;
  newBuild(next);
  expect(await update()).toBe('activated');
  expect(await cacheKeys()).toEqual(['another-app', next].sort());
  // the new cache holds the build's files, each matching the manifest
  const files = JSON.parse(readFileSync(join(site, 'web', 'gen', 'shell.json'), 'utf8')).files;
  for (const p of ['index.html', 'web/app.css', 'web/gen/evocube.wasm', 'web/sw-register.mjs']) {
    expect([p, await cachedSha(next, p)]).toEqual([p, files[p]]);
  }
  await page.close();
  expect(env.errors).toEqual([]);
}, 60000);
