#!/usr/bin/env node
// soak-worker.mjs - the soak of scripts/soak.mjs inside a real Web Worker: headless
// Chromium (playwright-core, as the e2e tests start it) opens the page, and a SolverClient
// (web/lib/client.mjs) made in the page runs every solve in its module worker (web/worker.mjs)
// through the worker protocol. Each solution is checked in the page (the page's own core)
// and again in Node by soak(); memory is the worker's own figure (the `memory` request: C
// heap in use and wasm memory size). A random cancel point 1..20 is used two ways: an odd
// one is a step count, as in Node: the solve starts paused, takes that many single steps
// (each awaited: its progress record or the end of the run) and is cancelled, so whether it
// lands is the same on any machine (`stepped`: {tries, landed}); an even one becomes a
// delay of 0..19 ms after the solve is posted, so a cancel also arrives while the worker is
// running slices, anywhere from before the first step to well into the run (the plan's
// solves take ~3-300 ms); a run that ends before such a cancel arrives is checked like any
// other. `cancelled` counts the cancels that landed.
// `node scripts/soak-worker.mjs [solves] [cancels]` (default 1,000 and 200);
// tests/e2e/soak.test.mjs runs 50 and 20.
import { fileURLToPath } from 'node:url';
import { soak, soakFailed } from './soak.mjs';
import { setup } from './browser.mjs';
import { STATUS, ERROR } from '../web/lib/protocol.mjs';

// A guard against a hung worker, not a budget: HuGO! has a heavy tail (solve 777 of the
// plan, hugo on "B' L D' L2" with seed 778, needed 985,820 generations, ~94 s in Node,
// before main's HuGO! changes of 2c0229b..3c3aaa1; 47,570 after them).
const SOLVE_TIMEOUT_MS = 900000;

// One solve in the page's worker; runs in the page (serialised by playwright; `names` brings
// protocol.mjs's STATUS and ERROR along).
async function solveInPage({ solver, facelets, seed, params, cancelAt, timeoutMs, names: { STATUS, ERROR } }) {
  const client = window.__soak;
  const stepped = cancelAt % 2 === 1;
  let records = 0, wake = null;
  const h = client.solve({ solver, facelets, seed, params, paused: stepped },
    { onProgress: (rs) => { records += rs.length; if (wake) wake(); } });
  let settled = false;
  h.promise.then(() => { settled = true; if (wake) wake(); }, () => { settled = true; if (wake) wake(); });
  if (stepped) {
    window.__soakStepped.tries++;
    for (let k = 0; k < cancelAt && !settled; k++) {
      const seen = records;
      h.step();
      // one work unit gives one progress record (or the run's end); the 10 s is a hang guard
      const guard = Date.now() + 10000;
      while (records === seen && !settled && Date.now() < guard) {
        await new Promise((r) => { wake = r; setTimeout(r, 100); });
      }
      wake = null;
    }
    if (!settled) h.cancel();
  } else if (cancelAt) {
    setTimeout(h.cancel, cancelAt - 1);
  }
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; h.cancel(); }, timeoutMs);
  try {
    const r = await h.promise;
    const pageVerified = window.evocube.core.verify(facelets, r.solution).solved;
    return { status: r.stats.solved ? STATUS.SOLVED : r.stats.status, solution: r.solution, pageVerified };
  } catch (e) {
    if (timedOut) return { status: STATUS.ERROR, message: `no result within ${timeoutMs / 1000} s (cancelled)` };
    if (e.code === ERROR.CANCELLED && cancelAt) {
      if (stepped) window.__soakStepped.landed++;
      return { status: STATUS.CANCELLED };
    }
    return { status: STATUS.ERROR, message: `${e.code}: ${e.message}` };
  } finally {
    clearTimeout(timer);
  }
}

// A soak driver on a page opened by scripts/browser.mjs's env.open().
export async function workerDriver(page) {
  await page.evaluate(async () => {
    const { SolverClient } = await import('./web/lib/client.mjs');
    window.__soakCrashes = [];
    window.__soakStepped = { tries: 0, landed: 0 };
    window.__soak = new SolverClient({ name: 'evocube soak', onCrash: (c) => window.__soakCrashes.push(c.message) });
    await window.__soak.ready;
  });
  return {
    solvers: () => page.evaluate(() => window.__soak.info.solvers.map((s) => s.name)),
    memory: () => page.evaluate(() => window.__soak.memory()),
    solve: (req) => page.evaluate(solveInPage, { ...req, timeoutMs: SOLVE_TIMEOUT_MS, names: { STATUS, ERROR } }),
    crashes: () => page.evaluate(() => window.__soakCrashes),
    stepped: () => page.evaluate(() => window.__soakStepped),
  };
}

// soak() through a real worker; opens (and closes) its own browser unless env is given.
export async function soakWorker({ env = null, ...options } = {}) {
  const own = !env;
  const e = env || await setup();
  const page = await e.open();
  try {
    const driver = await workerDriver(page);
    const t0 = Date.now();
    const r = await soak({ ...options, driver });
    return { ...r, crashes: await driver.crashes(), stepped: await driver.stepped(), errors: [...e.errors], seconds: (Date.now() - t0) / 1000 };
  } finally {
    await page.close();
    if (own) await e.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const solves = Number(process.argv[2] || 1000), cancels = Number(process.argv[3] || 200);
  const r = await soakWorker({ solves, cancels, log: (m) => console.log(m) });
  console.log(JSON.stringify(r, null, 1));
  process.exitCode = soakFailed(r) || r.crashes.length || r.errors.length ? 1 : 0;
}
