// record-log.test.mjs - the one bounded, evenly decimated record log (web/lib/record-log.mjs)
// on its own: a run on islands, each island decimated on its own count with a shared stride,
// its latest record always held, the bound kept; and the entries' tags (island, index).
import { RecordLog } from '../../web/lib/record-log.mjs';

const rec = (gen) => ({ gen, best: 1000 - gen });

// islands feed batches of different sizes, interleaved, until each has sent n[i] records
function feed(log, n, sizes) {
  const pos = n.map(() => 0);
  while (pos.some((p, i) => p < n[i])) {
    for (let i = 0; i < n.length; i++) {
      const k = Math.min(sizes[i], n[i] - pos[i]);
      if (k > 0) log.add(Array.from({ length: k }, (_, j) => rec(pos[i] + j)), i);
      pos[i] += k;
    }
  }
}

describe('RecordLog on islands', () => {
  test('each island is thinned on its own count: its 0th, stride-th, 2 stride-th ... record and its latest', () => {
    const log = new RecordLog({ max: 40, islands: true, index: true });
    const n = [500, 130, 777];
    feed(log, n, [5, 2, 9]);
    expect(log.seen).toBe(500 + 130 + 777);
    expect(log.records.length).toBeLessThan(40);
    expect(log.stride).toBeGreaterThan(1);
    const all = log.all();
    expect(all.length).toBe(log.length);
    all.forEach((e, i) => expect(log.at(i)).toBe(e));
    for (const [i, count] of n.entries()) {
      const mine = all.filter((e) => e.island === i);
      // the multiples of the stride, in order, none missing; then the latest when it is not one
      const want = [...Array(count).keys()].filter((q) => q % log.stride === 0);
      if (want[want.length - 1] !== count - 1) want.push(count - 1);
      expect(mine.map((e) => e.index)).toEqual(want);
      for (const e of mine) expect(e).toEqual({ island: i, ...rec(e.index), index: e.index });
    }
    // the latest added, whichever island it came from (island 0 sends its last batch last)
    expect(log.last).toEqual({ island: 0, ...rec(499), index: 499 });
  });

  test('the stride is shared: an island that sent few records is thinned as much as the busy ones', () => {
    const log = new RecordLog({ max: 16, islands: true });
    feed(log, [1000, 9], [10, 1]);
    const quiet = log.all().filter((e) => e.island === 1).map((e) => e.gen);
    const kept = [...Array(9).keys()].filter((g) => g % log.stride === 0);
    expect(quiet).toEqual(kept.includes(8) ? kept : [...kept, 8]);
  });

  test('without islands: no tag, one count; reset() starts over', () => {
    const log = new RecordLog({ max: 8 });
    log.add(Array.from({ length: 30 }, (_, g) => rec(g)));
    expect(log.stride).toBe(8);
    expect(log.all().map((e) => e.gen)).toEqual([0, 8, 16, 24, 29]);
    expect(log.all()[0]).toEqual(rec(0));
    log.reset();
    expect([log.length, log.seen, log.stride, log.last]).toEqual([0, 0, 1, null]);
    log.add([rec(5)]);
    expect(log.all()).toEqual([rec(5)]);
  });
});

describe('one island of a run\'s log (island(i, max): what the Watch panel reads)', () => {
  test('its entries alone, indexed, thinned further to at most max (evenly), its latest last', () => {
    const log = new RecordLog({ max: 400, islands: true });
    const n = [3000, 1000, 10];
    feed(log, n, [7, 3, 1]);
    for (const [i, count] of n.entries()) {
      const v = log.island(i, 50);
      const all = v.all();
      expect(v.length).toBe(all.length);
      expect(v.length).toBeLessThanOrEqual(50);
      expect(v.seen).toBe(count);
      expect(all.every((e) => e.island === i)).toBe(true);
      expect(all.map((e) => e.index)).toEqual(all.map((e) => e.gen));
      const body = all.slice(0, -1).map((e) => e.index);
      expect(body).toEqual(body.map((_, j) => j * v.stride));
      expect(v.stride % log.stride).toBe(0);
      expect(v.last).toEqual({ island: i, ...rec(count - 1), index: count - 1 });
    }
    // a quiet island keeps all it has within the bound
    expect(log.island(2, 50).length).toBe(log.all().filter((e) => e.island === 2).length);
  });

  test('it follows the log: read again after more records, it has them', () => {
    const log = new RecordLog({ max: 100 });
    const v = log.island(null, 20);
    expect([v.length, v.seen, v.last]).toEqual([0, 0, null]);
    log.add([rec(0), rec(1)]);
    expect(v.all().map((e) => e.index)).toEqual([0, 1]);
    log.add(Array.from({ length: 98 }, (_, g) => rec(g + 2)));
    expect(v.length).toBeLessThanOrEqual(20);
    expect(v.last.index).toBe(99);
    expect(v.at(0)).toEqual({ ...rec(0), index: 0 });
  });
});
