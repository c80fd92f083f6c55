// share.test.mjs - the sharing tools in real Chromium: a link's solution shown
// without running (and a forged one refused), a link made from a run re-run to show how its
// solution was found (the chart filled, the same solution said so, a different one too), a
// Twizzle-form link, the run's JSON and CSV exports parsed back from the page's downloads,
// Copy solution (the clipboard and its fallback), the painter's face labels and outlines, and playback's queued key presses,
// Home/End, timeline and phase rows. The race board has its own file (race.test.mjs).
import { readFileSync } from 'node:fs';
import { setup, tid, text, waitStatus, setSpeed } from './helpers.mjs';

let env;
beforeAll(async () => {
  env = await setup();
  await env.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url.replace(/\/$/, '') });
});
afterAll(async () => { await env.close(); });

const counter = (page) => page.textContent(tid('play-counter'));
const waitCounter = (page, want) => page.waitForFunction(([sel, w]) => document.querySelector(sel).textContent === w, [tid('play-counter'), want], { timeout: 15000 });

test('a link with a solution shows it at once, verified and not run; a forged one is refused', async () => {
  let solves = 0;
  const page = await env.open('?scramble=R_U_F_D2_L&solver=twophase&seed=3&solution=L-_D2_F-_U-_R-');
  // a solver worker started for the link would be a solve; the optimal line's worker (started
  // after a result when a table is stored) is not one
  page.on('worker', (w) => { if (!/optimal-worker/.test(w.url())) solves++; });
  await page.waitForFunction((sel) => document.querySelector(sel).textContent.length > 0, tid('solution'), { timeout: 20000 });
  expect(await text(page, 'solution')).toBe("L' D2 F' U' R'");
  expect(await text(page, 'verified')).toMatch(/^✓ verified on this page/);
  expect(await text(page, 'result-summary')).toMatch(/^5 moves \(HTM\) · from the link, not re-run/);
  expect(await text(page, 'status')).toBe('idle'); // nothing ran
  expect(await text(page, 'generation')).toBe('0');
  expect(await counter(page)).toBe('0 / 5');
  // the page's own share link carries the solution on
  expect(new URL(await page.getAttribute(tid('share-link'), 'href')).searchParams.get('solution')).toBe('L-_D2_F-_U-_R-');
  // re-run and compare: the same seed and solver find a solution, compared with the link's
  await page.click(tid('rerun-compare'));
  await waitStatus(page, 'solved', 30000);
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.same, tid('link-compare'));
  expect(await text(page, 'link-compare')).toMatch(/^(Same solution as the link's|Not the link's solution: this run found a different one)/);
  expect(solves).toBe(0); // the page's warm worker ran it; no new worker
  await page.close();

  const forged = await env.open('?scramble=R_U_F_D2_L&solution=L_D2_F-_U-_R-');
  await forged.waitForSelector(tid('notice-warn'));
  expect(await forged.textContent(tid('notice-warn'))).toMatch(/^The solution in the link was not shown: it does not solve the link's cube/);
  expect(await text(forged, 'solution')).toBe('');
  expect(await counter(forged)).toBe('0 / 0');
  await forged.close();
  expect(env.errors).toEqual([]);
}, 60000);

// the points the fitness chart holds (its buckets), read through the page's test surface
const chartPoints = (page) => page.evaluate(() => window.evocube.chart.points);

