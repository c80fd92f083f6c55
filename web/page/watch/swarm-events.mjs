// swarm-events.mjs - the swarm view's event log in words: what each of a swarm solver's 6
// event counters counts (the counters of c/solvers/swarm/common.h; their meaning is each
// solver's C file's), and the events between two records' counters. A data table of texts
// keyed by solver name (a solver without one logs nothing); no DOM, so Node tests it
// (tests/js/watch-data.test.mjs).
//   eventText(solver, prev, cur) -> ["2 kills", "regroup depth limit 3", ...]

// each counter as "one|many"; a name starting with '=' is a gauge (its current value), not a count
export const EVENTS = {
  greedy: ['backtrack|backtracks', 'plateau move|plateau moves', 'struck candidate|struck candidates', 'root fallback|root fallbacks'],
  pso: ['move from S_i|moves from S_i', 'move from S_Pi|moves from S_Pi', 'move from S_G|moves from S_G', 'random move drawn|random moves drawn',
    'path restarted for length|paths restarted for length'],
  aco: ['rule-1 regroup (improvement)|rule-1 regroups (improvements)', 'rule-2 regroup (try given up)|rule-2 regroups (tries given up)',
    '=regroup depth limit', 'forced move|forced moves', 'move on sight (below the global minimum)|moves on sight (below the global minimum)'],
  dkho: ['kill|kills', 'offspring|offspring', 'mutated offspring|mutated offspring', 'position mutated|positions mutated',
    'greedy move|greedy moves', 'roulette move|roulette moves'],
};

// The events between two records' counters (prev null: the run's first record)
export function eventText(solver, prev, cur) {
  const names = EVENTS[solver] || [];
  const out = [];
  names.forEach((name, i) => {
    const a = prev ? prev[i] : 0, b = cur[i];
    if (name.startsWith('=')) { if (b !== a) out.push(`${name.slice(1)} ${b}`); return; }
    const d = b - a;
    if (d > 0) out.push(`${d} ${name.split('|')[d > 1 ? 1 : 0]}`);
  });
  return out;
}
