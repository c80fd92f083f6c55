// first-visit.mjs - what a first visit is offered: an evolutionary solver at a tempo a person
// can follow (suggest.lazy.mjs: Thistlethwaite ES at 10 generations/s, a run of seconds), with
// the exact solver one click away, named as the yardstick. A first visit is an address with
// no query (a link says what to run) and nothing remembered under VISITED_KEY (remembered at
// once, so a reload starts from the solver list's first entry). The suggestion holds until
// the user picks a solver: then the tempo goes back to full speed, unless the user changed
// it meanwhile.
//   isFirstVisit(search, storage?) -> boolean (remembers the visit; storage() gives a
//     Storage, localStorage by default)                                     DOM-free
//   offerFirstVisit(search, { panel, solvers, setTempo, tempo })  on a first visit, fetch
//     suggest.lazy.mjs and make the suggestion (then panel.onChange); panel: the
//     SolverFields; setTempo(rate | null): the Watch panel's tempo; tempo(): the tempo now
//     (null: full speed)

export const VISITED_KEY = 'evocube.visited';
const THESIS = 'thesis';

export function isFirstVisit(search, storage = () => globalThis.localStorage) {
  let seen = false;
  try {
    seen = storage().getItem(VISITED_KEY) === '1';
    storage().setItem(VISITED_KEY, '1');
  } catch { /* storage off: every visit is a first one */ }
  return !seen && !(search && search.length > 1);
}

// Also, on every visit: a solver with a `thesis` preset (the swarm solvers), picked with its
// defaults, is offered that preset in words beside Solve (suggest.lazy.mjs suggestPreset).
export function offerFirstVisit(search, deps) {
  const { panel } = deps;
  panel.select.addEventListener('change', () => {
    if (panel.solver && panel.solver.presets.some((p) => p.name === THESIS) && !panel.preset) {
      import('./suggest.lazy.mjs').then((m) => m.suggestPreset(panel, THESIS)).catch(() => { /* no suggestion */ });
    }
  });
  if (!isFirstVisit(search)) return;
  import('./suggest.lazy.mjs').then((m) => { new m.Suggestion(deps).suggest(); deps.panel.onChange(); })
    .catch(() => { /* no suggestion: the list's first solver stays */ });
}
