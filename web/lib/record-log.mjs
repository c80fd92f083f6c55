// history.mjs - a run's bounded history of progress records, read by the generation scrubber
// and the population and swarm views (web/lazy/). At most `max` (HISTORY_MAX, 2,000) records
// are held: every k-th record in arrival order (k starts at 1) plus the latest one. When the
// kept records fill max - 1 slots, every other one is dropped and k doubles, so a run of any
// length keeps records spaced evenly (every k-th) from its first record to its latest.
// Each entry is the record as the worker sent it, with `index` (its 0-based arrival number).
export const HISTORY_MAX = 2000;

export class RunHistory {
  constructor(max = HISTORY_MAX) {
    this.max = Math.max(2, max);
    this.reset();
  }

  reset() {
    this.kept = [];
    this.tail = null; // the latest record when it is not one of the kept
    this.k = 1;
    this.count = 0; // records added
  }

  add(records) {
    for (const r of records) {
      const e = { ...r, index: this.count++ };
      if (e.index % this.k === 0 && this.kept.length >= this.max - 1) {
        this.kept = this.kept.filter((_, j) => j % 2 === 0);
        this.k *= 2;
      }
      if (e.index % this.k === 0) {
        this.kept.push(e);
        this.tail = null;
      } else this.tail = e;
    }
  }

  get length() { return this.kept.length + (this.tail ? 1 : 0); }

  at(i) { return i === this.kept.length && this.tail ? this.tail : this.kept[i]; }

  get last() { return this.tail || this.kept[this.kept.length - 1] || null; }
}
