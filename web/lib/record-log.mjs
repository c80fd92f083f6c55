// record-log.mjs - a run's progress records, bounded and evenly decimated: the one log of a run
// (web/lib/run/run.mjs keeps one, EXPORT_MAX records, every island's), which the export writes
// and the Watch panel's scrubber and views read through island(i, WATCH_MAX).
//
// RecordLog({max, islands, index}): every record is kept until `max` are held; then every
// other kept one is dropped and the stride doubles, so only every stride-th new record is
// kept. Each island (island null: a run without islands) counts its own records: island i's
// kept records are its 0th, stride-th, 2 stride-th ... record, so a run of any length keeps
// records spaced evenly from its first to its latest, per island. Each island's latest
// record is always held too (apart from the kept ones when it is not one of them), so the
// final generation is never lost: at most max - 1 kept records plus one latest per island.
//   islands: tag every record with its island ({island, ...record}); index: tag every record
//   with its number in its island's stream ({...record, index}, 0-based).
//   records   the kept entries, in arrival order; seen: records added; stride: as above
//   length, at(i)   the kept entries, then each island's latest when it was not kept
//   last      the latest entry added (any island); latest(island): that island's;
//   count(island): the records it added; all(): the entries as at(0 .. length - 1)
//   island(i, max)  island i's entries alone, thinned further to at most `max` (WATCH_MAX)
// Cost: O(1) per record amortised (a halving is O(max), once per max / 2 kept records).
export const WATCH_MAX = 2000;
export const EXPORT_MAX = 20000;

export class RecordLog {
  constructor({ max = WATCH_MAX, islands = false, index = false } = {}) {
    Object.assign(this, { max: Math.max(2, max), islands, index });
    this.reset();
  }

  reset() {
    this.records = [];
    this.seq = []; // records[j] is its island's seq[j]-th record
    this.from = []; // records[j] is island from[j]'s
    this.version = 0; // changes with every add
    this.seen = 0;
    this.stride = 1;
    this.last = null;
    this.seenBy = new Map(); // island -> records seen
    this.lasts = new Map(); // island -> its latest entry
  }

  add(records, island = null) {
    if (records.length) this.version++;
    for (const r of records) {
      const n = this.seenBy.get(island) || 0;
      this.seenBy.set(island, n + 1);
      this.seen++;
      let e = this.islands ? { island, ...r } : r;
      if (this.index) e = { ...e, index: n };
      if (n % this.stride === 0) {
        this.records.push(e);
        this.seq.push(n);
        this.from.push(island);
      }
      this.lasts.set(island, e);
      this.last = e;
      if (this.records.length >= this.max) {
        this.stride *= 2;
        const keep = this.seq.map((q) => q % this.stride === 0);
        this.records = this.records.filter((_, j) => keep[j]);
        this.seq = this.seq.filter((_, j) => keep[j]);
        this.from = this.from.filter((_, j) => keep[j]);
      }
    }
  }

  // each island's latest entry that is not a kept one (record n of an island is kept exactly
  // when n % stride === 0: strides only double)
  _tails() {
    const out = [];
    for (const [island, e] of this.lasts) if ((this.seenBy.get(island) - 1) % this.stride !== 0) out.push(e);
    return out;
  }

  get length() {
    if (this.lasts.size === 1) return this.records.length + ((this.seen - 1) % this.stride !== 0 ? 1 : 0);
    return this.records.length + this._tails().length;
  }

  at(i) { return i < this.records.length ? this.records[i] : this._tails()[i - this.records.length]; }

  all() { return this.records.concat(this._tails()); }

  latest(island = null) { return this.lasts.get(island) ?? null; }

  count(island = null) { return this.seenBy.get(island) || 0; }

  // Island i's entries as a log of their own, each with its number in the island's stream
  // ({...entry, index}): its kept records, thinned further when there are more than max - 1
  // (WATCH_MAX - 1 by default, the Watch panel's bound) of them (every k-th, k a power of 2, so still evenly: its 0th, (stride k)-th, ...
  // record), then its latest when that is not one of them. {length, at(j), all(), seen,
  // stride, last}, rebuilt when the log has changed since it was last read (O(kept)).
  island(island = null, max = WATCH_MAX) {
    const log = this;
    let built = -1, list = [], stride = 1;
    const get = () => {
      if (built === log.version) return list;
      built = log.version;
      const mine = [];
      for (let j = 0; j < log.records.length; j++) if (log.from[j] === island) mine.push(j);
      let k = 1;
      while (Math.ceil(mine.length / k) > max - 1) k *= 2;
      stride = log.stride * k;
      list = mine.filter((j) => log.seq[j] % stride === 0).map((j) => ({ ...log.records[j], index: log.seq[j] }));
      const n = log.count(island);
      if (n && (n - 1) % stride !== 0) list.push({ ...log.latest(island), index: n - 1 });
      return list;
    };
    return {
      get length() { return get().length; },
      at: (j) => get()[j],
      all: () => get().slice(),
      get seen() { return log.count(island); },
      get stride() { get(); return stride; },
      get last() { const l = get(); return l.length ? l[l.length - 1] : null; },
    };
  }
}
