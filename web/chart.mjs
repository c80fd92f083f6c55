// chart.mjs - best and mean fitness over every generation, drawn by uPlot (the copy in
// web/vendor). Data: three arrays (generation, best, mean) with one point per record while
// there are fewer than 2 x MAX_POINTS; past that, every other point is dropped and from then
// on only every stride-th record is kept (the stride doubles each time), so a run of
// millions of generations still shows from its first generation to its last in at most
// 2 x MAX_POINTS points. `records` counts every record added. Redraws are coalesced to one
// per animation frame. Width follows the container (ResizeObserver).
import uPlot from './vendor/uPlot.esm.js';

export const MAX_POINTS = 10000;

export class FitnessChart {
  constructor(host) {
    this.host = host;
    this.data = [[], [], []];
    this.records = 0;
    this.stride = 1;
    this.tail = false;
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
    this.records = 0;
    this.stride = 1;
    this.tail = false;
    this.plot.setData(this.data);
  }

  _thin() {
    for (const a of this.data) {
      let j = 0;
      for (let i = 0; i < a.length; i += 2) a[j++] = a[i];
      a.length = j;
    }
    this.stride *= 2;
  }

  add(records) {
    const [g, b, m] = this.data;
    const last = records.length - 1;
    records.forEach((r, i) => {
      const k = this.records++;
      if (this.tail) { g.pop(); b.pop(); m.pop(); this.tail = false; } // the latest point moves on
      const onStride = k % this.stride === 0;
      if (!onStride && i !== last) return;
      if (onStride && g.length >= 2 * MAX_POINTS) this._thin();
      g.push(g.length ? Math.max(r.gen, g[g.length - 1] + 1e-9) : r.gen);
      // bestLength < 0: the solver has no individual yet (e.g. two-phase before its first
      // solution); its fitness fields are placeholders then, not values to plot
      const none = r.bestLength < 0;
      b.push(!none && Number.isFinite(r.best) ? r.best : null);
      m.push(!none && Number.isFinite(r.mean) ? r.mean : null);
      this.tail = !onStride;
    });
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
