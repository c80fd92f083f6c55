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

export const LANGUAGES = ['C', 'C.UTF-8', 'und', ''];
const ARTIFACTS = join(fileURLToPath(new URL('../..', import.meta.url)), 'build', 'e2e-artifacts');
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

export function engineSuite(engine, { flows = true, locales = true } = {}) {
  const have = availableEngines().includes(engine);
  // a machine without the engine fails loudly in CI (scripts/setup.sh --test installs it); locally
  // EVOCUBE_ENGINES_OPTIONAL=1 lets a developer skip it
  if (!have && process.env.EVOCUBE_ENGINES_OPTIONAL === '1') {
    test.skip(`${engine} is not installed (scripts/setup.sh --test installs it)`, () => {});
    return;
  }
  let dir, first, second, server, core;
  const site = { root: '' };
  beforeAll(async () => {
    if (!have) throw new Error(`${engine} is not installed here: run scripts/setup.sh --test (it installs firefox-esr, webkit2gtk-driver and xvfb)`);
    dir = mkdtempSync(join(tmpdir(), `evocube-${engine}-`));
    first = await buildSite({ outdir: join(dir, 'first') });
    if (flows) second = await buildSite({ outdir: join(dir, 'second'), note: 'a second deployment' });
    site.root = first.outdir;
    server = await startPlainServer({ root: () => site.root, port: 0 });
    core = await loadCoreNode();
  }, 120000);
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  if (flows) {
    test(`${engine}: load, a solve per family with its chart, pause/step/cancel, share link, experiment resumed, offline, new version`, async () => {
      const b = await launchEngine(engine);
      try {
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
        await b.reload();
        await ready(b);
        await b.waitForFunction(() => window.evocubeExperiment && window.evocubeExperiment.state.dataset.state === 'done', null, { timeout: 120000 });
        const after = await b.evaluate(() => ({ ids: window.evocubeExperiment.done().map((r) => r.id), resumedFrom: window.evocubeExperiment.session.resumedFrom }));
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
      } finally {
        await b.close();
      }
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
