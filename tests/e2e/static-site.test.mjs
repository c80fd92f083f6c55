// static-site.test.mjs - the built site (scripts/build-site.mjs) as users get it, served by
// a plain static file server that sends no custom headers (no Service-Worker-Allowed, no
// CSP header, no compression: only Content-Type, as `python3 -m http.server` does), in real
// Chromium: load, solve; go offline (network off, server gone), reload, solve again; open a
// share link offline; then "deploy" a second build to the same address: the page keeps
// running the first build from its cache and offers the new version, and its Reload button
// switches to the second build. Also: the page fetches nothing that the first-load list
// (and so the size budget of tests/js/site-size.test.mjs) leaves out; the site works from a
// sub-folder; and the bundle's threaded optimal module runs once the page is isolated.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, tid, pickSolver, waitStatus, waitReady } from './helpers.mjs';
import { buildSite, isOnDemand, REPO } from '../../scripts/build-site.mjs';
import { startServer, startPlainServer } from '../../scripts/serve.mjs';
import { loadCoreNode } from '../../web/lib/core-node.mjs';

// the simplest static server (Content-Type only) over whichever build `site.root` names
const plainServer = (site, port = 0, prefix = '/') => startPlainServer({ root: () => site.root, port, prefix });

let dir, first, second, context, core, server;
const site = { root: '' };
const errors = [];
// The site files the on-demand modules name, and those files name in turn (read from the built
// files: a hashed asset name in their text): what loading them may fetch besides chunks.
function namedOnDemand(outdir) {
  const assets = new Set(readdirSync(join(outdir, 'assets')));
  const named = new Set();
  const todo = readdirSync(join(outdir, 'assets', 'lazy')).filter((f) => f.endsWith('.js')).map((f) => join(outdir, 'assets', 'lazy', f));
  while (todo.length) {
    const text = readFileSync(todo.pop(), 'utf8');
    for (const [name] of text.matchAll(/[\w.-]+-[\w]{8,}\.(?:js|css|wasm)/g)) {
      if (!assets.has(name) || named.has(`assets/${name}`)) continue;
      named.add(`assets/${name}`);
      if (name.endsWith('.js')) todo.push(join(outdir, 'assets', name));
    }
  }
  return named;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'evocube-static-'));
  first = await buildSite({ outdir: join(dir, 'first') });
  second = await buildSite({ outdir: join(dir, 'second'), note: 'a second deployment' });
  site.root = first.outdir;
  server = await plainServer(site);
  context = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS, viewport: { width: 1360, height: 1000 },
  });
  core = await loadCoreNode();
}, 60000);
afterAll(async () => {
  await context?.close().catch(() => {});
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const entry = (build) => build.files.find((f) => /^assets\/main-.*\.js$/.test(f));
const pageEntry = (page) => page.evaluate(() => new URL(document.querySelector('script[type="module"]').src).pathname.slice(1));

async function solve(page, scramble) {
  const solver = pickSolver(core, ['twophase', 'greedy', 'hugo']);
  await page.selectOption(tid('solver-select'), solver);
  await page.click(tid('solve'));
  expect(await waitStatus(page, ['solved', 'gave up', 'error'])).toBe('solved');
  expect(core.verify(core.apply(scramble), await page.textContent(tid('solution'))).solved).toBe(true);
}

test('two builds differ in every bundle and in sw.js; each lists its own files in shell.json', () => {
  expect(first.version).not.toBe(second.version);
  expect(entry(first)).not.toBe(entry(second));
  for (const b of [first, second]) {
    const m = JSON.parse(readFileSync(join(b.outdir, 'shell.json'), 'utf8'));
    expect(m.version).toBe(b.version);
    expect(Object.keys(m.files).sort()).toEqual(b.files.filter((f) => f !== 'shell.json' && !/\.(map|txt)$/.test(f)).sort());
    expect(readFileSync(join(b.outdir, 'sw.js'), 'utf8')).toContain(`const VERSION = "${b.version}";`);
  }
});

test('load, solve, offline reload and solve, share link offline; a second deployment is offered, not switched to silently', async () => {
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  const fetched = new Set();
  page.on('request', (r) => { if (r.url().startsWith(server.url)) fetched.add(new URL(r.url()).pathname.slice(1) || 'index.html'); });

  await page.goto(`${server.url}?scramble=R_U_F-`);
  await waitReady(page);
  expect(await page.evaluate(() => window.evocube.core.version())).toBeTruthy();
  const norm = (set) => [...set].map((p) => (p.endsWith('/') ? `${p}index.html` : p));
  // until the page is ready it fetches only the first-load list the size budget counts
  const atBoot = norm(fetched);
  expect(atBoot.filter((p) => !first.firstLoad.includes(p))).toEqual([]);
  await solve(page, "R U F'");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  expect(await page.textContent(tid('offline'))).toMatch(/offline/);
  // a solve adds only on-demand modules (assets/lazy/, the fitness chart's uPlot), the chunks
  // they share and the files they name (a stylesheet, a worker and its wasm: namedOnDemand);
  // everything else the page fetched is in the first-load list
  const index = norm(fetched);
  const named = namedOnDemand(first.outdir);
  expect(index.filter((p) => !first.firstLoad.includes(p) && !isOnDemand(p) && !named.has(p) && !/^assets\/chunk-[\w-]+\.js$/.test(p))).toEqual([]);
  expect(index.filter((p) => isOnDemand(p))).toContainEqual(expect.stringMatching(/^assets\/lazy\/uplot-[\w-]+\.js$/));
  for (const kind of [/^assets\/main-/, /^assets\/worker-/, /\.wasm$/, /^assets\/app-.*\.css$/]) expect(index.some((p) => kind.test(p))).toBe(true);
  expect(await page.evaluate(() => window.evocube.core && document.querySelector('#view3d canvas') !== null)).toBe(true);

  // offline: the network off and the server gone
  const { port } = server;
  await server.close();
  await context.setOffline(true);
  try {
    await page.reload();
    await waitReady(page);
    expect(await page.inputValue(tid('scramble-input'))).toBe("R U F'");
    await solve(page, "R U F'");
    // a share link opened offline, in a new tab
    const link = await context.newPage();
    link.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    await link.goto(`${server.url}index.html?scramble=F2_D-_L&solver=twophase&seed=5`);
    await waitReady(link);
    expect(await link.inputValue(tid('scramble-input'))).toBe("F2 D' L");
    expect(await link.inputValue(tid('seed-input'))).toBe('5');
    await solve(link, "F2 D' L");
    await link.close();
  } finally {
    await context.setOffline(false);
  }

  // the second build deployed at the same address
  site.root = second.outdir;
  server = await plainServer(site, port);
  await page.reload();
  await waitReady(page);
  expect(await pageEntry(page)).toBe(entry(first)); // still the first build, from the cache...
  await page.waitForSelector(tid('notice-update'), { timeout: 30000 }); // ...which offers the second
  expect(await page.textContent(tid('notice-update'))).toMatch(/new version/i);
  // not taken up unasked: a reload still runs the first build, and offers the second again
  await page.reload();
  await waitReady(page);
  expect(await pageEntry(page)).toBe(entry(first));
  await page.waitForSelector(tid('notice-update'), { timeout: 30000 });
  // a new document (the page's own address updates are same-document navigations, which
  // waitForNavigation would take for the reload)
  await Promise.all([
    page.waitForEvent('domcontentloaded', { timeout: 30000 }),
    page.click(`${tid('notice-update')} ${tid('notice-action')}`),
  ]);
  await waitReady(page);
  expect(await pageEntry(page)).toBe(entry(second));
  expect(await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('evocube-')))).toEqual([second.version]);
  // and the second build works offline too
  await server.close();
  await context.setOffline(true);
  try {
    await page.reload();
    await waitReady(page);
    expect(await pageEntry(page)).toBe(entry(second));
    await solve(page, "R U F'");
  } finally {
    await context.setOffline(false);
    server = await plainServer(site, port);
  }
  await page.close();
  expect(errors).toEqual([]);
}, 180000);

