// watch-data.test.mjs - the data behind watching a run, without a browser: the Watch panel's
// run history (a RecordLog of web/lib/record-log.mjs, each entry tagged with its index), the chart's per-round and per-bucket aggregation and its
// phase-label placement (web/page/run/chart-data.mjs), and the swarm event log's text
// (web/page/watch/swarm-events.mjs).
import { RecordLog, WATCH_MAX } from '../../web/lib/record-log.mjs';
import { Buckets, placeLabels, commonLabel, yLabels } from '../../web/page/run/chart-data.mjs';
import { labelledBars } from '../../web/page/watch/histogram.mjs';
import { tileTexts } from '../../web/lib/run/numbers.mjs';
import { eventText } from '../../web/page/watch/swarm-events.mjs';

const rec = (gen, extra = {}) => ({ gen, phase: 0, phaseName: 'p', best: gen, mean: gen / 2, bestLength: 3, ...extra });

describe('the Watch history (RecordLog with index)', () => {
  test('keeps every record until full, then every k-th (k doubling) and the latest, evenly', () => {
    const h = new RecordLog({ max: 100, index: true });
    const seen = [];
    for (let g = 1; g <= 10000; g += 7) {
      const batch = [];
      for (let i = g; i < g + 7 && i <= 10000; i++) batch.push(rec(i));
      h.add(batch);
      seen.push(...batch);
      expect(h.length).toBeLessThanOrEqual(100);
    }
    expect(h.seen).toBe(10000);
    expect(h.stride).toBe(128); // 10000 records in at most 99 kept slots: every 128th
    const kept = [...Array(h.length)].map((_, i) => h.at(i));
    // the kept ones are exactly indices 0, k, 2k, ... and the last one is the latest record
    for (let i = 0; i < kept.length - 1; i++) expect(kept[i].index).toBe(i * h.stride);
    expect(kept[kept.length - 1].gen).toBe(10000);
    expect(h.last.gen).toBe(10000);
    expect(kept[0].gen).toBe(1);
    // the records are the stream's own
    expect(kept[5]).toEqual({ ...seen[5 * h.stride], index: 5 * h.stride });
  });

  test('a short run is kept whole, and the default bound is 2,000', () => {
    expect(WATCH_MAX).toBe(2000);
    const h = new RecordLog({ index: true });
    h.add([rec(1), rec(2), rec(3)]);
    expect([0, 1, 2].map((i) => h.at(i).gen)).toEqual([1, 2, 3]);
    for (let g = 4; g <= 50000; g++) h.add([rec(g)]);
    expect(h.length).toBeLessThanOrEqual(2000);
    expect(h.length).toBeGreaterThan(1000);
  });
});

