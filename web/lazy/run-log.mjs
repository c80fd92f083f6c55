// lazy/run-log.mjs - a run's log for the JSON/CSV export (web/lazy/export.mjs), loaded by
// the first Solve (web/main.mjs). No imports.

// A run's progress records, bounded: all of them up to `max`; past that every other kept
// record is dropped and only every stride-th new one is kept (an even decimation that
// keeps the first); the last record seen is always kept apart, so the final generation is
// in every export. seen counts them all.
export class RunLog {
  constructor(request, version, max = 20000) {
    Object.assign(this, { request, version, max, records: [], seen: 0, stride: 1, last: null, result: null, ended: 'still running when exported' });
  }

  add(records) {
    for (const r of records) {
      if (this.seen++ % this.stride === 0) this.records.push(r);
      this.last = r;
      if (this.records.length >= this.max) {
        this.records = this.records.filter((_, i) => i % 2 === 0);
        this.stride *= 2;
      }
    }
  }

  // the run's end (RunController's outcome): its result, or why there is none
  end(outcome) {
    this.result = outcome.result || null;
    this.ended = outcome.result ? null : outcome.kind === 'error' ? `error: ${outcome.error.message}` : outcome.kind;
    return this;
  }

  // the kept records with the last one seen at the end
  all() {
    const out = this.records.slice();
    if (this.last && out[out.length - 1] !== this.last) out.push(this.last);
    return out;
  }
}
