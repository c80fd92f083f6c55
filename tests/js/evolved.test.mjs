// evolved.test.mjs - web/lib/evolved.mjs: macro-ga's parts as rows (labels with the rotations
// before each macro, lengths, moves in order; their text and summary) and twophase's
// improving solutions picked from a stream of records (only shorter ones, in order; records
// without a solution skipped). Then the documented rules as properties: the improving list
// against brute force on seeded random record streams cut into random batches (complete: every
// strictly shorter solution, in order, nothing else); macro-ga's part labels across several
// real runs (every macro M1..M14 part is the paper's macro k done in the frame of every
// rotation so far: the same cube as "R macro R'"; labels carry the rotations since the
// previous macro; the moves in order simplify to the solution).
import { loadCoreNode } from '../../web/lib/core-node.mjs';
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

describe('documented rules as properties', () => {
  // a seeded xorshift, so a failure names its stream
  const rng = (seed) => { let x = seed >>> 0 || 1; return (n) => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x % n; }; };

  test('the improving list is complete: every strictly shorter solution, in order, whatever the batches', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const r = rng(seed);
      const records = Array.from({ length: 1 + r(40) }, (_, i) => {
        const kind = r(5);
        if (kind === 0) return { gen: i, bestLength: -1, bestMoves: '' };
        if (kind === 1) return { gen: i, bestLength: r(30) }; // no moves: not a solution
        const len = r(30);
        return { gen: i, bestLength: len, bestMoves: `m${len}`, evaluations: i * 7 };
      });
      // brute force: the records whose solution is shorter than every earlier solution
      const want = [];
      let best = Infinity;
      for (const x of records) {
        if (!(x.bestLength >= 0) || x.bestMoves == null) continue;
        if (x.bestLength < best) want.push([x.bestLength, x.bestMoves, x.gen]), best = x.bestLength;
      }
      const list = [];
      for (let i = 0; i < records.length;) {
        const n = 1 + r(5);
        addImproving(list, records.slice(i, i + n));
        i += n;
      }
      expect(`${seed}: ${JSON.stringify(list.map((x) => [x.length, x.moves, x.gen]))}`).toBe(`${seed}: ${JSON.stringify(want)}`);
    }
  });

  test("macro-ga's part labels across several macros: each Mk is the paper's macro k in the frame of the rotations so far", async () => {
    const core = await loadCoreNode();
    const MACROS = ["F' L' B' R' U' R U' B L F R U R' U", "F R B L U L' U B' R' F' L' U' L U'", "U2 B U2 B' R2 F R' F' U2 F' U2 F R'",
      "U2 R U2 R' F2 L F' L' U2 L' U2 L F'", "U' B2 D2 L' F2 D2 B2 R' U'", "U B2 D2 R F2 D2 B2 L U", "D' R' D R2 U' R B2 L U' L' B2 U R2",
      "D L D' L2 U L' B2 R' U R B2 U' L2", "R' U L' U2 R U' L R' U L' U2 R U' L U'", "L U' R U2 L' U R' L U' R U2 L' U R' U",
      "F' U B U' F U B' U'", "F U' B' U F' U' B U", "L' U2 L R' F2 R", "R' U2 R L' B2 L"]; // M15 (slices) is checked by its length
    const seen = new Set();
    let macros = 0, rotated = 0;
    for (const [scramble, seed] of [["R U F' L2 D B", 1], ["F R U R' U' F' D2 L", 2], ["B2 L U' R D2 F", 3], ["L2 D' B R2 U F'", 4]]) {
      const { status, result } = core.run({ solver: 'macro-ga', facelets: core.apply(scramble), seed });
      expect(status).toBe('solved');
      const rows = partRows(result.parts);
      expect(core.simplify(rows.map((x) => x.moves).join(' '))).toBe(result.solution);
      expect(partsSummary(result.parts)).toMatch(new RegExp(`^${result.parts.filter((p) => /^M/.test(p.label)).length} macros?,`));
      let frame = '';
      for (const [i, p] of result.parts.entries()) {
        expect(p.label).toMatch(/^(start|migrant|M([1-9]|1[0-5]))$/);
        expect(rows[i].label).toBe(p.rotation ? `${p.rotation} · ${p.label}` : p.label);
        expect(p.moves.split(/\s+/).filter(Boolean).length).toBe(p.length);
        if (!/^M/.test(p.label)) continue;
        macros++;
        seen.add(p.label);
        frame = `${frame} ${p.rotation}`.trim();
        rotated += p.rotation !== '';
        const k = Number(p.label.slice(1));
        if (k === 15) { expect(p.length).toBe(11); continue; } // M2 U M2 U2 M2 U M2: each M2 two face turns
        const want = core.apply(`${frame} ${MACROS[k - 1]} ${frame ? core.invert(frame) : ''}`);
        expect(`${p.label} after "${frame}": ${core.apply(p.moves)}`).toBe(`${p.label} after "${frame}": ${want}`);
      }
    }
    expect(macros).toBeGreaterThanOrEqual(60);
    expect(seen.size).toBeGreaterThanOrEqual(10);
    expect(rotated).toBeGreaterThanOrEqual(10);
  });
});
