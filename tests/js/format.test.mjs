// format.test.mjs - web/lib/format.mjs: CSV cells quoted when they hold a comma, a quote or
// a line break (quotes doubled), and read back as written by the experiments' CSV reader;
// numbers and durations as the page shows them.
import { csvCell, csvText, fmtNum, fmtFixed, fmtMs, formatDuration, fmtMoves } from '../../web/lib/format.mjs';
import { parseCsv } from '../../web/lib/experiments/csv.mjs';

test('CSV cells: commas, quotes and line breaks are quoted, quotes doubled; plain text as is', () => {
  expect(csvCell('R U F')).toBe('R U F');
  expect(csvCell('a,b')).toBe('"a,b"');
  expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  expect(csvCell('"')).toBe('""""');
  expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
  expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
  expect(csvCell('cr\ronly')).toBe('"cr\ronly"');
  expect(csvCell(null)).toBe('');
  expect(csvCell(undefined)).toBe('');
  expect(csvCell(0)).toBe('0');
  expect(csvCell(false)).toBe('false');
  expect(csvCell({ a: 1, b: [2, 3] })).toBe('"{""a"":1,""b"":[2,3]}"');
});

test('CSV text: CRLF line ends, one after the last row; every cell reads back as written', () => {
  const rows = [['id', 'cube', 'note'], ['1', "R U R' U'", 'a, b'], ['2', 'x "y"', 'line\nbreak'], ['3', '', '']];
  const text = csvText(rows);
  expect(text.startsWith('id,cube,note\r\n1,R U R\' U\',"a, b"\r\n')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.split('\r\n').length).toBe(rows.length + 1);
  expect(parseCsv(text)).toEqual(rows);
});

test('numbers and durations as the page shows them', () => {
  expect(fmtNum(1234567)).toBe('1,234,567');
  expect(fmtNum(3.14159)).toBe('3.142');
  expect(fmtNum(2.5)).toBe('2.5');
  expect(fmtNum(0.0001234)).toBe('1.234e-4');
  expect(fmtNum(123456.7)).toBe('1.235e+5');
  expect([fmtNum(null), fmtNum(NaN), fmtNum(Infinity), fmtNum(-Infinity)]).toEqual(['–', '–', '∞', '-∞']);
  expect(fmtFixed(1.236, 2)).toBe('1.24');
  expect(fmtFixed(NaN, 2)).toBe('–');
  expect(fmtMs(849.6)).toBe('850 ms');
  expect(fmtMs(2345)).toBe('2.35 s');
  expect(fmtMs(192400)).toBe('3 min 12.4 s');
  expect(fmtMs(null)).toBe('–');
  expect(formatDuration(65)).toBe('1:05');
  expect(formatDuration(3725)).toBe('1:02:05');
  expect(formatDuration(Infinity)).toBe('--:--');
});

test('fmtMoves: singular for one move only', () => {
  expect([0, 1, 2, 1234].map(fmtMoves)).toEqual(['0 moves', '1 move', '2 moves', '1,234 moves']);
});
