// status-codes.test.mjs - the C status codes have one source, c/include/evocube.h; the other
// two lists are checked against it so they cannot drift: web/lib/core.mjs's EC (names and values)
// and c/core/util.c's ec_strerror texts (through the wasm core: every code has its own
// specific text, and no other number has one).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { EC } from '../../web/lib/core.mjs';

const header = readFileSync(fileURLToPath(new URL('../../c/include/evocube.h', import.meta.url)), 'utf8');
// "#define EC_E_FLIP -19   /* ... */" and "#define EC_OK 0 ..."
const codes = Object.fromEntries([...header.matchAll(/^#define EC_((?:E_)?[A-Z_]+)\s+(-?\d+)\s*\/\*/gm)]
  .filter(([, name]) => /^(OK|RUNNING|DONE|GAVE_UP|EPOCH|BOUND|E_.*)$/.test(name))
  .map(([, name, value]) => [name, Number(value)]));

test('evocube.h lists the statuses (the one source)', () => {
  expect(codes.OK).toBe(0);
  expect(codes.E_SEED).toBe(-46);
  expect(Object.keys(codes).length).toBeGreaterThan(30);
  expect(new Set(Object.values(codes)).size).toBe(Object.keys(codes).length); // no value twice
});

test('web/lib/core.mjs\'s EC is exactly the header\'s list', () => {
  expect(EC).toEqual(codes);
});

test('ec_strerror has a specific text for every code and none for other numbers', async () => {
  const core = await loadCoreNode();
  const unknown = core.strerror(-999);
  const texts = new Map();
  for (const [name, value] of Object.entries(codes)) {
    const t = core.strerror(value);
    expect([name, t]).not.toEqual([name, unknown]);
    expect([name, texts.has(t)]).toEqual([name, false]);
    texts.set(t, name);
  }
  for (let v = -60; v <= 10; v++) {
    if (!Object.values(codes).includes(v)) expect([v, core.strerror(v)]).toEqual([v, unknown]);
  }
});
