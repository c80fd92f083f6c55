// export.test.mjs - a run's record log and its export without a browser (web/lib/record-log.mjs's
// RecordLog as a run keeps it, web/lib/run/run.mjs's exportData, web/page/share/export.lazy.mjs's
// runJson and runCsv): the log keeps every record up to its bound, then thins evenly and still
// ends with the last record; the CSV has one row per record with a column per field, quoting
// what needs it; the JSON parses back to the run, and says why a run has no result.
import { RecordLog } from '../../web/lib/record-log.mjs';
import { Run } from '../../web/lib/run/run.mjs';
import { runJson, runCsv } from '../../web/page/share/export.lazy.mjs';

// the export's view of a log alone (what exportData takes from a run's log)
const data = (log) => ({ records: log.all() });

const rec = (gen, extra = {}) => ({ gen, phase: 0, best: 100 - gen, bestLength: 20, ...extra });

test('the log keeps every record up to its bound', () => {
  const log = new RecordLog({ max: 16 });
  for (let g = 0; g < 15; g++) log.add([rec(g)]);
  expect(log.all().map((r) => r.gen)).toEqual(Array.from({ length: 15 }, (_, g) => g));
  expect(log.stride).toBe(1);
  expect(log.seen).toBe(15);
});

test('past its bound the log thins evenly, stays bounded, and keeps the first and the last record', () => {
  const log = new RecordLog({ max: 16 });
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
  const log = new RecordLog({ max: 30, islands: true });
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
  expect(runCsv(data(log)).split('\r\n')[0]).toBe('island,gen,phase,best,bestLength');
});

test('CSV: one row per record, a column per field in order of first appearance, quoted cells', () => {
  const log = new RecordLog({ max: 100 });
  log.add([rec(0, { phaseName: 'one, two' }), rec(1, { agents: [{ f: 1 }, { f: 2 }] }), rec(2, { bestMoves: 'R "U"' })]);
  const lines = runCsv(data(log)).split('\r\n');
  expect(lines[0]).toBe('gen,phase,best,bestLength,phaseName,agents,bestMoves');
  expect(lines[1]).toBe('0,0,100,20,"one, two",,');
  expect(lines[2]).toBe('1,0,99,20,,"[{""f"":1},{""f"":2}]",');
  expect(lines[3]).toBe('2,0,98,20,,,"R ""U"""');
  expect(lines[4]).toBe('');
  expect(lines).toHaveLength(5);
});

// a run on one fake island whose end the test decides
function fakeRun(version = 'v') {
  const island = {};
  const client = () => ({
    solve: (request, cb) => {
      Object.assign(island, { cb });
      const promise = new Promise((resolve, reject) => Object.assign(island, { resolve, reject }));
      const none = () => {};
      return { promise, pause: none, resume: none, step: none, cancel: none, migrate: none };
    },
  });
  const run = new Run({ request: { solver: 'twes', facelets: 'F'.repeat(54), seed: 3, params: {} }, input: { setup: 'R U' }, client, version });
  return { run, island };
}

test('JSON: the request, every record, the counts and the result parse back; why there is none', async () => {
  let { run, island } = fakeRun();
  let done = run.start();
  island.cb.onProgress([rec(0), rec(1)]);
  // while running: no result yet, and it says so
  expect(JSON.parse(runJson(run.exportData()))).toMatchObject({ result: null, ended: 'running' });
  const result = { solution: 'R', length: 1, phases: [], stats: { solved: true } };
  island.resolve(result);
  await done;
  const back = JSON.parse(runJson(run.exportData()));
  expect(back).toEqual({ evocube: 'v', request: { solver: 'twes', facelets: 'F'.repeat(54), seed: 3, params: {}, scramble: 'R U', islands: 1 },
    records: [rec(0), rec(1)], recordsSeen: 2, recordsStride: 1, result: JSON.parse(JSON.stringify(run.result)) });
  expect(back.result.solution).toBe('R');
  ({ run, island } = fakeRun());
  done = run.start();
  run.cancel();
  island.reject(Object.assign(new Error('cancelled'), { code: 'E_CANCELLED' }));
  await done;
  expect(JSON.parse(runJson(run.exportData()))).toMatchObject({ result: null, ended: 'cancelled' });
  ({ run, island } = fakeRun());
  done = run.start();
  island.reject(new Error('boom'));
  await done;
  expect(JSON.parse(runJson(run.exportData()))).toMatchObject({ result: null, ended: 'error: boom' });
  expect(runCsv(run.exportData())).toBe('\r\n'); // no records: a header of no columns
});
