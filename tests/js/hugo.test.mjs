// hugo.test.mjs - the HuGO! solver in the wasm module: solves and verifies short scrambles
// (also a re-oriented cube: "solve the cube as it sits"), streams one progress record per
// generation with the fields the page reads (the live best moves: an alg from the start cube
// whose length is the record's bestLength, carrying the earlier phases' solutions, the last
// one solving the cube), and is deterministic (same seed and params, same records and
// solution) and agrees with the native build when it is present. Every solve runs in a
// worker thread with a hard limit (isolated.mjs), so a hung solver fails its test by name.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { isolatedCore } from './isolated.mjs';

const core = await loadCoreNode();
const iso = isolatedCore();
afterAll(() => iso.close());
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const LIMIT = 30000; // ms per solve (each takes well under a second)

async function solve(facelets, seed, params = '') {
  const { status: st, result: res, records } = await iso.run({ solver: 'hugo', facelets, seed, params },
    { work: 64, keep: true, limitMs: LIMIT, label: `hugo seed ${seed} ${params}` });
  return { st, records, res };
}

test('hugo solves short scrambles, verified, with one record per generation', async () => {
  for (const [i, scr] of ['R U F', "F2 D L'", "B U' R2 D", "x R U y F'"].entries()) {
    const f = core.apply(scr);
    const { st, records, res } = await solve(f, i + 1);
    expect(st).toBe('solved');
    expect(core.verify(f, res.solution).solved).toBe(true);
    expect(res.phases.map((p) => p.name)).toEqual(['2x2x3 block', 'two-generator', 'two-gen solve']);
    expect(records.length).toBe(res.generations);
    expect(records.map((r) => r.gen)).toEqual(records.map((_, k) => k + 1));
    for (const r of records) {
      expect(r.phaseName).toMatch(/^(2x2x3 block [UDFRLB]{2}|two-generator|two-gen solve)$/);
      expect(r.diversity).toBeGreaterThan(0);
      expect(r.diversity).toBeLessThanOrEqual(1);
    }
    // the live best moves: an alg from the start cube that the page can replay, as long as
    // the record says, starting with the solutions of the phases already done; the last
    // record's moves solve the cube
    for (const r of records) {
      expect(core.metrics(r.bestMoves).htm).toBe(r.bestLength);
      const before = res.phases.slice(0, r.phase).map((p) => p.solution).filter(Boolean).join(' ');
      expect(r.bestMoves.startsWith(before)).toBe(true);
    }
    const last = records[records.length - 1];
    expect(core.isSolved(core.apply(last.bestMoves, f))).toBe(true);
  }
});

test('hugo is deterministic and matches the native build', async () => {
  const scr = "D F2 L B' R";
  const f = core.apply(scr);
  const a = await solve(f, 42);
  const b = await solve(f, 42);
  expect(b.res.solution).toBe(a.res.solution);
  expect(b.records).toEqual(a.records);
  // the authors' program's selection and weights too (raw-fitness SUS, elite as first parent)
  const program = 'rawSelection=1,eliteParent=1,population=51,mutation=0.03,pairWeight1=10,pairWeight2=100,pairWeight3=10,maxBlockTurns=4';
  const c = await solve(f, 42, program);
  expect(c.st).toBe('solved');
  expect(core.verify(f, c.res.solution).solved).toBe(true);
  expect((await solve(f, 42, program)).res.solution).toBe(c.res.solution);
  const exe = join(root, 'build', 'native', 'evocube_native');
  if (existsSync(exe)) {
    for (const [params, run] of [['', a], [program, c]]) {
      const out = JSON.parse(execFileSync(exe, ['solve', '--solver', 'hugo', '--scramble', scr, '--seed', '42', '--json',
        ...(params ? ['--param', params] : [])], { encoding: 'utf8', timeout: LIMIT, killSignal: 'SIGKILL' }));
      expect(out.solution).toBe(run.res.solution);
      expect(out.generations).toBe(run.res.generations);
    }
  }
});
