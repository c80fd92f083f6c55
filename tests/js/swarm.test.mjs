// swarm.test.mjs - the swarm solvers' agent-level progress (agents, distinct, events; see
// c/solvers/swarm/common.h) is the same natively and in wasm, with the thesis's oracle and the
// author's-code variants (the golden runs pin only the default params, and hash records
// without these fields). Runs are short: a few iterations each.
import { spawnSync } from 'node:child_process';
import { NATIVE } from '../../scripts/golden.mjs';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { isolatedCore } from './isolated.mjs';

const core = await loadCoreNode();
const iso = isolatedCore();
afterAll(() => iso.close());
const LIMIT = 60000;

const CASES = [
  ['greedy', "L2 F2 D U2 L2 D B2 R2 D U' L D2 U' B D L R' F' L B", 1, 'oracle=1,iterations=8,rootFallback=1'],
  ['pso', "R U2 F' L D2 B R' U2 L2 F", 3, 'particles=70,iterations=8'], // draw=1 is the default
  ['aco', "R U2 F' L D2 B R' U2 L2 F", 3, 'ants=6,iterations=12,oracle=1'], // sight=1, regroup=1 the defaults
  ['dkho', "F R' U L2 B D' R2 F' U2 B L", 1, 'krill=4,iterations=12,oracle=1,mutationDraw=1'],
];

for (const [solver, scramble, seed, params] of CASES) {
  test(`${solver} ${params}: agent records equal natively and in wasm`, async () => {
    const argv = ['solve', '--solver', solver, '--scramble', scramble, '--seed', String(seed), '--progress', '--json',
      '--param', params];
    const r = spawnSync(NATIVE, argv, { encoding: 'utf8', maxBuffer: 1 << 28, timeout: LIMIT, killSignal: 'SIGKILL' });
    expect([r.status === 0 || r.status === 1, r.stderr]).toEqual([true, '']);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    const native = lines.slice(0, -1);
    const { records } = await iso.run({ solver, facelets: core.apply(scramble), seed, params },
      { keep: true, limitMs: LIMIT, label: `${solver} ${params}` });
    expect(records.length).toBe(native.length);
    expect(records).toEqual(native);
    for (const rec of records) {
      expect(rec.agents.length).toBeLessThanOrEqual(64);
      expect(rec.events).toHaveLength(6);
    }
    // the variant did something (its event counter, common.h)
    const last = records[records.length - 1].events;
    const counter = { greedy: 3, pso: 3, aco: 4, dkho: 3 }[solver];
    expect(last[counter]).toBeGreaterThan(0);
  });
}

// aco's preset "thesis" is the thesis's ACO as a whole (its oracle and its text's rules): on a
// 20-move random state the colony plateaus and spreads, as the thesis reports (section 4.3),
// rather than walking straight down the oracle's reading one move an iteration
test('aco preset=thesis plateaus and spreads on a 20-move random state (the thesis\'s behaviour)', async () => {
  const scramble = "U' L' U2 F2 R' B2 F2 L B2 U2 B R B L F D' L2 D' B D2";
  const { records } = await iso.run({ solver: 'aco', facelets: core.apply(scramble), seed: 1, params: 'preset=thesis,iterations=30' },
    { keep: true, limitMs: LIMIT, label: 'aco preset=thesis' });
  let flat = 0, longest = 0;
  records.forEach((r, i) => { flat = i && r.best === records[i - 1].best && r.best > 0 ? flat + 1 : 0; longest = Math.max(longest, flat); });
  expect(longest).toBeGreaterThanOrEqual(5);
  expect(Math.max(...records.map((r) => r.diversity))).toBeGreaterThan(0.5);
});

// the Watch panel's swarm note names the oracle the run uses: its own param, its preset's, or
// the default (never "oracle=exact, the default" beside oracle=first20)
test('the swarm note follows the run\'s oracle: param, preset or default', async () => {
  const { swarmNote } = await import('../../web/page/watch/swarm-view.mjs');
  for (const d of core.solvers().filter((s) => s.family === 'swarm')) {
    const o = d.params.find((p) => p.key === 'oracle');
    expect(swarmNote(d, {})).toContain(`oracle=${o.names[o.default]}, the default`);
    expect(swarmNote(d, { oracle: 'first20' })).toMatch(/oracle=first20, the thesis's oracle\)/);
    expect(swarmNote(d, { oracle: '1' })).toMatch(/oracle=first20/);
    expect(swarmNote(d, { preset: 'thesis' })).toMatch(/oracle=first20, the thesis's oracle\).*plateau/);
    expect(swarmNote(d, { preset: 'thesis', oracle: 'exact' })).toMatch(/oracle=exact(, the default)?\)/);
  }
});