describe('Buckets', () => {
  // HuGO!'s shape: phase 1 visits 12 block locations, 10 generations each, per round; then
  // phase 2 and 3 with one name each
  const LOC = ['DL', 'DB', 'DR', 'DF', 'UL', 'UB', 'UR', 'UF', 'BL', 'BR', 'FR', 'FL'];
  function hugoLike(rounds, phase2, phase3) {
    const out = [];
    let gen = 1;
    for (let r = 0; r < rounds; r++) for (const l of LOC) for (let i = 0; i < 10; i++) out.push({ gen: gen++, phase: 0, phaseName: `2x2x3 block ${l}`, best: (gen * 7) % 13, mean: 1, bestLength: 5 });
    for (let i = 0; i < phase2; i++) out.push({ gen: gen++, phase: 1, phaseName: 'two-generator', best: 10 + (i % 5), mean: 2, bestLength: 9 });
    for (let i = 0; i < phase3; i++) out.push({ gen: gen++, phase: 2, phaseName: 'two-gen solve', best: 20 + (i % 3), mean: 3, bestLength: 20 });
    return out;
  }

  test("HuGO!'s phase 1 is aggregated per round (12 locations x 10 generations), with min, max, average and the last record", () => {
    const b = new Buckets(400);
    const recs = hugoLike(13, 7000, 150000);
    for (const r of recs) b.add(r);
    const p1 = b.list.filter((x) => x.seg === 0);
    expect(p1.length).toBe(13);
    for (const [i, x] of p1.entries()) {
      expect([x.gen0, x.gen1, x.n]).toEqual([i * 120 + 1, i * 120 + 120, 120]);
      const own = recs.slice(i * 120, i * 120 + 120).map((r) => r.best);
      expect(x.min).toBe(Math.min(...own));
      expect(x.max).toBe(Math.max(...own));
      expect(x.sum / x.nv).toBeCloseTo(own.reduce((s, v) => s + v, 0) / 120, 9);
    }
    expect(b.phases.map((p) => [p.gen, p.label])).toEqual([[1, '2x2x3 block'], [1561, 'two-generator'], [8561, 'two-gen solve']]);
    const [x, lo, hi, avg, mean] = b.series();
    expect(x.length).toBe(b.list.length);
    expect(x.length).toBeLessThanOrEqual(400);
    expect(lo.every((v, i) => v <= avg[i] && avg[i] <= hi[i])).toBe(true);
    // each point is its bucket's last record: the best and the mean at its last generation
    const at = (g) => recs.find((r) => r.gen === g);
    b.list.forEach((q, i) => expect([avg[i], mean[i]]).toEqual([at(q.gen1).best, at(q.gen1).mean]));
    expect(mean[0]).toBe(1);
    for (let i = 1; i < x.length; i++) expect(x[i]).toBeGreaterThan(x[i - 1]);
  });

  test('a long run stays within the bound: buckets merge in pairs, no record is lost', () => {
    const b = new Buckets(100);
    const recs = hugoLike(40, 20000, 150000);
    for (const r of recs) b.add(r);
    expect(b.list.length).toBeLessThanOrEqual(100);
    expect(b.list.length).toBeGreaterThan(25);
    expect(b.list.reduce((s, x) => s + x.n, 0)).toBe(recs.length);
    expect(b.records).toBe(recs.length);
    // contiguous: each bucket starts right after the one before
    for (let i = 1; i < b.list.length; i++) expect(b.list[i].gen0).toBe(b.list[i - 1].gen1 + 1);
    // phase 1's buckets are whole rounds (a multiple of 120 generations), never cut mid-round
    for (const x of b.list.filter((q) => q.seg === 0)) expect(x.n % 120).toBe(0);
    // the overall minimum and maximum survive the merging
    const fold = (a, f, v0) => a.reduce((m, v) => f(m, v), v0);
    expect(fold(b.list.map((q) => q.min), Math.min, Infinity)).toBe(fold(recs.map((r) => r.best), Math.min, Infinity));
    expect(fold(b.list.map((q) => q.max), Math.max, -Infinity)).toBe(fold(recs.map((r) => r.best), Math.max, -Infinity));
    // the merging falls on the segment with the most buckets: the long phases 2 and 3 took
    // most of it, phase 1's 40 rounds are still 20 buckets of two rounds
    expect(b.list.filter((q) => q.seg === 0).map((q) => q.n / 120)).toEqual(new Array(20).fill(2));
  });

  test("units before the first generation (generation 0, no individual: HuGO!'s exact tables) count, but open no phase, round or bucket", () => {
    const plain = new Buckets(400), after = new Buckets(400);
    const recs = hugoLike(3, 50, 50);
    for (let k = 1; k <= 9; k++) after.add({ gen: 0, phase: 0, phaseName: `2x2x3 block exact tables ${k}/9`, best: 0, mean: 0, bestLength: -1 });
    for (const r of recs) plain.add(r), after.add(r);
    expect(after.records).toBe(plain.records + 9);
    expect(after.list).toEqual(plain.list);
    expect(after.phases).toEqual(plain.phases);
    expect(after.list.filter((x) => x.seg === 0).length).toBe(3); // the three rounds, not one bucket
  });

  test('records without an individual (bestLength < 0) count but do not plot', () => {
    const b = new Buckets();
    b.add({ gen: 1, phase: 0, phaseName: 'search', best: 0, mean: 0, bestLength: -1 });
    b.add({ gen: 2, phase: 0, phaseName: 'search', best: 21, mean: 21, bestLength: 21 });
    const [, lo] = b.series();
    expect(lo).toEqual([null, 21]);
  });

  test('commonLabel keeps the shared words', () => {
    expect(commonLabel('2x2x3 block DL', '2x2x3 block DB')).toBe('2x2x3 block');
    expect(commonLabel('G1', 'G1')).toBe('G1');
    expect(commonLabel('alpha', 'beta')).toBe('alpha');
  });

  test('normal: each phase as a percentage of its first best, so a later phase with a larger scale still starts at 100 and falls', () => {
    // TWES's shape: phase 2's fitness is on a larger scale than phase 1's end
    const recs = [];
    for (let g = 1; g <= 10; g++) recs.push({ gen: g, phase: 0, phaseName: 'G0 -> G1', best: 40 - 3 * g, mean: 60, bestLength: 5 });
    for (let g = 11; g <= 20; g++) recs.push({ gen: g, phase: 1, phaseName: 'G1 -> G2', best: 200 - 5 * (g - 10), mean: 300, bestLength: 9 });
    const raw = new Buckets(400);
    const normal = new Buckets(400, true);
    for (const r of recs) { raw.add(r); normal.add(r); }
    const [, , , rawAvg] = raw.series();
    const [x, , , avg, mean] = normal.series();
    expect(rawAvg[10]).toBeGreaterThan(rawAvg[9]); // the raw line jumps up at the phase
    expect(avg[0]).toBeCloseTo(100);
    expect(avg[10]).toBeCloseTo(100);
    for (let i = 1; i < x.length; i++) if (i !== 10) expect(avg[i]).toBeLessThan(avg[i - 1]);
    expect(mean[10]).toBeCloseTo((300 * 100) / 195);
    // a phase starting at 0 or below keeps its values
    const z = new Buckets(400, true);
    z.add({ gen: 1, phase: 0, best: -2, mean: -5, bestLength: 1 });
    expect(z.series()[3]).toEqual([-2]);
  });
});

