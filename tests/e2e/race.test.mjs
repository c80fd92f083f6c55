// race.test.mjs - the race in real Chromium: two or more solvers (as many as this build
// has, up to three) on the same cube, each in its own worker; every row ends solved (or
// gave up) with its length and time, the places are 1..k, and each solution the page
// keeps is verified by the core in Node.
import { setup, tid } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

test('a race runs the chosen solvers side by side and compares them', async () => {
  const all = env.core.solvers().map((s) => s.name);
  if (!all.length) { console.warn('SKIPPED: no solver is registered in this build'); return; }
  // quick solvers first; evolutionary ones get a short scramble
  const order = ['twophase', 'greedy', 'hugo', 'twes', 'macro-ga', 'devtoy', ...all];
  const names = [...new Set(order.filter((n) => all.includes(n)))].slice(0, 3);
  const scramble = "R U F' D2";
  const page = await env.open(`?scramble=${encodeURIComponent(scramble)}&seed=11`);
  let started = 0;
  page.on('worker', (w) => { if (w.url().endsWith('/web/worker.mjs')) started++; });
  for (const n of all) {
    const box = tid(`race-pick-${n}`);
    if (names.includes(n)) await page.check(box); else await page.uncheck(box);
  }
  await page.click(tid('race-start'));
  await page.waitForSelector(tid('race-table'));
  // each solver has its own worker while the race runs
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="race-table"] tbody tr').length === n, names.length);
  await page.waitForFunction(() => !document.querySelector('[data-testid="race-start"]').disabled
    && [...document.querySelectorAll('[data-testid="race-status"]')].every((c) => !['running', 'starting', 'warming up'].includes(c.firstChild.textContent)),
  null, { timeout: 90000 });
  expect(started).toBe(names.length); // one worker per solver
  const rows = await page.$$eval('[data-testid="race-table"] tbody tr', (trs) => trs.map((tr) => ({
    solver: tr.dataset.solver,
    status: tr.querySelector('[data-testid="race-status"]').firstChild.textContent,
    length: tr.querySelector('[data-testid="race-length"]').textContent,
    time: tr.querySelector('[data-testid="race-time"]').textContent,
    place: tr.querySelector('[data-testid="race-place"]').textContent,
    solution: tr.title,
    wallMs: Number(tr.dataset.wallMs),
  })));
  expect(rows.map((r) => r.solver)).toEqual(all.filter((n) => names.includes(n))); // in the list order
  const start = env.core.apply(scramble);
  const solved = rows.filter((r) => r.status === 'solved');
  expect(solved.length).toBeGreaterThan(0);
  for (const r of solved) {
    expect(env.core.verify(start, r.solution).solved).toBe(true);
    expect(Number(r.length)).toBe(env.core.metrics(r.solution).htm);
    expect(r.time).toMatch(/ms|s/);
  }
  // places follow the finishing order (time from the common start): the places are 1..n and
  // the times, read in place order, never go down (two solvers can finish within the same
  // rounded millisecond, so the times alone cannot order a tie)
  const byPlace = [...solved].sort((a, b) => Number(a.place) - Number(b.place));
  expect(byPlace.map((r) => Number(r.place))).toEqual(solved.map((_, i) => i + 1));
  for (let i = 1; i < byPlace.length; i++) expect(byPlace[i].wallMs).toBeGreaterThanOrEqual(byPlace[i - 1].wallMs);
  expect(await page.textContent('[data-testid="race-table"] caption')).toMatch(/shortest: \d+ moves/);
  // a finished solution plays on the cube
  const first = solved[0];
  await page.click(`[data-testid="race-row-${first.solver}"] [data-testid="race-play"]`);
  const n = first.solution.split(/\s+/).length;
  await page.waitForFunction((k) => document.querySelector('[data-testid="play-counter"]').textContent === `0 / ${k}`, n);
  await page.close();
  expect(env.errors).toEqual([]);
});
