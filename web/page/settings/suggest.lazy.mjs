// suggest.lazy.mjs - a first visit's suggestion (web/page/settings/first-visit.mjs decides that
// it is one): an evolutionary solver that solves within seconds (SUGGESTED: the first one the
// descriptors call family 'evolution' and quick) at a tempo a person can follow, chosen and
// said beside Solve, with the exact solver (YARDSTICK: family 'exact') one click away. Both
// are picked by what the descriptors say (web/page/common/solver-info.mjs), never by name. It
// holds until the user picks a solver: then the tempo goes back to full speed, unless the
// user changed it.
//   new Suggestion({ panel, solvers, setTempo, tempo }); suggest(); active: it holds
//   suggestPreset(panel, name)   a preset offered in words beside Solve
import { byId, el, clear } from '../common/dom.mjs';
import { solverInfo } from '../common/solver-info.mjs';

export const SUGGESTED = Object.freeze({ solver: { family: 'evolution', quick: true }, tempo: 10 });
export const YARDSTICK = Object.freeze({ family: 'exact' });

export class Suggestion {
  constructor({ panel, solvers, setTempo, tempo }) {
    Object.assign(this, { panel, solvers, setTempo, tempo, active: false });
    panel.select.addEventListener('change', () => this.end());
  }

  has(name) { return name != null && this.solvers.some((s) => s.name === name); }

  // the first solver of the list that has every fact of `want` ({family: 'exact'}), or null
  where(want) {
    const s = this.solvers.find(({ name }) => Object.entries(want).every(([k, v]) => solverInfo(name)[k] === v));
    return s ? s.name : null;
  }

  suggest() {
    const solver = this.where(SUGGESTED.solver), { tempo } = SUGGESTED;
    if (!this.has(solver) || !this.panel.choose(solver)) return;
    this.setTempo(tempo);
    this.active = true;
    const box = byId('suggest');
    clear(box);
    box.append(`Suggested for a first look: ${solverInfo(solver).label}, at ${tempo} generations/s (the Watch panel's tempo).`);
    const exact = this.where(YARDSTICK);
    if (this.has(exact)) {
      box.append(' The yardstick: ', el('button', {
        type: 'button', class: 'quiet small', dataset: { testid: 'suggest-yardstick' },
        title: 'the exact solver: the shortest solutions, found in milliseconds, with nothing to watch',
        onclick: () => {
          this.panel.select.value = exact;
          this.panel.select.dispatchEvent(new Event('change'));
        },
      }, solverInfo(exact).label));
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

// A preset offered in words beside Solve (the swarm solvers' `thesis`: the fitness the thesis
// used, under which the search plateaus and backtracks; the defaults' exact oracle leads
// straight to solved), with a button that chooses it; gone once the solver or preset changes.
export function suggestPreset(panel, name) {
  const s = panel.solver;
  const preset = s && s.presets.find((p) => p.name === name);
  if (!preset || panel.preset) return;
  const box = byId('suggest');
  clear(box);
  box.append(`Suggested for ${solverInfo(s.name).short}: preset ${name}, as the thesis ran it (${preset.help}); its search plateaus and backtracks on the way. ${panel.presetSelect.options[0].textContent.replace(/^\(?defaults\)?/, 'The defaults')} lead straight to solved.`,
    ' ', el('button', {
      type: 'button', class: 'quiet small', dataset: { testid: 'suggest-preset' },
      onclick: () => { panel.presetSelect.value = name; panel.presetSelect.dispatchEvent(new Event('change')); },
    }, `Use ${name}`));
  box.hidden = false;
  const gone = () => { box.hidden = true; panel.select.removeEventListener('change', gone); panel.presetSelect.removeEventListener('change', gone); };
  panel.select.addEventListener('change', gone);
  panel.presetSelect.addEventListener('change', gone);
}
