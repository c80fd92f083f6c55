// optimal.test.mjs - the optimum beside a result, in Chromium: after a HuGO! solve with no
// table stored the Result panel says the search needs one, without starting the optimal worker
// (no optimal module is fetched) until "Build or load a table" is opened; a stored table (the level-0 file the native tool
// builds, build/cache, built here once when missing: a wasm build of it takes minutes) loaded
// through the page's "load a table file" is checked and kept in the origin's private file
// system; the line then says "optimal: N (this solution +k)" with N the real search's optimum
// (the core in Node, the same module, on the same cube) and k the HuGO! solution's excess; a
// 12-move scramble's optimum (12) is found with the table read back from storage; the first
// visit (no service worker in control yet: not cross-origin isolated) searches on one thread
// and says why beside the controls; after a reload the page is isolated, the table is found
// again (a result then fetches the optimal module: a table is
// stored) and the search runs on the threaded module (its threads' Workers started), said
// there too, with the same optima; a stored table with a byte changed, or cut short, is
// refused, deleted and reported, never used.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setup, tid, text, pickSolver, waitStatus, waitReady, ROOT } from './helpers.mjs';
import { loadOptimalCoreNode } from '../../web/lib/core-node.mjs';
import { importFile } from '../../scripts/cli/optimal-table.mjs';
import { optimalText } from '../../web/lib/run/numbers.mjs';

const CACHE = join(ROOT, 'build', 'cache');
const TABLE = join(CACHE, 'evocube', 'optimal-0.tbl');
let env, opt;

const nativeTable = (level) => {
  const r = spawnSync(join(ROOT, 'build', 'native', 'evocube_native'), ['optimal-table', '--level', String(level), '--threads', '2'], { env: { ...process.env, XDG_CACHE_HOME: CACHE }, encoding: 'utf8', timeout: 590000 });
  if (r.status !== 0) throw new Error(`evocube_native optimal-table failed: ${r.stderr || r.error}`);
  return join(CACHE, 'evocube', `optimal-${level}.tbl`);
};

beforeAll(async () => {
  nativeTable(0);
  opt = await loadOptimalCoreNode();
  importFile(opt, TABLE);
  env = await setup();
}, 600000);
afterAll(async () => { await env.close(); });

// open "Build or load a table" (the optimal worker starts then and reads the sizes)
async function openOffer(page) {
  await page.click(`${tid('optimal-offer')} summary`);
  await page.waitForSelector(tid('optimal-build'), { timeout: 60000 });
}

// the optimal module's fetches by the page and its workers (the service worker's precache of
// the site for offline use is not the page's)
function optimalFetches(page) {
  const seen = [];
  page.context().on('request', (r) => { if (!r.serviceWorker() && /\/optimal[^/]*\.wasm(\?|$)/.test(r.url())) seen.push(r.url()); });
  return seen;
}

// the service worker active, waited for at most 60 s: one refused at install (the development
// site's, when web/gen/shell.json is older than a source: a build writes it) is never ready
async function swActive(page) {
  const got = await page.evaluate(() => Promise.race([navigator.serviceWorker.ready.then(() => 'active'),
    new Promise((r) => { setTimeout(() => r('no active service worker after 60 s (is web/gen/shell.json older than the sources? npm run build)'), 60000); })]));
  expect(got).toBe('active');
}

const NEEDS = 'optimal: needs a table (kept in this browser once built)';

const optimumOf = (scramble) => opt.run({ solver: 'optimal', facelets: opt.apply(scramble) }).result.length;

async function solve(page, solver, scramble, seed = 5) {
  await page.fill(tid('scramble-input'), scramble);
  await page.selectOption(tid('solver-select'), solver);
  await page.fill(tid('seed-input'), String(seed));
  await page.click(tid('solve'));
  expect(await waitStatus(page, ['solved', 'gave up', 'error'], 120000)).toBe('solved');
  return page.evaluate(() => window.evocube.result.length);
}

async function lineIs(page, want, timeout = 120000) {
  try {
    await page.waitForFunction(([sel, w]) => document.querySelector(sel)?.textContent === w, [tid('optimal-line'), want], { timeout });
  } catch (e) {
    throw new Error(`the optimal line is "${await text(page, 'optimal-line').catch(() => '(none)')}", not "${want}" after ${timeout} ms`);
  }
  return text(page, 'optimal-line');
}

