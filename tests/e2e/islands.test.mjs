// islands.test.mjs - the island model in Chromium (one Web Worker per island,
// web/lib/islands.mjs through the run model, web/lib/run/run.mjs): a link with islands=2 sets
// the field and says how many workers it uses; a K = 2 run streams every island into its row;
// cancel in the middle of an epoch leaves no job in any island's worker; the same page then
// solves again, its export holds both islands' records, and its solution is the one the native model of the rule gives
// (tests/c/test_islands.c --run), so it depends on (cube, solver, params, seed, K) only.
// A link without islands= means one island.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setup, tid, text, waitStatus, ROOT } from './helpers.mjs';
import { solveIslands } from '../../web/lib/islands.mjs';
import { createWorkerApi, readyMessage } from '../../web/lib/worker-api.mjs';
import { SolverClient } from '../../web/lib/client.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

const QUICK = "R U F' L2 D B";
const num = (s) => Number(String(s).replace(/[^0-9]/g, ''));

// The expected K = 2 result: the native model when it is built, else the JS coordinator on
// the wasm core in Node.
async function expected(solver, seed, params, scramble) {
  const exe = join(ROOT, 'build/native/test_islands');
  if (existsSync(exe)) return JSON.parse(execFileSync(exe, ['--run', solver, String(seed), '2', params, scramble], { encoding: 'utf8' })).result.solution;
  const spawn = () => {
    const port = { postMessage: (m) => setImmediate(() => api.handle(structuredClone(m))), terminate() {} };
    const api = createWorkerApi(env.core, { post: (m) => setImmediate(() => port.onmessage({ data: structuredClone(m) })), schedule: setImmediate });
    setImmediate(() => port.onmessage({ data: readyMessage(env.core) }));
    return port;
  };
  const cs = [0, 1].map(() => new SolverClient({ url: 'x', spawn }));
  const r = await solveIslands((i, req, cb) => cs[i].solve(req, cb), { solver, scramble, seed, params }, { islands: 2 }).promise;
  return r.solution;
}

