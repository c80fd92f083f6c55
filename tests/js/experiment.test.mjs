// experiment.test.mjs - the experiments without a browser: summaries of records, CSV back
// and forth, the job plan (ids as `evocube batch` names them), definitions and their links,
// and the store's resume logic on the in-memory backend with scripted solvers (the IndexedDB
// backend runs in tests/e2e/experiments; the runner in experiment-runner.test.mjs).
import { summarize, makePlan, experimentCubes, parseSeedList, groups } from '../../web/lib/experiments/plan.mjs';
import { resolveDefinition, experimentQuery } from '../../web/lib/experiments/definition.mjs';
import { toCsv, parseCsv, recordsFromCsv } from '../../web/lib/experiments/csv.mjs';
import { ExperimentStore, memoryBackend, resumePlan } from '../../web/lib/experiments/store.mjs';
import { runJobs } from '../../web/lib/experiments/runner.mjs';
import { integritySet, PAPER_EXPERIMENTS, TABLE45, NOTES, TWES_TABLE1 } from '../../web/lib/experiments/papers.mjs';

test('summarize: length over solved runs, generations over runs without an error, time where given', () => {
  const recs = [
    { solver: 'a', solved: true, length: 10, generations: 4, time_ms: 1 },
    { solver: 'a', solved: true, length: 12, generations: 6, time_ms: 3 },
    { solver: 'a', solved: false, length: 0, generations: 100, time_ms: 5 },
    { solver: 'b', error: 'bad cube' },
  ];
  const s = summarize(recs);
  expect(s).toMatchObject({ count: 4, solved: 2, errors: 1 });
  expect(s.length).toMatchObject({ n: 2, mean: 11, median: 11 });
  expect(s.generations).toMatchObject({ n: 3, mean: 110 / 3, median: 6 });
  expect(s.time).toMatchObject({ n: 3, mean: 3 });
  expect(s.phases).toEqual([]);
  // each phase's length over the solved runs, named by its first record; 0 where a solved run has no such phase
  const ph = summarize([
    { solver: 'a', solved: true, length: 5, phases: [{ name: 'p1', length: 2 }, { name: 'p2', length: 3 }] },
    { solver: 'a', solved: true, length: 0, phases: [] },
    { solver: 'a', solved: false, length: 9, phases: [{ name: 'p1', length: 9 }] },
  ]).phases;
  expect(ph.map((p) => [p.name, p.length.n, p.length.mean])).toEqual([['p1', 2, 1], ['p2', 2, 1.5]]);
  expect(groups([...recs, { solver: 'a', sweep: { mu: 5 }, solved: true }]).map(([g, rs]) => [g, rs.length])).toEqual([['a', 3], ['b', 1], ['a mu=5', 1]]);
});

test('CSV: quotes, commas and line breaks survive; numbers and booleans read back; the statistics agree', () => {
  const recs = [
    { id: '1:twes:1', cube_index: 1, cube: "R U R' U'", solver: 'twes', seed: 1, solution: "U R U' R'", length: 4, solved: true, time_ms: 12.5, generations: 3, evaluations: 900 },
    { id: '2:twes:1', cube_index: 2, cube: 'F "x", y', solver: 'twes', seed: 1, error: 'unknown move "x" at character 4,\nsee "help"' },
    { id: '4:twes:1', cube_index: 4, cube: 'R Q', solver: 'twes', seed: 1, error: 'unknown move "Q" at character 3' },
    { id: '3:hugo:population=50:2', cube_index: 3, cube: 'D', sweep: { population: 50 }, solver: 'hugo', seed: 2, solution: "D'", length: 1, solved: true, generations: 7, evaluations: 350 },
  ];
  const csv = toCsv(recs);
  expect(csv.split('\r\n')[0]).toBe('id,cube_index,cube,solver,sweep_param,sweep_value,seed,solved,length,generations,evaluations,time_ms,solution,error');
  const rows = parseCsv(csv);
  expect(rows.length).toBe(5);
  expect(rows[2][2]).toBe('F "x", y');
  const back = recordsFromCsv(csv);
  expect(back[0]).toEqual({ id: '1:twes:1', cube_index: 1, cube: "R U R' U'", solver: 'twes', seed: 1, solved: true, length: 4, generations: 3, evaluations: 900, solution: "U R U' R'", time_ms: 12.5 });
  expect(back[1].error).toBe(recs[1].error);
  expect(back[2].error).toBe(recs[2].error);
  expect(back[3].sweep).toEqual({ population: 50 });
  expect(back[3].time_ms).toBeUndefined();
  expect(summarize(back)).toEqual(summarize(recs));
});