describe('placeLabels', () => {
  const overlap = (a, b) => a.row === b.row && a.left < b.left + b.w && b.left < a.left + a.w;
  test('labels close together go to other rows; none overlaps; all stay in the strip', () => {
    const items = [{ x: 0, w: 70 }, { x: 3, w: 80 }, { x: 19, w: 80 }, { x: 120, w: 40 }, { x: 395, w: 60 }, { x: 398, w: 30 }];
    const placed = placeLabels(items, 400).map((p, i) => ({ ...p, w: items[i].w }));
    for (let i = 0; i < placed.length; i++) {
      expect(placed[i].left).toBeGreaterThanOrEqual(0);
      expect(placed[i].left + placed[i].w).toBeLessThanOrEqual(400);
      for (let j = 0; j < i; j++) expect(overlap(placed[i], placed[j])).toBe(false);
    }
    expect(placed.map((p) => p.row)).toEqual([0, 1, 2, 0, 0, 1]);
  });
});

describe('eventText', () => {
  test('counter increments and gauges per swarm solver', () => {
    expect(eventText('dkho', [1, 1, 0, 0, 5, 5], [3, 3, 1, 2, 5, 9])).toEqual(['2 kills', '2 offspring', '1 mutated offspring', '2 positions mutated', '4 roulette moves']);
    expect(eventText('aco', [0, 0, 2, 0, 0, 0], [0, 1, 3, 0, 0, 0])).toEqual(['1 rule-2 regroup (try given up)', 'regroup depth limit 3']);
    expect(eventText('pso', [0, 0, 3, 0, 0, 0], [2, 0, 4, 9, 0, 0])).toEqual(['2 moves from S_i', '1 move from S_G', '9 random moves drawn']);
    expect(eventText('greedy', null, [1, 0, 0, 0, 0, 0])).toEqual(['1 backtrack']);
    expect(eventText('greedy', [1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0])).toEqual([]);
  });
});

