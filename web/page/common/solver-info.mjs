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

// "lower is better" | "higher is better" | ''
export function direction(name) {
  const b = solverInfo(name).better;
  return b ? `${b} is better` : '';
}