test('the job plan: cube, solver, sweep value, seed order; ids as evocube batch names them; seeds per cube', () => {
  const p = makePlan({ cubes: experimentCubes({ states: { random: 2, seed: 7 } }), solvers: ['a', 'b'], seeds: [1, 2], params: 'x=1' });
  expect(p.total).toBe(8);
  expect(Array.from({ length: 8 }, (_, j) => p.jobAt(j).id)).toEqual(['1:a:1', '1:a:2', '1:b:1', '1:b:2', '2:a:1', '2:a:2', '2:b:1', '2:b:2']);
  expect(p.jobAt(5).cube).toEqual({ index: 2, stateSeed: 8 });
  expect(p.jobAt(0).params).toBe('x=1');
  const s = makePlan({ cubes: experimentCubes({ states: ['R', 'U', 'F'] }), solvers: ['a'], seeds: 'cube', sweep: { param: 'mu', values: [5, 9] } });
  expect(s.total).toBe(6);
  expect(Array.from({ length: 6 }, (_, j) => s.jobAt(j).id)).toEqual(['1:a:mu=5:1', '1:a:mu=9:1', '2:a:mu=5:2', '2:a:mu=9:2', '3:a:mu=5:3', '3:a:mu=9:3']);
  expect(s.jobAt(3)).toMatchObject({ seed: 2, params: 'mu=9', cube: { index: 2, cube: 'U' } });
  expect(parseSeedList('1..3,9')).toEqual([1, 2, 3, 9]);
  expect(parseSeedList('cube')).toBe('cube');
  expect(() => parseSeedList('3..1')).toThrow(/ends before it starts/);
});

test('definitions: a paper\'s experiment expands to its plan; a link restores exactly the definition', () => {
  const twes = resolveDefinition({ paper: 'twes-table1', n: 5 });
  expect(twes.ok).toBe(true);
  expect(twes.experiment).toMatchObject({ solvers: ['twes'], states: { random: 5, seed: 1000003 }, seeds: 'cube' });
  expect(twes.runs).toBe(5);
  const thesis = resolveDefinition({ paper: 'thesis-table45', n: 2, solvers: ['greedy', 'dkho'] });
  expect(thesis.experiment.states).toEqual(TABLE45.map((s) => s[1]));
  expect(thesis.runs).toBe(9 * 2 * 2);
  expect(resolveDefinition({ paper: 'thesis-table45', solvers: ['hugo'] }).problems[0]).toMatch(/solvers must be some of greedy, pso, aco, dkho/);
  expect(resolveDefinition({ paper: 'twes-table1', n: 0 }).problems[0]).toMatch(/n: must be a whole number from 1 to 1000/);
  expect(resolveDefinition({ paper: 'nope' }).problems[0]).toMatch(/no paper experiment is named "nope"/);
  expect(resolveDefinition({ paper: 'twes-table1', bogus: 1 }).problems[0]).toMatch(/unknown option "bogus"/);
  const all = resolveDefinition({ paper: 'hugo-integrity', test: 0, n: 5832 });
  expect(all.runs).toBe(5832);
  expect(new Set(all.experiment.states).size).toBe(5832);
  expect(integritySet(4, 50)).toEqual(integritySet(4, 50)); // seeded: the same set every time
  for (const p of PAPER_EXPERIMENTS) expect(resolveDefinition({ paper: p.id }).ok).toBe(true);
  // custom, through a link and back
  const def = { solvers: ['twophase', 'twes', 'macro-ga'], states: 10, stateSeed: 5, seeds: [1, 2], sweep: { param: 'population', values: [50, 100] } };
  const q = experimentQuery(resolveDefinition(def).definition);
  const back = JSON.parse(new URLSearchParams(q).get('experiment'));
  expect(back).toEqual(def);
  expect(resolveDefinition(back).runs).toBe(3 * 10 * 2 * 2);
  expect(experimentQuery({ solvers: ['a'], states: Array.from({ length: 400 }, () => "R U R' U' F2 D") })).toBeNull();
});

