// evolved.mjs - what a run found, in the words of its solver, for the result area (no DOM):
//  - partRows(parts): macro-ga's solving individual (the result's `parts`, evocube.h
//    ec_solver_result_json) as rows {label, name, rotation, length, moves}: name "start",
//    "M1".."M15" or "migrant"; label the name with the rotations before it ("y2 z' · M7").
//    The rows' moves in order are the individual's move list before simplification, which
//    simplifies to the solution (the relation the e2e test asserts).
//  - partsTotal(parts): their face turns in all.
//  - partText(row): a row as the page's "What evolved" list and the CLI name it, "z y2 · M7
//    (13 moves)"; partsSummary(parts): "25 macros, 330 moves in all before simplification"
//    (the macros M1..M15 counted, not the start moves or migrants).
//  - addImproving(list, records): append to list the records whose solution is shorter than
//    the last listed one (bestLength >= 0 with bestMoves; twophase's records: each better
//    solution the search found, 22 -> 21 -> 20), as {length, moves, gen, evaluations}; returns
//    list. improvingText(list): "22 → 21 → 20".
// Cost: O(records) per call.

import { fmtNum, fmtMoves } from './format.mjs';

const NAMES = { start: 'random start moves', migrant: 'taken from another island' };

export function partRows(parts) {
  return (parts || []).map((p) => ({
    name: p.label,
    rotation: p.rotation || '',
    label: p.rotation ? `${p.rotation} · ${p.label}` : p.label,
    title: NAMES[p.label] || (p.rotation ? `macro ${p.label.slice(1)} after the whole-cube rotation ${p.rotation}` : `macro ${p.label.slice(1)}`),
    length: p.length,
    moves: p.moves,
  }));
}

export const partsTotal = (parts) => (parts || []).reduce((n, p) => n + p.length, 0);

export const partText = (row) => `${row.label} (${fmtMoves(row.length)})`;

export function partsSummary(parts) {
  const macros = (parts || []).filter((p) => /^M\d/.test(p.label)).length;
  return `${fmtNum(macros)} macro${macros === 1 ? '' : 's'}, ${fmtMoves(partsTotal(parts))} in all before simplification`;
}

export function addImproving(list, records) {
  for (const r of records) {
    if (!(r.bestLength >= 0) || r.bestMoves == null) continue;
    const last = list[list.length - 1];
    if (last && r.bestLength >= last.length) continue;
    list.push({ length: r.bestLength, moves: r.bestMoves, gen: r.gen, evaluations: r.evaluations });
  }
  return list;
}

export const improvingText = (list) => list.map((s) => s.length).join(' → ');
