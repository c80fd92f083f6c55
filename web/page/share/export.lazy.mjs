// lazy/export.mjs - export of a run (issue 17 item 5), loaded on demand: JSON with the
// request (solver, cube, seed, params), every progress record the run's log kept and the
// result; CSV with one row per progress record (a generation, or a thousand nodes for
// twophase), a column per scalar field in order of first appearance, nested fields as JSON
// in one cell. Both are downloaded as files named after the solver and seed.

// log: web/page/share/share-tools.mjs's RunLog {request, version, result (null when the run did not
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

// One CSV cell: quoted when it holds a comma, quote or line break (RFC 4180).
function cell(v) {
  if (v == null) return '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function runCsv(log) {
  const records = log.all();
  const cols = [];
  for (const r of records) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  const lines = [cols.join(',')];
  for (const r of records) lines.push(cols.map((k) => cell(r[k])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function exportRun(log, kind) {
  const base = `evocube-${log.request.solver}-seed${log.request.seed}`;
  if (kind === 'csv') download(`${base}.csv`, runCsv(log), 'text/csv');
  else download(`${base}.json`, runJson(log), 'application/json');
}
