// about-texts.lazy.mjs - the "About this solver" texts, loaded on demand when the panel opens
// (web/page/about/about-panel.mjs), so they cost nothing in the first load. ABOUT holds, per
// solver, what its descriptor does not: what an individual is, the operators, the budget, the
// source with its reference, where evocube deviates (each solver's C file lists its deviations
// in full), how it fares against its paper, and optional details of its fitness (fitnessMore)
// and phases (phasesMore). The fitness in one line, which way is better, the phases with their
// goals, and whether it is a swarm solver (whose distance is the exact two-phase oracle: the
// Guidance row) come from the descriptor (web/page/common/solver-info.mjs). Plain text only
// (shown through textContent).
import { solverInfo } from '../common/solver-info.mjs';

const SWARM_NOTE = 'Fitness is the distance to solved as evocube\'s two-phase oracle reads it, for every candidate state. The reading is exact within 7 turns (a table of every state that close); beyond that it is the shortest two-phase solution the search finds within its node budget (the budget param), so it reads high: 20.9 moves on average on random states, where the true mean distance is about 17.7. oracle=first20 (or 1) gives the thesis\'s weaker "first solution of at most 20 moves" (preset thesis). The swarm only chooses among states that oracle ranks, so the two-phase solver alone, which this guidance comes from, solves any cube faster and in fewer moves.';
const THESIS = 'J. Jeevan, "On the Performance Analysis of Solving the Rubik\'s Cube Using Swarm Intelligence Algorithms", M.Tech. dissertation, Cochin University of Science and Technology, 2021';

