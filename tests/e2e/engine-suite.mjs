// engine-suite.mjs - the cross-engine e2e set, written once over scripts/engines.mjs and run by one
// test file per engine (engines-firefox/-webkit/-chromium.test.mjs, so Jest can run them on
// separate workers). Against the built site (scripts/build-site.mjs) on a plain static server:
//   flows:   load and ready; the form typed into and a solve; a phone-sized window and a
//            screenshot (build/e2e-artifacts/engines-<engine>.png); one solve per solver family (twophase; a swarm solver, pso's
//            pso25; an evolution strategy, twes's short preset), each verified by the core in
//            Node and its fitness chart drawn; pause, single step, resume and cancel; a share
//            link's round trip; an experiment resumed after a reload (IndexedDB); offline
//            (server gone) reload and solve; a second deployment offered as a new version and
//            switched to by its button.
//   optimal: (the same browser as the flows) the optimum beside a result: with no table stored
//            the line says the search needs one and what this browser cannot keep; the table
//            built in the page (the smallest, level 11, 32.4 MB: "Build or load a table", its
//            size chosen, "Build the table"), then a HuGO! result's excess over the optimum (4);
//            after a reload the table is found in storage (OPFS, else IndexedDB) and a 12-move
//            scramble's optimum, 12, is shown with "optimal". The storage, Web Locks and
//            cross-origin isolation each engine has are printed. Where the table is kept in
//            IndexedDB, a piece with a byte changed is refused, deleted and said, never used.
//   locales: the page under navigator.language "C", "C.UTF-8", "und" and none solves and
//            draws its chart (uPlot formats numbers: an Intl RangeError would blank it).
// Every test ends with no console error and no uncaught exception in the page.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableEngines, launchEngine } from '../../scripts/engines.mjs';
import { buildSite } from '../../scripts/build-site.mjs';
import { startPlainServer } from '../../scripts/serve.mjs';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { optimalText } from '../../web/lib/run/numbers.mjs';

export const LANGUAGES = ['C', 'C.UTF-8', 'und', ''];
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ARTIFACTS = join(ROOT, 'build', 'e2e-artifacts');
const tid = (name) => `[data-testid="${name}"]`;

// the page's boot ended well (body[data-ready]); a failed boot throws with its notice
export async function ready(b, timeout = 90000) {
  const state = await b.waitForFunction(() => document.body && document.body.dataset.ready, null, { timeout });
  if (state !== 'true') {
    const notice = await b.evaluate(() => document.querySelector('[data-testid="notice-error"]')?.textContent || '(no error notice)');
    throw new Error(`${b.engine}: the page's boot failed: ${notice}`);
  }
}

// the status line reaches one of `values`; returns it
export function status(b, values, timeout = 90000) {
  return b.waitForFunction((w) => w.includes(document.querySelector('[data-testid="status"]')?.textContent.trim()) && document.querySelector('[data-testid="status"]').textContent.trim(), [].concat(values), { timeout });
}

// the fitness chart holds records and uPlot made its plot of them (a canvas with a size), and no
// "could not load" note stands in its place (a formatter that throws while drawing is a page
// error, which every test checks)
export function chartDrawn(b, timeout = 30000) {
  return b.waitForFunction(() => {
    const chart = window.evocube && window.evocube.chart;
    if (document.querySelector('[data-testid="chart-error"]')) return 'error';
    const canvas = document.querySelector('.fitness-chart canvas');
    return chart && chart.plot && chart.records > 0 && chart.plot.data[0].length > 0 && canvas && canvas.width > 0 ? 'drawn' : false;
  }, null, { timeout });
}

async function solveLink(b, core, url, scramble, { want = 'solved' } = {}) {
  await b.goto(url);
  await ready(b);
  await b.click(tid('solve'));
  const end = await status(b, ['solved', 'gave up', 'error']);
  expect(`${b.engine} ${url}: ${end}`).toBe(`${b.engine} ${url}: ${want}`);
  const solution = (await b.text(tid('solution'))).trim();
  expect(core.verify(core.apply(scramble), solution).solved).toBe(true);
  return solution;
}