test('a link made from a run offers "Re-run to see how it was found": the same run again, its chart live, the same solution said so', async () => {
  const scramble = "R U F' L2 D B R2 F'";
  for (const solver of ['twes', 'pso'].filter((s) => env.core.solvers().some((x) => x.name === s))) {
    // a short run on this page, and the link it makes (carrying its solution)
    const first = await env.open(`?scramble=${encodeURIComponent(scramble)}&solver=${solver}&seed=7`);
    await first.click(tid('solve'));
    await waitStatus(first, 'solved', 60000);
    const solution = await text(first, 'solution');
    const href = await first.getAttribute(tid('share-link'), 'href');
    expect(new URL(href).searchParams.get('solution')).not.toBeNull();
    await first.close();

    // the link in a fresh page: the solution shown, the chart empty, the action beside it
    const page = await env.open(new URL(href).search);
    await page.waitForSelector(`${tid('link-rerun')}:not([hidden]) ${tid('rerun-chart')}`, { timeout: 20000 });
    expect(await text(page, 'solution')).toBe(solution);
    expect(await page.textContent(tid('rerun-chart'))).toBe('Re-run to see how it was found');
    expect(await page.textContent(tid('rerun-compare'))).toBe('Re-run to see how it was found');
    expect(await page.isVisible(tid('rerun-chart'))).toBe(true);
    expect(await chartPoints(page)).toBe(0);
    expect(await text(page, 'status')).toBe('idle');

    // pressed: the chart fills while the run goes, and the page says it is the same solution
    await page.click(tid('rerun-chart'));
    expect(await page.isHidden(tid('link-rerun'))).toBe(true);
    await waitStatus(page, 'solved', 60000);
    await page.waitForFunction((sel) => document.querySelector(sel).dataset.same, tid('link-compare'));
    expect(await chartPoints(page)).toBeGreaterThan(0);
    expect(Number((await text(page, 'generation')).replace(/,/g, ''))).toBeGreaterThan(0);
    expect(await text(page, 'solution')).toBe(solution);
    expect(await page.getAttribute(tid('link-compare'), 'data-same')).toBe('true');
    expect(await text(page, 'link-compare')).toMatch(/^Same solution as the link's \(\d+ moves?\): this run is the one that found it/);
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="notice-info"]')].some((n) => /The re-run found the link's solution/.test(n.textContent)));

    // a link whose solution this run does not give (a longer one, still verified): said plainly
    const u = new URL(href);
    u.searchParams.set('solution', `${u.searchParams.get('solution')}_U2_U2`);
    const other = await env.open(u.search);
    await other.waitForSelector(`${tid('link-rerun')}:not([hidden]) ${tid('rerun-chart')}`, { timeout: 20000 });
    await other.click(tid('rerun-chart'));
    await waitStatus(other, 'solved', 60000);
    await other.waitForFunction((sel) => document.querySelector(sel).dataset.same, tid('link-compare'));
    expect(await other.getAttribute(tid('link-compare'), 'data-same')).toBe('false');
    expect(await text(other, 'link-compare')).toMatch(/^Not the link's solution: this run found a different one/);
    await other.waitForSelector(tid('notice-warn'));
    expect(await other.textContent(tid('notice-warn'))).toMatch(/did not find the link's solution/);
    await other.close();
    await page.close();
  }
  // a link with no run behind it (alg= alone) is offered a solve and a comparison, not a re-run
  const alg = await env.open('?alg=R_U_F-');
  await alg.waitForSelector(`${tid('link-compare')}:not([hidden]) ${tid('rerun-compare')}`, { timeout: 20000 });
  expect(await alg.textContent(tid('rerun-compare'))).toBe('Solve here and compare');
  expect(await alg.isHidden(tid('link-rerun'))).toBe(true);
  await alg.close();
  expect(env.errors).toEqual([]);
}, 180000);

test('Twizzle and alg.cubing.net forms: setup is the scramble, alg the solution', async () => {
  const page = await env.open(`?setup-alg=${encodeURIComponent("R U F' D2")}&alg=${encodeURIComponent("D2 F U' R'")}`);
  await page.waitForFunction((sel) => document.querySelector(sel).textContent.length > 0, tid('solution'), { timeout: 20000 });
  expect(await page.inputValue(tid('scramble-input'))).toBe("R U F' D2");
  expect(await text(page, 'solution')).toBe("D2 F U' R'");
  expect(await counter(page)).toBe('0 / 4');
  await page.close();
  // alg= alone: the cube the alg solves (its inverse as the scramble)
  const only = await env.open('?alg=R_U_F-');
  await only.waitForFunction((sel) => document.querySelector(sel).textContent.length > 0, tid('solution'), { timeout: 20000 });
  expect(await only.inputValue(tid('scramble-input'))).toBe("F U' R'");
  expect(await text(only, 'solution')).toBe("R U F'");
  await only.close();
  expect(env.errors).toEqual([]);
}, 30000);

