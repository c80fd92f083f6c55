// experiments-results.mjs - the results part of the Experiments view: the statistics table
// (n, mean, median, sd and the mean's 95% interval of length, generations and time, per
// group and for all), the histograms (SVG, one per group), the paper's published figures
// beside this run's, each solve's optimum and excess (asked for: the optimal search on the
// table stored in this browser), and the CSV and JSON exports with their file names. Imported only by
// experiments-view.lazy.mjs, so it loads with the view, never in the first load. It reads
// the finished records through done() and keeps nothing of its own.
import { el, clear } from '../common/dom.mjs';
import { summarize, groups } from '../../lib/experiments/plan.mjs';
import { experimentQuery } from '../../lib/experiments/definition.mjs';
import { toCsv } from '../../lib/experiments/csv.mjs';
import { PAPER_EXPERIMENTS } from '../../lib/experiments/papers.mjs';
import { MEASURES, statsTable, paperRows } from '../../lib/experiments/table.mjs';
import { histogram } from '../../lib/stats.mjs';
import { fmtFixed } from '../../lib/format.mjs';

// the rows come from web/lib/experiments/table.mjs (the same as `evocube report`'s): times are
// recorded in ms and shown in seconds, as the papers give them; a cell's data-value keeps the
// record's unit (ms)
// a statistic for reading: thousands separators, `d` decimals; '–' when there is none
const fmtStat = (x, d) => (Number.isFinite(x) ? x.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }) : '–');
// the 95 % interval of a mean of a quantity that cannot be negative (all of MEASURES): clamped at 0
const interval = (x, d, k) => `±${fmtStat(x.ci95 * k, d)} (${fmtStat(Math.max(0, x.mean - x.ci95) * k, d)} – ${fmtStat((x.mean + x.ci95) * k, d)})`;
const STATS = ['n', 'mean', 'median', 'sd', 'ci95'];
const SVG_NS = 'http://www.w3.org/2000/svg';

// an SVG element with attributes
function svgEl(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text != null) node.textContent = text;
  return node;
}

