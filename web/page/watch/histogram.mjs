// histogram.mjs - the population view's fitness histogram of the latest record: its agents'
// fitness (a record with agents; NOT_LOOKED values left out), one bar per value, or its
// population's fitness quantiles (popFit: lowest, each 16th, highest), at most BINS bars of
// equal width, each 16th of the population spread evenly between its two quantiles. Loaded
// only through watch-views.lazy.mjs; quantileBins and labelledBars have no DOM. Labels never
// overlap: a bar's label shows when it keeps its distance from its neighbours (labelledBars).
//   quantileBins(q) -> [{lo, hi, share}]
//   labelledBars(texts[, width, charW, gap]) -> Set of the bars' indices that are labelled
//   drawHistogram(hist, last, better)   hist: the <svg> (test id histogram, whose previous
//     sibling is its heading); last: the latest record or null; better: "lower is better" | ''
// Test ids: histogram (data-count: agents drawn, data-popfit, data-gen), hist-bar (data-value
// and data-count, or data-lo, data-hi and data-share).
import { clear, setText } from '../common/dom.mjs';
import { fmtNum } from '../../lib/format.mjs';
import { svg, svgText, GREEN, TEXT, NOT_LOOKED } from './watch-draw.mjs';

const BINS = 20; // the most bars a popFit histogram has

// The histogram of a population given by its quantiles q (ascending, q.length - 1 equal shares
// between neighbours; integer fitness: value v covers [v, v + 1)): at most BINS bars of equal
// width over [q0, qmax + 1), each {lo, hi, share}, the shares summing to 1.
export function quantileBins(q) {
  const lo = q[0], hi = q[q.length - 1] + 1, k = Math.min(BINS, hi - lo), w = (hi - lo) / k, part = 1 / (q.length - 1);
  const bins = Array.from({ length: k }, (_, i) => ({ lo: lo + i * w, hi: i === k - 1 ? hi : lo + (i + 1) * w, share: 0 }));
  for (let j = 0; j + 1 < q.length; j++) {
    const a = q[j], b = q[j + 1] + 1; // a share spread evenly over [a, b)
    for (const bin of bins) {
      const over = Math.min(b, bin.hi) - Math.max(a, bin.lo);
      if (over > 0) bin.share += (part * over) / (b - a);
    }
  }
  return bins;
}

// a record's popFit when it has one worth drawing (two quantiles at least), else null
export const popFitOf = (r) => (r && Array.isArray(r.popFit) && r.popFit.length > 1 ? r.popFit : null);

// Which of k equal bars (in a strip `width` wide) get their label: labels of about charW per
// character, centred under their bars, never closer than `gap` to a neighbour: the last bar's
// always, then from the left each that clears the one before it and the last. No DOM.
export function labelledBars(texts, width = 300, charW = 5.6, gap = 4) {
  const k = texts.length, w = width / k;
  const span = (i) => { const c = (i + 0.5) * w, h = (texts[i].length * charW) / 2; return [c - h, c + h]; };
  const keep = new Set(k ? [k - 1] : []);
  const last = k ? span(k - 1) : null;
  let end = -Infinity;
  for (let i = 0; i < k - 1; i++) {
    const [a, b] = span(i);
    if (!texts[i] || a < end + gap || b + gap > last[0]) continue;
    keep.add(i);
    end = b;
  }
  return keep;
}

// bar i of k, its height frac of the tallest, labelled below
function bar(hist, i, k, frac, label, data) {
  const w = 300 / k, h = frac * 64;
  const g = svg('g', { 'data-testid': 'hist-bar', ...data });
  g.append(svg('rect', { x: i * w + 1, y: 66 - h, width: Math.max(1, w - 2), height: h, fill: GREEN }),
    svgText('text', { x: i * w + w / 2, y: 78, ...TEXT }, label));
  hist.append(g);
}

export function drawHistogram(hist, last, better) {
  const popFit = popFitOf(last);
  const vals = last && Array.isArray(last.agents) ? last.agents.filter((v) => v !== NOT_LOOKED) : [];
  const shown = vals.length > 0 || !!popFit;
  clear(hist);
  hist.dataset.count = String(vals.length);
  hist.dataset.popfit = popFit ? popFit.join(',') : '';
  hist.dataset.gen = last ? String(last.gen) : '';
  hist.style.display = shown ? '' : 'none';
  const heading = hist.previousElementSibling;
  setText(heading, popFit ? `Population by fitness (generation ${last.gen}; ${better})` : 'Agents by fitness (latest record)');
  heading.hidden = !shown;
  hist.setAttribute('aria-label', popFit ? `fitness histogram of the population, ${better}` : 'fitness histogram of the agents');
  if (vals.length) {
    const lo = Math.min(...vals), hi = Math.max(...vals), k = hi - lo + 1;
    const counts = new Array(k).fill(0);
    for (const v of vals) counts[v - lo]++;
    const top = Math.max(...counts);
    const shownLabels = labelledBars(counts.map((_, i) => fmtNum(lo + i)));
    counts.forEach((c, i) => bar(hist, i, k, c / top, shownLabels.has(i) ? fmtNum(lo + i) : '', { 'data-value': lo + i, 'data-count': c }));
  } else if (popFit) {
    const bins = quantileBins(popFit), top = Math.max(...bins.map((b) => b.share));
    const texts = bins.map((b) => fmtNum(Math.floor(b.lo)));
    const shownLabels = labelledBars(texts);
    bins.forEach((b, i) => bar(hist, i, bins.length, b.share / top, shownLabels.has(i) ? texts[i] : '',
      { 'data-lo': b.lo, 'data-hi': b.hi, 'data-share': b.share }));
  }
}
