// watch-views.lazy.mjs - loaded on demand (web/page/watch/watch.mjs imports it when the Watch
// panel opens): the generation scrubber, the population view and the swarm view, all fed by
// the progress records (every record as it arrives, and the run's bounded history, a
// RecordLog of web/lib/record-log.mjs).
// - Scrubber: a slider over the history's records; it draws the best individual of the
//   chosen record on the cube (the record's bestMoves applied to the run's cube), never on
//   the input net; while it is away from the latest record the live view stops following.
// - Population: the best individuals of the current phase seen in the records, a histogram of
//   the latest record's population: the agents' fitness (swarm solvers: each record carries up
//   to 64 agents) or, for hugo, twes and macro-ga, their population's 17 fitness quantiles
//   ("popFit": lowest, each 16th, highest), each 16th of the population spread evenly between
//   its two quantiles; the diversity over the history; twophase says it has no population.
// - Swarm (records with agents): the agents as points on a fitness axis per iteration (greedy:
//   its 18 neighbour values as bars, 255 = not looked at), an event log from the counters'
//   increments (common.h's list), and what the exact oracle means.
// Their look is app.css's (#watch-views).
import { el, clear, setText } from '../common/dom.mjs';
import { fmtNum } from '../../lib/format.mjs';
import { direction } from '../common/solver-info.mjs';

const SVG = 'http://www.w3.org/2000/svg';
// SVG elements styled by presentation attributes (fill, stroke), so app.css needs no rules
const svg = (tag, attrs = {}) => {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  return n;
};
export const NOT_LOOKED = 255; // greedy: a neighbour it did not evaluate
const GREEN = '#5ad19a';
const TEXT = { 'text-anchor': 'middle', fill: '#9aa4b5', 'font-size': 9 };
const COLUMNS = 100; // iterations of agents kept for the scatter
const LOG_LINES = 200;
const TOP = 5;

// what each of a swarm solver's 6 event counters counts (c/solvers/swarm/common.h), as
// "one|many"; a name starting with '=' is a gauge (its current value), not a count
export const EVENTS = {
  greedy: ['backtrack|backtracks', 'plateau move|plateau moves', 'struck candidate|struck candidates', 'root fallback|root fallbacks'],
  pso: ['move from S_i|moves from S_i', 'move from S_Pi|moves from S_Pi', 'move from S_G|moves from S_G', 'random move drawn|random moves drawn',
    'path restarted for length|paths restarted for length'],
  aco: ['rule-1 regroup (improvement)|rule-1 regroups (improvements)', 'rule-2 regroup (try given up)|rule-2 regroups (tries given up)',
    '=regroup depth limit', 'forced move|forced moves', 'move on sight (below the global minimum)|moves on sight (below the global minimum)'],
  dkho: ['kill|kills', 'offspring|offspring', 'mutated offspring|mutated offspring', 'position mutated|positions mutated',
    'greedy move|greedy moves', 'roulette move|roulette moves'],
};

// The events between two records' counters: ["2 kills", "depth limit 3", ...]
export function eventText(solver, prev, cur) {
  const names = EVENTS[solver] || [];
  const out = [];
  names.forEach((name, i) => {
    const a = prev ? prev[i] : 0, b = cur[i];
    if (name.startsWith('=')) { if (b !== a) out.push(`${name.slice(1)} ${b}`); return; }
    const d = b - a;
    if (d > 0) out.push(`${d} ${name.split('|')[d > 1 ? 1 : 0]}`);
  });
  return out;
}

const higherIsBetter = (solver) => direction(solver) === 'higher is better';
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
const nMoves = (n) => `${n} move${n === 1 ? '' : 's'}`;