// change the stored table file in the page's origin (OPFS): flip a byte, or cut it short
const damage = (page, how) => page.evaluate(async (h) => {
  const dir = await navigator.storage.getDirectory();
  const fh = await dir.getFileHandle('optimal-0.tbl');
  const file = await fh.getFile();
  const w = await fh.createWritable({ keepExistingData: true });
  if (h === 'flip') {
    const at = Math.floor(file.size / 2);
    const b = new Uint8Array(await file.slice(at, at + 1).arrayBuffer());
    await w.write({ type: 'write', position: at, data: new Uint8Array([b[0] ^ 0x20]) });
  } else await w.truncate(file.size - 4096);
  await w.close();
  return file.size;
}, how);

const stored = (page) => page.evaluate(async () => {
  const names = [];
  for await (const k of (await navigator.storage.getDirectory()).keys()) names.push(k);
  return names.sort();
});

test('a HuGO! result shows its excess once a table is loaded; the table is kept, found after a reload, and a damaged one is refused', async () => {
  const hugo = pickSolver(env.core, ['hugo']);
  const quick = pickSolver(env.core, ['twophase', 'hugo']);
  expect(hugo).toBe('hugo');
  const page = await env.open('', { ready: false });
  const wasm = optimalFetches(page);
  await waitReady(page, 90000);
  const short = "R U F' L2";
  const len = await solve(page, hugo, short);
  // no table yet: the line says so, and nothing of the optimal search is fetched
  await lineIs(page, NEEDS, 30000);
  await page.waitForTimeout(1500);
  expect(wasm).toEqual([]);
  // asked for: the offer, with the sizes and the memory each takes (the module is fetched now)
  await openOffer(page);
  expect(wasm.length).toBe(1);
  // (smallest first: level 11, 6, then 0)
  expect(await page.$eval(tid('optimal-size'), (s) => [...s.options].slice(0, 3).map((o) => o.textContent))).toEqual([
    expect.stringMatching(/^level 11: 32\.4 MB memory, 32\.4 MB stored/), expect.stringMatching(/^level 6: 61\.8 MB memory, 61\.8 MB stored/),
    expect.stringMatching(/^level 0: 73\.5 MB memory, 73\.5 MB stored/)]);
  await page.setInputFiles(tid('optimal-file'), TABLE);
  const o4 = optimumOf(short);
  expect(await lineIs(page, optimalText(o4, len))).toMatch(/^optimal: 4 \(this solution (is optimal|\+\d+)\)$/);
  expect(await stored(page)).toEqual(['optimal-0.tbl']);
  // a 12-move scramble: its optimum, 12, by the search on the stored table (a new worker reads it)
  const twelve = "R U F D' L2 B R' U2 F' L D B2";
  expect(optimumOf(twelve)).toBe(12);
  const len12 = await solve(page, quick, twelve);
  expect(await lineIs(page, optimalText(12, len12))).toMatch(/^optimal: 12 \(this solution (is optimal|\+\d+)\)$/);
  // not isolated on the first visit: one thread, and why, beside the line
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(false);
  expect(await text(page, 'optimal-threads')).toBe('one search thread: this page is not cross-origin isolated yet (reload once)');
  const threadWorkers = () => page.workers().filter((w) => w.url().endsWith('/optimal-mt.worker.js')).length;
  expect(threadWorkers()).toBe(0);
  // a reload once the service worker is active: it controls the page (isolated), the table
  // is found again in storage and searched on all cores
  await swActive(page);
  await page.reload();
  await waitReady(page, 90000);
  const cores = await page.evaluate(() => (self.crossOriginIsolated ? navigator.hardwareConcurrency : -1));
  expect(cores).toBeGreaterThan(0);
  const again = await solve(page, hugo, short);
  const before = wasm.length;
  expect(await lineIs(page, optimalText(o4, again))).toMatch(/^optimal: 4 /);
  expect(wasm.length).toBeGreaterThan(before); // a table is stored: the result started the search
  const n = Math.min(8, cores);
  expect(await text(page, 'optimal-threads')).toBe(n > 1 ? `${n} search threads on one shared table` : 'one search thread: this device reports one core');
  const len12t = await solve(page, quick, twelve);
  expect(await lineIs(page, optimalText(12, len12t))).toMatch(/^optimal: 12 /);
  // the live worker's threads (the previous result's worker, ended, closes with its own)
  for (let k = 0; k < 50 && threadWorkers() !== n - 1; k++) await page.waitForTimeout(100);
  if (n > 1) expect(threadWorkers()).toBe(n - 1);
  // a stored table with one byte changed: refused (checksum), deleted, said; never used
  for (const how of ['flip', 'cut']) {
    await damage(page, how);
    await page.reload();
    await waitReady(page, 90000);
    // every notice shown from now on (they close by themselves)
    await page.evaluate(() => {
      window.seenNotices = [];
      new MutationObserver(() => { for (const n of document.querySelectorAll('.notice')) if (!window.seenNotices.includes(n.textContent)) window.seenNotices.push(n.textContent); })
        .observe(document.body, { childList: true, subtree: true });
    });
    await solve(page, hugo, short);
    await lineIs(page, NEEDS, 60000);
    expect(await stored(page)).toEqual([]);
    await openOffer(page);
    const notices = (await page.evaluate(() => window.seenNotices)).join('\n');
    expect(notices).toMatch(how === 'flip' ? /the stored table was refused and deleted \(.*checksum/ : /the stored table was refused and deleted \(/);
    // loaded again for the next round
    await page.setInputFiles(tid('optimal-file'), TABLE);
    await lineIs(page, optimalText(o4, await page.evaluate(() => window.evocube.result.length)));
  }
  await page.close();
  expect(env.errors).toEqual([]);
}, 600000);

// the optimal search's thread Workers a page starts from now on (the threaded module's)
const threadsStarted = (page) => {
  const urls = [];
  page.on('worker', (w) => { if (w.url().endsWith('/optimal-mt.worker.js')) urls.push(w.url()); });
  return urls;
};
// the search ran on the device's cores as the Result panel's does: the threaded module with a
// Worker for each thread but the optimal worker's own, when the page is isolated (it is: the
// service worker controls it since the first test) and has more than one core
async function onCores(page, started) {
  const cores = await page.evaluate(() => (self.crossOriginIsolated ? navigator.hardwareConcurrency : -1));
  expect(cores).toBeGreaterThan(0);
  const n = Math.min(8, cores);
  expect(started.length).toBe(n > 1 ? n - 1 : 0);
}

// the Experiments view's optimum and excess columns: a small experiment of scrambles (their
// optima known to the search in Node), the table stored by the test above
test('the Experiments view shows each solve\'s optimum and its excess', async () => {
  const scrambles = ["R U F' L2", "F2 L' D B U2 R F' D2 L B'"];
  const def = { solvers: ['hugo'], states: scrambles, seeds: 1 };
  const page = await env.open(`?experiment=${encodeURIComponent(JSON.stringify(def))}`, { ready: false });
  await waitReady(page, 90000);
  await page.waitForSelector(`${tid('experiments')}:not([hidden]) ${tid('exp-run')}`);
  await page.click(tid('exp-run'));
  await page.waitForFunction(() => window.evocubeExperiment && window.evocubeExperiment.done().length === 2, null, { timeout: 180000 });
  const started = threadsStarted(page);
  await page.click(tid('exp-optima-go'));
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="exp-optima"] td[data-col="optimal"]')].every((td) => td.textContent !== '–'), null, { timeout: 120000 });
  await onCores(page, started);
  const rows = await page.$$eval(`${tid('exp-optima')} tbody tr`, (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  const recs = await page.evaluate(() => window.evocubeExperiment.done());
  expect(rows.length).toBe(2);
  for (const r of recs) {
    const o = optimumOf(r.cube);
    expect(rows.find((x) => x[0] === r.id)).toEqual([r.id, 'hugo', String(r.length), String(o), `+${r.length - o}`]);
  }
  expect(await page.textContent(tid('exp-optima-go'))).toBe('All optima known');
  await page.close();
  expect(env.errors).toEqual([]);
}, 400000);

// the race board's yardstick row: the race cube's optimum from the stored table
test('the race board\'s yardstick row gives the race cube\'s optimum', async () => {
  const all = env.core.solvers().map((s) => s.name);
  const names = ['twophase', 'hugo'].filter((n) => all.includes(n));
  expect(names.length).toBeGreaterThan(0);
  const scramble = "R U F' L2";
  const page = await env.open(`?scramble=${encodeURIComponent(scramble)}&seed=11`, { ready: false });
  await waitReady(page, 90000);
  for (const n of all) {
    const box = tid(`race-pick-${n}`);
    if (names.includes(n)) await page.check(box); else await page.uncheck(box);
  }
  const started = threadsStarted(page);
  await page.click(tid('race-start'));
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('[data-testid="race-optimal"]')?.textContent || ''), null, { timeout: 180000 });
  await onCores(page, started);
  expect(await text(page, 'race-optimal')).toBe(String(optimumOf(scramble)));
  const lengths = await page.$$eval(`${tid('race-length')} .race-val`, (c) => c.map((x) => Number(x.textContent)));
  for (const l of lengths) expect(l).toBeGreaterThanOrEqual(optimumOf(scramble));
  await page.close();
  expect(env.errors).toEqual([]);
}, 400000);

// a quota too small for the table (Chromium's own quota, lowered through DevTools): the page
// says so, names the sizes, and nothing is stored
test('a quota too small for the table is said plainly and nothing is stored', async () => {
  const page = await env.open('', { ready: false });
  await waitReady(page, 90000);
  await page.evaluate(async () => { await (await navigator.storage.getDirectory()).removeEntry('optimal-0.tbl').catch(() => {}); });
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 20e6 });
  try {
    await solve(page, 'hugo', "R U F' L2");
    await openOffer(page);
    await page.setInputFiles(tid('optimal-file'), TABLE);
    await page.waitForFunction(() => /not enough storage/.test(document.querySelector('[data-testid="optimal-line"]')?.textContent || ''), null, { timeout: 120000 });
    // the page's check of the estimate, or (where the worker's estimate does not show the
    // lowered quota) the browser's own refusal of the write
    expect(await text(page, 'optimal-line')).toMatch(/^optimal: not enough storage: (the browser allows this site \d+\.\d MB more storage; the table needs 73\.5 MB|the browser refused to store the table \(73\.5 MB\): [^;]+); needs a table/);
    expect(await stored(page)).toEqual([]);
  } finally {
    await cdp.send('Storage.overrideQuotaForOrigin', { origin }).catch(() => {});
  }
  await page.close();
  expect(env.errors).toEqual([]);
}, 300000);

