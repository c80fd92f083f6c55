// csv.mjs - an experiment's records as CSV and back: one row per solve in the columns
// CSV_COLUMNS (a sweep as its param and value), and a reader that types numbers and booleans
// back (recordsFromCsv(toCsv(records)) summarizes as the records do). Cells are written by
// web/lib/format.mjs's csvCell. No DOM.
import { csvText } from '../format.mjs';

export const CSV_COLUMNS = ['id', 'cube_index', 'cube', 'solver', 'sweep_param', 'sweep_value', 'seed', 'solved', 'length',
  'generations', 'evaluations', 'time_ms', 'solution', 'error'];

// Records -> CSV text (RFC 4180: a header line, CRLF line ends, quotes doubled).
export function toCsv(records) {
  const rows = records.map((r) => {
    const sw = r.sweep ? Object.entries(r.sweep)[0] : [null, null];
    const row = { ...r, sweep_param: sw[0], sweep_value: sw[1] };
    return CSV_COLUMNS.map((c) => row[c]);
  });
  return csvText([CSV_COLUMNS, ...rows]);
}

// CSV text -> rows of strings (the first row is the header); quoted fields may hold commas,
// quotes and line breaks.
export function parseCsv(text) {
  const rows = [];
  let row = [], field = '', i = 0, quoted = false;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i += 2; continue; }
      if (c === '"') { quoted = false; i++; continue; }
      field += c; i++; continue;
    }
    if (c === '"') { quoted = true; i++; continue; }
    if (c === ',') { row.push(field); field = ''; i++; continue; }
    if (c === '\r' || c === '\n') {
      row.push(field); field = '';
      rows.push(row); row = [];
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    field += c; i++;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  return rows;
}

// CSV text (toCsv's columns) -> records with numbers and booleans typed back.
export function recordsFromCsv(text) {
  const [head, ...rows] = parseCsv(text);
  const num = (s) => (s === '' ? undefined : Number(s));
  return rows.map((cells) => {
    const o = Object.fromEntries(head.map((h, k) => [h, cells[k] ?? '']));
    const r = { id: o.id, cube_index: num(o.cube_index), cube: o.cube, solver: o.solver, seed: num(o.seed) };
    if (o.sweep_param) r.sweep = { [o.sweep_param]: Number(o.sweep_value) };
    if (o.error) r.error = o.error;
    else {
      Object.assign(r, { solved: o.solved === 'true', length: num(o.length), generations: num(o.generations), evaluations: num(o.evaluations), solution: o.solution });
      if (o.time_ms !== '') r.time_ms = num(o.time_ms);
    }
    return r;
  });
}