export const ABOUT = {
  twophase: {
    individual: 'None: an exact search, no population. One step is a thousand search nodes.',
    fitnessMore: 'Moves are counted in the half-turn metric (a half turn is one move).',
    operators: 'Iterative-deepening search with pruning tables, phase 1 into the subgroup <U, D, R2, L2, F2, B2>, phase 2 within it; six search directions (the cube along three axes and its inverse).',
    phasesMore: 'Phase 1 brings the cube into the subgroup <U, D, R2, L2, F2, B2>, phase 2 solves it within that subgroup.',
    budget: 'By default the solutions found are listed as they improve (say 22 → 21 → 20, as Cube Explorer and csTimer list them) for listNodes search nodes, and the run stops at the first of at most maxLength (20) moves; maxLength=18 or preset short asks for shorter, listNodes=0 (preset fast) skips the list, firstSolution=1 keeps improving for budget nodes after the first solution.',
    source: 'H. Kociemba, the two-phase algorithm (kociemba.org/cube.htm); the search follows the common min2phase design.',
    deviations: 'None in the method; evocube adds a resumable stepped search so the page can pause and show progress.',
  },
  hugo: {
    individual: 'A fixed-length list of 30 face turns (genes); its best prefix is what counts.',
    fitnessMore: 'The pairs are corner-edge and centre-edge pairs after the best prefix, the moves that prefix\'s length, so it may be negative. Each phase counts its own pairs (goals: a 2x2x3 block, 16 pairs + the two-generator test = 17, all 48 pairs).',
    operators: 'Stochastic universal sampling, uniform crossover, mutation of single genes, an elite kept, and an optimization operator that merges turns of one face.',
    phasesMore: 'Phase 1 runs 12 populations, one per block location.',
    budget: 'generations1..3 per round (rounds repeat until the phase goal holds), maxGenerations over all phases (then it gives up).',
    source: 'M. Borschbach, C. Grelle, "Empirical Benchmarks of a Genetic Algorithm Incorporating Human Strategies", Technical Report 2009/01.',
    paper: 'Measured with npm run bench -- papers (docs/BENCHMARKS.md, section papers). Table 7: on the paper\'s six human-competition scrambles, 10 runs each, preset=performance gives 39.5 ± 1.4 turns against the paper\'s 36.3 (the paper ran each scramble once; a six-run mean of this solver varies by about ± 4.6 turns); blocks take 13.0 turns against 10.8 and the two-generator step 7.5 against 6.5, and no reading of the text reproduces the paper\'s phase-1 lengths. That places HuGO! above the humans\' best average (36.8) and below their average (40.5). Random states: the median (39.5) and upper quartile (43) fall in the paper\'s box, the lower quartile (36) does not (about 33). Integrity: shorter than the paper\'s, 2.55 turns on all 5,832 three-turn scrambles (paper 2.945) and 4.51 on four-turn ones (4.924). A performance solve takes about 5 s of CPU, most of it in the two-generator phases, which end only at the end of a round, as in the paper; no faithful reading makes it much faster (the paper\'s own runs used more generations). To watch HuGO! quickly, preset=fast (not the paper\'s: the block and the reduction chosen by exact distances, phases 2-3 guided by distance bounds, every move still evolved) takes about 1.4 s with 34.6 turns on 30 random states, and preset=short, the shortest, about 3 s with 32 (CPU seconds in the browser).',
    deviations: 'Individuals keep a fixed length (freed genes are refilled at random). Where the text is ambiguous, evocube takes the reading that matches most of the paper\'s published figures together, on by default: phase 1 counts each matched pair as three steps (pairWeight1=3; the text\'s pairs minus steps, preset=literal, finds blocks only by accident, with about six times the phase-1 generations); phase-3 rounds are all of equal length, as Table 7\'s generation totals show (the text says "progressively"); among blocks of equal fitness phase 1 takes one that already leaves the cube in its two-generator group (blockTie=1), so F B\' R is solved in 3 turns rather than 15; a phase ends on the best goal-reaching individual seen during the phase, not the population\'s current best, so a found solution is never lost to selection. Each block location has its own pair tables instead of rotating the cube; the final simplification also merges turns of opposite faces (U D U\' becomes D); a generation budget ends a run (the paper never gives up). The full list, each with its reason, is in docs/hugo.md.',
  },
  twes: {
    individual: 'A list of moves applied to the cube, grown phase by phase.',
    fitnessMore: 'Each phase counts weight x (violations of its target group) + the number of moves, and is done when the violations are 0.',
    operators: 'An evolution strategy (mu, lambda): each child copies a random parent among the mu best and adds 0..s random moves of the phase\'s group, redundant moves removed.',
    phasesMore: 'These are Thistlethwaite\'s nested groups, G4 the solved cube; G1 to G2 takes two phases.',
    budget: 'mu parents, lambda children per generation, reset (start over after so many generations), maxGenerations (then it gives up).',
    source: 'N. El-Sourani, S. Hauke, M. Borschbach, "An Evolutionary Approach for Solving the Rubik\'s Cube Incorporating Exact Methods", EvoApplications 2010, LNCS 6024.',
    paper: 'With Table 1\'s setting on 100 random states (npm run bench -- papers) the mean is the paper\'s: 49.3 ± 1.3 moves against 49.46-50.87. But the runs take 37 generations against the paper\'s 92-101, and 31% of solutions fall in 35-45 moves where the paper says "most" do; no reading of the text tried changes either figure (docs/BENCHMARKS.md, section papers).',
    deviations: 'Cubes are cubies rather than colour matrices; the edge-orientation axis is fixed to R/L; "wrong aligned corners" of phase 3 is the distance to the nearest corner permutation of the half-turn group. A phase ends when the mu best distinct children of one generation all reach its goal, or 20 generations after mu distinct such children have been seen (the paper: "until mu different such individuals have been evolved"). The last phase ends at its first solved cube (finalMu=1): waiting for mu of them, as the other phases do, costs about 370 generations for about one move. The final simplification also merges turns of opposite faces and across phase boundaries, a few tenths of a move shorter than the paper\'s operator. See c/solvers/twes/twes.c.',
  },
  'macro-ga': {
    individual: 'The cube after two random moves and then a growing list of permutation macros, rotations and orientations.',
    operators: 'Sort by fitness, keep the elite unchanged; every other slot copies an elite individual and applies one of six evolution types (a macro, two macros, or rotations/orientations then a macro).',
    budget: 'population, elitism, generations per attempt, resets (a stuck population is rebuilt).',
    source: 'A blog post on solving the cube with a genetic algorithm and permutation macros (a copy: shared/papers/genetic-algorithm-permutation-macros.md).',
    deviations: 'Rotations rename later turns, so solutions are plain face turns (the Result lists the solving individual\'s macros, each with the rotations before it and the face turns it became); opt-in tieBreak and loopCut (preset short) give shorter solutions; the defaults keep the blog\'s method (c/solvers/macro_ga/macro_ga.c).',
  },
  greedy: {
    individual: 'One agent: a path of moves from the scrambled cube.',
    operators: 'Each iteration takes the neighbour (of 18 face turns) with the lowest distance not worse than the current one and never visited; otherwise it backtracks one move.',
    budget: 'iterations (moves applied), then it gives up.',
    source: `${THESIS}, section 3.2, Algorithm 3.`,
    deviations: 'After a backtrack the walk goes on from the state it is back at, with that state\'s fitness (taken literally, the algorithm unwinds to the start at the first local minimum); see c/solvers/swarm/greedy.c.',
  },
  pso: {
    individual: 'A particle: a cube state and the path that reached it, with its personal best; the swarm keeps a global best.',
    operators: 'Equation 3.3: a particle moves to its personal or the global best plus as many random moves as the fitness gap, or from where it is.',
    budget: 'particles, iterations (then it gives up).',
    source: `${THESIS}, section 3.1, equation 3.3.`,
    deviations: 'A path that grows past the notation\'s limit is simplified or restarted from the global best; the solved state has fitness 0 (the thesis\'s oracle reports 1). Every case of equation 3.3 is coded (c/solvers/swarm/pso.c). By default the number of random moves taken toward a best position is drawn from 1 up to the bound (draw=1, as in the author\'s code), not exactly the bound as the text says (draw=0, preset text); on 60 random states this cuts the median CPU from 0.34 s to 0.20 s and the mean length from 21.7 to 20.9, all solved either way.',
  },
  aco: {
    individual: 'An ant: a cube state and its path; the colony shares a pheromone map keyed by cube state.',
    operators: 'Each ant picks a move by roulette on pheromone^alpha x (1/distance)^beta (eq. 3.6), deposits 1/distance (eq. 3.4); the ants regroup at a better state, or back at the last regroup node after going as deep as the best without improving.',
    budget: 'ants, iterations (then it gives up).',
    source: `${THESIS}, section 3.3, equations 3.4-3.7.`,
    deviations: 'Ants deposit once all have moved (an immediate deposit makes the colony walk as one ant); alpha and beta are whole numbers; an ant next to solved takes that move; a retry also resets the regroup node\'s own edges (c/solvers/swarm/aco.c). By default an ant that sees a neighbour the oracle scores below the best so far takes it instead of spinning the roulette (sight=1), and the regroup depth starts at 2 and grows by one per failed try (regroup=1) instead of waiting until the ants are as deep as the best so far; preset text restores both. On 60 random states this solves 60 of 60 against 51 for the text\'s rules, at 0.10 s median CPU against 0.80 s: the text\'s colony gets stuck where the oracle\'s reading has local minima beyond 7 turns.',
  },
  dkho: {
    individual: 'A krill: a path of moves from the scrambled cube and the state it reaches.',
    operators: 'Greedy or roulette move choice (eq. 3.8), killing krill worse than 1.5 x the best (eq. 3.9), one-point crossover of survivors, mutation of offspring.',
    budget: 'krill, iterations (then it gives up).',
    source: `${THESIS}, section 3.4, equations 3.8-3.9.`,
    deviations: 'Choices the thesis leaves open: ties go to the lowest move, a krill next to solved takes that move, the cut point is uniform, 2 mutated positions by default (param mutations), mutation happens once (c/solvers/swarm/dkho.c).',
  },
};

