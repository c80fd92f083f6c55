// solver-info.mjs - what the page knows about each solver, read from the core's solver list
// (ec_solver_list_json: each solver's descriptor in C), the one place the page reads per-solver
// facts from, so a new solver needs no edit here and no feature compares a solver's name.
// learnSolvers(list) is called once at boot with core.solvers(). The long "About this solver"
// texts are in web/page/about/about-texts.lazy.mjs, loaded when the panel opens. A name the
// list does not hold is shown as its code name, with "fitness", no direction and the
// defaults below (an evolution solver whose records carry the best only).
const known = new Map();

export function learnSolvers(list) {
  for (const s of list || []) known.set(s.name, s);
}

// {name, short, label, fitness, better: 'lower' | 'higher' | '', phases: [names],
//  goals: [each phase's goal in words], optima: the phases are sub-goals whose exact optimum
//  the core computes,
//  family: 'evolution' | 'swarm' | 'exact',
//  records: what a progress record carries beyond the best: 'best' (nothing), 'population'
//    (its population's fitness quantiles, popFit), 'agents' (its agents' fitness), 'solutions'
//    (each record is a shorter solution than the one before),
//  agents: with records 'agents', what they are, plural, for people ('particles'); else '',
//  neighbours: the agents are the neighbours of one agent, one per face turn (the
//    descriptor's neighbours), shown as one bar per move,
//  islands: it has an island model (several workers exchange migrants),
//  quick: it solves a random state within seconds at its defaults}
// (and the descriptor's other fields: title, workUnit, params, presets)
const UNKNOWN = { fitness: 'fitness', better: '', phases: [], goals: [], optima: false, family: 'evolution', records: 'best', agents: '', neighbours: false, islands: false, quick: false };
export function solverInfo(name) {
  return { ...UNKNOWN, name, short: name, label: name, ...known.get(name) };
}

// "lower is better" | "higher is better" | ''
export function direction(name) {
  const b = solverInfo(name).better;
  return b ? `${b} is better` : '';
}
