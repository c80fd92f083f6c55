// race.test.mjs - the race in real Chromium: two or more solvers (as many as this build
// has, up to three) on the same cube, each in its own worker; every row ends solved (or
// gave up) with its length and time, the places are 1..k, and each solution the page
// shows is verified by the core in Node. Start brings the board into view and locks Solve
// until the race ends. The comparison is a full-width board sorted by length (or, on
// request, by time: the finishing place), with length and time bars and the solutions in full; playing one shows it in the
// Result panel. By default the race picks solvers that finish in seconds, never hugo. Solvers
// are named in words; on a phone the board is a card per runner and never scrolls sideways.
// A race of every solver at 1280 x 800: every row in view while it runs, the column of
// finishing places headed "Finished" (1st, 2nd: not the row's rank), counts with separators.
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
  const defaults = await page.$$eval('[data-testid="race-pick"] input:checked', (bs) => bs.map((b) => b.value));
  expect(defaults).toEqual(all.filter((n) => ['twophase', 'twes', 'aco'].includes(n)));
  expect(defaults).not.toContain('hugo');
  let started = 0;
  page.on('worker', (w) => { if (w.url().endsWith('/web/worker.mjs')) started++; });
  for (const n of all) {
    const box = tid(`race-pick-${n}`);
    if (names.includes(n)) await page.check(box); else await page.uncheck(box);
  }
  await page.click(tid('race-start'));
  await page.waitForSelector(tid('race-table'));
  // the board comes into view, and Solve waits for the race
  const seen = await page.evaluate(() => {
    const r = document.querySelector('[data-testid="race-board"]').getBoundingClientRect();
    return { top: r.top >= 0 && r.top < innerHeight - 60, solve: document.querySelector('[data-testid="solve"]').disabled };
  });
  expect(seen).toEqual({ top: true, solve: true });
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
    place: tr.querySelector('[data-testid="race-place"]').textContent, // '1st', '2nd', ...
    solution: tr.querySelector('[data-testid="race-solution"]').textContent,
    bars: [...tr.querySelectorAll('.race-bar')].map((b) => b.getBoundingClientRect().width),
    wallMs: Number(tr.dataset.wallMs),
  })));
  expect(rows.map((r) => r.solver).sort()).toEqual([...names].sort());
  const start = env.core.apply(scramble);
  const solved = rows.filter((r) => r.status === 'solved');
  expect(solved.length).toBeGreaterThan(0);
  // sorted by length: the finishers first, shortest first, a tie in finishing order
  expect(await page.isEnabled(tid('solve'))).toBe(true);
  for (let i = 1; i < solved.length; i++) {
    const [a, b] = [solved[i - 1], solved[i]];
    expect(Number(b.length) > Number(a.length) || (b.length === a.length && parseInt(b.place, 10) > parseInt(a.place, 10))).toBe(true);
  }
  expect(rows.slice(0, solved.length).every((r) => r.status === 'solved')).toBe(true);
  // by time: the finishing places 1..k down the board
  await page.selectOption(tid('race-sort'), 'time');
  const byTime = await page.$$eval('[data-testid="race-table"] tbody tr [data-testid="race-place"]', (cs) => cs.map((c) => c.textContent));
  expect(byTime.slice(0, solved.length)).toEqual(solved.map((_, i) => ['1st', '2nd', '3rd'][i] || `${i + 1}th`));
  // bars: length and time, the longest / slowest full width, none wider
  const lenBars = solved.map((r) => r.bars[0]);
  const timeBars = solved.map((r) => r.bars[1]);
  for (const bs of [lenBars, timeBars]) expect(Math.max(...bs)).toBeGreaterThan(20);
  // length bars follow the lengths (longer, longer bar)
  for (let i = 1; i < lenBars.length; i++) expect(lenBars[i]).toBeGreaterThanOrEqual(lenBars[i - 1] - 0.5);
  // the board spans the page: wider than any column of the layout
  const widths = await page.evaluate(() => ({ board: document.querySelector('[data-testid="race-board"]').getBoundingClientRect().width,
    main: document.querySelector('main').getBoundingClientRect().width }));
  expect(widths.board).toBeGreaterThan(0.9 * widths.main);
  for (const r of solved) {
    expect(env.core.verify(start, r.solution).solved).toBe(true);
    expect(Number(r.length)).toBe(env.core.metrics(r.solution).htm);
    expect(r.time).toMatch(/ms|s/);
  }
  // places follow the finishing order (time from the common start): the places are 1..n and
  // the times, read in place order, never go down (two solvers can finish within the same
  // rounded millisecond, so the times alone cannot order a tie)
  const byPlace = [...solved].sort((a, b) => parseInt(a.place, 10) - parseInt(b.place, 10));
  expect(byPlace.map((r) => parseInt(r.place, 10))).toEqual(solved.map((_, i) => i + 1));
  for (let i = 1; i < byPlace.length; i++) expect(byPlace[i].wallMs).toBeGreaterThanOrEqual(byPlace[i - 1].wallMs);
  expect(await page.textContent('[data-testid="race-table"] caption')).toMatch(/shortest: \d+ moves/);
  // a finished solution plays on the cube and fills the Result panel
  const first = solved[solved.length - 1];
  await page.click(`[data-testid="race-row-${first.solver}"] [data-testid="race-play"]`);
  const n = first.solution.split(/\s+/).length;
  await page.waitForFunction((k) => document.querySelector('[data-testid="play-counter"]').textContent.endsWith(` / ${k}`), n);
  expect((await page.textContent('[data-testid="solution"]')).trim()).toBe(first.solution);
  expect(await page.textContent('[data-testid="result-summary"]')).toMatch(new RegExp(`^race: ${first.solver} · ${n} moves`));
  expect(await page.textContent('[data-testid="verified"]')).toMatch(/^✓ verified/);
  // solvers are named in words, the code name in the tooltip
  const label = await page.$eval(`label:has([data-testid="race-pick-${first.solver}"])`, (l) => ({ text: l.textContent.trim(), title: l.title }));
  expect(label.title).toContain(`(${first.solver})`);
  if (first.solver === 'twophase') expect(label.text).toBe('Two-phase');
  // on a phone each runner is a card: the board never scrolls sideways
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.$eval('[data-testid="race-board"]', (b) => b.scrollWidth - b.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.close();
  expect(env.errors).toEqual([]);
});

