// chart.mjs - best and mean fitness over every generation, drawn by uPlot (the copy in
// web/vendor). Data: three growing arrays (generation, best, mean), one entry per progress
// record, none dropped; redraws are coalesced to one per animation frame, so a fast solver
// costs one setData per frame. Width follows the container (ResizeObserver).
import uPlot from './vendor/uPlot.esm.js';

export class FitnessChart {
  constructor(host) {
    this.host = host;
    this.data = [[], [], []];
    this.dirty = false;
    this.plot = null;
    this._make();
    this.ro = new ResizeObserver(() => this._resize());
    this.ro.observe(host);
  }

  _size() {
    const w = Math.max(200, Math.floor(this.host.clientWidth || 320));
    return { width: w, height: Math.max(160, Math.min(260, Math.round(w * 0.55))) };
  }

  _make() {
    const opts = {
      ...this._size(),
      class: 'fitness-chart',
      legend: { live: true },
      cursor: { drag: { x: true, y: false } },
      scales: { x: { time: false } },
      axes: [
        { label: 'generation', stroke: '#9aa4b5', grid: { stroke: '#2a3242' }, ticks: { stroke: '#2a3242' } },
        { label: 'fitness', stroke: '#9aa4b5', grid: { stroke: '#2a3242' }, ticks: { stroke: '#2a3242' }, size: 56 },
      ],
      series: [
        { label: 'gen' },
        { label: 'best', stroke: '#5ad19a', width: 2 },
        { label: 'mean', stroke: '#f0b35a', width: 1.5 },
      ],
    };
    this.plot = new uPlot(opts, this.data, this.host);
  }

  _resize() {
    if (this.plot) this.plot.setSize(this._size());
  }

  reset() {
    this.data = [[], [], []];
    this.plot.setData(this.data);
  }

  add(records) {
    const [g, b, m] = this.data;
    for (const r of records) {
      g.push(g.length ? Math.max(r.gen, g[g.length - 1] + 1e-9) : r.gen);
      // bestLength < 0: the solver has no individual yet (e.g. two-phase before its first
      // solution); its fitness fields are placeholders then, not values to plot
      const none = r.bestLength < 0;
      b.push(!none && Number.isFinite(r.best) ? r.best : null);
      m.push(!none && Number.isFinite(r.mean) ? r.mean : null);
    }
    if (!this.dirty) {
      this.dirty = true;
      requestAnimationFrame(() => {
        this.dirty = false;
        this.plot.setData(this.data);
      });
    }
  }

  get points() { return this.data[0].length; }
}
