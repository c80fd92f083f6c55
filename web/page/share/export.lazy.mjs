// export.lazy.mjs - export of a run, loaded on demand: JSON with the
// request (solver, cube, seed, params), every progress record the run's log kept and the
// result; CSV with one row per progress record (a generation, or a thousand nodes for
// twophase), a column per scalar field in order of first appearance, nested fields as JSON
// in one cell (web/lib/format.mjs's csvText). Both are downloaded as files named after the
// solver and seed.
import { csvText } from '../../lib/format.mjs';
import { downloadText } from '../common/download.mjs';

// log: web/lib/record-log.mjs's RunLog {request, version, result (null when the run did not
// end with one), ended (why, then), all(), seen, stride}
export function runJson(log) {
  return JSON.stringify({
    evocube: log.version,
    request: log.request,
    records: log.all(),
    recordsSeen: log.seen,
    recordsStride: log.stride, // 1 = every record; k = every k-th (a long run, thinned evenly)
    result: log.result,
    ...(log.ended ? { ended: log.ended } : {}),
  }, null, 1);
}

export function runCsv(log) {
  const records = log.all();
  const cols = [];
  for (const r of records) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  return csvText([cols, ...records.map((r) => cols.map((k) => r[k]))]);
}

export function exportRun(log, kind) {
  const base = `evocube-${log.request.solver}-seed${log.request.seed}`;
  if (kind === 'csv') downloadText(`${base}.csv`, runCsv(log), 'text/csv');
  else downloadText(`${base}.json`, runJson(log), 'application/json');
}
