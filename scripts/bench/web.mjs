// web.mjs - `npm run bench -- web [seconds] [solver ...]`: the page under load in headless
// Chromium. For each solver (default: every registered one) it opens the app on a fixed
// 25-move scramble, solves, and for up to `seconds` (default 6) measures what the worker
// protocol promises: messages a second from the worker (at most ~30), progress records a
// second (every generation, none dropped), the longest gap between messages, and the
// page's animation frames a second while the run streams (the UI stays responsive).
// twophase runs with maxLength=0 (search on for an optimal solution) so it streams for the
// whole window; the other solvers run with their defaults.
// (The records/s figure counts from the first record; generations before the clock started
// are included, so it is an upper bound for short runs.)
// Prints a Markdown table for docs/BENCHMARKS.md, section "## web".
import { chromium } from 'playwright-core';
import { startServer } from '../serve.mjs';
import { loadCoreNode } from '../../web/lib/core-node.mjs';

// params that keep a solver streaming for the whole measurement (twophase: search on for an optimal solution)
const BUSY = { twophase: '&p.maxLength=0&p.budget=1000000000' };
const ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-quic'];

export default async function web(args = []) {
  const seconds = Number(args[0]) > 0 ? Number(args[0]) : 6;
  const core = await loadCoreNode();
  const names = args.slice(1).length ? args.slice(1) : core.solvers().map((s) => s.name);
  const scramble = core.scrambleMoves(25, 2024);
  const server = await startServer({ port: 0 });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ARGS });
  const rows = [];
  try {
    for (const solver of names) {
      const page = await browser.newPage({ viewport: { width: 1360, height: 1000 } });
      const busy = BUSY[solver] ?? '';
      await page.goto(`${server.url}?scramble=${encodeURIComponent(scramble)}&solver=${solver}&seed=1${busy}`);
      await page.waitForSelector('body[data-ready="true"]');
      await page.evaluate(async () => {
        await window.evocube.client.ready; // its Worker is spawned (web/lib/client.mjs starts them in turn)
        // count frames, and time every worker message as it arrives
        window.__bench = { frames: 0, gaps: [], last: 0 };
        const tick = () => { window.__bench.frames++; requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
        const w = window.evocube.client.worker.real;
        w.addEventListener('message', (ev) => {
          if (ev.data.type !== 'progress') return;
          window.__bench.progress = (window.__bench.progress || 0) + 1;
          const b = window.__bench, now = performance.now();
          if (b.last) b.gaps.push(now - b.last);
          b.last = now;
        });
      });
      await page.waitForTimeout(300);
      await page.click('[data-testid="solve"]');
      await page.waitForFunction(() => document.querySelector('[data-testid="status"]').textContent !== 'starting', null, { timeout: 60000 });
      const t0 = Date.now();
      const m0 = await page.evaluate(() => ({ msgs: window.__bench.progress || 0, frames: window.__bench.frames }));
      await page.waitForFunction(() => !['running', 'paused', 'starting'].includes(document.querySelector('[data-testid="status"]').textContent), null, { timeout: seconds * 1000 }).catch(() => {});
      const dt = (Date.now() - t0) / 1000;
      const m1 = await page.evaluate(() => ({
        msgs: window.__bench.progress || 0, frames: window.__bench.frames, gaps: window.__bench.gaps,
        records: Number(document.querySelector('[data-testid="generation"]').dataset.records || 0),
        gen: Number(document.querySelector('[data-testid="generation"]').textContent.replace(/,/g, '')),
        status: document.querySelector('[data-testid="status"]').textContent,
      }));
      if (m1.status === 'running' || m1.status === 'paused') await page.click('[data-testid="cancel"]');
      const gaps = m1.gaps.slice(1, -1);
      if (process.env.GAPS) console.log(solver, 'gaps', JSON.stringify(gaps.map((g, i) => [i, Math.round(g)]).sort((a, b) => b[1] - a[1]).slice(0, 8)), gaps.length);
      rows.push({
        solver, seconds: dt, status: m1.status === 'running' ? `running (cancelled after ${dt.toFixed(1)} s)` : m1.status,
        msgsPerSec: (m1.msgs - m0.msgs) / dt, records: m1.records, gen: m1.gen,
        recordsPerSec: m1.records / dt, maxGap: gaps.length ? Math.max(...gaps) : 0, fps: (m1.frames - m0.frames) / dt,
      });
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`scramble: ${scramble} (scrambleMoves(25, 2024)), seed 1, default params, up to ${seconds} s each`);
  console.log('| solver | outcome | progress messages/s | records/s | records = generations | longest gap between messages | page frames/s |');
  console.log('|---|---|---:|---:|---|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.solver} | ${r.status} | ${r.msgsPerSec.toFixed(1)} | ${Math.round(r.recordsPerSec)} | ${r.records === r.gen ? 'yes' : `no (${r.records} vs ${r.gen})`} | ${r.maxGap.toFixed(0)} ms | ${r.fps.toFixed(0)} |`);
  }
  console.log('(section "## web" of docs/BENCHMARKS.md)');
  return rows;
}
