// helpers.mjs - shared set-up of the e2e suites: the static server on an ephemeral port
// (scripts/serve.mjs), headless Chromium through playwright-core with a fresh profile, a
// page that records console errors and uncaught exceptions, and the choice of solvers
// from the build's own list (none is hard-coded as present).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer, SITE_ROOT } from '../../scripts/serve.mjs';
import { loadCoreNode } from '../../web/core-node.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
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
      if (ready) await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
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

export const tid = (name) => `[data-testid="${name}"]`;

// The registered solvers of this build (the core's list), in order of preference.
export function pickSolver(core, prefer) {
  const names = core.solvers().map((s) => s.name);
  for (const p of prefer) if (names.includes(p)) return p;
  return names[0] || null;
}

export async function text(page, name) {
  return (await page.textContent(tid(name))).trim();
}

export async function waitStatus(page, values, timeout = 60000) {
  const want = [].concat(values);
  await page.waitForFunction((w) => w.includes(document.querySelector('[data-testid="status"]').textContent.trim()),
    want, { timeout });
  return text(page, 'status');
}
