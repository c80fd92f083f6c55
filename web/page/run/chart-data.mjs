// chart-data.mjs - what the fitness chart (web/page/run/chart.mjs) draws, without any drawing, so that
// Node tests can check it: progress records aggregated into at most MAX_BUCKETS buckets, each
// with the min, max and average of the best fitness and the average of the mean fitness over
// its records, and the phases' labels placed in rows so that none overlaps another.
//
// Each bucket's point is drawn at its last generation with the values of its last record (the
// best and the mean there: at the end of a run, the record the tiles show), the band spanning
// the best's min and max over the bucket. The legend (legendTexts) writes the raw values with
// the tiles' formatter (web/lib/run/numbers.mjs fitnessText), also when the plot shows each
// phase as a percentage of its start, and the band's range only when it is one.
//
// Buckets. Records are cut into segments (a run of records with one phase index; a solver that
// starts over, as twes does, opens a new segment). Within a segment a bucket is a round when
// the records show rounds: HuGO!'s phase 1 names its block location in phaseName ("2x2x3
// block DL", "... DB", ...) and visits the 12 locations in turn, so a round is one cycle (it
// starts when the segment's first name comes back). Otherwise a bucket is `scale` generations
// counted from the segment's first (scale starts at 1). When there are more than MAX_BUCKETS
// buckets, the segment with the most buckets doubles its scale and merges its buckets in pairs
// (two rounds, or twice the generations): a run of 300,000 generations is at most MAX_BUCKETS
// points, each evenly aggregated, never a band of noise, and a short phase (HuGO!'s 13 rounds
// of phase 1 before 150,000 generations of phase 3) keeps its rounds.
import { fitnessText } from '../../lib/format.mjs';

export const MAX_BUCKETS = 400;

// The generation axis's ticks: whole numbers only (1, 2, 5 times a power of ten), labelled
// short enough that neighbours at X_SPACE px never collide ("5,000", "50k", "1.5M").
export const X_INCRS = [];
for (let p = 1; p <= 1e9; p *= 10) X_INCRS.push(p, 2 * p, 5 * p);
export const X_SPACE = 50;
export function tickLabel(v) {
  const a = Math.abs(v);
  const short = (x, unit) => `${Number.isInteger(x) ? x : x.toFixed(1).replace(/\.0$/, '')}${unit}`;
  if (a >= 1e6) return short(v / 1e6, 'M');
  if (a >= 1e4) return short(v / 1e3, 'k');
  return Math.round(v).toLocaleString('en-US');
}

// The fitness axis's label and shorter forms of it, longest first, the last always short: "% of
// phase start (↓ better)" -> "% of start (↓ better)", "% of start ↓", "↓ better".
export function yLabels(full) {
  const m = /^(.*?) \((.) better\)$/.exec(full);
  if (!m) return [full];
  const [, what, arrow] = m;
  const short = what.replace(/^% of phase start$/, '% of start');
  return [...new Set([full, `${short} (${arrow} better)`, `${short} ${arrow}`, `${arrow} better`])];
}

// "2x2x3 block DL", "2x2x3 block DB" -> "2x2x3 block": the names' common words
export function commonLabel(a, b) {
  if (a === b) return a;
  const x = a.split(' '), y = b.split(' ');
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i ? x.slice(0, i).join(' ') : a;
}

export class Buckets {
  // normal: each phase's values as a percentage of its first best (see series())
  constructor(max = MAX_BUCKETS, normal = false) {
    this.max = max;
    this.normal = normal;
    this.reset();
  }

  reset() {
    this.list = [];
    this.segs = [];
    this.records = 0;
    this.phases = []; // [{phase, gen, label}]: where each phase index first appears
  }

  add(r) {
    this.records++;
    // generation 0 with no individual: a unit before the first generation (HuGO!'s exact
    // tables); no point, and its name is no phase's or round's
    if (r.gen === 0 && r.bestLength < 0) return;
    const name = String(r.phaseName || `phase ${r.phase + 1}`).slice(0, 40);
    let s = this.segs[this.segs.length - 1];
    if (!s || s.phase !== r.phase) {
      s = { id: this.segs.length, phase: r.phase, gen0: r.gen, first: name, last: name, round: 0, rounded: false, scale: 1, n: 0 };
      this.segs.push(s);
      if (!this.phases.some((p) => p.phase === r.phase)) this.phases.push({ phase: r.phase, gen: r.gen, label: name });
    } else if (name !== s.last) {
      if (name === s.first) s.round++;
      else if (!s.rounded) {
        s.rounded = true; // the records so far were the first round's first part: one bucket
        const own = this.list.filter((b) => b.seg === s.id);
        this.list = this.list.filter((b) => b.seg !== s.id);
        if (own.length) this.list.push(own.reduce(merge));
        this.list[this.list.length - 1].key = 0;
        s.n = 1;
      }
      s.last = name;
      const p = this.phases.find((q) => q.phase === r.phase);
      if (p) p.label = commonLabel(p.label, name);
    }
    const key = Math.floor((s.rounded ? s.round : r.gen - s.gen0) / s.scale);
    let b = this.list[this.list.length - 1];
    if (!b || b.seg !== s.id || b.key !== key) {
      b = { seg: s.id, key, gen0: r.gen, gen1: r.gen, n: 0, nv: 0, min: Infinity, max: -Infinity, sum: 0, msum: 0, mn: 0, last: null, lastMean: null };
      this.list.push(b);
      s.n++;
    }
    b.gen1 = r.gen;
    b.n++;
    // bestLength < 0: no individual yet, the fitness fields are placeholders
    if (r.bestLength >= 0 && Number.isFinite(r.best)) {
      b.nv++;
      b.min = Math.min(b.min, r.best);
      b.max = Math.max(b.max, r.best);
      b.sum += r.best;
      b.last = r.best;
      b.lastMean = Number.isFinite(r.mean) ? r.mean : null;
      if (Number.isFinite(r.mean)) { b.mn++; b.msum += r.mean; }
    }
    if (this.list.length > this.max) this._coarsen();
  }

