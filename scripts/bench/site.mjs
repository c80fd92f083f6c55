// site.mjs - `npm run bench -- site [runs]`: the first visit on a throttled connection, in
// headless Chromium with its network emulation set to DevTools' "Fast 3G" preset (CDP
// Network.emulateNetworkConditions: 562.5 ms latency, 180,000 B/s down, 84,375 B/s up), a
// fresh profile (empty cache, no service worker) per run. Sites: the built site (dist/)
// served by scripts/serve.mjs (brotli or gzip, as most static hosts compress), the same
// folder from a server that sends it uncompressed, and the unbundled repository root
// (today's development site, the shape of the site before the bundler) served compressed.
// Times from the navigation's start: `ready` = the page usable (body[data-ready="true"]:
// the wasm core loaded, the panels and the 3D view wired), `solved` = a first solve done
// (the solver worker loaded too; twophase on "R U", Solve clicked at ready). Also the bytes
// the page transferred. Median of `runs` (default 3) per site.
// Prints a Markdown table for docs/BENCHMARKS.md, section "## site".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer, startPlainServer, SITE_ROOT, DEV_ROOT } from '../serve.mjs';
import { median } from '../../web/lib/stats.mjs';

const ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-quic'];
export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180000, uploadThroughput: 84375 };

async function visit(url) {
  const dir = mkdtempSync(join(tmpdir(), 'evocube-bench-site-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ARGS, viewport: { width: 1360, height: 1000 },
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    let bytes = 0;
    cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; });
    const t0 = Date.now();
    await page.goto(`${url}?scramble=R_U&solver=twophase&seed=1`, { waitUntil: 'commit', timeout: 120000 });
    await page.waitForSelector('body[data-ready="true"]', { timeout: 120000 });
    const ready = Date.now() - t0;
    await page.click('[data-testid="solve"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="status"]').textContent.trim() === 'solved', null, { timeout: 120000, polling: 50 });
    const solved = Date.now() - t0;
    return { ready, solved, bytes };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function site(args = []) {
  const runs = Number(args[0]) > 0 ? Number(args[0]) : 3;
  const sites = [
    ['built site (dist/), compressed', () => startServer({ root: SITE_ROOT, port: 0 })],
    ['built site (dist/), uncompressed', () => startPlainServer({ root: SITE_ROOT })],
    ['unbundled repository root, compressed', () => startServer({ root: DEV_ROOT, port: 0 })],
  ];
  const rows = [];
  for (const [name, start] of sites) {
    const server = await start();
    const results = [];
    try {
      for (let i = 0; i < runs; i++) results.push(await visit(server.url));
    } finally {
      await server.close();
    }
    rows.push({ name, ready: median(results.map((r) => r.ready)), solved: median(results.map((r) => r.solved)), bytes: median(results.map((r) => r.bytes)) });
    console.error(`${name}: ${JSON.stringify(results)}`);
  }
  console.log('## site (docs/BENCHMARKS.md): first visit on Chromium\'s "Fast 3G" (562.5 ms, 180,000 B/s down), median of', runs);
  console.log('| site | transferred | ready (usable) | first solve done |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const r of rows) console.log(`| ${r.name} | ${(r.bytes / 1000).toFixed(1)} kB | ${(r.ready / 1000).toFixed(2)} s | ${(r.solved / 1000).toFixed(2)} s |`);
}
