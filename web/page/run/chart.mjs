// chart.mjs - the fitness chart, drawn by uPlot (the copy in web/vendor), from the buckets of
// web/page/run/chart-data.mjs: per round (HuGO!'s phase 1) or per bucket of generations, the best
// fitness's range (a band from its min to its max), the best's average and the population's
// mean fitness, at most MAX_BUCKETS points whatever the run's length. `records` counts every
// record added. Redraws are coalesced to one per animation frame. Width follows the container
// (ResizeObserver). Each phase's first generation gets a dashed line on the canvas and its
// label as a DOM element over the plot (data-testid "phase-label"), placed by placeLabels in
// rows so that labels never overlap (the first phase's at the plot's left edge). The fitness
// axis's label is shortened until it fits the plot's height (chart-data.mjs yLabels). The
// legend shows the generation, the best (with its range over the point's bucket when it
// varied) and the mean, in the tiles' units and text. The generation axis has whole-number ticks with short
// labels (chart-data.mjs tickLabel), and the legend shows the latest point's values unless
// the cursor is over the plot. uPlot itself loads on demand (web/page/run/uplot.lazy.mjs) when
// a run first feeds the chart; until then (and while it loads) the buckets keep
// every record, and the plot is made with them when it arrives.
import { Buckets, placeLabels, yLabels, X_INCRS, X_SPACE, tickLabel } from './chart-data.mjs';
import { numberFormat } from '../../lib/locale.mjs';

export { MAX_BUCKETS } from './chart-data.mjs';

// the fitness axis's label font (measured to fit the label to the plot's height)
export const Y_LABEL_FONT = 'bold 12px system-ui, sans-serif';

export class FitnessChart {
  constructor(host) {
    this.host = host;
    this.buckets = new Buckets();
    this.dirty = false;
    this.labels = [];
    this.yLabel = 'fitness';
    this.plot = null;
    this.loading = null;
    this.ro = new ResizeObserver(() => this._resize());
    this.ro.observe(host);
  }

  _size() {
    const w = Math.max(200, Math.floor(this.host.clientWidth || 320));
    const big = document.body.classList.contains('presenting'); // presentation mode: a large chart
    return { width: w, height: Math.max(160, Math.min(big ? Math.round(innerHeight * 0.62) : 260, Math.round(w * (big ? 0.75 : 0.55)))) };
  }

  // load uPlot once, then make the plot with what the buckets hold
  _load() {
    if (!this.loading) {
      this.failed = null;
      this.loading = import('./uplot.lazy.mjs').then((m) => m.styled.then(() => m)).then((m) => {
        this.uPlot = m.default;
        this._make();
        this._setData();
      }).catch((e) => this._failed(e));
    }
    return this.loading;
  }

  // uPlot did not load or could not make the plot (offline before the service worker cached
  // it, a formatter that throws): said in the chart's place with a Retry, and as a console
  // error; the next run, or Retry, tries again (the buckets keep every record meanwhile)
  _failed(e) {
    this.loading = null;
    this.plot?.destroy();
    this.plot = null;
    this.failed = e;
    const why = (e && e.message) || String(e);
    console.error(`the chart could not load: ${why}`);
    this.note?.remove();
    const note = this.note = document.createElement('p');
    note.className = 'chart-error';
    note.dataset.testid = 'chart-error';
    note.setAttribute('role', 'alert');
    note.textContent = `the chart could not load: ${why} `;
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.textContent = 'Retry';
    retry.addEventListener('click', () => this._retry());
    note.append(retry);
    this.host.append(note);
  }

  _retry() {
    this.failed = null;
    this.note?.remove();
    this.note = null;
    return this._load();
  }

  _make() {
    const uPlot = this.uPlot;
    const grid = { stroke: '#2a3242' };
    // numbers in the browser's locale, or en-US where Intl refuses its tag (web/lib/locale.mjs)
    const num = numberFormat();
    const values = (u, splits) => splits.map((v) => (v == null ? '' : num.format(v)));
    const value = (u, v) => (v == null ? '--' : num.format(v));
    const opts = {
      ...this._size(),
      class: 'fitness-chart',
      legend: { live: true },
      cursor: { drag: { x: true, y: false } },
      scales: { x: { time: false } },
      axes: [
        { label: 'generation', stroke: '#9aa4b5', grid, ticks: grid, incrs: X_INCRS, space: X_SPACE, values: (u, splits) => splits.map(tickLabel) },
        { label: this.yLabel, labelFont: Y_LABEL_FONT, stroke: '#9aa4b5', grid, ticks: grid, size: 56, values },
      ],
      hooks: { draw: [(u) => this._drawPhases(u)], ready: [(u) => this._fitYLabel(u)] },
      series: [
        { label: 'gen', value },
        { label: 'best min', stroke: 'rgba(90, 209, 154, 0.45)', width: 1, value },
        { label: 'best max', stroke: 'rgba(90, 209, 154, 0.45)', width: 1, value },
        // the legend in the fitness's own units, as the tiles write it (chart-data.mjs legendTexts)
        { label: 'best', stroke: '#5ad19a', width: 2, value: (u, v, si, idx) => (idx == null ? '--' : this.buckets.legendTexts(idx).best) },
        { label: 'mean', stroke: '#f0b35a', width: 1.5, value: (u, v, si, idx) => (idx == null ? '--' : this.buckets.legendTexts(idx).mean) },
      ],
      bands: [{ series: [2, 1], fill: 'rgba(90, 209, 154, 0.18)' }],
    };
    this.plot = new uPlot(opts, this.buckets.series(), this.host);
  }