export function mountViews({ host, watch }) {
  clear(host);
  const { history, core } = watch;
  const scrub = el('input', { type: 'range', min: 0, max: 0, value: 0, step: 1, 'aria-label': 'recorded generation', dataset: { testid: 'scrubber' } });
  const scrubOut = el('output', { class: 'hint', dataset: { testid: 'scrub-label' } });
  const liveBtn = el('button', { type: 'button', class: 'quiet small', dataset: { testid: 'scrub-live' } }, 'latest');
  const scrubNote = el('p', { class: 'hint', dataset: { testid: 'scrub-note' } });
  const popNote = el('p', { class: 'hint', dataset: { testid: 'population-note' } });
  const top = el('ol', { class: 'top-individuals', dataset: { testid: 'top-individuals' } });
  const hist = svg('svg', { class: 'hist', viewBox: '0 0 300 80', role: 'img', 'aria-label': 'fitness histogram of the agents', 'data-testid': 'histogram' });
  const div = svg('svg', { class: 'spark', viewBox: '0 0 300 50', preserveAspectRatio: 'none', role: 'img', 'aria-label': 'diversity over the run', 'data-testid': 'diversity' });
  const swarmNote = el('p', { class: 'hint swarm-note', dataset: { testid: 'swarm-note' } });
  const scatter = el('canvas', { class: 'agents', width: 600, height: 180, role: 'img', 'aria-label': 'agents by fitness per iteration', dataset: { testid: 'agents' } });
  const bars = svg('svg', { class: 'bars', viewBox: '0 0 360 120', role: 'img', 'aria-label': "greedy's 18 neighbour fitness values", 'data-testid': 'neighbours' });
  const log = el('ol', { class: 'event-log', dataset: { testid: 'event-log' }, 'aria-label': 'swarm events' });
  const swarmBox = el('div', { class: 'swarm-view', dataset: { testid: 'swarm-view' }, hidden: true },
    el('h3', {}, 'Swarm'), swarmNote, scatter, bars, el('h4', {}, 'Events'), log);
  host.append(
    el('div', { class: 'scrubber' }, el('label', { class: 'lbl' }, 'Generations ', scrub), scrubOut, liveBtn), scrubNote,
    el('div', { class: 'population-view', dataset: { testid: 'population-view' } },
      el('h3', {}, 'Population'), popNote, el('h4', {}, 'Best individuals seen'), top,
      el('h4', {}, 'Agents by fitness (latest record)'), hist, el('h4', {}, 'Diversity over the run'), div),
    swarmBox);

  const st = {};
  function reset(solver) {
    Object.assign(st, { solver, best: new Map(), phase: null, prevEvents: null, columns: [], swarm: false, dirty: true, logged: 0, scrubIndex: null });
    watch.scrubbing = false;
    clear(log);
    clear(top);
    for (let i = 0; i < history.length; i++) take(history.at(i));
    schedule();
  }

  function take(r) {
    // the best individuals of the current phase: distinct move lists by fitness
    if (r.phase !== st.phase) { st.phase = r.phase; st.best.clear(); }
    if (r.bestLength >= 0 && r.bestMoves != null && !st.best.has(r.bestMoves)) {
      st.best.set(r.bestMoves, { gen: r.gen, best: r.best, length: r.bestLength, phaseName: r.phaseName });
      if (st.best.size > 4 * TOP) {
        const keep = [...st.best].sort(([, a], [, b]) => order(a, b)).slice(0, TOP);
        st.best = new Map(keep);
      }
    }
    if (Array.isArray(r.agents)) {
      st.swarm = true;
      st.columns.push({ gen: r.gen, agents: r.agents });
      if (st.columns.length > COLUMNS) st.columns.shift();
      if (Array.isArray(r.events)) {
        const ev = eventText(st.solver, st.prevEvents, r.events);
        st.prevEvents = r.events;
        if (ev.length) {
          log.append(el('li', { dataset: { gen: r.gen } }, `iteration ${r.gen}: ${ev.join(', ')}`));
          st.logged++;
          while (log.childElementCount > LOG_LINES) log.firstElementChild.remove();
        }
      }
    }
  }
  const order = (a, b) => (higherIsBetter(st.solver) ? b.best - a.best : a.best - b.best) || a.length - b.length;

  let timer = 0;
  function schedule() {
    st.dirty = true;
    if (!timer) timer = setTimeout(() => { timer = 0; paint(); }, 250);
  }

  function add(records) {
    for (const r of records) take(r);
    schedule();
  }

  function paint() {
    st.dirty = false;
    const n = history.length;
    scrub.max = String(Math.max(0, n - 1));
    if (watch.scrubbing && st.scrubIndex != null) {
      // the history may have been thinned: keep the slider on the same record (or the nearest)
      let i = 0;
      while (i < n - 1 && history.at(i).index < st.scrubIndex) i++;
      scrub.value = String(i);
    } else scrub.value = String(Math.max(0, n - 1));
    label(history.at(Number(scrub.value)));
    setText(scrubNote, `${n} of ${history.seen} records kept${history.stride > 1 ? ` (every ${history.stride}th, and the latest)` : ''}.`);
    paintPopulation();
    paintSwarm();
  }

  function label(r) {
    if (!r) { setText(scrubOut, ''); return; }
    const fit = r.bestLength < 0 ? '–' : fmtNum(r.best);
    setText(scrubOut, `generation ${r.gen} · ${r.phaseName || `phase ${r.phase + 1}`} · fitness ${fit} · ${r.bestLength < 0 ? 'no individual yet' : nMoves(r.bestLength)}`);
  }

  function showAt(i) {
    const r = history.at(i);
    if (!r) return;
    // the slider's right end follows the run (the history may have grown since the last paint)
    watch.scrubbing = i < Number(scrub.max);
    st.scrubIndex = r.index;
    label(r);
    if (r.bestLength < 0 || r.bestMoves == null || !watch.facelets) return;
    let f;
    try { f = core.apply(r.bestMoves, watch.facelets); } catch { return; }
    scrub.dataset.facelets = f;
    scrub.dataset.index = String(r.index);
    watch.stage.show(f, `recorded best individual · generation ${r.gen} · fitness ${r.bestLength < 0 ? '–' : fmtNum(r.best)}`);
  }
  scrub.addEventListener('input', () => showAt(Number(scrub.value)));
  liveBtn.addEventListener('click', () => { watch.scrubbing = false; paint(); showAt(Number(scrub.max)); });

  function paintPopulation() {
    const last = history.last;
    const twophase = st.solver === 'twophase';
    const hasAgents = last && Array.isArray(last.agents);
    const popFit = last && Array.isArray(last.popFit) && last.popFit.length > 1 ? last.popFit : null;
    const better = direction(st.solver);
    setText(popNote, twophase
      ? 'twophase reports no population: it is an exact tree search, and each record is a shorter solution it found.'
      : hasAgents ? `${st.solver}: ${last.agents.length} ${st.solver === 'greedy' ? 'neighbours of its one agent' : 'agents'} in each record; fitness is the distance to solved, lower is better.`
        : popFit ? `${st.solver}: each record carries its population's fitness at ${popFit.length} quantiles (lowest, every ${popFit.length - 1}th, highest); the histogram spreads each ${popFit.length - 1}th of the population evenly between its two quantiles. Fitness: ${better}.`
          : `${st.solver}'s records carry no population (best, mean and diversity only): no histogram.${better ? ` Fitness: ${better}.` : ''}`);
    clear(top);
    for (const [moves, b] of [...st.best].sort(([, a], [, c]) => order(a, c)).slice(0, TOP)) {
      top.append(el('li', { dataset: { fitness: b.best } }, `fitness ${fmtNum(b.best)} · ${nMoves(b.length)} · generation ${b.gen}: `,
        el('code', {}, moves.length > 80 ? `${moves.slice(0, 80)}…` : moves)));
    }
    // the histogram of the latest record's agents (255: a neighbour greedy did not look at) or
    // of its population's quantiles
    clear(hist);
    const vals = hasAgents ? last.agents.filter((v) => v !== NOT_LOOKED) : [];
    const shown = vals.length > 0 || !!popFit;
    hist.dataset.count = String(vals.length);
    hist.dataset.popfit = popFit ? popFit.join(',') : '';
    hist.dataset.gen = last ? String(last.gen) : '';
    hist.style.display = shown ? '' : 'none';
    setText(hist.previousElementSibling, popFit ? `Population by fitness (generation ${last.gen}; ${better})` : 'Agents by fitness (latest record)');
    hist.previousElementSibling.hidden = !shown;
    hist.setAttribute('aria-label', popFit ? `fitness histogram of the population, ${better}` : 'fitness histogram of the agents');
    const bar = (i, k, frac, label, data) => {
      const w = 300 / k, h = frac * 64;
      const g = svg('g', { 'data-testid': 'hist-bar', ...data });
      g.append(svg('rect', { x: i * w + 1, y: 66 - h, width: Math.max(1, w - 2), height: h, fill: GREEN }),
        svg('text', { x: i * w + w / 2, y: 78, ...TEXT }));
      g.lastChild.textContent = label;
      hist.append(g);
    };
    if (vals.length) {
      const lo = Math.min(...vals), hi = Math.max(...vals), k = hi - lo + 1;
      const counts = new Array(k).fill(0);
      for (const v of vals) counts[v - lo]++;
      const top1 = Math.max(...counts);
      counts.forEach((c, i) => bar(i, k, c / top1, String(lo + i), { 'data-value': lo + i, 'data-count': c }));
    } else if (popFit) {
      const bins = quantileBins(popFit), top1 = Math.max(...bins.map((b) => b.share));
      const every = Math.ceil(bins.length / 10); // at most 10 labels
      bins.forEach((b, i) => bar(i, bins.length, b.share / top1, i % every && i !== bins.length - 1 ? '' : fmtNum(Math.floor(b.lo)),
        { 'data-lo': b.lo, 'data-hi': b.hi, 'data-share': b.share }));
    }
    // diversity over the history
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

  function paintSwarm() {
    swarmBox.hidden = !st.swarm;
    if (!st.swarm) return;
    setText(swarmNote, 'Each agent\'s fitness is its distance to solved as the exact two-phase solver computes it (oracle=exact, the default): that oracle already knows a shortest path, so twophase alone beats every swarm solver here, and the swarm follows where it points. With oracle=1 (first20, the thesis\'s) the agents plateau, backtrack, spread and breed.');
    const greedy = st.solver === 'greedy';
    scatter.hidden = greedy;
    bars.style.display = greedy ? '' : 'none';
    const cols = st.columns;
    if (greedy) {
      clear(bars);
      const last = cols[cols.length - 1];
      if (!last) return;
      const seen = last.agents.filter((v) => v !== NOT_LOOKED);
      const hi = Math.max(1, ...seen);
      last.agents.forEach((v, i) => {
        const h = v === NOT_LOOKED ? 0 : (v / hi) * 96;
        const g = svg('g', { 'data-testid': 'neighbour-bar', 'data-value': v });
        g.append(svg('rect', { x: i * 20 + 2, y: 100 - h, width: 16, height: Math.max(h, 1), fill: v === NOT_LOOKED ? '#3a4254' : GREEN }),
          svg('text', { x: i * 20 + 10, y: 114, ...TEXT }));
        g.lastChild.textContent = v === NOT_LOOKED ? '·' : String(v);
        g.append(svg('title'));
        g.lastChild.textContent = `move ${i + 1}: ${v === NOT_LOOKED ? 'not looked at' : `fitness ${v}`}`;
        bars.append(g);
      });
      bars.dataset.gen = String(last.gen);
      return;
    }
    const ctx = scatter.getContext('2d');
    const W = scatter.width, H = scatter.height, L = 30, B = 20;
    ctx.clearRect(0, 0, W, H);
    let hi = 1, points = 0;
    for (const c of cols) for (const v of c.agents) if (v !== NOT_LOOKED && v > hi) hi = v;
    ctx.fillStyle = '#9aa4b5';
    ctx.font = '16px system-ui, sans-serif'; // the canvas is drawn at about half its size
    ctx.fillText(String(hi), 2, 16);
    ctx.fillText('0', 2, H - B);
    ctx.fillText(`the last ${cols.length} iterations →`, L, H - 2);
    ctx.fillStyle = 'rgba(90, 209, 154, 0.55)';
    const dx = (W - L - 4) / Math.max(20, cols.length);
    cols.forEach((c, j) => {
      for (const v of c.agents) {
        if (v === NOT_LOOKED) continue;
        ctx.fillRect(L + j * dx, (H - B) - (v / hi) * (H - B - 10) - 2, Math.max(2, dx - 1), 4);
        points++;
      }
    });
    const last = cols[cols.length - 1];
    scatter.dataset.points = String(points);
    scatter.dataset.columns = String(cols.length);
    scatter.dataset.last = last ? last.agents.join(',') : '';
    scatter.dataset.gen = last ? String(last.gen) : '';
  }

  return {
    reset,
    add,
    end() { if (timer) { clearTimeout(timer); timer = 0; } paint(); },
  };
}
