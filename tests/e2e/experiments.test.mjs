// experiments.test.mjs - the Experiments view in real Chromium: 3 solvers x 10 random
// states run across the page's experiment workers (one per core), a reload in the middle
// resumes from IndexedDB without losing or repeating a solve, Pause stops at once and Resume
// finishes it, the CSV export parses back to
// the statistics the view shows, and the experiment's link restores its definition without
// running it. Every kept solution is verified again here by the core in Node.
import { readFileSync } from 'node:fs';
import { setup, tid, waitReady } from './helpers.mjs';
import { recordsFromCsv } from '../../web/lib/experiments/csv.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

const SOLVERS = ['twophase', 'twes', 'macro-ga'];

// the statistics, computed here on their own (not with web/lib/stats.mjs): sample sd,
// Student's t for 9 and 29 degrees of freedom
const T = { 9: 2.262, 29: 2.045 };
function stats(xs) {
  const a = [...xs].sort((x, y) => x - y), n = a.length;
  const mean = a.reduce((s, x) => s + x, 0) / n;
  const sd = Math.sqrt(a.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1));
  return { n, mean, median: n % 2 ? a[(n - 1) / 2] : (a[n / 2 - 1] + a[n / 2]) / 2, sd, ci95: T[n - 1] * sd / Math.sqrt(n) };
}

const state = (page) => page.evaluate(() => {
  const x = window.evocubeExperiment;
  return x ? { records: x.done(), session: { ...x.session }, state: x.state.dataset.state, lanes: x.clients.length, cores: navigator.hardwareConcurrency } : null;
});