test('the store: a run stopped mid-way resumes without losing or repeating a solve; a job is kept once', async () => {
  const def = { solvers: ['a', 'b', 'c'], states: 10, seeds: 1 };
  const v = resolveDefinition(def);
  const plan = makePlan({ cubes: experimentCubes(v.experiment), solvers: v.experiment.solvers, seeds: v.experiment.seeds });
  const store = new ExperimentStore(memoryBackend());
  const exp = await store.create({ definition: v.definition, total: plan.total, now: 1000, id: 'e1' });
  const calls = [];
  const perLane = [0, 0];
  const solve = async (j, lane) => {
    calls.push(plan.jobAt(j).id);
    await new Promise((r) => setTimeout(r, 1 + ((j * 7) % 3))); // lanes finish out of order
    return { id: plan.jobAt(j).id, solver: plan.jobAt(j).solver, solved: true, length: j % 5, generations: j, time_ms: 1 };
  };
  const onDone = async (j, rec, lane) => { if (await store.add(exp.id, j, rec)) perLane[lane]++; };
  // first session: stopped after 11 finished solves (the ones under way still finish and are kept)
  let first;
  first = runJobs({ todo: resumePlan(plan, []).todo, lanes: 2, solve, onDone: async (j, rec, lane) => { await onDone(j, rec, lane); if (perLane[0] + perLane[1] >= 11) first.stop(); } });
  await first.promise;
  const kept = await store.records(exp.id);
  expect(kept.length).toBeGreaterThanOrEqual(11);
  expect(kept.length).toBeLessThan(30);
  // second session (a reload): only what is left is run
  const left = resumePlan(plan, kept);
  expect(left.problems).toEqual([]);
  expect(left.todo.length).toBe(30 - kept.length);
  expect(left.todo.some((j) => left.done.has(j))).toBe(false);
  await runJobs({ todo: left.todo, lanes: 2, solve, onDone }).promise;
  const all = await store.records(exp.id);
  expect(all.map((x) => x.j)).toEqual(Array.from({ length: 30 }, (_, j) => j));
  expect(await store.count(exp.id)).toBe(30);
  expect(all.map((x) => x.record.id)).toEqual(Array.from({ length: 30 }, (_, j) => plan.jobAt(j).id));
  expect(calls.length).toBe(30); // no solve ran twice
  expect(new Set(calls).size).toBe(30);
  expect(perLane[0]).toBeGreaterThan(0);
  expect(perLane[1]).toBeGreaterThan(0);
  // a late duplicate is refused and the first record kept
  expect(await store.add(exp.id, 3, { id: plan.jobAt(3).id, length: 99 })).toBe(false);
  expect((await store.records(exp.id))[3].record.length).toBe(3);
  // a stored record of another plan is named, not mixed in
  const other = makePlan({ cubes: experimentCubes({ states: { random: 10, seed: 1 } }), solvers: ['a', 'c', 'b'], seeds: [1] });
  expect(resumePlan(other, all).problems[0]).toMatch(/stored job 1 is "1:b:1", but this experiment's job 1 is "1:c:1"/);
  // states, listing, removal
  expect((await store.setState('e1', 'done')).state).toBe('done');
  await store.create({ definition: def, total: 30, now: 2000, id: 'e2' });
  expect((await store.list()).map((e) => e.id)).toEqual(['e2', 'e1']);
  await store.remove('e1');
  expect(await store.get('e1')).toBeNull();
  expect(await store.records('e1')).toEqual([]);
});

test('a figure that differs from the paper for a documented reason carries its note in the papers\' data', () => {
  const figures = (id) => {
    const p = PAPER_EXPERIMENTS.find((x) => x.id === id);
    return p.figures(Object.fromEntries(Object.entries(p.options).map(([k, o]) => [k, o.def])));
  };
  // TWES's generations: the paper's range and this solver's mean, side by side in the note
  const gens = figures('twes-table1').find((f) => f.measure === 'generations');
  expect(gens.note).toBe(NOTES.twesGenerations);
  expect(gens.note).toContain(`${Math.floor(TWES_TABLE1.generationsLow)}-${Math.ceil(TWES_TABLE1.generationsHigh)}`);
  expect(gens.note).toMatch(/about 37\b/);
  // HuGO!'s Table 7: the total and phase 1
  const t7 = figures('hugo-random').find((f) => f.measure === 'length' && /Table 7/.test(f.ref));
  expect(t7.note).toBe(NOTES.hugoTable7);
  expect(t7.note).toContain(String(t7.value));
  expect(t7.note).toMatch(/Phase 1/);
  // every note is shown beside some figure, and a figure that agrees with its paper has none
  const used = PAPER_EXPERIMENTS.flatMap((p) => figures(p.id)).map((f) => f.note).filter(Boolean);
  expect(new Set(used)).toEqual(new Set(Object.values(NOTES)));
  expect(figures('twes-table1').find((f) => f.measure === 'length').note).toBeUndefined();
});
