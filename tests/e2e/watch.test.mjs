// watch.test.mjs - watching and revisiting a run in Chromium: the tempo slows a run to the set
// rate and changes nothing in its result, start paused then Step, the generation scrubber
// redraws an earlier record's best individual on the cube, the history stays bounded on a
// long HuGO! run whose chart is aggregated per round with phase labels that do not overlap,
// and the population and swarm views draw the records of pso and greedy, and twes's population
// histogram from its records' fitness quantiles (popFit).
import { setup, tid, waitStatus, text, readStickers, shownFacelets } from './helpers.mjs';

const SCRAMBLE = 'R U F D L B R2';
let env;
beforeAll(async () => { env = await setup({ serviceWorkers: 'block' }); });
afterAll(async () => { if (env) await env.close(); });
afterEach(() => { expect(env.errors).toEqual([]); });

const link = (solver) => `?solver=${solver}&seed=1&scramble=${encodeURIComponent(SCRAMBLE)}`;
// the Watch panel, whose views load when it is opened
const openWatch = (page) => page.click('#watch-box summary');
const has = (solver) => env.core.solvers().some((s) => s.name === solver);

// the arrival time and size of every batch of records the page gets, and when the run was
// handed to the Watch panel (just before its tempo takes it; its first step goes out one
// period later)
const timeBatches = (page) => page.evaluate(() => {
  const w = window.evocube.watch;
  window.batches = [];
  const add = w.add.bind(w);
  w.add = (records) => { window.batches.push([performance.now(), records.length]); add(records); };
  const follow = w.follow.bind(w);
  w.follow = (run) => { window.wrapped = performance.now(); follow(run); };
});

async function solveOnce(page) {
  await page.click(tid('solve'));
  expect(await waitStatus(page, ['solved', 'gave up', 'error'])).toBe('solved');
  return text(page, 'solution');
}

test('tempo: a pso run at 10 generations/s stays within the rate and ends with the full-speed solution', async () => {
  if (!has('pso')) return;
  const page = await env.open(link('pso'));
  const fast = await solveOnce(page);
  await openWatch(page);
  const fastRecords = await page.evaluate(() => window.evocube.watch.history.seen);
  await page.selectOption(tid('tempo'), '3');
  await page.selectOption(tid('tempo'), '10'); // a change mid-way keeps only the last rate
  await timeBatches(page);
  await page.click(tid('solve'));
  expect(await waitStatus(page, ['solved', 'gave up', 'error'])).toBe('solved');
  expect(await text(page, 'solution')).toBe(fast);
  const { batches, count, wrapped } = await page.evaluate(() => ({ batches: window.batches, count: window.evocube.watch.history.seen, wrapped: window.wrapped }));
  expect(count).toBe(fastRecords);
  expect(fastRecords).toBeGreaterThanOrEqual(8);
  // n records need n steps, sent one per 100 ms from the tempo's start: however late some
  // arrive (a loaded machine delivers messages in bunches), the rate over the whole run is
  // at most the set one (a timer may fire a little early: 10%)
  const n = batches.reduce((s, [, k]) => s + k, 0);
  const rate = n / ((batches[batches.length - 1][0] - wrapped) / 1000);
  expect(rate).toBeLessThanOrEqual(10 * 1.1);
  expect(rate).toBeGreaterThan(1);
  expect(Math.max(...batches.map(([, k]) => k))).toBeLessThanOrEqual(2); // never a burst
  await page.close();
});

test('start paused, then Step advances one iteration at a time, then Resume solves', async () => {
  if (!has('pso')) return;
  const page = await env.open(link('pso'));
  const full = await solveOnce(page);
  await openWatch(page);
  await page.check(tid('start-paused'));
  await page.click(tid('solve'));
  await waitStatus(page, 'paused');
  await page.waitForTimeout(300);
  const count = () => page.evaluate(() => window.evocube.watch.history.seen);
  expect(await count()).toBe(0);
  for (let i = 1; i <= 3; i++) {
    await page.click(tid('step'));
    await page.waitForFunction((k) => window.evocube.watch.history.seen >= k, i);
    await page.waitForTimeout(150);
    expect(await count()).toBe(i);
  }
  expect(await text(page, 'generation')).toBe('3');
  await page.click(tid('pause')); // Resume
  expect(await waitStatus(page, ['solved', 'gave up', 'error'])).toBe('solved');
  expect(await text(page, 'solution')).toBe(full);
  await page.close();
});

