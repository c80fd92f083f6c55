// table.mjs - the statistics table of an experiment's records and the paper's figures beside
// them, as data: one shape for the page's Experiments view (web/page/experiments/
// experiments-results.mjs renders it) and `evocube report` (scripts/cli/report.mjs prints it as
// markdown, CSV or JSON), so both show the same numbers for the same records. No DOM, no Node.
//
// Rows: per group (plan.mjs's groups: the solver, and the sweep value; then "all" when there
// are several) plan.mjs's summary, and per measure its describe() (web/lib/stats.mjs: n,
// mean, median, q1, q3, sd, ci95, min, max). Measures are MEASURES (length, generations, time)
// and, with {phases: true}, each phase's length. Times stay in the records' unit (ms); a
// measure's `scale` is what a reader's unit is (seconds: 1e-3). Costs: one summarize() per
// group, O(n log n) each.
import { summarize, groups } from './plan.mjs';

// [key, label, decimals, scale, decimals of the raw value]: times are recorded in ms and shown
// in seconds, as the papers give them
export const MEASURES = [['length', 'length (HTM)', 2, 1, 2], ['generations', 'generations', 1, 1, 1], ['time', 'time (s)', 2, 1e-3, 1]];
const PHASE_MEASURE = (k, name) => [`phase${k + 1}`, `${name} length (HTM)`, 2, 1, 2];

// The measures of a summary: [{key, label, decimals, scale, rawDecimals, stat}], MEASURES first,
// then (phases) each phase's length.
function measureRows(s, phases) {
  const rows = MEASURES.map(([key, label, decimals, scale, rawDecimals]) => ({ key, label, decimals, scale, rawDecimals, stat: s[key] }));
  if (phases) {
    s.phases.forEach((p, k) => {
      const [key, label, decimals, scale, rawDecimals] = PHASE_MEASURE(k, p.name);
      rows.push({ key, label, decimals, scale, rawDecimals, stat: p.length });
    });
  }
  return rows;
}

// The table of `records`: [{group, count, solved, errors, measures: measureRows}], groups in
// the order they first appear, then "all" when there are several. opts.phases: add each
// phase's length to a group of one solver (the view shows MEASURES only).
export function statsTable(records, { phases = false } = {}) {
  const all = groups(records);
  return (all.length > 1 ? [...all, ['all', records]] : all).map(([group, rs]) => {
    const s = summarize(rs);
    // phases mean one thing within one solver only ("all" over two solvers has none)
    const oneSolver = new Set(rs.map((r) => r.solver)).size === 1;
    return { group, count: s.count, solved: s.solved, errors: s.errors, measures: measureRows(s, phases && oneSolver) };
  });
}

// A paper's figure's measure in a summary: a phase's length for {measure: 'length', phase: k}
// (0-based), else summary[measure].
const figureStat = (s, f) => (f.phase !== undefined ? (s.phases[f.phase] ? s.phases[f.phase].length : summarize([]).length) : s[f.measure]);

// The paper's figures (papers.mjs: {measure, stat, solver?, phase?, value, ref, note?}) beside
// this run's: [{figure, label, decimals, scale, stat}] (stat: describe() of the figure's
// measure over the records of its solver, or all).
export function paperRows(figures, records) {
  return figures.map((f) => {
    const rs = f.solver ? records.filter((r) => r.solver === f.solver) : records;
    const s = summarize(rs);
    const [, label, decimals, scale] = MEASURES.find(([k]) => k === f.measure);
    const phaseName = f.phase !== undefined ? (s.phases[f.phase] ? s.phases[f.phase].name : `phase ${f.phase + 1}`) : null;
    return { figure: f, label: phaseName ? `${phaseName} ${label}` : label, decimals, scale, stat: figureStat(s, f) };
  });
}
