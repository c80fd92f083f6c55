// soak.test.mjs - the short form of scripts/soak-worker.mjs: 50 consecutive solves and 20
// cancels at random points (counted in steps or, for some, timed) in ONE real Web Worker (headless Chromium, web/lib/client.mjs and
// web/worker.mjs), then a solve that must still be right. Every solution is checked in the
// page and in Node; the worker's C heap in use and wasm memory size (its `memory` reply)
// are the same after the run as after warm-up.
import { setup } from './helpers.mjs';
import { soakWorker } from '../../scripts/soak-worker.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

test('50 solves and 20 random cancels in one worker: all verified, memory flat after warm-up', async () => {
  const warmup = 6;
  const r = await soakWorker({ env, solves: 50, cancels: 20, warmup });
  expect(r.failures).toEqual([]);
  expect(r.crashes).toEqual([]);
  expect(r.cancels).toBe(20);
  // the stepped cancels (odd cancel points: a paused solve, that many awaited single steps,
  // then cancel) land as they do in Node, where all 20 of this plan land (tests/js/soak.test):
  // the same count on any machine. The timed ones may lose the race to a quick solve, which
  // is then verified like the others.
  expect(r.stepped.tries).toBeGreaterThan(0);
  expect(r.stepped.landed).toBe(r.stepped.tries);
  expect(r.cancelled).toBeGreaterThanOrEqual(r.stepped.landed);
  expect(r.verified).toBe(warmup + 50 + (20 - r.cancelled) + 1);
  expect(r.pageVerified).toBe(r.verified);
  expect(r.finalSolveVerified).toBe(true);
  expect(r.before.inUse).toBeGreaterThan(0);
  expect(r.after.inUse).toBe(r.before.inUse);
  expect(r.after.heap).toBe(r.before.heap);
  expect(r.after.jobs).toBe(0);
  expect(env.errors).toEqual([]);
  console.log(`worker soak: ${r.verified} verified, ${r.cancelled} of 20 cancels landed (${r.stepped.landed} of ${r.stepped.tries} stepped), C heap ${r.before.inUse} -> ${r.after.inUse} bytes, wasm memory ${r.before.heap} -> ${r.after.heap} bytes, ${r.seconds} s`);
}, 120000);
