// ui/solver-info.mjs - what the page says about each solver in its first load: a
// descriptive name for the select (the code name stays the option's value: links use it)
// and a short one for the race,
// what its fitness is and which way is better. The long "About this solver" texts are in
// web/page/about/about-texts.lazy.mjs, loaded when the panel opens. A solver not listed here (a new one) is
// named by its code name, with "fitness" and no direction.
const SWARM = 'two-phase distance to solved, in moves (0 = solved)';
export const SOLVER_INFO = {
  twophase: { short: 'Two-phase', label: 'Two-phase search (Kociemba), exact', fitness: 'length of the best solution found so far, in moves', better: 'lower' },
  hugo: { short: 'HuGO!', label: 'HuGO! human-strategy genetic algorithm', fitness: 'matching sticker pairs minus the moves that reach them (per phase)', better: 'higher' },
  twes: { short: 'Thistlethwaite ES', label: 'Thistlethwaite evolution strategy', fitness: 'weighted group violations plus moves (per phase)', better: 'lower' },
  'macro-ga': { short: 'Macro GA', label: 'Permutation-macro genetic algorithm', fitness: 'misplaced stickers (0 = solved)', better: 'lower' },
  greedy: { short: 'Greedy', label: 'Greedy search (swarm thesis)', fitness: SWARM, better: 'lower' },
  pso: { short: 'PSO', label: 'Particle swarm (swarm thesis)', fitness: SWARM, better: 'lower' },
  aco: { short: 'Ant colony', label: 'Ant colony (swarm thesis)', fitness: SWARM, better: 'lower' },
  dkho: { short: 'Krill herd', label: 'Krill herd (swarm thesis)', fitness: SWARM, better: 'lower' },
};

export function solverInfo(name) {
  return SOLVER_INFO[name] || { short: name, label: name, fitness: 'fitness', better: '' };
}

// "lower is better" | "higher is better" | ''
export function direction(name) {
  const b = solverInfo(name).better;
  return b ? `${b} is better` : '';
}