test('a race of every solver at 1280 x 800: all rows in view while it runs, places as "1st", counts with separators', async () => {
  const all = env.core.solvers().map((s) => s.name);
  const page = await env.open(`?scramble=${encodeURIComponent(env.core.scrambleMoves(20, 3))}&seed=1`);
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const n of all) await page.check(tid(`race-pick-${n}`));
  await page.click(tid('race-start'));
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="race-table"] tbody tr').length === n, all.length);
  // running: some runner past generation 1,000 (its count then has a separator)
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="race-generation"]')].some((c) => Number(c.textContent.replace(/,/g, '')) >= 1000), null, { timeout: 90000 });
  const seen = await page.evaluate(() => {
    const rows = [...document.querySelectorAll('[data-testid="race-table"] tbody tr')];
    return {
      running: rows.some((tr) => ['running', 'starting'].includes(tr.querySelector('[data-testid="race-status"]').firstChild.textContent)),
      out: rows.filter((tr) => { const r = tr.getBoundingClientRect(); return r.top < 0 || r.bottom > innerHeight; }).map((tr) => tr.dataset.solver),
      gens: rows.map((tr) => tr.querySelector('[data-testid="race-generation"]').textContent),
      head: document.querySelector('[data-testid="race-table"] thead th').textContent,
    };
  });
  expect(seen.running).toBe(true);
  expect(seen.out).toEqual([]);
  expect(seen.head).toBe('Finished');
  for (const g of seen.gens) expect(g).toMatch(/^\d{1,3}(,\d{3})*$/);
  await page.click(tid('race-cancel'));
  await page.waitForFunction(() => !document.querySelector('[data-testid="race-start"]').disabled, null, { timeout: 60000 });
  const places = await page.$$eval('[data-testid="race-place"]', (cs) => cs.map((c) => c.textContent).filter(Boolean));
  for (const p of places) expect(p).toMatch(/^\d+(st|nd|rd|th)$/);
  await page.close();
  expect(env.errors).toEqual([]);
}, 180000);
