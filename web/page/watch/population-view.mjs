// population-view.mjs - the Watch panel's population view: a note on what the solver's records
// carry (the descriptor's `records`, `agents`, fitness and direction, read through
// web/page/common/solver-info.mjs), the best individuals of the current phase seen in the
// records (distinct move lists, best first by the solver's direction, then shorter), the
// latest record's fitness histogram (histogram.mjs) and the diversity over the history.
// Loaded only through watch-views.lazy.mjs.
//   populationView(watch) -> {nodes, reset(solver), take(record), paint()}
// Test ids: population-view, population-note, top-individuals (li data-fitness), histogram,
// hist-bar, diversity (data-points).
import { el, clear, setText } from '../common/dom.mjs';
import { fmtNum } from '../../lib/format.mjs';
import { solverInfo, direction } from '../common/solver-info.mjs';
import { svg, nMoves } from './watch-draw.mjs';
import { drawHistogram, popFitOf } from './histogram.mjs';

const TOP = 5; // best individuals listed

// What the solver's records carry, in words ('' before a run): by the descriptor's `records`
export function populationNote(name, last) {
  if (name == null) return '';
  const info = solverInfo(name), better = direction(name);
  const popFit = popFitOf(last);
  switch (info.records) {
    case 'solutions':
      return `${name} reports no population: ${info.family === 'exact' ? 'it is an exact search, and ' : ''}each record is a shorter solution it found.`;
    case 'agents':
      return `${name}: ${last && Array.isArray(last.agents) ? last.agents.length : 'the'} ${info.agents} in each record; fitness: ${info.fitness}${better ? `, ${better}` : ''}.`;
    case 'population':
      if (popFit) return `${name}: each record carries its population's fitness at ${popFit.length} quantiles (lowest, every ${popFit.length - 1}th, highest); the histogram spreads each ${popFit.length - 1}th of the population evenly between its two quantiles. Fitness: ${better}.`;
      return `${name}: each record carries its population's fitness quantiles; none has arrived yet.${better ? ` Fitness: ${better}.` : ''}`;
    default:
      return `${name}'s records carry no population (best, mean and diversity only): no histogram.${better ? ` Fitness: ${better}.` : ''}`;
  }
}

// the diversity of each kept record, as a line over the whole history
function drawDiversity(div, history) {
  clear(div);
  const pts = [];
  const n = history.length;
  for (let i = 0; i < n; i++) {
    const d = history.at(i).diversity;
    if (Number.isFinite(d)) pts.push(`${n > 1 ? (i / (n - 1)) * 300 : 0},${48 - Math.max(0, Math.min(1, d)) * 46}`);
  }
  div.dataset.points = String(pts.length);
  if (pts.length) div.append(svg('polyline', { points: pts.join(' '), fill: 'none', stroke: '#f0b35a', 'stroke-width': 1.5, 'vector-effect': 'non-scaling-stroke' }));
}

export function populationView(watch) {
  const note = el('p', { class: 'hint', dataset: { testid: 'population-note' } });
  const top = el('ol', { class: 'top-individuals', dataset: { testid: 'top-individuals' } });
  const hist = svg('svg', { class: 'hist', viewBox: '0 0 300 80', role: 'img', 'aria-label': 'fitness histogram of the agents', 'data-testid': 'histogram' });
  const div = svg('svg', { class: 'spark', viewBox: '0 0 300 50', preserveAspectRatio: 'none', role: 'img', 'aria-label': 'diversity over the run', 'data-testid': 'diversity' });
  const st = { name: undefined, best: new Map(), phase: null };
  const higher = () => solverInfo(st.name).better === 'higher';
  const order = (a, b) => (higher() ? b.best - a.best : a.best - b.best) || a.length - b.length;
  const ranked = () => [...st.best].sort(([, a], [, b]) => order(a, b)).slice(0, TOP);

  return {
    nodes: [el('div', { class: 'population-view', dataset: { testid: 'population-view' } },
      el('h3', {}, 'Population'), note, el('h4', {}, 'Best individuals seen'), top,
      el('h4', {}, 'Agents by fitness (latest record)'), hist, el('h4', {}, 'Diversity over the run'), div)],
    reset(name) {
      Object.assign(st, { name, best: new Map(), phase: null });
      clear(top);
    },
    // the best individuals of the current phase: distinct move lists by fitness
    take(r) {
      if (r.phase !== st.phase) { st.phase = r.phase; st.best.clear(); }
      if (r.bestLength < 0 || r.bestMoves == null || st.best.has(r.bestMoves)) return;
      st.best.set(r.bestMoves, { gen: r.gen, best: r.best, length: r.bestLength, phaseName: r.phaseName });
      if (st.best.size > 4 * TOP) st.best = new Map(ranked());
    },
    paint() {
      const last = watch.history.last;
      setText(note, populationNote(st.name, last));
      clear(top);
      for (const [moves, b] of ranked()) {
        top.append(el('li', { dataset: { fitness: b.best } }, `fitness ${fmtNum(b.best)} · ${nMoves(b.length)} · generation ${b.gen}: `,
          el('code', {}, moves.length > 80 ? `${moves.slice(0, 80)}…` : moves)));
      }
      drawHistogram(hist, last, direction(st.name));
      drawDiversity(div, watch.history);
    },
  };
}