// two tabs and one table: the second's build waits on the first's (the Web Lock); the first
// closed mid-build leaves nothing stored (the second then builds it itself); Cancel ends the
// build's worker
test('a second tab waits on a build in another; a tab closed mid-build leaves nothing; Cancel frees the worker', async () => {
  const a = await env.open('', { ready: false });
  await waitReady(a, 90000);
  await a.evaluate(async () => { for (const n of ['optimal-0.tbl', 'optimal-1.tbl']) await (await navigator.storage.getDirectory()).removeEntry(n).catch(() => {}); });
  await solve(a, 'hugo', "R U F' L2");
  await lineIs(a, NEEDS, 30000);
  await openOffer(a);
  await a.selectOption(tid('optimal-size'), '0');
  await a.click(tid('optimal-build'));
  await a.waitForSelector(tid('optimal-progress'));
  const b = await env.open('', { ready: false });
  const workers = [];
  b.on('worker', (w) => { if (w.url().endsWith('/optimal-worker.mjs')) { const x = { closed: null }; workers.push(x); w.on('close', () => { x.closed = Date.now(); }); } });
  await waitReady(b, 90000);
  await solve(b, 'hugo', "R U F' L2");
  await lineIs(b, NEEDS, 30000); // nothing stored yet: a builds
  await openOffer(b);
  await b.selectOption(tid('optimal-size'), '0');
  await b.click(tid('optimal-build'));
  await b.waitForSelector(tid('optimal-progress'));
  await b.waitForTimeout(3000);
  // b waits on a's lock: no progress of its own while a's moves
  expect(await b.$eval(tid('optimal-progress'), (p) => p.value)).toBe(0);
  expect(await a.$eval(tid('optimal-progress'), (p) => p.value)).toBeGreaterThan(0);
  expect(await text(a, 'optimal-line')).toBe('optimal: building the table…');
  await a.close();
  // a's lock released with its tab, nothing stored: b builds it itself
  await b.waitForFunction(() => document.querySelector('[data-testid="optimal-progress"]')?.value > 0, null, { timeout: 60000 });
  expect(await stored(b)).toEqual([]);
  // Cancel: the build's worker ends within a second
  const live = workers.filter((w) => w.closed === null);
  expect(live.length).toBe(1);
  // the moment of the click in the page (the same clock as this process's)
  await b.evaluate(() => document.addEventListener('click', () => { window.cancelAt = Date.now(); }, { capture: true, once: true }));
  await b.click(tid('optimal-cancel'));
  const t0 = await b.evaluate(() => window.cancelAt);
  await b.waitForFunction(() => document.querySelector('[data-testid="optimal-line"]').textContent.startsWith('optimal: cancelled'), null, { timeout: 5000 });
  for (let k = 0; k < 100 && live[0].closed === null; k++) await b.waitForTimeout(100);
  expect(live[0].closed).not.toBeNull();
  // terminate() runs in the click's handler; the worker ends at the end of its current call
  // into the module (every build step is short, the corner table's included), or Chromium
  // would end it only after its 2 s grace for a busy worker
  expect(live[0].closed - t0).toBeLessThan(1000);
  expect(await text(b, 'optimal-line')).toBe('optimal: cancelled; needs a table (kept in this browser once built)');
  expect(await stored(b)).toEqual([]);
  await b.close();
  expect(env.errors).toEqual([]);
}, 400000);

