// ui/solver-info.mjs - what the page says about each solver in its first load: a
// descriptive name for the select (the code name stays the option's value: links use it),
// what its fitness is and which way is better. The long "About this solver" texts are in
// web/lazy/about.mjs, loaded when the panel opens. A solver not listed here (a new one) is
// named by its code name, with "fitness" and no direction.
const SWARM = 'two-phase distance to solved, in moves (0 = solved)';
export const SOLVER_INFO = {
  twophase: { label: 'Two-phase search (Kociemba), exact', fitness: 'length of the best solution found so far, in moves', better: 'lower' },
  hugo: { label: 'HuGO! human-strategy genetic algorithm', fitness: 'matching sticker pairs minus the moves that reach them (per phase)', better: 'higher' },
  twes: { label: 'Thistlethwaite evolution strategy', fitness: 'weighted group violations plus moves (per phase)', better: 'lower' },
  'macro-ga': { label: 'Permutation-macro genetic algorithm', fitness: 'misplaced stickers (0 = solved)', better: 'lower' },
  greedy: { label: 'Greedy search (swarm thesis)', fitness: SWARM, better: 'lower' },
  pso: { label: 'Particle swarm (swarm thesis)', fitness: SWARM, better: 'lower' },
  aco: { label: 'Ant colony (swarm thesis)', fitness: SWARM, better: 'lower' },
  dkho: { label: 'Krill herd (swarm thesis)', fitness: SWARM, better: 'lower' },
};

export function solverInfo(name) {
  return SOLVER_INFO[name] || { label: name, fitness: 'fitness', better: '' };
}

// "lower is better" | "higher is better" | ''
export function direction(name) {
  const b = solverInfo(name).better;
  return b ? `${b} is better` : '';
}