const cap = (t) => t[0].toUpperCase() + t.slice(1);
const withMore = (text, more) => (more ? `${text} ${more}` : text);

// The Fitness row: the descriptor's one line and which way is better, then the details
export function fitnessText(name, more) {
  const { fitness, better } = solverInfo(name);
  return withMore(`${cap(fitness)}${better ? `; ${better} is better` : ''}.`, more);
}

// The Phases row: the descriptor's phases in order, each with its goal ("1. 2x2x3 block: build a
// 2x2x3 block; 2. ..."; a name that only numbers the phase gives way to its goal), or "One
// phase: <goal>.", then the details
export function phasesText(name, more) {
  const { phases, goals } = solverInfo(name);
  if (phases.length <= 1) return withMore(goals[0] ? `One phase: ${goals[0]}.` : 'One phase.', more);
  const each = phases.map((p, i) => {
    const goal = goals[i] || '';
    return `${i + 1}. ${/^phase \d+$/i.test(p) ? goal || p : goal ? `${p}: ${goal}` : p}`;
  });
  return withMore(`${each.join('; ')}.`, more);
}

// [[heading, text]] for a solver, or null when there is no text for it
export function aboutRows(name) {
  const a = ABOUT[name];
  if (!a) return null;
  const rows = [
    ['Individual', a.individual], ['Fitness', fitnessText(name, a.fitnessMore)], ['Operators', a.operators],
    ['Phases', phasesText(name, a.phasesMore)], ['Budget', a.budget], ['Source', a.source], ['Where evocube deviates', a.deviations],
  ];
  if (a.paper) rows.push(['Against the paper', a.paper]);
  if (solverInfo(name).family === 'swarm') rows.push(['Guidance', SWARM_NOTE]);
  return rows;
}