test('a deployment whose wasm does not match its shell.json is never installed: no offer, the running build stays', async () => {
  const third = await buildSite({ outdir: join(dir, 'third'), note: 'a third deployment, damaged in transit' });
  const wasm = third.files.find((f) => f.endsWith('.wasm'));
  const bytes = readFileSync(join(third.outdir, wasm));
  writeFileSync(join(third.outdir, wasm), bytes.subarray(0, bytes.length >> 1));
  site.root = third.outdir;
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  try {
    await page.goto(`${server.url}?scramble=R_U`);
    await waitReady(page);
    expect(await pageEntry(page)).toBe(entry(second));
    // the browser finds the new sw.js; its install fails on the wasm's hash
    const state = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      const found = new Promise((ok) => reg.addEventListener('updatefound', () => ok(reg.installing), { once: true }));
      await reg.update().catch(() => {});
      const w = reg.installing || reg.waiting || await found;
      return new Promise((ok) => {
        const check = () => { if (['redundant', 'installed', 'activated'].includes(w.state)) ok(w.state); };
        w.addEventListener('statechange', check);
        check();
      });
    });
    expect(state).toBe('redundant');
    expect(await page.$(tid('notice-update'))).toBeNull();
    expect(await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('evocube-')))).toEqual([second.version]);
    await page.reload();
    await waitReady(page);
    expect(await pageEntry(page)).toBe(entry(second));
    await solve(page, 'R U');
  } finally {
    site.root = second.outdir;
    await page.close();
  }
  expect(errors).toEqual([]);
}, 90000);

