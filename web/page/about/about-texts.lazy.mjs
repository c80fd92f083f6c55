// lazy/about.mjs - the "About this solver" texts, loaded on demand when the panel opens
// (web/page/about/about-panel.mjs), so they cost nothing in the first load. One entry per solver:
// what an individual is, the fitness and which way is better, the operators, the phases,
// the budget, the source with its reference, where evocube deviates (each solver's C file
// lists its deviations in full), and for the swarm solvers that their distance is the exact
// two-phase oracle. Plain text only (shown through textContent).
const SWARM_NOTE = 'Fitness is the exact distance to solved, computed for every candidate state by evocube\'s two-phase oracle (an optimal search with a node budget, the "budget" param; oracle=1 gives the thesis\'s weaker "first solution of at most 20 moves"). The swarm only chooses among states that oracle ranks, so the two-phase solver alone, which this guidance comes from, solves any cube faster and in fewer moves.';
const THESIS = 'J. Jeevan, "On the Performance Analysis of Solving the Rubik\'s Cube Using Swarm Intelligence Algorithms", M.Tech. dissertation, Cochin University of Science and Technology, 2021';

export const ABOUT = {
  twophase: {
    individual: 'None: an exact search, no population. One step is a thousand search nodes.',
    fitness: 'The length (moves, HTM) of the best solution found so far; lower is better.',
    operators: 'Iterative-deepening search with pruning tables, phase 1 into the subgroup <U, D, R2, L2, F2, B2>, phase 2 within it; six search directions (the cube along three axes and its inverse).',
    phases: 'Phase 1 (to the subgroup), phase 2 (to solved).',
    budget: 'maxLength (stop at a solution this short), budget in search nodes, firstSolution=1 to report each shorter solution.',
    source: 'H. Kociemba, the two-phase algorithm (kociemba.org/cube.htm); the search follows the common min2phase design.',
    deviations: 'None in the method; evocube adds a resumable stepped search so the page can pause and show progress.',
  },
  hugo: {
    individual: 'A fixed-length list of 30 face turns (genes); its best prefix is what counts.',
    fitness: 'Matching sticker pairs (corner-edge and centre-edge) after the best prefix, minus that prefix\'s length; higher is better and it may be negative. Each phase counts its own pairs (goals: a 2x2x3 block, 16 pairs + the two-generator test = 17, all 48 pairs).',
    operators: 'Stochastic universal sampling, uniform crossover, mutation of single genes, an elite kept, and an optimization operator that merges turns of one face.',
    phases: '1: a 2x2x3 block (12 populations, one per block location); 2: into the two-generator group of the two free faces; 3: solve with those two faces only.',
    budget: 'generations1..3 per round (rounds repeat until the phase goal holds), maxGenerations over all phases (then it gives up).',
    source: 'M. Borschbach, C. Grelle, "Empirical Benchmarks of a Genetic Algorithm Incorporating Human Strategies", Technical Report 2009/01.',
    deviations: 'Individuals keep a fixed length (freed genes are refilled at random); fitness is the best prefix\'s pairs minus its steps; phase 1 takes the best solving individual over the 12 populations; each block location has its own pair tables instead of rotating the cube; a generation budget ends a run (the paper never gives up). The full list is at the top of c/solvers/hugo/hugo.c.',
  },
  twes: {
    individual: 'A list of moves applied to the cube, grown phase by phase.',
    fitness: 'Per phase: weight x (violations of the phase\'s target group) + the number of moves; lower is better, and the phase is done when the violations are 0.',
    operators: 'An evolution strategy (mu, lambda): each child copies a random parent among the mu best and adds 0..s random moves of the phase\'s group, redundant moves removed.',
    phases: 'Thistlethwaite\'s groups: G0 to G1 (edge orientation), G1 to G2 (E-slice edges, then corner twist), G2 to G3, G3 to solved.',
    budget: 'mu parents, lambda children per generation, reset (start over after so many generations), maxGenerations (then it gives up).',
    source: 'N. El-Sourani, S. Hauke, M. Borschbach, "An Evolutionary Approach for Solving the Rubik\'s Cube Incorporating Exact Methods", EvoApplications 2010, LNCS 6024.',
    deviations: 'Cubes are cubies rather than colour matrices; the edge-orientation axis is fixed to R/L; "wrong aligned corners" of phase 3 is the distance to the nearest half-turn-group corner permutation; a phase ends when mu distinct solvers exist (see c/solvers/twes/twes.c).',
  },
  'macro-ga': {
    individual: 'The cube after two random moves and then a growing list of permutation macros, rotations and orientations.',
    fitness: 'The number of misplaced stickers (0 = solved); lower is better.',
    operators: 'Sort by fitness, keep the elite unchanged; every other slot copies an elite individual and applies one of six evolution types (a macro, two macros, or rotations/orientations then a macro).',
    phases: 'One phase.',
    budget: 'population, elitism, generations per attempt, resets (a stuck population is rebuilt).',
    source: 'A blog post on solving the cube with a genetic algorithm and permutation macros (a copy: shared/papers/genetic-algorithm-permutation-macros.md).',
    deviations: 'Rotations rename later turns, so solutions are plain face turns; opt-in tieBreak and loopCut (preset short) give shorter solutions; the defaults keep the blog\'s method (c/solvers/macro_ga/macro_ga.c).',
  },
  greedy: {
    individual: 'One agent: a path of moves from the scrambled cube.',
    fitness: 'The two-phase distance to solved of the agent\'s state, in moves (0 = solved); lower is better.',
    operators: 'Each iteration takes the neighbour (of 18 face turns) with the lowest distance not worse than the current one and never visited; otherwise it backtracks one move.',
    phases: 'One phase.',
    budget: 'iterations (moves applied), then it gives up.',
    source: `${THESIS}, section 3.2, Algorithm 3.`,
    deviations: 'After a backtrack the walk goes on from the state it is back at, with that state\'s fitness (taken literally, the algorithm unwinds to the start at the first local minimum); see c/solvers/swarm/greedy.c.',
    swarm: true,
  },
  pso: {
    individual: 'A particle: a cube state and the path that reached it, with its personal best; the swarm keeps a global best.',
    fitness: 'The two-phase distance to solved, in moves (0 = solved); lower is better.',
    operators: 'Equation 3.3: a particle moves to its personal or the global best plus as many random moves as the fitness gap, or from where it is.',
    phases: 'One phase.',
    budget: 'particles, iterations (then it gives up).',
    source: `${THESIS}, section 3.1, equation 3.3.`,
    deviations: 'A path that grows past the notation\'s limit is simplified or restarted from the global best; the solved state has fitness 0 (the thesis\'s oracle reports 1). Every case of equation 3.3 is coded (c/solvers/swarm/pso.c).',
    swarm: true,
  },
  aco: {
    individual: 'An ant: a cube state and its path; the colony shares a pheromone map keyed by cube state.',
    fitness: 'The two-phase distance to solved, in moves (0 = solved); lower is better.',
    operators: 'Each ant picks a move by roulette on pheromone^alpha x (1/distance)^beta (eq. 3.6), deposits 1/distance (eq. 3.4); the ants regroup at a better state, or back at the last regroup node after going as deep as the best without improving.',
    phases: 'One phase.',
    budget: 'ants, iterations (then it gives up).',
    source: `${THESIS}, section 3.3, equations 3.4-3.7.`,
    deviations: 'Ants deposit once all have moved (an immediate deposit makes the colony walk as one ant); alpha and beta are whole numbers; an ant next to solved takes that move; a retry also resets the regroup node\'s own edges (c/solvers/swarm/aco.c).',
    swarm: true,
  },
  dkho: {
    individual: 'A krill: a path of moves from the scrambled cube and the state it reaches.',
    fitness: 'The two-phase distance to solved, in moves (0 = solved); lower is better.',
    operators: 'Greedy or roulette move choice (eq. 3.8), killing krill worse than 1.5 x the best (eq. 3.9), one-point crossover of survivors, mutation of offspring.',
    phases: 'One phase.',
    budget: 'krill, iterations (then it gives up).',
    source: `${THESIS}, section 3.4, equations 3.8-3.9.`,
    deviations: 'Choices the thesis leaves open: ties go to the lowest move, a krill next to solved takes that move, the cut point is uniform, 2 mutated positions by default (param mutations), mutation happens once (c/solvers/swarm/dkho.c).',
    swarm: true,
  },
};

export const SWARM_ORACLE = SWARM_NOTE;

// [[heading, text]] for a solver, or null when there is no text for it
export function aboutRows(name) {
  const a = ABOUT[name];
  if (!a) return null;
  const rows = [
    ['Individual', a.individual], ['Fitness', a.fitness], ['Operators', a.operators], ['Phases', a.phases],
    ['Budget', a.budget], ['Source', a.source], ['Where evocube deviates', a.deviations],
  ];
  if (a.swarm) rows.push(['Guidance', SWARM_NOTE]);
  return rows;
}