test('a run exports as JSON and CSV (parsed back from the downloads); Copy solution; phase rows play from their start', async () => {
  const scramble = "R U F' D2 L B' U2 R"; // twophase: both phases have moves
  const page = await env.open(`?scramble=${encodeURIComponent(scramble)}&solver=twophase&seed=5`);
  await page.click(tid('solve'));
  await waitStatus(page, 'solved', 30000);
  const solution = await text(page, 'solution');
  expect(env.core.verify(env.core.apply(scramble), solution).solved).toBe(true);

  const [dj] = await Promise.all([page.waitForEvent('download'), page.click(tid('export-json'))]);
  expect(dj.suggestedFilename()).toBe('evocube-twophase-seed5.json');
  const json = JSON.parse(readFileSync(await dj.path(), 'utf8'));
  expect(json.request).toMatchObject({ solver: 'twophase', seed: 5, facelets: env.core.apply(scramble), scramble });
  expect(json.result.solution).toBe(solution);
  expect(json.records.length).toBeGreaterThan(0);
  expect(json.recordsSeen).toBe(json.records.length); // a short run: every record, none thinned
  expect(json.recordsStride).toBe(1);
  const gens = json.records.map((r) => r.gen);
  expect(gens).toEqual([...gens].sort((a, b) => a - b));

  const [dc] = await Promise.all([page.waitForEvent('download'), page.click(tid('export-csv'))]);
  expect(dc.suggestedFilename()).toBe('evocube-twophase-seed5.csv');
  const lines = readFileSync(await dc.path(), 'utf8').trimEnd().split('\r\n');
  const head = lines[0].split(',');
  expect(head).toEqual(expect.arrayContaining(['gen', 'phase', 'best', 'bestLength']));
  expect(lines.length - 1).toBe(json.records.length); // one row per record
  const g = head.indexOf('gen');
  expect(lines.slice(1).map((l) => Number(l.split(',')[g]))).toEqual(gens);

  // Copy solution: the clipboard, then the fallback when the clipboard refuses
  await page.click(tid('copy-solution'));
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="notice-info"]')].some((n) => /Solution copied/.test(n.textContent)));
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(solution);
  // Copy link goes through the same copy: the share link, which carries the solution
  await page.click(tid('copy-link'));
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="notice-info"]')].some((n) => /Link copied/.test(n.textContent)));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await page.getAttribute(tid('share-link'), 'href'));
  expect(env.core.canonical(new URL(copied).searchParams.get('solution').replace(/_/g, ' ').replace(/-/g, "'"))).toBe(solution);
  await page.evaluate(() => { navigator.clipboard.writeText(''); navigator.clipboard.writeText = () => Promise.reject(new Error('denied')); });
  await page.click(tid('copy-solution'));
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="notice-info"]')].filter((n) => /Solution copied|Copy this solution/.test(n.textContent)).length >= 2);
  const manual = await page.evaluate(() => [...document.querySelectorAll('[data-testid="notice-info"]')].map((n) => n.textContent).join('|'));
  if (!/Copy this solution/.test(manual)) expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(solution);
  else expect(manual).toContain(solution);

  // phase rows: coloured like their moves; clicking the second plays from its first move
  const rows = await page.$$eval(`${tid('phases')} tbody tr`, (trs) => trs.map((tr) => ({ cls: tr.className, start: Number(tr.dataset.phaseStart) })));
  expect(rows.length).toBeGreaterThanOrEqual(2);
  expect(rows[0]).toEqual({ cls: expect.stringContaining('ph0'), start: 0 });
  const n = solution.split(' ').length;
  const s1 = rows[1].start;
  expect(s1).toBeGreaterThan(0);
  expect(await page.$$eval(`${tid('moves')} li`, (lis) => lis.map((li) => Number(li.dataset.phase)))).toEqual(
    Array.from({ length: n }, (_, i) => (i < s1 ? 0 : 1)));
  await setSpeed(page, 20);
  const before = await counter(page);
  expect(before).not.toBe(`${n} / ${n}`);
  await page.click(`${tid('phases')} tbody tr:nth-child(2)`);
  // playing, or already played to the end (at 20 moves/s a loaded machine may see only the end)
  await page.waitForFunction(([play, cnt, end]) => document.querySelector(play).dataset.state === 'playing' || document.querySelector(cnt).textContent === end,
    [tid('play'), tid('play-counter'), `${n} / ${n}`]);
  const at = Number((await counter(page)).split(' / ')[0]);
  expect(at).toBeGreaterThanOrEqual(s1);
  await waitCounter(page, `${n} / ${n}`);

  // the page's own Twizzle link, opened in evocube: the same cube and solution, its phases
  // read back from the // comments (the move list coloured as before)
  const tw = new URL(await page.getAttribute(tid('twizzle-link'), 'href'));
  const back = await env.open(tw.search);
  await back.waitForFunction((sel) => document.querySelector(sel).textContent.length > 0, tid('solution'), { timeout: 20000 });
  expect(await text(back, 'solution')).toBe(solution);
  expect(await back.inputValue(tid('scramble-input'))).toBe(scramble);
  expect(await back.$$eval(`${tid('moves')} li`, (lis) => lis.map((li) => Number(li.dataset.phase)))).toEqual(
    Array.from({ length: n }, (_, i) => (i < s1 ? 0 : 1)));
  await back.close();
  await page.close();
  expect(env.errors).toEqual([]);
}, 60000);

