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
