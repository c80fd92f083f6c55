// islands-table.mjs - the live table of an island run, a subscriber of the run model
// (web/lib/run/run.mjs): one row per island (phase, generation, best fitness, best length) and
// the "all" row: the leading island, named, with its phase, best fitness and length (the
// leader: the furthest phase, then the best fitness by the solver's direction; islands in
// other phases are not compared), and the generations of all islands together, with the
// epoch. Every text is web/lib/run/numbers.mjs's islandRows of the model; repainted at most
// once per animation frame.
import { byId as $, el, clear, setText } from '../common/dom.mjs';
import { islandRows, NONE } from '../../lib/run/numbers.mjs';

export class IslandsTable {
  constructor() {
    this.rows = [];
    this.offs = [];
  }

  follow(run) {
    for (const off of this.offs) off();
    const k = run.islands;
    this.run = run;
    this.pending = false;
    const body = $('islands-table').tBodies[0];
    clear(body);
    this.rows = [];
    for (let i = 0; i < k; i++) {
      const cells = [el('td', {}, String(i + 1)), el('td', {}, NONE), el('td', { class: 'num' }, '0'), el('td', { class: 'num' }, NONE), el('td', { class: 'num' }, NONE)];
      body.append(el('tr', { dataset: { testid: `island-${i}` } }, ...cells));
      this.rows.push(cells);
    }
    $('islands-table').hidden = k < 2;
    for (const id of ['islands-total-gen', 'islands-total-best', 'islands-total-length']) setText($(id), NONE);
    setText($('islands-leader'), '');
    setText($('islands-epoch'), '');
    if (k < 2) { this.offs = []; return; }
    const schedule = () => {
      if (!this.pending) { this.pending = true; requestAnimationFrame(() => this.paint()); }
    };
    this.offs = [run.on('progress', schedule), run.on('epoch', schedule), run.on('end', () => this.paint())];
  }

  paint() {
    this.pending = false;
    const { rows, all, epoch } = islandRows(this.run);
    rows.forEach((r, i) => {
      const [, phase, gen, best, length] = this.rows[i];
      setText(phase, r.phase);
      setText(gen, r.gen);
      setText(best, r.best);
      setText(length, r.length);
    });
    setText($('islands-leader'), all.leader);
    setText($('islands-total-gen'), all.gen);
    $('islands-total-gen').dataset.total = String(all.total);
    setText($('islands-total-best'), all.best);
    setText($('islands-total-length'), all.length);
    setText($('islands-epoch'), epoch);
  }
}