test('the scrubber redraws an earlier generation\'s best individual on the cube, not on the net', async () => {
  if (!has('pso')) return;
  const page = await env.open(link('pso'));
  await solveOnce(page);
  await openWatch(page); // after the run: the views replay its history
  await page.waitForSelector(tid('scrubber'));
  const netFacelets = () => page.getAttribute(tid('net'), 'data-facelets');
  const net0 = await netFacelets();
  expect(net0).toBe(env.core.apply(SCRAMBLE)); // the input net holds the input cube
  const r = await page.evaluate(() => {
    const s = document.querySelector('[data-testid="scrubber"]');
    s.value = '3';
    s.dispatchEvent(new Event('input'));
    const e = window.evocube.watch.history.at(3);
    return { gen: e.gen, moves: e.bestMoves, label: document.querySelector('[data-testid="scrub-label"]').textContent };
  });
  expect(r.gen).toBe(4);
  expect(r.label).toContain('generation 4');
  const want = env.core.apply(r.moves, env.core.apply(SCRAMBLE));
  expect(want).not.toBe(env.core.apply(SCRAMBLE));
  const stickers = await readStickers(page);
  if (stickers) expect(shownFacelets(stickers)).toBe(want);
  expect(await page.getAttribute('#net-host', 'data-shown')).toBe(want); // on stage
  expect(await page.textContent('#view-caption')).toContain('generation 4');
  expect(await netFacelets()).toBe(net0); // the input net did not change
  await page.close();
});

test("a long HuGO! run: scrubbing back during it holds the cube, the history stays bounded, the chart is per round with labels that do not overlap", async () => {
  if (!has('hugo')) return;
  // the literal fitness scale (pairWeight1=1, without the block tie rule) keeps phase 1 long:
  // thousands of generations in whole rounds, the shape this test is about
  const page = await env.open(`${link('hugo')}&p.pairWeight1=1&p.growth3=1&p.blockTie=0`);
  await page.click(tid('solve'));
  await openWatch(page);
  // during the run: scrubbed back to an early record, the cube stays on it while the run goes on
  await page.waitForFunction(() => window.evocube.watch.history.seen > 500 && Number(document.querySelector('[data-testid="scrubber"]')?.max) > 5);
  const early = await page.evaluate(() => {
    const s = document.querySelector('[data-testid="scrubber"]');
    s.value = '5';
    s.dispatchEvent(new Event('input'));
    const e = window.evocube.watch.history.at(5);
    return { moves: e.bestMoves, index: e.index, gen: e.gen };
  });
  await page.waitForTimeout(1000);
  const during = await page.evaluate(() => ({
    shown: document.querySelector('#net-host').dataset.shown, scrubbing: window.evocube.watch.scrubbing, caption: document.querySelector('#view-caption').textContent,
    status: document.querySelector('[data-testid="status"]').textContent.trim(), count: window.evocube.watch.history.seen,
  }));
  expect(during.scrubbing).toBe(true);
  expect(during.shown).toBe(env.core.apply(early.moves, env.core.apply(SCRAMBLE)));
  expect(during.caption).toContain(`generation ${early.gen} `);
  expect(during.count).toBeGreaterThan(early.index + 500);
  await page.click(tid('scrub-live')); // back to following the run
  expect(await page.evaluate(() => window.evocube.watch.scrubbing)).toBe(false);
  // until phase 3 ("two-gen solve") shows, past 8,000 generations
  await page.waitForFunction(() => window.evocube.chart.buckets.phases.length >= 3 && window.evocube.watch.history.seen > 9000, null, { timeout: 60000 });
  await page.click(tid('cancel')).catch(() => {}); // it may have solved meanwhile
  await waitStatus(page, ['cancelled', 'solved']);
  await page.waitForTimeout(300);
  const r = await page.evaluate(() => {
    const h = window.evocube.watch.history;
    const kept = [...Array(h.length)].map((_, i) => h.at(i).index);
    const b = window.evocube.chart.buckets;
    const chart = document.querySelector('[data-testid="chart"] .u-over').getBoundingClientRect().toJSON();
    const labels = [...document.querySelectorAll('[data-testid="phase-label"]')].map((e) => ({ text: e.textContent, ...e.getBoundingClientRect().toJSON() }));
    return {
      length: h.length, count: h.seen, k: h.stride, kept, live: Number(document.querySelector('[data-testid="generation"]').dataset.records),
      points: b.list.length, phase1: b.list.filter((q) => q.seg === 0).map((q) => q.n), chart, labels,
    };
  });
  expect(r.length).toBeLessThanOrEqual(2000);
  expect(r.count).toBe(r.live);
  expect(r.k).toBeGreaterThan(1);
  r.kept.slice(0, -1).forEach((index, i) => expect(index).toBe(i * r.k));
  expect(r.kept[r.kept.length - 1]).toBe(r.count - 1);
  expect(r.points).toBeLessThanOrEqual(400);
  expect(r.phase1.length).toBeGreaterThan(1);
  for (const n of r.phase1) expect(n % 120).toBe(0); // whole rounds: 12 locations x generations1 = 10
  expect(r.labels.map((l) => l.text)).toEqual(['2x2x3 block', 'two-generator', 'two-gen solve']);
  for (const [i, a] of r.labels.entries()) {
    expect(a.left).toBeGreaterThanOrEqual(r.chart.left - 0.5);
    expect(a.right).toBeLessThanOrEqual(r.chart.right + 0.5);
    for (const b of r.labels.slice(0, i)) {
      const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      expect({ a: a.text, b: b.text, apart }).toEqual({ a: a.text, b: b.text, apart: true });
    }
  }
  await page.close();
});

