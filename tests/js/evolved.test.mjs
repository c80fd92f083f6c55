// evolved.test.mjs - web/lib/evolved.mjs: macro-ga's parts as rows (labels with the rotations
// before each macro, lengths, moves in order; their text and summary) and twophase's
// improving solutions picked from a stream of records (only shorter ones, in order; records
// without a solution skipped).
import { partRows, partsTotal, partText, partsSummary, addImproving, improvingText } from '../../web/lib/evolved.mjs';

describe('partRows', () => {
  const parts = [
    { label: 'start', rotation: '', moves: 'F2 B', length: 2 },
    { label: 'M7', rotation: 'z y2', moves: "R' D' R D2 L' D F2 U L' U' F2 L D2", length: 13 },
    { label: 'M3', rotation: '', moves: "R2 F R2 F' U2 B U' B' R2 B' R2 B U'", length: 13 },
  ];
  test('labels carry the rotations before a macro; moves and lengths are kept in order', () => {
    const rows = partRows(parts);
    expect(rows.map((r) => r.label)).toEqual(['start', 'z y2 · M7', 'M3']);
    expect(rows.map((r) => r.length)).toEqual([2, 13, 13]);
    expect(rows.map((r) => r.moves).join(' ')).toBe(parts.map((p) => p.moves).join(' '));
    expect(rows[0].title).toBe('random start moves');
    expect(rows[1].title).toBe('macro 7 after the whole-cube rotation z y2');
    expect(partsTotal(parts)).toBe(28);
  });
  test('a row as its text, the parts summed up (macros counted, the start moves and migrants not)', () => {
    expect(partRows(parts).map(partText)).toEqual(['start (2 moves)', 'z y2 · M7 (13 moves)', 'M3 (13 moves)']);
    expect(partText({ label: 'M2', length: 1 })).toBe('M2 (1 move)');
    expect(partsSummary(parts)).toBe('2 macros, 28 moves in all before simplification');
    expect(partsSummary([{ label: 'migrant', moves: 'R', length: 1 }, parts[2]])).toBe('1 macro, 14 moves in all before simplification');
  });
  test('no parts: no rows', () => {
    expect(partRows(undefined)).toEqual([]);
    expect(partsTotal(null)).toBe(0);
  });
});

describe('addImproving', () => {
  const rec = (gen, bestLength, bestMoves, evaluations = gen * 1000) => ({ gen, bestLength, bestMoves, evaluations });
  test('keeps each strictly shorter solution, across batches', () => {
    const list = [];
    addImproving(list, [rec(1, -1, ''), rec(2, 22, 'A'), rec(3, 22, 'A'), rec(4, 21, 'B')]);
    addImproving(list, [rec(5, 21, 'B'), rec(6, 23, 'C'), rec(7, 20, 'D'), rec(8, 20, 'D')]);
    expect(list.map((s) => [s.length, s.moves, s.gen])).toEqual([[22, 'A', 2], [21, 'B', 4], [20, 'D', 7]]);
    expect(list[2].evaluations).toBe(7000);
    expect(improvingText(list)).toBe('22 → 21 → 20');
  });
  test('records without moves are skipped', () => {
    expect(addImproving([], [{ gen: 1, bestLength: 5 }])).toEqual([]);
  });
});