test('3 solvers x 10 random states: across workers, through a reload, CSV = shown statistics, the link restores the definition', async () => {
  const all = env.core.solvers().map((s) => s.name);
  if (!SOLVERS.every((s) => all.includes(s))) { console.warn(`SKIPPED: this build lacks one of ${SOLVERS.join(', ')}`); return; }
  const page = await env.open('');
  let workers = 0;
  page.on('worker', (w) => { if (w.url().endsWith('/web/worker.mjs')) workers++; });
  await page.click(tid('experiments-open'));
  await page.waitForSelector(`${tid('experiments')}:not([hidden]) ${tid('exp-run')}`);
  expect(await page.isHidden(tid('exp-problems'))).toBe(true); // no error before the user acts
  for (const n of all) {
    if (SOLVERS.includes(n)) await page.check(tid(`exp-solver-${n}`)); else await page.uncheck(tid(`exp-solver-${n}`));
  }
  await page.fill(tid('exp-states'), '10');
  await page.fill(tid('exp-state-seed'), '3');
  await page.fill(tid('exp-seeds'), '1');
  await page.waitForFunction(() => document.querySelector('[data-testid="exp-plan"]').textContent === '30 solves');
  const link = await page.getAttribute(tid('exp-link'), 'href');
  expect(JSON.parse(new URL(link).searchParams.get('experiment'))).toEqual({ solvers: SOLVERS, states: 10, stateSeed: 3, seeds: 1 });

  // run, and reload once some solves are kept
  await page.click(tid('exp-run'));
  await page.waitForFunction(() => window.evocubeExperiment && window.evocubeExperiment.done().length >= 6, null, { timeout: 60000 });
  const before = await state(page);
  expect(before.state).toBe('running');
  expect(before.records.length).toBeLessThan(30);
  expect(before.lanes).toBe(Math.max(1, Math.min(16, before.cores)));
  await page.reload();
  await waitReady(page);
  // the view opens by itself and carries on; Pause stops it at once (the solves under way are
  // cancelled, not kept), nothing runs while paused, Resume finishes it
  await page.waitForFunction(() => window.evocubeExperiment && window.evocubeExperiment.session.solved.length >= 2, null, { timeout: 60000 });
  await page.click(tid('exp-stop'));
  await page.waitForFunction(() => window.evocubeExperiment.state.dataset.state === 'paused', null, { timeout: 20000 });
  const paused = (await state(page)).records.length;
  await page.waitForTimeout(1500);
  expect((await state(page)).records.length).toBe(paused);
  expect(await page.isVisible(tid('exp-resume'))).toBe(true);
  await page.click(tid('exp-resume'));
  await page.waitForFunction(() => window.evocubeExperiment.state.dataset.state === 'done', null, { timeout: 120000 });
  const after = await state(page);

  // nothing lost, nothing repeated
  const ids = after.records.map((r) => r.id);
  expect(ids.length).toBe(30);
  expect(new Set(ids).size).toBe(30);
  const byId = new Map(after.records.map((r) => [r.id, r]));
  for (const r of before.records) expect(byId.get(r.id)).toEqual(r);
  const redone = after.session.ran.filter((id) => before.records.some((r) => r.id === id));
  expect(redone).toEqual([]);
  expect(after.session.resumedFrom).toBeGreaterThanOrEqual(before.records.length);
  expect(after.session.resumedFrom + after.session.ran.length).toBe(30);
  expect([...after.session.solved].sort()).toEqual([...after.session.ran].sort()); // each solve run was kept once
  // across workers: every lane of the resumed session solved some (on a machine with 2+ cores)
  if (after.lanes > 1) expect(after.session.perWorker.filter((n) => n > 0).length).toBeGreaterThan(1);
  expect(workers).toBeGreaterThanOrEqual(after.lanes);
  // every solution solves its cube (checked again here)
  for (const r of after.records) {
    expect(r.solved).toBe(true);
    expect(env.core.verify(env.core.apply(r.cube), r.solution).solved).toBe(true);
  }
  expect(new Set(after.records.map((r) => r.cube)).size).toBe(10);

  // the CSV parses back to the statistics shown
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(tid('exp-csv'))]);
  expect(download.suggestedFilename()).toMatch(/^evocube-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv$/);
  const recs = recordsFromCsv(readFileSync(await download.path(), 'utf8'));
  expect(recs.map((r) => r.id)).toEqual(ids);
  const shown = await page.$$eval('[data-testid="exp-stats"] tbody tr', (trs) => trs.map((tr) => ({
    group: tr.dataset.group, measure: tr.dataset.measure,
    cells: Object.fromEntries([...tr.querySelectorAll('td[data-stat]')].map((td) => [td.dataset.stat, td.dataset.value])),
  })));
  expect(shown.map((s) => s.group)).toEqual([...SOLVERS, 'all'].flatMap((g) => [g, g, g]));
  const digits = { length: 2, generations: 1, time: 1 };
  const field = { length: 'length', generations: 'generations', time: 'time_ms' };
  for (const row of shown) {
    const rs = row.group === 'all' ? recs : recs.filter((r) => r.solver === row.group);
    const s = stats(rs.map((r) => r[field[row.measure]]));
    const d = digits[row.measure];
    expect(row.cells).toEqual({ n: String(s.n), mean: s.mean.toFixed(d), median: s.median.toFixed(d), sd: s.sd.toFixed(d), ci95: s.ci95.toFixed(d) });
  }
  // what a reader sees: times in seconds, thousands separators, intervals never below 0
  const seen = await page.$$eval('[data-testid="exp-stats"] tbody tr', (trs) => trs.map((tr) => ({
    measure: tr.dataset.measure, label: tr.children[1].textContent,
    mean: tr.querySelector('td[data-stat="mean"]').textContent, ci: tr.querySelector('td[data-stat="ci95"]').textContent,
  })));
  for (const r of seen) {
    if (r.measure === 'time') expect(r.label).toBe('time (s)');
    expect(r.mean).toMatch(/^(\d{1,3}(,\d{3})*(\.\d+)?|–)$/);
    const lo = r.ci.match(/\(([\d,.]+|-[\d,.]+) –/);
    if (lo) expect(lo[1]).not.toMatch(/^-/);
  }
  const timeRow = shown.find((r) => r.group === SOLVERS[0] && r.measure === 'time');
  const timeSeen = seen[shown.indexOf(timeRow)];
  expect(timeSeen.mean).toBe((Number(timeRow.cells.mean) / 1000).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

  // the link restores the definition and runs nothing
  const other = await env.open(new URL(link).search);
  await other.waitForSelector(`${tid('experiments')}:not([hidden]) ${tid('exp-run')}`);
  await other.waitForTimeout(1000);
  expect(await other.inputValue(tid('exp-kind'))).toBe('custom');
  for (const n of all) expect(await other.isChecked(tid(`exp-solver-${n}`))).toBe(SOLVERS.includes(n));
  expect(await other.inputValue(tid('exp-states'))).toBe('10');
  expect(await other.inputValue(tid('exp-state-seed'))).toBe('3');
  expect(await other.inputValue(tid('exp-seeds'))).toBe('1');
  expect(await other.textContent(tid('exp-plan'))).toBe('30 solves');
  const st = await state(other);
  expect(st.state).toBe('not started');
  expect(st.session.ran).toEqual([]);
  expect(await other.isDisabled(tid('exp-run'))).toBe(false);
  expect(env.errors).toEqual([]);
}, 200000);

