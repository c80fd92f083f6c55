// first-visit.mjs - what a first visit is offered: an evolutionary solver at a tempo a person
// can follow (SUGGESTED: Thistlethwaite ES at 10 generations/s, a run of a few seconds), with
// the exact solver one click away, named as the yardstick. A first visit is an address with
// no query (a link says what to run) and nothing remembered under VISITED_KEY (remembered at
// once, so a reload starts from the solver list's first entry). The suggestion holds until
// the user picks a solver: then the tempo goes back to full speed, unless the user changed
// it meanwhile.
//   isFirstVisit(search, storage?) -> boolean (remembers the visit; storage() gives a
//     Storage, localStorage by default)                                     DOM-free
//   new FirstVisit({ panel, solvers, setTempo, tempo })
//     panel: the SolverFields (its select and choose()); setTempo(rate | null): the Watch
//     panel's tempo; tempo(): the tempo now (null: full speed)
//   offer(search)  on a first visit (isFirstVisit), suggest()
//   suggest()   choose the suggested solver and tempo and say so beside Solve
//   active      the suggestion holds
import { byId, el, clear } from '../common/dom.mjs';
import { solverInfo } from '../common/solver-info.mjs';

export const SUGGESTED = Object.freeze({ solver: 'twes', tempo: 10 });
export const YARDSTICK = 'twophase';
export const VISITED_KEY = 'evocube.visited';

export function isFirstVisit(search, storage = () => globalThis.localStorage) {
  let seen = false;
  try {
    seen = storage().getItem(VISITED_KEY) === '1';
    storage().setItem(VISITED_KEY, '1');
  } catch { /* storage off: every visit is a first one */ }
  return !seen && !(search && search.length > 1);
}

export class FirstVisit {
  constructor({ panel, solvers, setTempo, tempo }) {
    Object.assign(this, { panel, solvers, setTempo, tempo, active: false });
    panel.select.addEventListener('change', () => this.end());
  }

  has(name) { return this.solvers.some((s) => s.name === name); }

  offer(search) { if (isFirstVisit(search)) this.suggest(); }

  suggest() {
    const { solver, tempo } = SUGGESTED;
    if (!this.has(solver) || !this.panel.choose(solver)) return;
    this.setTempo(tempo);
    this.active = true;
    const box = byId('suggest');
    clear(box);
    box.append(`Suggested for a first look: ${solverInfo(solver).label}, at ${tempo} generations/s (the Watch panel's tempo).`);
    if (this.has(YARDSTICK)) {
      box.append(' The yardstick: ', el('button', {
        type: 'button', class: 'quiet small', dataset: { testid: 'suggest-yardstick' },
        title: 'the exact solver: the shortest solutions, found in milliseconds, with nothing to watch',
        onclick: () => {
          this.panel.select.value = YARDSTICK;
          this.panel.select.dispatchEvent(new Event('change'));
        },
      }, solverInfo(YARDSTICK).label));
    }
    box.hidden = false;
  }

  end() {
    if (!this.active) return;
    this.active = false;
    if (this.tempo() === SUGGESTED.tempo) this.setTempo(null);
    byId('suggest').hidden = true;
  }
}