test('K = 2: the link sets it, cancel mid-epoch leaves no job, and a second solve gives the rule\'s solution', async () => {
  if (!env.core.solvers().some((s) => s.name === 'hugo')) { console.warn('SKIPPED: no hugo in this build'); return; }
  // a long first epoch (100,000 generations per island), so the cancel falls inside it
  const long = env.core.randomStateScramble(11).replace(/ /g, '_').replace(/'/g, '-');
  const page = await env.open(`?scramble=${long}&solver=hugo&seed=1&preset=short&islands=2&p.epoch=100000`);
  expect(await page.inputValue(tid('islands-input'))).toBe('2');
  expect(await text(page, 'islands-note')).toMatch(/^Uses 2 workers \(2 islands/);
  expect(await page.getAttribute(tid('share-link'), 'href')).toContain('islands=2');
  await page.click(tid('solve'));
  await page.waitForFunction(() => [0, 1].every((i) => {
    const row = document.querySelector(`[data-testid="island-${i}"]`);
    return row && Number(row.children[2].textContent.replace(/[^0-9]/g, '')) > 300;
  }), null, { timeout: 60000 });
  expect(await page.isVisible(tid('islands-table'))).toBe(true);
  expect(await text(page, 'islands-epoch')).toBe('epoch 1');
  const total = num(await text(page, 'islands-total-gen'));
  expect(total).toBeGreaterThan(600);
  expect(total).toBeLessThan(200000);
  await page.click(tid('cancel'));
  expect(await waitStatus(page, ['cancelled', 'solved', 'error'])).toBe('cancelled');
  // every island's worker dropped its job
  await page.waitForFunction(async () => (await Promise.all(window.evocube.islandClients.map((c) => c.memory()))).every((m) => m.jobs === 0), null, { timeout: 10000 });
  expect(await page.evaluate(() => window.evocube.islandClients.length)).toBe(2);

  // the same page, the same workers: a quick cube, the fast preset with epochs of 50 (about
  // 250 epochs; the defaults take some 3,000 there)
  await page.fill(tid('scramble-input'), QUICK);
  await page.fill(tid('seed-input'), '3');
  await page.selectOption(tid('preset-select'), 'fast');
  await page.click('#params-box summary');
  await page.fill(tid('param-epoch'), '50');
  await page.click(tid('solve'));
  expect(await waitStatus(page, ['solved', 'gave up', 'error', 'cancelled'])).toBe('solved');
  const solution = await text(page, 'solution');
  expect(env.core.verify(env.core.apply(QUICK), solution).solved).toBe(true);
  expect(solution).toBe(await expected('hugo', 3, 'preset=fast,epoch=50', QUICK));
  expect(await text(page, 'result-summary')).toMatch(/island [12] of 2 won in epoch \d+/);
  // the run's export holds every island's records, each tagged with its island
  const logged = await page.evaluate(() => {
    const d = window.evocube.run.exportData();
    return { islands: [...new Set(d.records.map((r) => r.island))].sort(), k: d.request.islands, result: !!d.result };
  });
  expect(logged).toEqual({ islands: [0, 1], k: 2, result: true });
  expect(env.errors).toEqual([]);
});

test('a link without islands= means one island; twophase has no island model', async () => {
  const page = await env.open(`?scramble=R_U&solver=twophase&seed=1`);
  expect(await page.inputValue(tid('islands-input'))).toBe('1');
  expect(await text(page, 'islands-note')).toMatch(/^Uses 1 worker \(one population\)/);
  await page.fill(tid('islands-input'), '3');
  expect(await text(page, 'islands-note')).toMatch(/twophase has no island model: it runs on 1 worker/);
  expect(await page.getAttribute(tid('share-link'), 'href')).toContain('islands=3');
  await page.fill(tid('islands-input'), '0');
  expect(await page.isDisabled(tid('solve'))).toBe(true);
  expect(await text(page, 'islands-error')).toMatch(/from 1 to 64/);
  const bad = await env.open(`?scramble=R_U&solver=hugo&islands=999`);
  expect(await bad.inputValue(tid('islands-input'))).toBe('1');
  expect(await bad.textContent('#notices')).toContain('the islands in the link must be a whole number from 1 to 64');
  // a page opened without a link uses every core but one
  const plain = await env.open('');
  const hc = await plain.evaluate(() => navigator.hardwareConcurrency);
  expect(await plain.inputValue(tid('islands-input'))).toBe(String(Math.min(64, Math.max(1, hc - 1))));
});

test('K = 2 twes, started paused: no negative time; after the run the all row is the winning island\'s, named, and so are the tiles', async () => {
  if (!env.core.solvers().some((s) => s.name === 'twes')) { console.warn('SKIPPED: no twes in this build'); return; }
  const scramble = "U' L' U2 F2 R' B2 F2 L B2 U2 B R B L F D' L2 D' B D2";
  const page = await env.open(`?scramble=${encodeURIComponent(scramble)}&solver=twes&seed=1&islands=2`);
  await page.click('#watch-box summary');
  await page.check(tid('start-paused'));
  await page.click(tid('solve'));
  await waitStatus(page, ['paused']);
  await page.waitForTimeout(400);
  const paused = await text(page, 'elapsed');
  expect(paused).not.toMatch(/-/);
  await page.click(tid('pause')); // Resume
  expect(await waitStatus(page, ['solved', 'gave up', 'error', 'cancelled'], 120000)).toBe('solved');
  await page.waitForTimeout(100); // the tables repaint on the next frame
  const seen = await page.evaluate(() => {
    const t = (id) => document.querySelector(`[data-testid="${id}"]`).textContent.trim();
    const rows = [0, 1].map((i) => [...document.querySelector(`[data-testid="island-${i}"]`).children].map((c) => c.textContent.trim()));
    return { rows, all: ['islands-total-best', 'islands-total-length'].map((id) => document.getElementById(id).textContent.trim()), leader: t('islands-leader'),
      summary: t('result-summary'), solution: t('solution'), tiles: ['generation', 'best-fitness', 'mean-fitness', 'best-length', 'evals-per-sec', 'elapsed'].map(t) };
  });
  const n = (s) => Number(s.replace(/,/g, ''));
  const won = Number(seen.summary.match(/island (\d) of 2 won/)[1]) - 1;
  const row = seen.rows[won];
  expect(seen.leader).toMatch(new RegExp(`^island ${won + 1} won · `));
  expect(seen.all).toEqual([row[3], row[4]]);
  // the tiles show the winner's last record, and Best length is the solution's
  expect([seen.tiles[0], seen.tiles[1], seen.tiles[3]].map(n)).toEqual([n(row[2]), n(row[3]), n(row[4])]);
  expect(n(seen.tiles[3])).toBe(seen.solution.split(' ').length);
  for (const v of seen.tiles) expect(v).not.toMatch(/^-|−/);
  await page.close();
  expect(env.errors).toEqual([]);
});
