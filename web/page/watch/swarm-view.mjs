// swarm-view.mjs - the Watch panel's swarm view, shown once a record with agents has arrived:
// what the agents' fitness means (the exact oracle), the agents as points on a fitness axis per
// iteration over the last COLUMNS iterations (a canvas), or, for a solver whose agents are
// the neighbours of one agent (the descriptor's `agents`, solverInfo's `neighbours`), the
// latest record's neighbour values as one bar per move (NOT_LOOKED: not looked at), and an
// event log from the records' counters (swarm-events.mjs). Loaded only through
// watch-views.lazy.mjs.
//   swarmView(watch) -> {nodes, reset(solver), take(record), paint()}   watch.run: the run shown
//   swarmNote(descriptor, params) -> the note for the run's oracle (no DOM)
// Test ids: swarm-view, swarm-note, agents (data-points, data-columns, data-last, data-gen),
// neighbours (data-gen), neighbour-bar (data-value), event-log (li data-gen).
import { el, clear, setText } from '../common/dom.mjs';
import { solverInfo } from '../common/solver-info.mjs';
import { svg, svgText, GREEN, TEXT, NOT_LOOKED } from './watch-draw.mjs';
import { eventText } from './swarm-events.mjs';
import { effectiveParam } from '../../lib/params.mjs';

const COLUMNS = 100; // iterations of agents kept for the scatter
const LOG_LINES = 200;
// What the agents' fitness is, for the oracle the run uses (its params, its preset, or the
// default: web/lib/params.mjs effectiveParam), so the note never contradicts the parameters.
export function swarmNote(descriptor, params) {
  const oracle = effectiveParam(descriptor, params, 'oracle');
  const p = descriptor && (descriptor.params || []).find((q) => q.key === 'oracle');
  const name = (v) => (p && p.names && p.names[v]) || String(v);
  const dflt = p && oracle === p.default ? ', the default' : '';
  if (oracle === 1) {
    return `Each agent's fitness is the length of the first two-phase solution of at most 20 moves (oracle=${name(1)}, the thesis's oracle${dflt}): a rough reading that can stay flat or rise on the way to solved, so the agents can plateau, backtrack and spread before they find it.`;
  }
  return `Each agent's fitness is its distance to solved as the exact two-phase solver computes it (oracle=${name(0)}${dflt}): that oracle already knows a shortest path, so twophase alone beats every swarm solver here, and the swarm follows where it points. With the thesis's oracle (${name(1)}, preset thesis) the agents plateau, backtrack and spread.`;
}

// the latest record's neighbour values, one bar per move, scaled to the largest looked at
function drawNeighbours(bars, last) {
  clear(bars);
  if (!last) return;
  const seen = last.agents.filter((v) => v !== NOT_LOOKED);
  const hi = Math.max(1, ...seen);
  last.agents.forEach((v, i) => {
    const h = v === NOT_LOOKED ? 0 : (v / hi) * 96;
    const g = svg('g', { 'data-testid': 'neighbour-bar', 'data-value': v });
    g.append(svg('rect', { x: i * 20 + 2, y: 100 - h, width: 16, height: Math.max(h, 1), fill: v === NOT_LOOKED ? '#3a4254' : GREEN }),
      svgText('text', { x: i * 20 + 10, y: 114, ...TEXT }, v === NOT_LOOKED ? '·' : String(v)),
      svgText('title', {}, `move ${i + 1}: ${v === NOT_LOOKED ? 'not looked at' : `fitness ${v}`}`));
    bars.append(g);
  });
  bars.dataset.gen = String(last.gen);
}

// every kept iteration's agents as points, one column per iteration, fitness up
function drawScatter(scatter, cols) {
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

export function swarmView(watch) {
  const note = el('p', { class: 'hint swarm-note', dataset: { testid: 'swarm-note' } });
  const scatter = el('canvas', { class: 'agents', width: 600, height: 180, role: 'img', 'aria-label': 'agents by fitness per iteration', dataset: { testid: 'agents' } });
  const bars = svg('svg', { class: 'bars', viewBox: '0 0 360 120', role: 'img', 'aria-label': "the fitness of the one agent's 18 neighbours", 'data-testid': 'neighbours' });
  const log = el('ol', { class: 'event-log', dataset: { testid: 'event-log' }, 'aria-label': 'swarm events' });
  const box = el('div', { class: 'swarm-view', dataset: { testid: 'swarm-view' }, hidden: true },
    el('h3', {}, 'Swarm'), note, scatter, bars, el('h4', {}, 'Events'), log);
  const st = { name: undefined, columns: [], prevEvents: null, seen: false };

  function logEvents(r) {
    const ev = eventText(st.name, st.prevEvents, r.events);
    st.prevEvents = r.events;
    if (!ev.length) return;
    log.append(el('li', { dataset: { gen: r.gen } }, `iteration ${r.gen}: ${ev.join(', ')}`));
    while (log.childElementCount > LOG_LINES) log.firstElementChild.remove();
  }

  return {
    nodes: [box],
    reset(name) {
      Object.assign(st, { name, columns: [], prevEvents: null, seen: false });
      clear(log);
    },
    take(r) {
      if (!Array.isArray(r.agents)) return;
      st.seen = true;
      st.columns.push({ gen: r.gen, agents: r.agents });
      if (st.columns.length > COLUMNS) st.columns.shift();
      if (Array.isArray(r.events)) logEvents(r);
    },
    paint() {
      box.hidden = !st.seen;
      if (!st.seen) return;
      const run = watch && watch.run;
      setText(note, swarmNote(run ? run.descriptor : null, run ? run.request.params : null));
      const { neighbours } = solverInfo(st.name);
      scatter.hidden = neighbours;
      bars.style.display = neighbours ? '' : 'none';
      if (neighbours) drawNeighbours(bars, st.columns[st.columns.length - 1]);
      else drawScatter(scatter, st.columns);
    },
  };
}