test('playback: quick arrow presses are queued, Home/End jump, the timeline follows, the next move is marked', async () => {
  const sol = "R U F' D2 L B' R2 U'";
  const page = await env.open(`?alg=${encodeURIComponent(sol)}`);
  await waitCounter(page, '0 / 8');
  await setSpeed(page, 0.5); // a turn every 2 s: the presses land while a turn animates
  await page.focus('body');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await waitCounter(page, '5 / 8');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await waitCounter(page, '3 / 8');
  expect(await page.inputValue(tid('timeline'))).toBe('3');
  expect(await page.$eval(`${tid('moves')} li.next`, (li) => [li.dataset.i, li.getAttribute('aria-current')])).toEqual(['3', 'step']);
  await page.keyboard.press('End');
  await waitCounter(page, '8 / 8');
  expect(await page.textContent(tid('facelets'))).not.toBe(''); // the cube view shows it: solved
  expect(await page.evaluate(() => document.querySelector('#net-host').dataset.shown)).toBe(env.core.apply(''));
  await page.keyboard.press('Home');
  await waitCounter(page, '0 / 8');
  // the timeline is a control too
  await page.fill(tid('timeline'), '6');
  await waitCounter(page, '6 / 8');
  await page.close();
  expect(env.errors).toEqual([]);
}, 30000);

test('the painter labels its faces and outlines the stickers a message names', async () => {
  const solved = env.core.apply('');
  // the UR edge flipped: stickers 5 (U side) and 10 (R side) swapped
  const flipped = `${solved.slice(0, 5)}R${solved.slice(6, 10)}U${solved.slice(11)}`;
  const page = await env.open(`?facelets=${flipped}`);
  await page.waitForFunction((sel) => document.querySelector(sel).textContent.length > 0, tid('paint-validation'));
  expect(await text(page, 'paint-validation')).toMatch(/edge is flipped, at UR/);
  const blamed = () => page.$$eval('.net-host [data-testid="net"] .st', (bs) => bs.flatMap((b, i) => (b.classList.contains('blamed') ? [i] : [])));
  await page.waitForFunction(() => document.querySelectorAll('.net-host .st.blamed').length > 0); // the names are read on demand
  expect(await blamed()).toEqual([5, 10]);
  const outlined = await page.$$eval('.net-host [data-testid="net"] .st', (bs) => bs.map((b, i) => [i, getComputedStyle(b).outlineStyle]).filter(([, s]) => s !== 'none').map(([i]) => i));
  expect(outlined).toEqual([5, 10]);
  // each face's letter sits on its centre sticker
  const labels = await page.$$eval('.net-host [data-testid="net"] .face-label', (ls) => ls.map((l) => [l.textContent, Number(l.parentElement.dataset.index)]));
  expect(labels).toEqual([['U', 4], ['R', 13], ['F', 22], ['D', 31], ['L', 40], ['B', 49]]);
  // a fix clears the outline: paint sticker 5 back to U and sticker 10 to R
  await page.click(tid('paint-U'));
  await page.click(tid('sticker-5'));
  await page.click(tid('paint-R'));
  await page.click(tid('sticker-10'));
  await page.waitForFunction((sel) => document.querySelector(sel).dataset.ok === 'true', tid('paint-validation'));
  expect(await blamed()).toEqual([]);
  await page.close();
  expect(env.errors).toEqual([]);
}, 30000);
