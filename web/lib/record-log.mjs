// record-log.mjs - a run's progress records, bounded and evenly decimated: the one log the
// Watch panel's scrubber and views read (web/page/watch/watch.mjs, 2,000 records) and the one
// the JSON/CSV export writes (RunLog, 20,000 records, every island's).
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
//   last      the latest entry added (any island); all(): the entries as at(0 .. length - 1)
// Cost: O(1) per record amortised (a halving is O(max), once per max / 2 kept records).
import { STATUS } from './protocol.mjs';

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
    this.seen = 0;
    this.stride = 1;
    this.last = null;
    this.seenBy = new Map(); // island -> records seen
    this.lasts = new Map(); // island -> its latest entry
  }

  add(records, island = null) {
    for (const r of records) {
      const n = this.seenBy.get(island) || 0;
      this.seenBy.set(island, n + 1);
      this.seen++;
      let e = this.islands ? { island, ...r } : r;
      if (this.index) e = { ...e, index: n };
      if (n % this.stride === 0) {
        this.records.push(e);
        this.seq.push(n);
      }
      this.lasts.set(island, e);
      this.last = e;
      if (this.records.length >= this.max) {
        this.stride *= 2;
        const keep = this.seq.map((q) => q % this.stride === 0);
        this.records = this.records.filter((_, j) => keep[j]);
        this.seq = this.seq.filter((_, j) => keep[j]);
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
}

// The export's log of a run: the request it was started with and the core's version, every
// island's records (tagged with their island when the run has islands), and how it ended.
//   result   the run's result, or null (ended: why there is none: 'running' until the end)
//   end(outcome)   the run's end (RunController's outcome); returns the log
export class RunLog extends RecordLog {
  constructor(request, version, max = EXPORT_MAX) {
    super({ max, islands: request.islands > 1 });
    Object.assign(this, { request, version, result: null, ended: STATUS.RUNNING });
  }

  end(outcome) {
    this.result = outcome.result || null;
    this.ended = outcome.result ? null : outcome.kind === STATUS.ERROR ? `error: ${outcome.error.message}` : outcome.kind;
    return this;
  }
}
