// export.lazy.mjs - export of a run, loaded on demand, from the run model's exportData()
// (web/lib/run/run.mjs: {evocube, request, records, recordsSeen, recordsStride, result,
// ended?}): JSON of that object; CSV with one row per progress record (a generation, or a
// thousand nodes for twophase), a column per scalar field in order of first appearance,
// nested fields as JSON in one cell (web/lib/format.mjs's csvText). Both are downloaded as
// files named after the solver and seed.
import { csvText } from '../../lib/format.mjs';
import { downloadText } from '../common/download.mjs';

export const runJson = (data) => JSON.stringify(data, null, 1);

export function runCsv(data) {
  const cols = [];
  for (const r of data.records) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  return csvText([cols, ...data.records.map((r) => cols.map((k) => r[k]))]);
}

export function exportRun(data, kind) {
  const base = `evocube-${data.request.solver}-seed${data.request.seed}`;
  if (kind === 'csv') downloadText(`${base}.csv`, runCsv(data), 'text/csv');
  else downloadText(`${base}.json`, runJson(data), 'application/json');
}