test('the experiment\'s link loaded again while it runs (a reload before the address dropped it): it carries on, every solve kept once', async () => {
  const def = { solvers: ['twophase', 'twes'], states: 6, stateSeed: 3, seeds: 1 };
  const query = `?experiment=${encodeURIComponent(JSON.stringify(def))}`;
  const page = await env.open(query);
  await page.waitForSelector(`${tid('experiments')}:not([hidden]) ${tid('exp-run')}`);
  await page.click(tid('exp-run'));
  await page.waitForFunction(() => window.evocubeExperiment && window.evocubeExperiment.done().length >= 2, null, { timeout: 60000 });
  const before = (await state(page)).records.map((r) => r.id);
  expect(before.length).toBeLessThan(12);
  const again = new URL(page.url());
  again.search = query;
  await page.goto(again.href);
  await waitReady(page);
  await page.waitForFunction(() => window.evocubeExperiment && window.evocubeExperiment.state.dataset.state === 'done', null, { timeout: 90000 });
  const after = await state(page);
  const ids = after.records.map((r) => r.id);
  expect(ids.length).toBe(12);
  expect(new Set(ids).size).toBe(12);
  for (const id of before) expect(ids).toContain(id);
  expect(after.session.resumedFrom + after.session.ran.length).toBe(12);
  expect([...after.session.solved].sort()).toEqual([...after.session.ran].sort());
  expect(await page.textContent(tid('exp-message'))).toMatch(/was running when the page closed; it carries on/);
  expect(env.errors).toEqual([]);
}, 120000);

test('a paper\'s experiment from its link: the form restored, its runs beside the paper\'s figure and reference, JSON export', async () => {
  if (!env.core.solvers().some((s) => s.name === 'macro-ga')) { console.warn('SKIPPED: no macro-ga in this build'); return; }
  const def = { paper: 'macro-ga-blog', n: 2 };
  const page = await env.open(`?experiment=${encodeURIComponent(JSON.stringify(def))}`);
  await page.waitForSelector(`${tid('experiments')}:not([hidden]) ${tid('exp-run')}`);
  expect(await page.inputValue(tid('exp-kind'))).toBe('macro-ga-blog');
  expect(await page.inputValue(tid('exp-opt-n'))).toBe('2');
  expect(await page.textContent(tid('exp-plan'))).toBe('2 solves');
  await page.click(tid('exp-run'));
  await page.waitForFunction(() => window.evocubeExperiment.state.dataset.state === 'done', null, { timeout: 60000 });
  // kept in the browser, listed with its count of kept solves (read from IndexedDB)
  await page.waitForFunction(() => /macro-ga-blog: 2 \/ 2 solves, done/.test(document.querySelector('[data-testid="exp-saved"]').textContent), null, { timeout: 10000 });
  const paper = await page.textContent(tid('exp-paper'));
  expect(paper).toContain('276 (one solve, raw moves with rotations)');
  expect(paper).toContain('permutation-macro GA blog post');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(tid('exp-json'))]);
  const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(data.definition).toEqual(def);
  expect(data.records.map((r) => r.id)).toEqual(['1:macro-ga:1', '1:macro-ga:2']);
  expect(data.summary.all.count).toBe(2);
  for (const r of data.records) expect(env.core.verify(env.core.apply(r.cube), r.solution).solved).toBe(true);
  expect(new URL(data.link).searchParams.get('experiment')).toBe(JSON.stringify(def));
  expect(env.errors).toEqual([]);
}, 90000);

