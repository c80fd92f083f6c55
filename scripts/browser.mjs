// browser.mjs - headless Chromium on the static server, as the e2e suites and the browser
// soak (scripts/soak-worker.mjs) start it: the server on an ephemeral port
// (scripts/serve.mjs), Chromium through playwright-core with a fresh profile, pages that
// record console errors and uncaught exceptions, and the wait for the page's boot.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer, SITE_ROOT } from './serve.mjs';
import { loadCoreNode } from '../web/lib/core-node.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-quic'];

// {server, context, core, open(query[, {ready}]) -> page, close()}. serviceWorkers: 'block'
// keeps the site's service worker out (so a test's page.route sees every fetch; the
// service worker would answer a blocked file from its cache, as it should offline).
// open() waits for the page to finish booting (body[data-ready="true"]) unless ready: false.
// site: 'dev' serves the repository root (the unbundled modules, for tests that address or
// rewrite one module by its path); 'built' serves dist/, the bundled site users get
// (scripts/build-site.mjs, made by `npm run build`).
export async function setup({ args = [], serviceWorkers = 'allow', site = 'dev' } = {}) {
  const root = site === 'built' ? SITE_ROOT : ROOT;
  if (!existsSync(join(root, 'index.html'))) throw new Error(`e2e: ${root} has no index.html; run npm run build first`);
  const server = await startServer({ root, port: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'evocube-e2e-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, ...args],
    viewport: { width: 1360, height: 1000 },
    serviceWorkers,
  });
  const core = await loadCoreNode();
  const pages = [];
  const env = {
    server, context, core, root, errors: [],
    async open(query = '', { ready = true } = {}) {
      const page = await context.newPage();
      pages.push(page);
      page.on('pageerror', (e) => env.errors.push(`pageerror: ${e.message}`));
      page.on('console', (m) => { if (m.type() === 'error') env.errors.push(`console: ${m.text()}`); });
      await page.goto(server.url + query);
      if (ready) await waitReady(page);
      return page;
    },
    async close() {
      await context.close().catch(() => {});
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return env;
}

// Wait for the page's boot to end (body[data-ready] 'true' or 'failed'); a failed boot throws
// at once with the page's error notice, a slow one (a loaded machine: the wasm compile, the
// worker's tables) gets up to `timeout` ms.
export async function waitReady(page, timeout = 60000) {
  await page.waitForSelector('body[data-ready="true"], body[data-ready="failed"]', { timeout });
  if (await page.getAttribute('body', 'data-ready') !== 'true') {
    const notice = await page.textContent('[data-testid="notice-error"]').catch(() => null);
    throw new Error(`the page's boot failed: ${notice || '(no error notice)'}`);
  }
}
