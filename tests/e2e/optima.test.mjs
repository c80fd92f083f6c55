// optima.test.mjs - the result panel's per-phase "Optimum" column: after a
// TWES and a HuGO! solve in Chromium, each phase's cell shows the exact optimum that the core,
// run in Node on the same cube, seed and solver, computes for that phase from where it started
// (ec_solver_optima_json), never more than the phase's own length; the summary gives the
// two-phase distance of the start.
import { setup, tid, text, pickSolver, waitStatus, waitReady } from './helpers.mjs';
import { optimumText } from '../../web/page/result/result-summary.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

// the same solve in Node: its result and optima, merged as the worker merges them
function expected(solver, scramble, seed) {
  const run = env.core.createSolver(solver, env.core.apply(scramble), seed);
  try {
    let st = 'running';
    while (st === 'running') st = run.advance(1000, false).status;
    expect(st).toBe('solved');
    const r = run.result();
    const o = run.optima(1000000);
    return { r, o };
  } finally {
    run.free();
  }
}

async function pageRows(page) {
  return page.$$eval(`${tid('phases')} tbody tr`, (rows) => rows.map((tr) => ({
    name: tr.cells[0].textContent, length: Number(tr.cells[2].textContent), optimum: tr.cells[4].textContent,
  })));
}

for (const [solver, scramble, seed] of [['twes', "R U F' L2 D B R' U2 F D' L B2", 3], ['hugo', "R U F' L2", 5]]) {
  test(`${solver}: every phase shows its exact optimum`, async () => {
    if (pickSolver(env.core, [solver]) !== solver) { console.warn(`SKIPPED: no ${solver} in this build`); return; }
    const page = await env.open('', { ready: false }); // the first load may be slow on a loaded machine
    await waitReady(page, 90000);
    await page.fill(tid('scramble-input'), scramble);
    await page.selectOption(tid('solver-select'), solver);
    await page.fill(tid('seed-input'), String(seed));
    await page.click(tid('solve'));
    expect(await waitStatus(page, ['solved', 'gave up', 'error'], 120000)).toBe('solved');
    await page.waitForSelector(`${tid('phase-optimum')}`);
    const rows = await pageRows(page);
    const { r, o } = expected(solver, scramble, seed);
    expect(rows.map((x) => x.name)).toEqual(r.phases.map((p) => p.name));
    rows.forEach((row, i) => {
      const oi = o.phases[i];
      const want = optimumText({
        optimum: oi.optimum, optimumBound: oi.bound, bestBlock: oi.best, bestBlockBound: oi.bestBound,
        stageOptimum: oi.stage, stageBound: oi.stageBound,
      });
      expect(row.optimum).toBe(want);
      if (oi.optimum != null) expect(oi.optimum).toBeLessThanOrEqual(row.length);
    });
    if (solver === 'twes') {
      // all five Thistlethwaite phases have a number
      for (const row of rows) expect(row.optimum).toMatch(/^\d+/);
    } else {
      expect(rows[0].optimum).toMatch(/^\d+ \(best of 12 blocks: \d+\)$/);
    }
    expect(await text(page, 'result-summary')).toContain(`two-phase distance of the start ${o.start.twophase}`);
    const title = await page.getAttribute(`${tid('phases')} tbody tr:first-child td:nth-child(5)`, 'title');
    expect(title).toMatch(/^this phase: \d+ turns · optimum \d+/);
    await page.close();
    expect(env.errors).toEqual([]);
  }, 180000);
}