// one group's histogram of measure m (bins from web/lib/stats.mjs), as a figure
function histogramFigure(g, m, vals) {
  const bins = histogram(vals, 12);
  if (!bins.length) return null;
  const W = 240, H = 80, top = Math.max(...bins.map((b) => b.count)), bw = W / bins.length;
  const d = m === 'length' ? 0 : 1;
  const range = (b, sep) => `${fmtFixed(b.lo, d)}${b.hi !== b.lo ? `${sep}${fmtFixed(b.hi, d)}` : ''}`;
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H + 14}`, role: 'img', 'aria-label': `${g}: ${m} histogram, ${bins.map((b) => `${range(b, '-')}: ${b.count}`).join(', ')}` });
  bins.forEach((b, i) => {
    const h = top ? Math.round((b.count / top) * H) : 0;
    const r = svgEl('rect', { x: i * bw + 1, y: H - h, width: Math.max(1, bw - 2), height: h });
    r.append(svgEl('title', {}, `${range(b, ' to ')}: ${b.count}`));
    svg.append(r);
  });
  svg.append(svgEl('text', { x: 0, y: H + 12 }, fmtFixed(bins[0].lo, d)),
    svgEl('text', { x: W, y: H + 12, 'text-anchor': 'end' }, fmtFixed(bins[bins.length - 1].hi, d)));
  return el('figure', { dataset: { group: g } }, svg, el('figcaption', {}, `${g} (${vals.length})`));
}

// the values of measure m a group's histogram shows: solved lengths, generations of the runs
// without an error, every time
const measureValues = (rs, m) => (m === 'length' ? rs.filter((r) => r.solved).map((r) => r.length)
  : m === 'generations' ? rs.filter((r) => r.error === undefined).map((r) => r.generations) : rs.map((r) => r.time_ms));

export class ExperimentResults {
  // done(): the finished records, in the order they were kept; optimal: an OptimalClient
  // (web/lib/optimal/client.mjs) for the optimum and excess columns, or null
  constructor(done, { optimal = null } = {}) {
    this.done = done;
    this.optimal = optimal;
    this.optima = new Map(); // cube -> its optimum (this view's life)
    this.optTable = el('div', { class: 'exp-optima', dataset: { testid: 'exp-optima' } });
    this.stats = el('table', { class: 'exp-stats', dataset: { testid: 'exp-stats' } });
    this.histMeasure = el('select', { dataset: { testid: 'exp-hist-measure' }, onchange: () => this.renderHist() },
      MEASURES.map(([k, label]) => el('option', { value: k }, label)));
    this.hist = el('div', { class: 'exp-hist', dataset: { testid: 'exp-hist' } });
    this.paper = el('div', { class: 'exp-paper', dataset: { testid: 'exp-paper' } });
  }

  // the view's results sections, in order
  sections() {
    return [el('h3', {}, 'Statistics'), this.stats, el('h3', {}, 'Histograms ', this.histMeasure), this.hist,
      el('h3', {}, 'The paper\'s figures'), this.paper,
      ...(this.optimal ? [el('h3', {}, 'Optimum and excess'), this.optTable] : [])];
  }

  // each solved record's cube with its optimum (the optimal search on the stored table) and
  // the solution's excess over it; computed when asked (a button), one cube at a time
  renderOptima() {
    if (!this.optimal) return;
    clear(this.optTable);
    const recs = this.done().filter((r) => r.solved);
    if (!recs.length) return;
    const missing = [...new Set(recs.map((r) => r.cube))].filter((c) => !this.optima.has(c));
    const status = el('span', { class: 'hint', dataset: { testid: 'exp-optima-status' } }, this.optStatus || '');
    const go = el('button', { type: 'button', class: 'small', dataset: { testid: 'exp-optima-go' }, disabled: !missing.length || this.computing, onclick: () => this.computeOptima(missing) },
      missing.length ? `Compute the optima of ${missing.length} cube${missing.length === 1 ? '' : 's'}` : 'All optima known');
    const rows = recs.map((r) => {
      const o = this.optima.get(r.cube);
      return el('tr', { dataset: { id: r.id } }, el('td', {}, r.id), el('td', {}, r.solver), el('td', { class: 'num' }, String(r.length)),
        el('td', { class: 'num', dataset: { col: 'optimal' } }, o == null ? '–' : String(o)),
        el('td', { class: 'num', dataset: { col: 'excess' } }, o == null ? '–' : `+${r.length - o}`));
    });
    this.optTable.append(el('p', {}, go, ' ', status),
      el('table', {}, el('thead', {}, el('tr', {}, ['solve', 'solver', 'length', 'optimal', 'excess'].map((h) => el('th', {}, h)))), el('tbody', {}, rows)));
  }

  async computeOptima(cubes) {
    const say = (t) => { this.optStatus = t; this.renderOptima(); };
    this.computing = true;
    say('looking for the table…');
    try {
      const got = await this.optimal.optima(cubes, (i, n) => { this.optima.set(cubes[i], n); say(`${i + 1} of ${cubes.length} done`); }, { deviceMemory: navigator.deviceMemory });
      this.computing = false;
      say(got === null ? 'no table is stored in this browser yet: build or load one in the Result panel (after a solve)' : '');
    } catch (e) {
      this.computing = false;
      say(e.kind === 'cancelled' ? 'cancelled' : `the optimal search failed: ${e.message}`);
    }
  }

  // everything again; resolved: the resolved definition whose paper's figures are shown (null: none)
  render(resolved) {
    this.renderStats(this.done());
    this.renderHist();
    this.renderPaper(resolved);
    this.renderOptima();
  }

  renderStats(recs) {
    clear(this.stats);
    if (!recs.length) return;
    this.stats.append(el('thead', {}, el('tr', {}, ['group', 'measure', 'n', 'mean', 'median', 'sd', '95% interval of the mean'].map((h) => el('th', {}, h)))));
    const body = el('tbody');
    for (const { group: g, measures } of statsTable(recs)) {
      for (const { key: m, label, decimals: d, scale, rawDecimals: rawD, stat: x } of measures) {
        // the text is for reading (units of the label, separators); data-value keeps the record's own unit
        const cells = STATS.map((k) => {
          const text = k === 'n' ? fmtStat(x.n, 0) : k === 'ci95' ? (Number.isFinite(x.ci95) ? interval(x, d, scale) : '–') : fmtStat(x[k] * scale, d);
          return el('td', { class: 'num', dataset: { stat: k, value: k === 'n' ? String(x.n) : Number.isFinite(x[k]) ? fmtFixed(x[k], rawD) : '' } }, text);
        });
        body.append(el('tr', { dataset: { group: g, measure: m } }, el('th', {}, g), el('td', {}, label), cells));
      }
    }
    this.stats.append(body);
  }

  renderHist() {
    clear(this.hist);
    const m = this.histMeasure.value;
    for (const [g, rs] of groups(this.done())) {
      const fig = histogramFigure(g, m, measureValues(rs, m));
      if (fig) this.hist.append(fig);
    }
  }

  // v: a resolved definition ({paper: {id, options}}) or null
  renderPaper(v) {
    clear(this.paper);
    const paper = v && v.paper ? PAPER_EXPERIMENTS.find((p) => p.id === v.paper.id) : null;
    if (!paper) { this.paper.append(el('p', { class: 'hint' }, 'A custom experiment has no published figures; choose a paper\'s experiment to see them here.')); return; }
    const recs = this.done();
    const tbody = el('tbody');
    for (const { figure: f, label, decimals: d, scale, stat: s } of paperRows(paper.figures(v.paper.options), recs)) {
      const unit = f.measure === 'time' ? ' s' : '';
      const ours = s.n ? `${fmtStat(s.mean * scale, d)}${unit} ± ${fmtStat(s.ci95 * scale, d)}${unit} (n = ${fmtStat(s.n, 0)})` : '–';
      const theirs = typeof f.value === 'number' ? `${fmtStat(f.value, Number.isInteger(f.value) ? 0 : 1)}${unit}` : String(f.value);
      tbody.append(el('tr', {}, el('td', {}, `${f.solver ? `${f.solver}: ` : ''}${label} (${f.stat})`), el('td', { class: 'num' }, ours), el('td', { class: 'num' }, theirs),
        el('td', { class: 'ref' }, f.ref, f.note ? el('div', { class: 'hint', dataset: { testid: 'exp-note' } }, f.note) : null)));
    }
    this.paper.append(el('table', {}, el('thead', {}, el('tr', {}, ['measure', 'this run', 'the paper', 'reference'].map((h) => el('th', {}, h)))), tbody));
  }
}

// An export of the records: {name (the file's extension), type, text}. kind 'csv' (one line a
// record, web/lib/experiments/csv.mjs) or 'json' (the definition, its link, the records and
// the summary per group and for all). definition: the experiment's; total: its solves.
export function exportData(kind, { recs, definition, total, base }) {
  if (kind === 'csv') return { name: 'csv', type: 'text/csv', text: toCsv(recs) };
  const summary = Object.fromEntries(groups(recs).map(([g, rs]) => [g, summarize(rs)]));
  summary.all = summarize(recs);
  const q = experimentQuery(definition);
  const json = { format: 'evocube-experiment', version: 1, definition, link: q ? new URL(q, base).href : null, total, records: recs, summary };
  return { name: 'json', type: 'application/json', text: `${JSON.stringify(json, null, 1)}\n` };
}

// An export's file name that says what it holds: evocube, the paper's experiment or the
// solvers, and the day it was made ("evocube-twes-table1-2026-11-27").
export function exportName(definition, created) {
  const what = definition.paper || `custom-${(definition.solvers || []).join('-') || 'none'}`;
  const day = new Date(created || Date.now()).toISOString().slice(0, 10);
  return `evocube-${what}-${day}`.replace(/[^A-Za-z0-9._-]+/g, '-');
}