test('the site works from a sub-folder (as on GitHub Pages): its service worker\'s scope is that folder', async () => {
  const sub = await plainServer({ root: second.outdir }, 0, '/evocube/');
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  try {
    await page.goto(`${sub.url}?scramble=R_U`);
    await waitReady(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
    const reg = await page.evaluate(async () => { const r = await navigator.serviceWorker.getRegistration(); return [r.scope, r.active.scriptURL]; });
    expect(reg).toEqual([sub.url, `${sub.url}sw.js`]);
    await solve(page, 'R U');
  } finally {
    await page.close();
    await sub.close();
  }
  expect(errors).toEqual([]);
}, 60000);

// The bundle's optimal search on threads: the built site's threaded module (its worker script
// and pthread workers under hashed names) run in the browser. A fresh origin: the first visit
// is not isolated; once the service worker controls the page (COOP/COEP on what it serves)
// the page is, and the search of a 12-move scramble on the stored level-0 table (the file the
// native tool builds, build/cache, built here when missing) runs on the threaded module's
// workers and finds 12, as one thread does.
test('the built site\'s optimal search runs on its threaded module once the service worker isolates the page', async () => {
  const cache = join(REPO, 'build', 'cache');
  const table = join(cache, 'evocube', 'optimal-0.tbl');
  if (!existsSync(table)) {
    const r = spawnSync(join(REPO, 'build', 'native', 'evocube_native'), ['optimal-table', '--level', '0', '--threads', '2'], { env: { ...process.env, XDG_CACHE_HOME: cache }, encoding: 'utf8', timeout: 590000 });
    if (r.status !== 0) throw new Error(`evocube_native optimal-table failed: ${r.stderr || r.error}`);
  }
  const own = await plainServer({ root: first.outdir });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  const threads = [];
  page.on('worker', (w) => { if (/\/assets\/optimal-mt\.worker-[\w]+\.js$/.test(w.url())) threads.push(w.url()); });
  const twelve = "R U F D' L2 B R' U2 F' L D B2";
  try {
    await page.goto(`${own.url}?scramble=${encodeURIComponent(twelve)}`);
    await waitReady(page);
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(false);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
    await page.reload();
    await waitReady(page);
    const cores = await page.evaluate(() => (self.crossOriginIsolated ? navigator.hardwareConcurrency : -1));
    expect(cores).toBeGreaterThan(0);
    await solve(page, twelve);
    await page.click(`${tid('optimal-offer')} summary`);
    await page.waitForSelector(tid('optimal-build'), { timeout: 60000 });
    await page.setInputFiles(tid('optimal-file'), table);
    await page.waitForFunction((sel) => /^optimal: 12 \(this solution (is optimal|\+\d+)\)$/.test(document.querySelector(sel)?.textContent || ''), tid('optimal-line'), { timeout: 180000 });
    const n = Math.min(8, cores);
    expect(await page.textContent(tid('optimal-threads'))).toBe(n > 1 ? `${n} search threads on one shared table` : 'one search thread: this device reports one core');
    expect(threads.length).toBe(n > 1 ? n - 1 : 0);
  } finally {
    await page.close();
    await own.close();
  }
  expect(errors).toEqual([]);
}, 600000);

describe('scripts/serve.mjs on the built site', () => {
  let s;
  beforeAll(async () => { s = await startServer({ root: first.outdir, port: 0 }); });
  afterAll(async () => { await s?.close(); });
  const get = (path, encoding) => new Promise((ok, fail) => {
    const u = new URL(s.url);
    const req = request({ host: u.hostname, port: u.port, path, headers: encoding ? { 'Accept-Encoding': encoding } : {} }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });

  test('compresses with brotli or gzip as asked, and the bytes decode to the file', async () => {
    const wasm = first.files.find((f) => f.endsWith('.wasm'));
    const bytes = readFileSync(join(first.outdir, wasm));
    const br = await get(`/${wasm}`, 'gzip, deflate, br');
    expect([br.headers['content-encoding'], br.headers['content-type']]).toEqual(['br', 'application/wasm']);
    expect(br.body.length).toBeLessThan(bytes.length / 2);
    expect(brotliDecompressSync(br.body).equals(bytes)).toBe(true);
    const gz = await get(`/${wasm}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(bytes)).toBe(true);
    const none = await get(`/${wasm}`);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.equals(bytes)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
  });

  test('hashed assets are cacheable for a year; the page, sw.js and shell.json are revalidated', async () => {
    const main = entry(first);
    expect((await get(`/${main}`)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const p of ['/', '/sw.js', '/shell.json', '/manifest.webmanifest']) {
      const r = await get(p);
      expect([p, r.status, r.headers['cache-control'], r.headers['service-worker-allowed']]).toEqual([p, 200, 'no-cache', undefined]);
    }
  });
});