async function noErrors(b) {
  await b.refreshErrors();
  expect(b.errors()).toEqual([]);
}

const entryOf = (build) => build.files.find((f) => /^assets\/main-.*\.js$/.test(f));
const pageEntry = (b) => b.evaluate(() => new URL(document.querySelector('script[type="module"]').src).pathname.slice(1));

// the optimal line's text, or '' when there is none
const optimalLine = (b) => b.evaluate(() => document.querySelector('[data-testid="optimal-line"]')?.textContent || '');
async function lineIs(b, want, timeout = 120000) {
  try {
    await b.waitForFunction((w) => document.querySelector('[data-testid="optimal-line"]')?.textContent === w, want, { timeout });
  } catch (e) {
    throw new Error(`${b.engine}: the optimal line is "${await optimalLine(b)}", not "${want}" after ${timeout} ms`);
  }
}

export function engineSuite(engine, { flows = true, optimal = flows, locales = true } = {}) {
  const have = availableEngines().includes(engine);
  // a machine without the engine fails loudly in CI (scripts/setup.sh --test installs it); locally
  // EVOCUBE_ENGINES_OPTIONAL=1 lets a developer skip it
  if (!have && process.env.EVOCUBE_ENGINES_OPTIONAL === '1') {
    test.skip(`${engine} is not installed (scripts/setup.sh --test installs it)`, () => {});
    return;
  }
  let dir, first, second, server, core, shared = null;
  const site = { root: '' };
  // one browser for the flows and the optimal line (one launch a file)
  const browser = async () => (shared ??= await launchEngine(engine));
  beforeAll(async () => {
    if (!have) throw new Error(`${engine} is not installed here: run scripts/setup.sh --test (it installs firefox-esr, webkit2gtk-driver and xvfb)`);
    dir = mkdtempSync(join(tmpdir(), `evocube-${engine}-`));
    first = await buildSite({ outdir: join(dir, 'first') });
    if (flows) second = await buildSite({ outdir: join(dir, 'second'), note: 'a second deployment' });
    site.root = first.outdir;
    server = await startPlainServer({ root: () => site.root, port: 0 });
    core = await loadCoreNode();
  }, 600000);
  afterAll(async () => {
    await shared?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  if (flows) {
    test(`${engine}: load, a solve per family with its chart, pause/step/cancel, share link, experiment resumed, offline, new version`, async () => {
      const b = await browser();
      {
        // load and ready; typed into the form: the scramble, the solver, the seed
        const scramble = "R U F'";
        const link = (solver, extra = '') => `${server.url}?scramble=R_U_F-&solver=${solver}&seed=7${extra}`;
        await b.goto(server.url);
        await ready(b);
        await b.fill(tid('scramble-input'), scramble);
        await b.select(tid('solver-select'), 'twophase');
        await b.fill(tid('seed-input'), '7');
        await b.waitForFunction((f) => document.querySelector('[data-testid="facelets"]').textContent === f, core.apply(scramble));
        await b.click(tid('solve'));
        expect(await status(b, ['solved', 'gave up', 'error'])).toBe('solved');
        const solution = (await b.text(tid('solution'))).trim();
        expect(core.verify(core.apply(scramble), solution).solved).toBe(true);
        expect(await chartDrawn(b)).toBe('drawn');
        // a phone-sized window, and a screenshot of it (build/e2e-artifacts/engines-<engine>.png)
        await b.setViewport(420, 900);
        await b.waitForFunction(() => window.innerWidth <= 600);
        mkdirSync(ARTIFACTS, { recursive: true });
        const shot = join(ARTIFACTS, `engines-${engine}.png`);
        await b.screenshot(shot);
        expect(readFileSync(shot).subarray(1, 4).toString()).toBe('PNG');
        await b.setViewport(1360, 1000);
        // the other two families, from links: each solved, verified, charted
        for (const [solver, extra] of [['pso', '&preset=pso25'], ['twes', '&preset=short']]) {
          await solveLink(b, core, link(solver, extra), scramble);
          expect(`${solver}: ${await chartDrawn(b)}`).toBe(`${solver}: drawn`);
        }

        // share link round trip: the twophase run's link restores its inputs and its solution
        await solveLink(b, core, link('twophase'), scramble);
        const href = await b.attr(tid('share-link'), 'href');
        expect(new URL(href).searchParams.get('solver')).toBe('twophase');
        await b.goto('about:blank');
        expect(await solveLink(b, core, href, scramble)).toBe(solution);
        expect(await b.value(tid('scramble-input'))).toBe(scramble);
        expect(await b.value(tid('seed-input'))).toBe('7');

        // pause, one step, resume, cancel (a long twes run: ~10 generations a second)
        await b.goto(`${server.url}?scramble=${encodeURIComponent(core.scrambleMoves(25, 99))}&solver=twes&seed=5&p.phaseEnd=0&p.mu=50000&p.lambda=100000`);
        await ready(b);
        await b.click(tid('solve'));
        await b.waitForFunction(() => window.evocube.chart.records > 0, null, { timeout: 30000 });
        await b.click(tid('pause'));
        await status(b, 'paused', 20000);
        const settled = () => b.evaluate(() => window.evocube.client.memory().then(() => window.evocube.chart.records));
        const p1 = await settled();
        expect(await settled()).toBe(p1);
        await b.click(tid('step'));
        await b.waitForFunction((p) => window.evocube.chart.records > p, p1, { timeout: 20000 });
        const p2 = await settled();
        expect(p2 - p1).toBe(1);
        await b.click(tid('pause'));
        await status(b, 'running', 20000);
        await b.click(tid('cancel'));
        await status(b, 'cancelled', 20000);
        await noErrors(b);

        // an experiment resumed after a reload: its solves kept in IndexedDB, none repeated
        const total = 16;
        const def = { solvers: ['twophase', 'twes'], states: total / 2, stateSeed: 3, seeds: 1 };
        await b.goto(`${server.url}?experiment=${encodeURIComponent(JSON.stringify(def))}`);
        await ready(b);
        await b.waitFor(`${tid('experiments')}:not([hidden]) ${tid('exp-run')}`);
        await b.waitForFunction((n) => document.querySelector('[data-testid="exp-plan"]').textContent === `${n} solves`, total);
        await b.click(tid('exp-run'));
        await b.waitForFunction(() => window.evocubeExperiment && window.evocubeExperiment.done().length >= 2, null, { timeout: 90000 });
        const before = await b.evaluate(() => window.evocubeExperiment.done().map((r) => r.id));
        expect(before.length).toBeLessThan(total); // the reload comes mid-run
        const addressAtReload = await b.evaluate(() => location.search);
        await b.reload();
        await ready(b);
        try {
          await b.waitForFunction(() => window.evocubeExperiment && window.evocubeExperiment.state.dataset.state === 'done', null, { timeout: 120000 });
        } catch (e) {
          // what the page shows, so that a failure here says which side stopped
          const seen = await b.evaluate(() => {
            const x = window.evocubeExperiment, q = (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
            return x ? { state: x.state.dataset.state, kept: x.done().length, session: x.session, lanes: x.clients.length, progress: q('exp-progress-text'), message: q('exp-message'), notices: [...document.querySelectorAll('[data-testid^="notice-"]')].map((n) => n.textContent) } : 'no experiment view';
          }).catch((err) => `(the page could not be read: ${err.message})`);
          await b.refreshErrors();
          throw new Error(`${e.message}\n  address at the reload: ${addressAtReload}\n  kept before it: ${before.length}\n  the page: ${JSON.stringify(seen)}\n  page errors: ${JSON.stringify(b.errors())}`);
        }
        const after = await b.evaluate(() => ({ ids: window.evocubeExperiment.done().map((r) => r.id), resumedFrom: window.evocubeExperiment.session.resumedFrom,
          failed: window.evocubeExperiment.done().filter((r) => !r.solved).map((r) => `${r.id}: ${r.error}`) }));
        expect(after.failed).toEqual([]); // every solve solved: none lost to a worker that did not start
        expect(after.ids.length).toBe(total);
        expect(new Set(after.ids).size).toBe(total);
        for (const id of before) expect(after.ids).toContain(id);
        expect(after.resumedFrom).toBeGreaterThanOrEqual(before.length);
        await noErrors(b);

        // offline: the service worker controls the page; with the server gone it reloads and solves
        await b.goto(link('twophase'));
        await ready(b);
        await b.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
        const { port } = server;
        await server.close();
        try {
          await b.reload();
          await ready(b);
          expect(await pageEntry(b)).toBe(entryOf(first));
          await b.click(tid('solve'));
          expect(await status(b, ['solved', 'gave up', 'error'])).toBe('solved');
          expect(core.verify(core.apply(scramble), (await b.text(tid('solution'))).trim()).solved).toBe(true);
        } finally {
          site.root = second.outdir; // the second deployment at the same address
          server = await startPlainServer({ root: () => site.root, port });
        }

        // the new version: offered, not switched to silently; its button switches
        await b.reload();
        await ready(b);
        expect(await pageEntry(b)).toBe(entryOf(first));
        await b.waitFor(tid('notice-update'), { timeout: 60000 });
        expect(await b.text(tid('notice-update'))).toMatch(/new version/i);
        await b.click(`${tid('notice-update')} ${tid('notice-action')}`);
        await b.waitForFunction((want) => document.body?.dataset.ready === 'true'
          && new URL(document.querySelector('script[type="module"]').src).pathname.slice(1) === want, entryOf(second), { timeout: 60000 });
        await noErrors(b);
      }
    }, 600000);
  }

  if (optimal) {
    test(`${engine}: the optimal line: what the browser keeps said; a table built in the page, a HuGO! result's excess, the table found after a reload, a 12-move scramble's optimum`, async () => {
      const b = await browser();
      const short = "R U F' L2";
      await b.goto(`${server.url}?scramble=${encodeURIComponent(short)}&solver=hugo&seed=5`);
      await ready(b);
      const has = await b.evaluate(() => ({
        opfs: !!(navigator.storage && typeof navigator.storage.getDirectory === 'function'),
        indexedDB: typeof indexedDB === 'object', locks: !!navigator.locks,
        sharedArrayBuffer: typeof SharedArrayBuffer === 'function', crossOriginIsolated: self.crossOriginIsolated === true,
      }));
      console.log(`${engine}: ${Object.entries(has).map(([k, v]) => `${k} ${v ? 'yes' : 'no'}`).join(', ')}`);
      // nothing stored here yet (a fresh profile): the line says what is needed, and where the
      // table would be kept when this browser has no origin private file system
      const kept = has.opfs ? 'kept in this browser once built'
        : has.indexedDB ? 'this browser has no origin private file system: the table is kept in IndexedDB'
          : 'this browser keeps no files for the site: the table is not stored and must be built or loaded again after a reload';
      const needs = `optimal: needs a table (${kept}${has.locks ? '' : '; this browser has no Web Locks: two tabs may build the same table at once'})`;
      await b.click(tid('solve'));
      expect(await status(b, ['solved', 'gave up', 'error'], 120000)).toBe('solved');
      await lineIs(b, needs, 30000);
      // the table built through the page's controls: "Build or load a table", the smallest
      // size, "Build the table" (its progress bar shown while it builds)
      await b.click(`${tid('optimal-offer')} summary`);
      await b.waitFor(tid('optimal-build'), { timeout: 90000 });
      await b.select(tid('optimal-size'), '11');
      await b.click(tid('optimal-build'));
      await b.waitFor(tid('optimal-progress'), { timeout: 30000 });
      const len = await b.evaluate(() => window.evocube.result.length);
      await lineIs(b, optimalText(4, len), 300000);
      // kept where the page said
      const where = await b.evaluate(async (opfs) => {
        if (opfs) { const names = []; for await (const k of (await navigator.storage.getDirectory()).keys()) names.push(k); return names; }
        const db = await new Promise((ok, no) => { const r = indexedDB.open('evocube-optimal'); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
        const keys = await new Promise((ok, no) => { const r = db.transaction('tables').objectStore('tables').getAllKeys(); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
        db.close();
        return keys;
      }, has.opfs);
      expect(where).toEqual(has.opfs || has.indexedDB ? ['optimal-11.tbl'] : []);
      // a reload, and a 12-move scramble typed in: the table found in storage, the optimum 12
      const twelve = "R U F D' L2 B R' U2 F' L D B2";
      await b.reload();
      await ready(b);
      await b.fill(tid('scramble-input'), twelve);
      await b.select(tid('solver-select'), 'twophase');
      await b.waitForFunction((f) => document.querySelector('[data-testid="facelets"]').textContent === f, core.apply(twelve));
      await b.click(tid('solve'));
      expect(await status(b, ['solved', 'gave up', 'error'], 120000)).toBe('solved');
      const len12 = await b.evaluate(() => window.evocube.result.length);
      expect(core.verify(core.apply(twelve), (await b.text(tid('solution'))).trim()).solved).toBe(true);
      await lineIs(b, optimalText(12, len12), 300000);
      if (!has.opfs && has.indexedDB) {
        // the IndexedDB copy with one byte of a piece changed: refused by its checksum,
        // deleted and said on the next result, never used
        await b.evaluate(async () => {
          const db = await new Promise((ok, no) => { const r = indexedDB.open('evocube-optimal'); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
          const key = ['optimal-11.tbl', 1]; // the second of its pieces
          const piece = await new Promise((ok, no) => { const r = db.transaction('pieces').objectStore('pieces').get(key); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
          const bytes = new Uint8Array(piece);
          bytes[1000] ^= 0x20;
          await new Promise((ok, no) => { const t = db.transaction('pieces', 'readwrite'); t.objectStore('pieces').put(bytes.buffer, key); t.oncomplete = ok; t.onerror = () => no(t.error); });
          db.close();
          window.seenNotices = [];
          new MutationObserver(() => { for (const n of document.querySelectorAll('.notice')) if (!window.seenNotices.includes(n.textContent)) window.seenNotices.push(n.textContent); })
            .observe(document.body, { childList: true, subtree: true });
        });
        await b.click(tid('solve'));
        expect(await status(b, ['solved', 'gave up', 'error'], 120000)).toBe('solved');
        await lineIs(b, needs, 60000);
        expect((await b.evaluate(() => window.seenNotices)).join('\n')).toMatch(/the stored table was refused and deleted \(.*checksum/);
        const left = await b.evaluate(async () => {
          const db = await new Promise((ok, no) => { const r = indexedDB.open('evocube-optimal'); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
          const count = (store) => new Promise((ok, no) => { const r = db.transaction(store).objectStore(store).count(); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
          const n = [await count('tables'), await count('pieces')];
          db.close();
          return n;
        });
        expect(left).toEqual([0, 0]);
      }
      const later = await b.evaluate(() => ({ controlled: !!navigator.serviceWorker?.controller, isolated: self.crossOriginIsolated === true, sab: typeof SharedArrayBuffer === 'function' }));
      console.log(`${engine} after a reload: service worker ${later.controlled ? 'controls the page' : 'not in control'}, crossOriginIsolated ${later.isolated ? 'yes' : 'no'}, sharedArrayBuffer ${later.sab ? 'yes' : 'no'}`);
      await noErrors(b);
    }, 600000);
  }

  if (locales) {
    test(`${engine}: under navigator.language ${LANGUAGES.map((l) => JSON.stringify(l)).join(', ')} the page solves and draws its chart`, async () => {
      const seen = [];
      for (const language of LANGUAGES) {
        const b = await launchEngine(engine, { language });
        try {
          await b.goto(`${server.url}?scramble=R_U_F-&solver=twophase&seed=3`);
          await ready(b);
          seen.push(await b.evaluate(() => String(navigator.language)));
          await b.click(tid('solve'));
          expect(await status(b, ['solved', 'gave up', 'error'])).toBe('solved');
          expect(`${language}: ${await chartDrawn(b)}`).toBe(`${language}: drawn`);
          await noErrors(b);
        } finally {
          await b.close();
        }
      }
      console.log(`${engine}: navigator.language as set for ${LANGUAGES.map((l) => JSON.stringify(l)).join(', ')}: ${seen.map((l) => JSON.stringify(l)).join(', ')}`);
    }, 600000);
  }
}