  _drawPhases(u) {
    const { ctx } = u;
    const { left, top, width, height } = u.bbox;
    const px = window.devicePixelRatio || 1;
    ctx.save();
    ctx.strokeStyle = 'rgba(154, 164, 181, 0.55)';
    ctx.setLineDash([4 * px, 4 * px]);
    ctx.lineWidth = px;
    const shown = [];
    const first = this.buckets.phases[0];
    for (const p of this.buckets.phaseMarks(u.scales.x.min)) {
      const x = u.valToPos(p.gen, 'x', true);
      if (x < left - 1 || x > left + width + 1) continue;
      if (p.gen > first.gen && p.gen > u.scales.x.min) {
        ctx.beginPath();
        ctx.moveTo(Math.round(x), top);
        ctx.lineTo(Math.round(x), top + height);
        ctx.stroke();
      }
      shown.push({ p, x: (x - left) / px });
    }
    ctx.restore();
    this._labels(u, shown);
  }

  // the fitness axis's label, shortened (yLabels) until it fits the plot's height
  _fitYLabel(u) {
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = Y_LABEL_FONT;
    const room = u.bbox.height / (window.devicePixelRatio || 1);
    const label = yLabels(this.yLabel).find((t) => ctx.measureText(t).width <= room - 6) ?? '';
    if (u.axes[1].label !== label) { u.axes[1].label = label; u.redraw(false, true); }
  }

  // the phase labels as elements over the plot area (u.over), measured, then placed in rows
  _labels(u, shown) {
    while (this.labels.length > shown.length) this.labels.pop().remove();
    while (this.labels.length < shown.length) {
      const s = document.createElement('span');
      s.className = 'phase-label';
      s.dataset.testid = 'phase-label';
      u.over.append(s);
      this.labels.push(s);
    }
    shown.forEach(({ p }, i) => { if (this.labels[i].textContent !== p.label) this.labels[i].textContent = p.label; });
    const items = shown.map(({ x }, i) => ({ x, w: this.labels[i].offsetWidth }));
    const rowH = 15;
    placeLabels(items, u.over.clientWidth).forEach(({ left, row }, i) => {
      this.labels[i].style.left = `${left}px`;
      this.labels[i].style.top = `${2 + row * rowH}px`;
    });
  }

  // Each phase as a percentage of its start (chart-data.mjs Buckets.series), or the values.
  setNormal(on) {
    if (this.buckets.normal === on) return;
    this.buckets.normal = on;
    if (this.plot) this._setData();
  }

  // The fitness axis's label (the page says which way is better): the plot is made anew.
  setYLabel(label) {
    if (label === this.yLabel) return;
    this.yLabel = label;
    if (!this.plot) return; // made with this label when uPlot arrives
    this.plot.destroy();
    this.labels = []; // they lived in the old plot's overlay
    this._make();
    this._legend();
  }

  _resize() {
    if (this.plot) { this.plot.setSize(this._size()); this._fitYLabel(this.plot); this._legend(); }
  }

  // the data, and the legend on the latest point unless the cursor is over the plot
  _setData() {
    this.plot.setData(this.buckets.series());
    this._legend();
  }

  _legend() {
    const n = this.plot.data[0].length;
    if (n && (this.plot.cursor.left == null || this.plot.cursor.left < 0)) this.plot.setLegend({ idx: n - 1 });
  }

  reset() {
    if (this.failed) { this.failed = null; this.note?.remove(); this.note = null; } // the next run tries again
    this.buckets.reset();
    if (this.plot) this.plot.setData(this.buckets.series());
  }

  add(records) {
    for (const r of records) this.buckets.add(r);
    if (!this.plot) { if (!this.failed) this._load(); return; }
    if (!this.dirty) {
      this.dirty = true;
      requestAnimationFrame(() => {
        this.dirty = false;
        this._setData();
      });
    }
  }

  get records() { return this.buckets.records; }

  get points() { return this.buckets.list.length; }
}
