// islands-table.mjs - the live table of an island run (web/lib/islands.mjs): one row per island
// (phase, generation, best fitness, best length) and a row for the whole (generations of all
// islands together, the best fitness over them by the solver's direction of better (the
// solver list's `better`), the shortest best, the epoch). Repainted at
// most once per animation frame from the latest record of each island.
import { byId as $, el, clear, setText } from '../common/dom.mjs';
import { fmtNum } from '../../lib/format.mjs';

export class IslandsTable {
  // k islands; better: 'higher' when a higher fitness is better (else lower is)
  reset(k = 0, better = 'lower') {
    this.higher = better === 'higher';
    this.last = new Array(k).fill(null);
    this.epoch = k > 1 ? 1 : 0;
    this.pending = false;
    const body = $('islands-table').tBodies[0];
    clear(body);
    this.rows = [];
    for (let i = 0; i < k; i++) {
      const cells = [el('td', {}, String(i + 1)), el('td', {}, '–'), el('td', { class: 'num' }, '0'), el('td', { class: 'num' }, '–'), el('td', { class: 'num' }, '–')];
      const row = el('tr', { dataset: { testid: `island-${i}` } }, ...cells);
      this.rows.push(cells);
      body.append(row);
    }
    $('islands-table').hidden = k < 2;
    for (const id of ['islands-total-gen', 'islands-total-best', 'islands-total-length']) setText($(id), '–');
    setText($('islands-epoch'), '');
  }

  add(i, records) {
    if (!records.length || !this.last || i >= this.last.length) return;
    this.last[i] = records[records.length - 1];
    if (!this.pending) { this.pending = true; requestAnimationFrame(() => this.paint()); }
  }

  setEpoch(e) { this.epoch = e + 1; if (!this.pending) { this.pending = true; requestAnimationFrame(() => this.paint()); } }

  paint() {
    this.pending = false;
    let total = 0, best = null, len = null;
    this.last.forEach((r, i) => {
      if (!r) return;
      const [, phase, gen, fit, length] = this.rows[i];
      setText(phase, r.phaseName || `phase ${r.phase + 1}`);
      setText(gen, fmtNum(r.gen));
      setText(fit, r.bestLength < 0 ? '–' : fmtNum(r.best));
      setText(length, r.bestLength < 0 ? '–' : String(r.bestLength));
      total += r.gen;
      if (r.bestLength >= 0) {
        if (best == null || (this.higher ? r.best > best : r.best < best)) best = r.best;
        if (len == null || r.bestLength < len) len = r.bestLength;
      }
    });
    setText($('islands-total-gen'), fmtNum(total));
    $('islands-total-gen').dataset.total = String(total);
    setText($('islands-total-best'), best == null ? '–' : fmtNum(best));
    setText($('islands-total-length'), len == null ? '–' : String(len));
    setText($('islands-epoch'), this.epoch ? `epoch ${fmtNum(this.epoch)}` : '');
  }
}
