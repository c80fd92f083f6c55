// run-story.test.mjs - the sentence under a running solve (web/page/run/run-story.lazy.mjs), fed
// fake record streams with the real solver descriptors of the wasm core: a HuGO! run with
// its defaults, streamed at a real run's rate through a long plateau, says something new in
// every 5-second window; the budget follows the request, its preset or the default; a
// converged population on a plateau is said in words, a diverse one is not.
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { RunStory, paramValue, shareNear } from '../../web/page/run/run-story.lazy.mjs';
import { phaseWords } from '../../web/lib/run/numbers.mjs';

let solvers;
beforeAll(async () => { solvers = (await loadCoreNode()).solvers(); });
const desc = (name) => solvers.find((s) => s.name === name);

// HuGO!-shaped records: phase 1 improving, then a plateau at best 15 in phase 2 (the
// audit's 80 seconds), the population converged around it
function hugoRecord(gen) {
  const phase = gen < 20000 ? 0 : 1;
  const best = phase === 0 ? Math.min(8, 2 + Math.floor(gen / 2500)) : 15;
  const popFit = phase === 0 ? [-20, -10, -5, 0, 1, 2, 3, 4, best] : [...Array(15).fill(15), 14, 13].reverse();
  return { gen, phase, phaseName: phase === 0 ? '2x2x3 block DL' : 'two-generator', best, mean: best - 0.4, bestLength: 11, restarts: 0, popFit };
}

test('a HuGO! run with defaults says something new in every 5-second window, plateau included', () => {
  const story = new RunStory(desc('hugo'), {});
  const RATE = 15000; // generations per second, as the audit measured
  const PER_MESSAGE = 250; // a progress message every 1/60 s
  const windows = [];
  let gen = 0;
  for (let m = 0; m < 150 * 60; m++) { // 150 s of messages
    const recs = [];
    for (let i = 0; i < PER_MESSAGE; i++) recs.push(hugoRecord(++gen));
    story.add(recs);
    if (m % (5 * 60) === 0) windows.push(story.text()); // the first message of each 5-s window
  }
  expect(gen).toBeGreaterThan(RATE * 140);
  expect(windows.length).toBe(30);
  for (let i = 1; i < windows.length; i++) expect(windows[i]).not.toBe(windows[i - 1]);
  const end = story.text();
  const goal = desc('hugo').goals[1];
  expect(goal.length).toBeGreaterThan(0);
  expect(end.startsWith(`Phase 2 of 3, two-generator, to ${goal}: `)).toBe(true);
  expect(end.slice(`Phase 2 of 3, two-generator, to ${goal}: `.length)).toMatch(/^[\d,]+ generations in it; generation [\d,]+ of at most 20,000,000 \([\d.]+ % of the budget\)\./);
  expect(end).toMatch(/The population has converged: about \d+ % of its 50 individuals are within 1 of the best, which has not changed for [\d,]+ generations; it waits for a lucky mutation\.$/);
  expect(story.converged).toBe(true);
});

test('the budget is the request\'s, else its preset\'s, else the default', () => {
  const d = desc('hugo');
  const def = Number(d.params.find((p) => p.key === 'maxGenerations').default);
  expect(paramValue(d, {}, 'maxGenerations')).toBe(def);
  expect(paramValue(d, { maxGenerations: '777' }, 'maxGenerations')).toBe(777);
  const pso = desc('pso');
  const preset = pso.presets.find((p) => /iterations=/.test(p.params));
  const want = Number(preset.params.match(/iterations=(\d+)/)[1]);
  expect(paramValue(pso, { preset: preset.name }, 'iterations')).toBe(want);
  const s = new RunStory(pso, { preset: preset.name });
  s.add([{ gen: 3, phase: 0, phaseName: 'pso', best: 12, mean: 14, bestLength: 12, restarts: 0 }]);
  const pct = 300 / want;
  expect(s.text()).toBe(`Iteration 3 of at most ${want.toLocaleString('en-US')} (${pct < 1 ? pct.toFixed(2) : pct.toFixed(1)} % of the budget).`);
});

test('a diverse population on a plateau is not called converged; the share reads either order of quantiles', () => {
  expect(shareNear([5, 5, 5, 6, 30], 5, false)).toBe(0.75);
  expect(shareNear([-30, 4, 5, 5, 5], 5, true)).toBe(0.75);
  const s = new RunStory(desc('twes'), {});
  const spread = [10, 20, 30, 40, 50, 60, 70, 80, 90];
  for (let g = 1; g <= 100; g++) s.add([{ gen: g, phase: 0, phaseName: 'G0 -> G1', best: 10, mean: 50, bestLength: 9, restarts: 0, popFit: spread }]);
  // what the population does on the plateau: how much is near the best, how far its median is
  expect(s.text()).toMatch(/The best has not changed for 99 generations; the population still searches around it, not converged: almost none of its [\d,]+ individuals are within 1 of the best, the median individual 40 from it\.$/);
  expect(s.converged).toBe(false);
  // without quantiles: its mean fitness now
  const t = new RunStory(desc('twes'), {});
  for (let g = 1; g <= 100; g++) t.add([{ gen: g, phase: 0, phaseName: 'G0 -> G1', best: 10, mean: 50 + g / 10, bestLength: 9, restarts: 0 }]);
  expect(t.text()).toMatch(/The best has not changed for 99 generations; the population searches around it \(mean fitness 60\)\.$/);
});

test('every phase of every solver has a goal in words; the Phase tile\'s short label and the line under it', () => {
  for (const s of solvers) {
    expect([s.name, s.goals.length]).toEqual([s.name, s.phases.length]);
    for (const g of s.goals) expect([s.name, g.trim().length > 3]).toEqual([s.name, true]);
  }
  const hugo = desc('hugo');
  expect(phaseWords(hugo, { phase: 0, phaseName: '2x2x3 block DL' })).toEqual({ short: '1 of 3', full: `2x2x3 block DL: ${hugo.goals[0]}` });
  // a name that only numbers the phase is left out of the line: the goal alone, capitalised
  const tp = desc('twophase');
  const w = phaseWords(tp, { phase: 1, phaseName: 'phase 2' });
  expect(w.short).toBe('2 of 2');
  expect(w.full.toLowerCase()).toBe(tp.goals[1].toLowerCase());
  expect(w.full[0]).toBe(w.full[0].toUpperCase());
  // one phase: the record's own name in the tile
  const mga = desc('macro-ga');
  expect(phaseWords(mga, { phase: 0, phaseName: 'attempt 2' })).toEqual({ short: 'attempt 2', full: `attempt 2: ${mga.goals[0]}` });
  // TWES's first phase says what G0 -> G1 means
  const s = new RunStory(desc('twes'), {});
  s.add([{ gen: 4, phase: 0, phaseName: 'G0 -> G1', best: 30, mean: 40, bestLength: 6, restarts: 0 }]);
  expect(s.text().startsWith(`Phase 1 of 5, G0 -> G1, to ${desc('twes').goals[0]}: `)).toBe(true);
  expect(desc('twes').goals[0]).toMatch(/orient/);
});
