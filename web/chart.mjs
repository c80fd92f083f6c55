// chart.mjs - best and mean fitness over every generation, drawn by uPlot (the copy in
// web/vendor). Data: three arrays (generation, best, mean) with one point per record while
// there are fewer than 2 x MAX_POINTS; past that, every other point is dropped and from then
// on only every stride-th record is kept (the stride doubles each time), so a run of
// millions of generations still shows from its first generation to its last in at most
// 2 x MAX_POINTS points. `records` counts every record added. Redraws are coalesced to one
// per animation frame. Width follows the container (ResizeObserver). The first generation of
// each new phase (a phase index higher than any before) gets a dashed marker with its name.
import uPlot from './vendor/uPlot.esm.js';

export const MAX_POINTS = 10000;

export class FitnessChart {
  constructor(host) {
    this.host = host;
    this.data = [[], [], []];
    this.records = 0;
    this.stride = 1;
    this.tail = false;
    this.phases = []; // [{gen, name}] where a new phase began
    this.maxPhase = -1;
    this.dirty = false;
    this.plot = null;
    this.yLabel = 'fitness';
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
        { label: this.yLabel, stroke: '#9aa4b5', grid: { stroke: '#2a3242' }, ticks: { stroke: '#2a3242' }, size: 56 },
      ],
      hooks: { draw: [(u) => this._drawPhases(u)] },
      series: [
        { label: 'gen' },
        { label: 'best', stroke: '#5ad19a', width: 2 },
        { label: 'mean', stroke: '#f0b35a', width: 1.5 },
      ],
    };
    this.plot = new uPlot(opts, this.data, this.host);
  }

  _drawPhases(u) {
    if (!this.phases.length) return;
    const { ctx } = u;
    const { left, top, width, height } = u.bbox;
    const px = window.devicePixelRatio || 1;
    ctx.save();
    ctx.strokeStyle = 'rgba(154, 164, 181, 0.55)';
    ctx.fillStyle = 'rgba(200, 208, 220, 0.9)';
    ctx.setLineDash([4 * px, 4 * px]);
    ctx.lineWidth = px;
    ctx.font = `${11 * px}px system-ui, sans-serif`;
    ctx.textBaseline = 'top';
    let prevEnd = -Infinity, row = 0;
    for (const p of this.phases) {
      const x = Math.round(u.valToPos(p.gen, 'x', true));
      if (x < left || x > left + width) continue;
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x, top + height);
      ctx.stroke();
      // labels right of their line (left of it near the right edge), stepped down a row
      // when they would run into the previous one
      const w = ctx.measureText(p.name).width;
      let tx = x + 3 * px;
      if (tx + w > left + width) tx = x - 3 * px - w;
      row = tx < prevEnd + 4 * px ? row + 1 : 0;
      ctx.fillText(p.name, tx, top + (2 + 13 * (row % 4)) * px);
      prevEnd = tx + w;
    }
    ctx.restore();
  }

  // The fitness axis's label (the page says which way is better): the plot is made anew.
  setYLabel(label) {
    if (label === this.yLabel) return;
    this.yLabel = label;
    this.plot.destroy();
    this._make();
  }

  _resize() {
    if (this.plot) this.plot.setSize(this._size());
  }

  reset() {
    this.data = [[], [], []];
    this.records = 0;
    this.stride = 1;
    this.tail = false;
    this.phases = [];
    this.maxPhase = -1;
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
      if (r.phase > this.maxPhase) {
        if (this.maxPhase >= 0) this.phases.push({ gen: r.gen, name: String(r.phaseName || `phase ${r.phase + 1}`).slice(0, 32) });
        this.maxPhase = r.phase;
      }
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