  _coarsen() {
    const s = this.segs.reduce((a, b) => (b.n > a.n ? b : a));
    s.scale *= 2;
    s.n = 0;
    const out = [];
    for (const b of this.list) {
      if (b.seg !== s.id) { out.push(b); continue; }
      const k = Math.floor(b.key / 2);
      const prev = out[out.length - 1];
      if (prev && prev.seg === b.seg && prev.key === k) out[out.length - 1] = merge(prev, b);
      else { out.push({ ...b, key: k }); s.n++; }
    }
    this.list = out;
  }

  // uPlot's data: [x (each bucket's last generation), best min, best max, best and mean at
  // that generation (the bucket's last record)]. With `normal`, a segment whose first best is above 0 has every value as a
  // percentage of it (each phase starts at 100, so "lower is better" points down in every
  // phase, whatever scale each phase's fitness has); a segment starting at 0 or below keeps
  // its values.
  series() {
    const x = [], lo = [], hi = [], avg = [], mean = [];
    const base = new Map();
    for (const b of this.list) if (this.normal && b.nv > 0 && !base.has(b.seg)) base.set(b.seg, b.sum / b.nv > 0 ? 100 / (b.sum / b.nv) : 1);
    for (const b of this.list) {
      x.push(x.length ? Math.max(b.gen1, x[x.length - 1] + 1e-9) : b.gen1);
      const v = b.nv > 0;
      const k = base.get(b.seg) ?? 1;
      lo.push(v ? b.min * k : null);
      hi.push(v ? b.max * k : null);
      avg.push(v ? b.last * k : null);
      mean.push(v && b.lastMean != null ? b.lastMean * k : null);
    }
    return [x, lo, hi, avg, mean];
  }

  // The legend's texts at point idx, in the fitness's own units: {best (with the bucket's range
  // when its best varied: "30 (28–33)"), mean}; '–' where there is none.
  legendTexts(idx) {
    const b = this.list[idx];
    if (!b || !(b.nv > 0)) return { best: fitnessText(null), mean: fitnessText(null) };
    const range = b.min < b.max ? ` (${fitnessText(b.min)}–${fitnessText(b.max)})` : '';
    return { best: `${fitnessText(b.last)}${range}`, mean: fitnessText(b.lastMean) };
  }

  // The phases' marks on an x axis that starts at xMin: [{label, gen}], the first phase (its
  // records begin before the first point, which sits at its bucket's last generation) at xMin,
  // so that every phase is labelled.
  phaseMarks(xMin) {
    return this.phases.map((p) => ({ label: p.label, gen: Math.max(p.gen, xMin ?? p.gen) }));
  }
}

function merge(a, b) {
  return {
    seg: a.seg, key: a.key, gen0: a.gen0, gen1: b.gen1, n: a.n + b.n, nv: a.nv + b.nv, min: Math.min(a.min, b.min),
    max: Math.max(a.max, b.max), sum: a.sum + b.sum, msum: a.msum + b.msum, mn: a.mn + b.mn,
    last: b.nv > 0 ? b.last : a.last, lastMean: b.nv > 0 ? b.lastMean : a.lastMean,
  };
}

// Labels at x positions (in order) with widths w, in a strip `width` wide: each goes right of
// its x (left of the strip's end when it would run past it) into the first row where it keeps
// `gap` from the label before it (enough that two labels never read as one). Returns [{left, row}]; no two in one row overlap.
export function placeLabels(items, width, gap = 12) {
  const ends = [];
  return items.map(({ x, w }) => {
    const left = Math.max(0, Math.min(x + 3, width - w));
    let row = 0;
    while (row < ends.length && ends[row] + gap > left) row++;
    ends[row] = left + w;
    return { left, row };
  });
}
