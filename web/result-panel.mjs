// result-panel.mjs - the result of a solve: the solution in notation, a summary (total
// length in HTM, solving time and start-up, generations, evaluations), the page's own check
// that the solution solves the cube (core.verify, independent of the worker), and the
// solution split by phase with each phase's moves, length and generations. DOM only
// through textContent and element builders; one row per phase.
import { byId as $, el, clear, setText, fmtNum, fmtMs } from './dom.mjs';

export class ResultPanel {
  constructor({ core }) {
    this.core = core;
  }

  clear() {
    clear($('phases').tBodies[0]);
    $('phases').hidden = true;
    for (const id of ['solution', 'result-summary', 'verified']) setText($(id), '');
    delete $('verified').dataset.ok;
    delete $('solution').dataset.solution;
  }

  // r: a worker result {solution, length, phases, stats}; facelets: the cube it solves.
  show(r, facelets) {
    this.clear();
    const st = r.stats;
    setText($('solution'), st.solved ? (r.solution || '(already solved)') : '');
    $('solution').dataset.solution = r.solution;
    const plural = (n, word) => `${fmtNum(n)} ${word}${n === 1 ? '' : 's'}`;
    setText($('result-summary'), [
      st.solved ? `${r.length} moves (HTM)` : 'no solution within the budget',
      `${fmtMs(st.timeMs)} solving` + (st.setupMs >= 50 ? ` (+${fmtMs(st.setupMs)} start-up)` : ''),
      plural(st.generations, 'generation'),
      plural(st.evaluations, 'evaluation'),
      ...(st.islands > 1 ? [`island ${st.island + 1} of ${st.islands} won in epoch ${fmtNum(st.epochs)}`] : []),
    ].join(' · '));
    if (st.solved) {
      const v = this.core.verify(facelets, r.solution);
      setText($('verified'), v.solved ? '✓ verified on this page: the solution solves the cube' : `✗ ${v.message}`);
      $('verified').dataset.ok = String(v.solved);
    }
    const body = $('phases').tBodies[0];
    for (const p of r.phases || []) {
      body.append(el('tr', {}, el('td', {}, p.name), el('td', {}, el('code', { class: 'long' }, p.solution || '–')),
        el('td', { class: 'num' }, String(p.length)), el('td', { class: 'num' }, fmtNum(p.generations))));
    }
    $('phases').hidden = !(r.phases && r.phases.length);
  }
}