describe('what the chart and the histogram write', () => {
  test('the legend says the tiles\' numbers: the latest point is the last record, in its own units, the range only when it is one', () => {
    for (const normal of [false, true]) {
      const b = new Buckets(400, normal);
      const recs = [];
      // HuGO!-like fitness that is no whole number, and a bucket of 4 generations at the end
      for (let g = 1; g <= 1000; g++) recs.push({ gen: g, phase: g > 500 ? 1 : 0, phaseName: g > 500 ? 'b' : 'a', best: 40 - g / 40 + (g % 3) / 8, mean: 50 + g / 8, bestLength: 20 });
      for (const r of recs) b.add(r);
      const last = recs[recs.length - 1];
      const tiles = tileTexts({ shown: last, descriptor: null, islands: 1, log: { count: () => 1 }, length: 20, result: null, t0: null, cpuMs: null, evaluations: 0, wallMs: () => 0, status: 'running' });
      const t = b.legendTexts(b.list.length - 1);
      expect([normal, t.best.split(' (')[0], t.mean]).toEqual([normal, tiles.bestFitness, tiles.meanFitness]);
    }
    const one = new Buckets(400);
    one.add({ gen: 1, phase: 0, phaseName: 'a', best: 30, mean: 31.5, bestLength: 3 });
    expect(one.legendTexts(0)).toEqual({ best: '30', mean: '31.5' });
    one.add({ gen: 1, phase: 0, phaseName: 'a', best: 28.875, mean: 31, bestLength: 3 });
    expect(one.legendTexts(0)).toEqual({ best: '28.88 (28.88–30)', mean: '31' });
  });

  test('the first phase is marked at the axis\'s start, where its first point (its bucket\'s last generation) is', () => {
    const b = new Buckets(400);
    for (let g = 1; g <= 30; g++) b.add({ gen: g, phase: g > 20 ? 1 : 0, phaseName: g > 20 ? 'two' : `one ${g % 3}`, best: 5, mean: 6, bestLength: 3 });
    const xMin = b.series()[0][0];
    expect(xMin).toBeGreaterThan(1);
    expect(b.phaseMarks(xMin)).toEqual([{ label: 'one', gen: xMin }, { label: 'two', gen: 21 }]);
  });

  test('the fitness axis\'s label has shorter forms, down to the direction alone', () => {
    expect(yLabels('% of phase start (↓ better)')).toEqual(['% of phase start (↓ better)', '% of start (↓ better)', '% of start ↓', '↓ better']);
    expect(yLabels('fitness (↑ better)')).toEqual(['fitness (↑ better)', 'fitness ↑', '↑ better']);
    expect(yLabels('fitness')).toEqual(['fitness']);
  });

  test('histogram labels never overlap, the last bar always labelled', () => {
    const w = 300, cw = 5.6, gap = 4;
    for (const texts of [Array.from({ length: 20 }, (_, i) => String(230 + i)), Array.from({ length: 19 }, (_, i) => String(240 + i)).concat(['257']), Array.from({ length: 60 }, (_, i) => String(i)), ['5', '6'], Array.from({ length: 20 }, (_, i) => (1000 * i).toLocaleString('en-US'))]) {
      const keep = [...labelledBars(texts, w, cw, gap)].sort((a, b) => a - b);
      expect(keep).toContain(texts.length - 1);
      const k = texts.length, bw = w / k;
      const span = (i) => [(i + 0.5) * bw - (texts[i].length * cw) / 2, (i + 0.5) * bw + (texts[i].length * cw) / 2];
      for (let j = 1; j < keep.length; j++) expect(span(keep[j])[0] - span(keep[j - 1])[1]).toBeGreaterThanOrEqual(gap);
      expect(keep.length).toBeGreaterThan(1);
    }
  });
});
