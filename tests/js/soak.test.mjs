// soak.test.mjs - the short form of scripts/soak.mjs: 50 consecutive solves and 20 cancels
// in one wasm instance; every solution verified, no memory growth after warm-up. The soak
// runs in a worker thread killed at its limit (isolated.mjs), so a hung solve fails the test.
import { isolatedCore } from './isolated.mjs';

const iso = isolatedCore();
afterAll(() => iso.close());
const SOAK = new URL('../../scripts/soak.mjs', import.meta.url);

test('50 solves and 20 cancels in one instance: all verified, memory flat after warm-up', async () => {
  const r = await iso.call(SOAK, 'soak', [{ solves: 50, cancels: 20, warmup: 6 }], { limitMs: 300000, label: 'soak of 50 solves and 20 cancels' });
  expect(r.failures).toEqual([]);
  expect(r.verified).toBe(6 + 50 + 1);
  expect(r.cancels).toBe(20);
  expect(r.cancelled).toBe(20);
  expect(r.after.inUse).toBe(r.before.inUse);
  expect(r.after.heap).toBe(r.before.heap);
}, 330000);
