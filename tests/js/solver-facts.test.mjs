// solver-facts.test.mjs - per-solver facts come from the core's solver list, not from
// JavaScript: web/page/common/solver-info.mjs exposes each descriptor's family, records,
// agents, islands and quick as the core gives them (and sane defaults for a name it does not
// know); the views built on them (the Watch panel's population note, the About texts' Fitness,
// Phases and Guidance rows, the first visit's suggestion) say what the descriptor says. (That no
// file compares a solver's name is the layer check's rule: scripts/layers/js-code.mjs.)
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { learnSolvers, solverInfo } from '../../web/page/common/solver-info.mjs';
import { populationNote } from '../../web/page/watch/population-view.mjs';
import { aboutRows } from '../../web/page/about/about-texts.lazy.mjs';
import { Suggestion } from '../../web/page/settings/suggest.lazy.mjs';

const core = await loadCoreNode();
const list = core.solvers();
learnSolvers(list);
const NAMES = list.map((s) => s.name);

describe('solverInfo: the descriptor\'s facts in one place', () => {
  test.each(NAMES)('%s: family, records, agents, islands, quick as the core lists them', (name) => {
    const s = list.find((d) => d.name === name), info = solverInfo(name);
    expect(['evolution', 'swarm', 'exact']).toContain(info.family);
    expect(['best', 'population', 'agents', 'solutions']).toContain(info.records);
    expect(info).toMatchObject({ name, family: s.family, records: s.records, islands: s.islands, quick: s.quick, label: s.label, fitness: s.fitness });
    // a record's agents have a name exactly when the records carry agents
    if (info.records === 'agents') expect(info.agents).toMatch(/\w/);
    else expect(info.agents).toBe('');
    expect(info.neighbours).toBe(s.neighbours === true);
    if (info.records !== 'agents') expect(info.neighbours).toBe(false);
  });

  test('what the page relied on by name, now by fact', () => {
    const by = (k) => NAMES.filter((n) => solverInfo(n)[k]);
    expect(by('quick')).toEqual(['twophase', 'twes', 'aco']);
    expect(by('islands')).toEqual(['hugo', 'twes', 'macro-ga']);
    expect(by('neighbours')).toEqual(['greedy']);
    expect(NAMES.filter((n) => solverInfo(n).records === 'solutions')).toEqual(['twophase']);
    expect(NAMES.filter((n) => solverInfo(n).family === 'swarm')).toEqual(['greedy', 'pso', 'aco', 'dkho']);
    // islands: the solvers whose params include an island epoch
    for (const s of list) expect([s.name, solverInfo(s.name).islands]).toEqual([s.name, s.params.some((p) => p.key === 'epoch')]);
  });

  test('a name the list does not hold: its code name, an evolution solver recording its best only', () => {
    expect(solverInfo('nosuch')).toMatchObject({ name: 'nosuch', short: 'nosuch', label: 'nosuch', fitness: 'fitness', better: '', phases: [], family: 'evolution', records: 'best', agents: '', neighbours: false, islands: false, quick: false });
  });
});

describe('views that say what the descriptor says', () => {
  const rec = (extra) => ({ gen: 3, phase: 0, best: 5, bestLength: 4, ...extra });

  test('the population note follows records (and is empty before a solver is known)', () => {
    expect(populationNote(undefined, null)).toBe('');
    for (const name of NAMES) {
      const info = solverInfo(name);
      const last = info.records === 'agents' ? rec({ agents: [3, 4, 5] }) : info.records === 'population' ? rec({ popFit: Array.from({ length: 17 }, (_, i) => i) }) : rec();
      for (const r of [null, last]) {
        const note = populationNote(name, r);
        expect(note).not.toMatch(/undefined|NaN|null/);
        expect(note.startsWith(name)).toBe(true);
      }
      const note = populationNote(name, last);
      if (info.records === 'agents') expect(note).toContain(`3 ${info.agents} in each record; fitness: ${info.fitness}, ${info.better} is better`);
      if (info.records === 'population') expect(note).toMatch(/17 quantiles/);
      if (info.records === 'solutions') expect(note).toMatch(/no population.*shorter solution/);
    }
  });

  test('About: Fitness and Phases from the descriptor, Guidance for the swarm family', () => {
    for (const name of NAMES) {
      const info = solverInfo(name), rows = Object.fromEntries(aboutRows(name));
      expect(rows.Fitness.startsWith(`${info.fitness[0].toUpperCase()}${info.fitness.slice(1)}; ${info.better} is better.`)).toBe(true);
      for (const goal of info.goals) expect(rows.Phases).toContain(goal);
      if (info.phases.length > 1) info.phases.filter((p) => !/^phase \d+$/.test(p)).forEach((p) => expect(rows.Phases).toContain(p));
      expect('Guidance' in rows).toBe(info.family === 'swarm');
    }
    expect(aboutRows('nosuch')).toBe(null);
  });

  test('the first visit suggests the first quick evolution solver, the exact one as the yardstick', () => {
    const panel = { select: { addEventListener() {} } };
    const s = new Suggestion({ panel, solvers: list, setTempo() {}, tempo: () => null });
    expect(s.where({ family: 'evolution', quick: true })).toBe('twes');
    expect(s.where({ family: 'exact' })).toBe('twophase');
    expect(s.where({ family: 'nosuch' })).toBe(null);
  });
});

