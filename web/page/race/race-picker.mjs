// race-picker.mjs - the race: the same cube and seed handed to several solvers at once, each in
// its own worker (its own SolverClient, warmed up before the start so table building is
// not raced), with a live row per solver (status, generation) and, as they finish, length,
// time from the start (wall clock; the tooltip splits solving and start-up) and the
// finishing place; the shortest and the fastest are marked. The comparison is a
// full-width board (index.html's race-board): once the race ends its rows are sorted by
// place, with length and time bars scaled to the longest and slowest, each solution in
// full, and a play button that hands that result to onPlay (the page shows it in the Result
// panel). Solvers that finish in seconds are picked by default (the descriptor's `quick`, read
// through web/page/common/solver-info.mjs). Workers end with the race. The picker is here;
// running a race and its board are web/page/race/race-run.lazy.mjs, fetched on the first Start.
//   new RacePicker({ solvers, notify, cube, seed, onChange, onPlay })
//     cube(), seed(): the page's input cube and seed now; onChange() after every change of
//     the picks or of running; onPlay(result): a runner's result (its worker's, with `race`:
//     the solver's name) to show and play (no play buttons without it)
//   picked()   the picked solvers' names; running: a race is going
//   update(ok) the Start button (ok: the page can race now)
import { el, byId } from '../common/dom.mjs';
import { solverInfo } from '../common/solver-info.mjs';

export class RacePicker {
  constructor({ solvers, notify, cube, seed, onChange, onPlay = null }) {
    this.onPlay = onPlay;
    this.solvers = solvers;
    this.notify = notify;
    this.cube = cube;
    this.seed = seed;
    this.onChange = onChange;
    this.running = false;
    this.entries = [];
    const pick = byId('race-pick');
    this.boxes = solvers.map((s, i) => {
      const box = el('input', { type: 'checkbox', value: s.name, dataset: { testid: `race-pick-${s.name}` } });
      const info = solverInfo(s.name);
      box.checked = info.quick; // the default runners: those that finish a random state in seconds
      box.addEventListener('change', () => this.onChange());
      pick.append(el('label', { class: 'check', title: `${info.label} (${s.name}): ${s.title}` }, box, ` ${info.short}`));
      return box;
    });
    if (!solvers.length) pick.append(el('span', { class: 'hint' }, 'No solver is registered in this build yet.'));
    byId('race-start').addEventListener('click', () => this.start());
    byId('race-cancel').addEventListener('click', () => this.stop());
  }

  picked() { return this.boxes.filter((b) => b.checked).map((b) => b.value); }

  // Start works when the page can race (ok: a valid cube and seed, solving available), none
  // is going and a solver is picked
  update(ok) { byId('race-start').disabled = !ok || this.running || this.picked().length === 0; }

  async start() {
    if (this.running) return;
    let runRace;
    try {
      ({ runRace } = await import('./race-run.lazy.mjs'));
    } catch (e) {
      this.notify(`race: ${e.message}`, 'error');
      return;
    }
    await runRace(this);
  }

  stop() {
    this.stopped = true;
    for (const e of this.entries) if (e.h) e.h.cancel();
  }
}
