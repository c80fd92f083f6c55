// export.test.mjs - the run log and the export formats without a browser (web/lib/record-log.mjs's
// RunLog, web/page/share/export.lazy.mjs's runJson and runCsv): the log keeps every record up
// to its bound, then thins evenly and still ends with the last record; the CSV has one row
// per record with a column per field, quoting what needs it; the JSON parses back to the run.
import { RunLog } from '../../web/lib/record-log.mjs';
import { runJson, runCsv } from '../../web/page/share/export.lazy.mjs';

const rec = (gen, extra = {}) => ({ gen, phase: 0, best: 100 - gen, bestLength: 20, ...extra });

test('the log keeps every record up to its bound', () => {
  const log = new RunLog({ solver: 's' }, 'v', 16);
  for (let g = 0; g < 15; g++) log.add([rec(g)]);
  expect(log.all().map((r) => r.gen)).toEqual(Array.from({ length: 15 }, (_, g) => g));
  expect(log.stride).toBe(1);
  expect(log.seen).toBe(15);
});

test('past its bound the log thins evenly, stays bounded, and keeps the first and the last record', () => {
  const log = new RunLog({ solver: 's' }, 'v', 16);
  const n = 1001;
  for (let g = 0; g < n; g += 7) log.add(Array.from({ length: Math.min(7, n - g) }, (_, k) => rec(g + k)));
  const gens = log.all().map((r) => r.gen);
  expect(log.seen).toBe(n);
  expect(log.records.length).toBeLessThanOrEqual(16);
  expect(gens[0]).toBe(0);
  expect(gens[gens.length - 1]).toBe(n - 1);
  // evenly: every kept record but the last is a multiple of the stride, in order, none missing
  const body = gens.slice(0, -1);
  expect(body).toEqual(body.map((_, i) => i * log.stride));
  expect(log.stride).toBeGreaterThan(1);
});

test('a run on islands logs every island, tagged, thinned per island, each ending with its last record', () => {
  const log = new RunLog({ solver: 'hugo', islands: 3 }, 'v', 30);
  const n = 200;
  // islands report in batches of different sizes, interleaved
  const pos = [0, 0, 0];
  while (pos.some((p) => p < n)) {
    for (const [i, size] of [[0, 7], [1, 3], [2, 11]]) {
      const k = Math.min(size, n - pos[i]);
      if (k > 0) log.add(Array.from({ length: k }, (_, j) => rec(pos[i] + j)), i);
      pos[i] += k;
    }
  }
  expect(log.seen).toBe(3 * n);
  expect(log.records.length).toBeLessThanOrEqual(30);
  const all = log.all();
  for (const i of [0, 1, 2]) {
    const gens = all.filter((r) => r.island === i).map((r) => r.gen);
    expect(gens[0]).toBe(0);
    expect(gens[gens.length - 1]).toBe(n - 1);
    const body = gens.slice(0, -1);
    expect(body).toEqual(body.map((_, j) => j * log.stride)); // evenly, per island, none missing
  }
  expect(all.every((r) => [0, 1, 2].includes(r.island))).toBe(true);
  expect(runCsv(log).split('\r\n')[0]).toBe('island,gen,phase,best,bestLength');
});

test('CSV: one row per record, a column per field in order of first appearance, quoted cells', () => {
  const log = new RunLog({ solver: 's' });
  log.add([rec(0, { phaseName: 'one, two' }), rec(1, { agents: [{ f: 1 }, { f: 2 }] }), rec(2, { bestMoves: 'R "U"' })]);
  const lines = runCsv(log).split('\r\n');
  expect(lines[0]).toBe('gen,phase,best,bestLength,phaseName,agents,bestMoves');
  expect(lines[1]).toBe('0,0,100,20,"one, two",,');
  expect(lines[2]).toBe('1,0,99,20,,"[{""f"":1},{""f"":2}]",');
  expect(lines[3]).toBe('2,0,98,20,,,"R ""U"""');
  expect(lines[4]).toBe('');
  expect(lines).toHaveLength(5);
});

test('JSON: the request, every record, the counts and the result parse back', () => {
  const log = new RunLog({ solver: 'twes', seed: 3 }, 'v');
  log.add([rec(0), rec(1)]);
  // while running: no result yet, and it says so
  expect(JSON.parse(runJson(log))).toMatchObject({ result: null, ended: 'running' });
  const back = JSON.parse(runJson(log.end({ kind: 'solved', result: { solution: 'R' } })));
  expect(back).toEqual({ evocube: 'v', request: { solver: 'twes', seed: 3 }, records: [rec(0), rec(1)], recordsSeen: 2, recordsStride: 1, result: { solution: 'R' } });
  expect(JSON.parse(runJson(log.end({ kind: 'cancelled' })))).toMatchObject({ result: null, ended: 'cancelled' });
  expect(JSON.parse(runJson(log.end({ kind: 'error', error: new Error('boom') })))).toMatchObject({ result: null, ended: 'error: boom' });
});
