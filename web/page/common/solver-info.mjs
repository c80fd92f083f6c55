// solver-info.mjs - what the page says about each solver, read from the core's solver list
// (ec_solver_list_json: each solver's descriptor in C carries its label, short name, fitness
// in one line and which way is better), so a new solver needs no edit here. learnSolvers(list)
// is called once at boot with core.solvers(). The long "About this solver" texts are in
// web/page/about/about-texts.lazy.mjs, loaded when the panel opens. A name the list does not
// hold is shown as its code name, with "fitness" and no direction.
const known = new Map();

export function learnSolvers(list) {
  for (const s of list || []) known.set(s.name, s);
}

// {short, label, fitness, better: 'lower' | 'higher' | '', phases: [names], goals: [each phase's
// goal in words], optima: the phases are sub-goals whose exact optimum the core computes}
export function solverInfo(name) {
  const s = known.get(name);
  return s ? { short: s.short || name, label: s.label || name, fitness: s.fitness || 'fitness', better: s.better || '', phases: s.phases || [], goals: s.goals || [], optima: !!s.optima }
    : { short: name, label: name, fitness: 'fitness', better: '', phases: [], goals: [], optima: false };
}

// A progress record's phase in words, for the Phase tile: {short: "1 of 3" (a solver with
// several phases; else the record's own name, "attempt 2"), full: its name and goal
// ("2x2x3 block DL: build a 2x2x3 block"; a name that only numbers the phase, or repeats the
// solver's, is left out)}.
export function phaseWords(name, r) {
  const { phases, goals } = solverInfo(name);
  const title = r.phaseName || `phase ${r.phase + 1}`;
  const goal = goals[r.phase] || '';
  const plain = /^phase \d+$/i.test(title) || title === name;
  return {
    short: phases.length > 1 ? `${r.phase + 1} of ${phases.length}` : title,
    full: goal ? (plain ? goal[0].toUpperCase() + goal.slice(1) : `${title}: ${goal}`) : title,
  };
}

// "lower is better" | "higher is better" | ''
export function direction(name) {
  const b = solverInfo(name).better;
  return b ? `${b} is better` : '';
}
