// format.mjs - numbers, durations and CSV cells as text, one way each, for the page (live
// tiles, results, race, watch views, experiments), `evocube batch`'s progress line and the
// exports. No DOM. Numbers are written in the en-US style ("1,234", "12.5"), whatever the
// browser's locale, so that what the page shows matches the CLI and the exports.

// A number for the live panel: integers as is (with thousands separators), others with 4
// significant digits (exponent form below 0.001 and from 100,000); '–' when there is none.
export function fmtNum(x) {
  if (x == null || Number.isNaN(x)) return '–';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '-∞';
  if (Number.isInteger(x)) return x.toLocaleString('en-US');
  const a = Math.abs(x);
  if (a >= 1e5 || a < 1e-3) return x.toExponential(3);
  return x.toPrecision(4).replace(/\.?0+$/, '');
}

// A count of moves: "1 move", "20 moves", "1,234 moves".
export const fmtMoves = (n) => `${fmtNum(n)} move${n === 1 ? '' : 's'}`;
// the mark of a number not known (yet): tiles, tables, legends
export const NONE = '–';
// a fitness value as the tiles and the chart's legend write it (web/lib/run/numbers.mjs)
export const fitnessText = (v) => (v == null || Number.isNaN(v) ? NONE : fmtNum(v));

// A number with `d` decimals (a statistic in a table); '–' when it is not finite.
export const fmtFixed = (x, d) => (Number.isFinite(x) ? x.toFixed(d) : '–');

// Milliseconds as "850 ms", "2.35 s" or "3 min 12.4 s"; '–' when not known.
export function fmtMs(ms) {
  if (ms == null) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60000) return `${(ms / 1000).toFixed(2)} s`;
  const m = Math.floor(ms / 60000);
  return `${m} min ${((ms % 60000) / 1000).toFixed(1)} s`;
}

// Seconds as m:ss or h:mm:ss (an ETA); '--:--' when not known.
export function formatDuration(s) {
  if (!Number.isFinite(s)) return '--:--';
  s = Math.round(s);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const two = (x) => String(x).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

// One CSV cell (RFC 4180): empty for null or undefined, an object as its JSON, quoted (inner
// quotes doubled) when it holds a comma, a quote or a line break.
export function csvCell(v) {
  if (v == null) return '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

// Rows of cells (the first one the header) -> CSV text: CRLF line ends, one after the last row.
export function csvText(rows) {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