// a table built in the page, start to end: the smallest level (11, 32.4 MB) on the isolated
// page's threads (the threaded module: a thread Worker for each but the optimal worker's
// own); its stored form is the native tool's byte for byte in its header (level, sizes,
// build id and the checksum of every table byte) and size; it is kept and found after a
// reload, and the search on it gives the optima
test('a table built in the page on its threads is the native build, kept and found after a reload', async () => {
  const file = nativeTable(11);
  const want = readFileSync(file);
  const page = await env.open('', { ready: false });
  await waitReady(page, 90000);
  if (!(await page.evaluate(() => self.crossOriginIsolated))) { // run alone: the service worker's first visit
    await swActive(page);
    await page.reload();
    await waitReady(page, 90000);
  }
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
  await page.evaluate(async () => { for await (const n of (await navigator.storage.getDirectory()).keys()) await (await navigator.storage.getDirectory()).removeEntry(n); });
  const short = "R U F' L2";
  const len = await solve(page, 'hugo', short);
  await lineIs(page, NEEDS, 30000);
  const started = threadsStarted(page); // the optimal worker starts with the offer
  await openOffer(page);
  await page.selectOption(tid('optimal-size'), '11');
  await page.click(tid('optimal-build'));
  await page.waitForSelector(tid('optimal-progress'));
  // the progress line says the threads it builds on (the page's search threads)
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  if (cores > 1) await page.waitForFunction((n) => new RegExp(`^building the table: \\d+%.* of memory · on ${n} threads$`).test(document.querySelector('[data-testid="optimal-eta"]')?.textContent || ''), Math.min(8, cores), { timeout: 60000 });
  expect(await lineIs(page, optimalText(optimumOf(short), len), 300000)).toMatch(/^optimal: 4 /);
  await onCores(page, started);
  expect(await stored(page)).toEqual(['optimal-11.tbl']);
  const got = await page.evaluate(async () => {
    const f = await (await (await navigator.storage.getDirectory()).getFileHandle('optimal-11.tbl')).getFile();
    return { size: f.size, head: [...new Uint8Array(await f.slice(0, 80).arrayBuffer())] };
  });
  expect(got.size).toBe(want.length);
  expect(Buffer.from(got.head).equals(want.subarray(0, 80))).toBe(true);
  // found again after a reload: the 12-move scramble's optimum on it
  await page.reload();
  await waitReady(page, 90000);
  const twelve = "R U F D' L2 B R' U2 F' L D B2";
  const len12 = await solve(page, pickSolver(env.core, ['twophase', 'hugo']), twelve);
  expect(await lineIs(page, optimalText(12, len12), 120000)).toMatch(/^optimal: 12 /);
  await page.close();
  expect(env.errors).toEqual([]);
}, 600000);
