// about-panel.mjs - the "About this solver" panel: a <details> under the solver choice
// whose text (web/page/about/about-texts.lazy.mjs) is loaded the first time it is opened, then shown for
// whichever solver is chosen. Interface: new AboutPanel({ solverName }); update() after
// the solver changed.
import { byId as $, el, clear, setText } from '../common/dom.mjs';

export class AboutPanel {
  constructor({ solverName }) {
    this.solverName = solverName;
    this.box = $('about-solver');
    this.mod = null;
    this.box.addEventListener('toggle', () => this.update());
  }

  async update() {
    if (!this.box.open) return;
    const body = $('about-body');
    if (!this.mod) {
      setText(body, 'loading…');
      try {
        this.mod = await import('./about-texts.lazy.mjs');
      } catch (e) {
        console.error(`evocube: the solver description could not load: ${e.message}`);
        clear(body);
        body.append(`The description could not load (${e.message}). `,
          el('button', { type: 'button', class: 'small', dataset: { testid: 'about-retry' }, onclick: () => this.update() }, 'Retry'));
        return;
      }
    }
    const name = this.solverName();
    const rows = this.mod.aboutRows(name);
    clear(body);
    body.dataset.solver = name;
    if (!rows) { body.append(el('p', { class: 'hint' }, `No description of ${name} yet.`)); return; }
    body.append(el('dl', {}, ...rows.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)])));
  }
}