test('the swarm and population views draw real records: pso agents, greedy neighbour bars, events', async () => {
  if (!has('pso') || !has('greedy')) return;
  const page = await env.open(link('pso'));
  await openWatch(page); // before the run: the views take its records as they come
  await solveOnce(page);
  await page.waitForFunction(() => document.querySelector('[data-testid="agents"]')?.dataset.last);
  const p = await page.evaluate(() => {
    const last = window.evocube.watch.history.last;
    const q = (t) => document.querySelector(`[data-testid="${t}"]`);
    return {
      agents: last.agents.join(','), gen: String(last.gen), drawn: q('agents').dataset.last, drawnGen: q('agents').dataset.gen,
      hist: [...document.querySelectorAll('[data-testid="hist-bar"]')].map((g) => [Number(g.dataset.value), Number(g.dataset.count)]),
      log: q('event-log').textContent, note: q('swarm-note').textContent, hidden: q('swarm-view').hidden,
    };
  });
  expect(p.hidden).toBe(false);
  expect(p.drawn).toBe(p.agents);
  expect(p.drawnGen).toBe(p.gen);
  const agents = p.agents.split(',').map(Number);
  expect(agents.length).toBe(50);
  for (const [v, c] of p.hist) expect(c).toBe(agents.filter((a) => a === v).length);
  expect(p.hist.reduce((s, [, c]) => s + c, 0)).toBe(50);
  expect(p.log).toMatch(/iteration 1: .*moves? from S_/);
  expect(p.note).toMatch(/twophase alone beats every swarm solver/);

  await page.selectOption(tid('solver-select'), 'greedy');
  await solveOnce(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="neighbour-bar"]').length === 18);
  const g = await page.evaluate(() => ({
    agents: window.evocube.watch.history.last.agents,
    bars: [...document.querySelectorAll('[data-testid="neighbour-bar"]')].map((b) => Number(b.dataset.value)),
    scatter: document.querySelector('[data-testid="agents"]').hidden,
  }));
  expect(g.bars).toEqual(g.agents);
  expect(g.agents.length).toBe(18);
  expect(g.scatter).toBe(true);
  await page.close();
});

test('the population histogram of twes is drawn from its last record\'s popFit, lower is better', async () => {
  if (!has('twes')) return;
  const page = await env.open(`${link('twes')}&preset=small`);
  await openWatch(page);
  await solveOnce(page);
  await page.waitForFunction(() => {
    const h = document.querySelector('[data-testid="histogram"]'), last = window.evocube.watch.history.last;
    return h && last && h.dataset.gen === String(last.gen) && h.dataset.popfit;
  });
  const p = await page.evaluate(() => {
    const q = (t) => document.querySelector(`[data-testid="${t}"]`);
    const last = window.evocube.watch.history.last;
    return {
      popFit: last.popFit, best: last.best, drawn: q('histogram').dataset.popfit, shown: q('histogram').style.display !== 'none',
      heading: q('histogram').previousElementSibling.textContent, note: q('population-note').textContent,
      bars: [...document.querySelectorAll('[data-testid="hist-bar"]')].map((g) => [Number(g.dataset.lo), Number(g.dataset.hi), Number(g.dataset.share)]),
    };
  });
  // a real record: 17 sorted values, the best (lowest) first
  const q = p.popFit;
  expect(q).toHaveLength(17);
  q.forEach((v, k) => { if (k) expect(v).toBeGreaterThanOrEqual(q[k - 1]); });
  expect(q[0]).toBe(p.best);
  expect(p.drawn).toBe(q.join(','));
  expect(p.shown).toBe(true);
  expect(p.heading).toContain('lower is better');
  expect(p.note).toMatch(/17 quantiles.*lower is better/);
  // the bars cover [q0, q16 + 1) in order, their shares sum to 1, and each quantile splits them:
  // at most k/16 of the population lies below q_k, at least k/16 below q_k + 1
  expect(p.bars.length).toBeGreaterThanOrEqual(1);
  expect(p.bars.length).toBeLessThanOrEqual(20);
  expect(p.bars[0][0]).toBe(q[0]);
  expect(p.bars[p.bars.length - 1][1]).toBe(q[16] + 1);
  p.bars.forEach(([lo, hi], i) => { expect(hi).toBeGreaterThan(lo); if (i) expect(lo).toBeCloseTo(p.bars[i - 1][1], 9); });
  expect(p.bars.reduce((s, [, , share]) => s + share, 0)).toBeCloseTo(1, 9);
  for (let k = 0; k <= 16; k++) {
    const below = p.bars.filter(([, hi]) => hi <= q[k]).reduce((s, [, , share]) => s + share, 0);
    const upTo = p.bars.filter(([lo]) => lo < q[k] + 1).reduce((s, [, , share]) => s + share, 0);
    expect(below).toBeLessThanOrEqual(k / 16 + 1e-9);
    expect(upTo).toBeGreaterThanOrEqual(k / 16 - 1e-9);
  }
  await page.close();
});