test('an untrusted experiment link is refused with the reason, never run or inserted as markup', async () => {
  for (const [value, why] of [['<img src=x onerror=alert(1)>', /could not be read \(it is not JSON\)/], [JSON.stringify({ solvers: ['<b>x</b>'], states: 2 }), /solvers\[0\]: not a solver name/],
    [JSON.stringify({ paper: 'twes-table1', n: 1e9 }), /n: must be a whole number from 1 to 1000/], [JSON.stringify({ solvers: ['twophase'], states: 'x'.repeat(7000) }), /more than the 6000 a link may carry/]]) {
    const page = await env.open(`?experiment=${encodeURIComponent(value)}`);
    await page.waitForSelector(`${tid('experiments')}:not([hidden]) ${tid('exp-run')}`);
    await page.waitForFunction(() => document.querySelector('[data-testid="exp-message"]').textContent !== '');
    expect(await page.textContent(tid('exp-message'))).toMatch(why);
    expect(await page.$('#experiments img, #experiments b')).toBeNull();
    expect(await page.evaluate(() => window.evocubeExperiment.session.ran.length)).toBe(0);
    await page.close();
  }
  expect(env.errors).toEqual([]);
}, 90000);

test('a param out of its range is named before anything runs or is kept', async () => {
  const page = await env.open(`?experiment=${encodeURIComponent(JSON.stringify({ solvers: ['twophase'], states: 2, params: { maxLength: 99 } }))}`);
  await page.waitForSelector(`${tid('experiments')}:not([hidden]) ${tid('exp-run')}`);
  await page.click(tid('exp-run'));
  await page.waitForFunction(() => !document.querySelector('[data-testid="exp-problems"]').hidden);
  expect(await page.textContent(tid('exp-problems'))).toMatch(/^twophase with maxLength=99: .*maxLength/);
  const st = await page.evaluate(() => ({ state: window.evocubeExperiment.state.dataset.state, ran: window.evocubeExperiment.session.ran.length, exp: window.evocubeExperiment.exp }));
  expect(st).toEqual({ state: 'not started', ran: 0, exp: null });
}, 60000);

test('a figure that differs from the paper for a documented reason shows its note beside it, before anything runs', async () => {
  const page = await env.open(`?experiment=${encodeURIComponent(JSON.stringify({ paper: 'twes-table1', n: 1 }))}`);
  await page.waitForSelector(`${tid('experiments')}:not([hidden]) ${tid('exp-note')}`);
  const rows = await page.$$eval(`${tid('exp-paper')} tbody tr`, (trs) => trs.map((tr) => ({
    measure: tr.cells[0].textContent, paper: tr.cells[2].textContent,
    note: tr.querySelector('[data-testid="exp-note"]') ? tr.querySelector('[data-testid="exp-note"]').textContent : null,
    shown: tr.querySelector('[data-testid="exp-note"]') ? tr.querySelector('[data-testid="exp-note"]').getBoundingClientRect().height > 0 : false,
  })));
  const gens = rows.find((r) => /^generations/.test(r.measure));
  expect(gens.paper).toBe('92.2 - 100.6');
  expect(gens.note).toMatch(/^Expect fewer generations than the paper \(about 37 against 92-101/);
  expect(gens.shown).toBe(true);
  expect(rows.find((r) => /^length/.test(r.measure)).note).toBeNull();
  await page.close();
  expect(env.errors).toEqual([]);
}, 60000);
