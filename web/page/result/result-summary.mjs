// result-summary.mjs - the result of a solve: the solution in notation, a summary (total
// length in HTM, solving time and start-up, generations, evaluations), the page's own check
// that the solution solves the cube (core.verify, independent of the worker), and the
// solution split by phase with each phase's moves, length and generations. DOM only
// through textContent and element builders; one row per phase.
import { byId as $, el, clear, setText } from '../common/dom.mjs';
import { fmtNum, fmtMs, fmtMoves } from '../../lib/format.mjs';

export class ResultSummary {
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
      st.solved ? `${fmtMoves(r.length)} (HTM)` : 'no solution within the budget',
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
        el('td', { class: 'num' }, String(p.length)), el('td', { class: 'num' }, fmtNum(p.generations)),
        optimumCell(p)));
    }
    $('phases').hidden = !(r.phases && r.phases.length);
    // opt: the exact two-phase distance of the start, beside the summary
    if (st.startDistance != null) {
      setText($('result-summary'), `${$('result-summary').textContent} · two-phase distance of the start ${st.startDistance}`);
    }
  }
}

// opt: a phase's exact reference optimum (computed by the worker after the solve,
// never used by the solver): "8", "more than 10" when the search stopped at its node bound,
// "–" when the phase has none; HuGO!'s block phase adds the shortest block over the 12
// locations, TWES's "G1 -> G2 (edges)" the optimum of the whole stage from there.
export function optimumText(p) {
  if (p.optimum == null) return '–';
  const one = (k, bound) => (bound ? `more than ${k - 1}` : String(k));
  let t = one(p.optimum, p.optimumBound);
  if (p.bestBlock != null) t += ` (best of 12 blocks: ${one(p.bestBlock, p.bestBlockBound)})`;
  if (p.stageOptimum != null) t += ` (whole stage: ${one(p.stageOptimum, p.stageBound)})`;
  return t;
}

function optimumCell(p) {
  const td = el('td', { class: 'num', 'data-testid': 'phase-optimum' }, optimumText(p));
  if (p.optimum != null) td.title = `this phase: ${p.length} turns · optimum ${optimumText(p)}`;
  return td;
}
