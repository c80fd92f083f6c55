// cli.test.mjs - `evocube` (scripts/cli/evocube.mjs, the wasm module under Node): outputs, exit
// codes and the specific error messages of DESIGN.md's CLI; macro-ga's `parts` against
// evocube_native's and the core's simplify.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Cube from 'cubejs';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { partRows, partText, partsSummary } from '../../web/lib/evolved.mjs';

const CLI = fileURLToPath(new URL('../../scripts/cli/evocube.mjs', import.meta.url));
const NATIVE = fileURLToPath(new URL('../../build/native/evocube_native', import.meta.url));
const SOLVED = 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB';

function run(args, input) {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', timeout: 60000, maxBuffer: 1 << 26 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test("facelets prints the same string as cubejs for R U R' U'", () => {
  const r = run(['facelets', "R U R' U'"]);
  expect(r.code).toBe(0);
  expect(r.out.trim()).toBe(new Cube().move("R U R' U'").asString());
});

test('facelets names a bad token and its position, exit 2', () => {
  const r = run(['facelets', 'R U Q']);
  expect(r.code).toBe(2);
  expect(r.out).toBe('');
  expect(r.err.trim()).toBe('error: unknown move "Q" at character 5');
});

test('validate says ok, or the specific fault with exit 2', () => {
  expect(run(['validate', SOLVED])).toMatchObject({ code: 0, out: 'ok\n' });
  const flipped = SOLVED.slice(0, 7) + 'F' + SOLVED.slice(8, 19) + 'U' + SOLVED.slice(20);
  const r = run(['validate', flipped]);
  expect(r.code).toBe(2);
  expect(r.err).toMatch(/^error: one edge is flipped/);
  expect(run(['validate', 'UUU']).err).toMatch(/^error: a facelet string has 54 characters; this one has 3/);
});

test('each validation fault has its own message through the CLI', () => {
  const set = (s, i, c) => s.slice(0, i) + c + s.slice(i + 1);
  const swap = (s, a, b) => set(set(s, a, s[b]), b, s[a]);
  const cases = [
    ['U'.repeat(53), /it has 53 letters, not 54/],
    [set(SOLVED, 10, 'X'), /"X" at character 11 is not a facelet letter \(U R F D L B, or W Y G B R O\)/],
    [set(SOLVED, 0, 'R'), /U appears 8 times, R 10; each letter appears 9 times/],
    [swap(SOLVED, 4, 9), /centres both have colour R/],
    [swap(SOLVED, 4, 31), /no rotation of a real cube puts the centres there/],
    [swap(SOLVED, 19, 28), /edge at UF has colours U and D, a combination no edge has/],
    [set(set(SOLVED, 37, 'R'), 12, 'L'), /edge with colours U and R appears twice, at UR and UL/],
    [swap(SOLVED, 9, 20), /corner at URF has colours U, F, R \(clockwise\), a combination no corner has/],
    [set(set(set(SOLVED, 18, 'R'), 38, 'F'), 15, 'L'), /corner with colours U, R, F appears twice, at URF and UFL/],
    [swap(SOLVED, 7, 19), /one edge is flipped, at UF:/],
    [set(set(set(SOLVED, 8, 'F'), 9, 'U'), 20, 'R'), /the corner at URF is twisted:/],
    [swap(swap(SOLVED, 5, 7), 10, 19), /two pieces are swapped/],
  ];
  const messages = new Set();
  for (const [f, re] of cases) {
    const r = run(['validate', f]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(re);
    messages.add(r.err);
  }
  expect(messages.size).toBe(cases.length);
});

test('scramble --moves N --seed S is deterministic and well formed', () => {
  const a = run(['scramble', '--moves', '25', '--seed', '42']);
  const b = run(['scramble', '--seed', '42', '--moves', '25']);
  expect(a.code).toBe(0);
  expect(a.out).toBe(b.out);
  const moves = a.out.trim().split(' ');
  expect(moves).toHaveLength(25);
  for (let i = 1; i < moves.length; i++) expect(moves[i][0]).not.toBe(moves[i - 1][0]);
  expect(run(['scramble', '--moves', '25', '--seed', '43']).out).not.toBe(a.out);
  expect(run(['scramble', '--moves', 'x']).code).toBe(2);
  expect(run(['scramble', '--moves', '4001']).err).toMatch(/from 0 to 4000/);
  expect(run(['scramble', '--moves', '5', '--seed', '-3']).err).toMatch(/seed "-3" is not an integer from 0 to 4294967295/);
  expect(run(['scramble']).err).toMatch(/needs --random-state or --moves N/);
});

test('verify says solved or not solved', () => {
  expect(run(['verify', '--scramble', "R U R'", '--solution', "R U' R'"])).toMatchObject({ code: 0, out: 'solved\n' });
  const r = run(['verify', '--scramble', "R U R'", '--solution', "R U R'"]);
  expect(r.code).toBe(1);
  expect(r.out).toMatch(/^not solved: /);
  expect(run(['verify', '--scramble', 'R', '--solution', 'R X']).err).toMatch(/unknown move "X" at character 3/);
  expect(run(['verify', '--facelets', SOLVED, '--solution', '']).out).toBe('solved\n');
});

test('usage errors are specific', () => {
  expect(run(['frobnicate']).err).toMatch(/unknown command "frobnicate"/);
  expect(run(['solve', '--scramble', 'R']).err).toMatch(/solve needs --solver NAME/);
  expect(run(['solve', '--solver', 'nope', '--scramble', 'R']).err).toMatch(/unknown solver "nope"/);
  expect(run(['solve', '--solver', 'nope']).err).toMatch(/exactly one of --scramble and --facelets/);
  expect(run(['verify', '--scramble', 'R', '--bogus', '1']).err).toMatch(/unknown option "--bogus"/);
  expect(run([]).code).toBe(2);
});

test('inputs of 100 kB and 10 MB are rejected with a clear message', () => {
  const t0 = Date.now();
  const big = 'R '.repeat(50000); // 100 kB as an argument
  const r1 = run(['facelets', big]);
  expect(r1.code).toBe(2);
  expect(r1.err).toMatch(/the alg is longer than 20000 characters \(it has 100000\)/);
  const huge = 'R U '.repeat(10 * 1024 * 1024 / 4); // 10 MB on stdin
  const r2 = run(['facelets', '-'], huge);
  expect(r2.code).toBe(2);
  expect(r2.err).toMatch(/the input on stdin is longer than 20000 characters/);
  const r3 = run(['validate', '-'], 'U'.repeat(10 * 1024 * 1024));
  expect(r3.code).toBe(2);
  expect(r3.err).toMatch(/longer than 20000 characters/);
  // a hang guard, not a benchmark: three rejections in well under the test timeout
  expect(Date.now() - t0).toBeLessThan(30000);
});

test('alg from stdin works', () => {
  const r = run(['facelets', '-'], "R U R' U'\n");
  expect(r.out.trim()).toBe(new Cube().move("R U R' U'").asString());
});

// ---- solving through the CLI; every solution is checked here with cubejs (an independent
// cube model), not with the core that produced it
const cubejsSolves = (scramble, solution) => new Cube().move(scramble).move(solution || '').isSolved();
const turns = (alg) => alg.split(/\s+/).filter(Boolean);

test('solve prints a solution that solves the cube, exit 0 (plain, --json and --progress)', () => {
  const scramble = "R U F' L2 D B";
  const plain = run(['solve', '--solver', 'twophase', '--scramble', scramble, '--seed', '3']);
  expect(plain.code).toBe(0);
  expect(plain.err).toBe('');
  const solution = plain.out.trim();
  expect(turns(solution).length).toBeGreaterThan(0);
  expect(cubejsSolves(scramble, solution)).toBe(true);
  expect(cubejsSolves(scramble, turns(solution).slice(1).join(' '))).toBe(false);

  // --json with --progress: the records as JSON lines, then the result object
  const p = run(['solve', '--solver', 'hugo', '--scramble', scramble, '--seed', '3', '--json', '--progress']);
  expect(p.code).toBe(0);
  const lines = p.out.trim().split('\n').map((l) => JSON.parse(l));
  const res = lines.pop();
  expect(res).toMatchObject({ solver: 'hugo', seed: 3, solved: true });
  expect(cubejsSolves(scramble, res.solution)).toBe(true);
  expect(res.length).toBe(turns(res.solution).length); // HTM: one turn per token after simplification
  // the phases, applied in order, solve the cube too
  expect(cubejsSolves(scramble, res.phases.map((ph) => ph.solution).join(' '))).toBe(true);
  expect(res.phases.reduce((n, ph) => n + ph.generations, 0)).toBe(res.generations);
  expect(lines.map((r) => r.gen)).toEqual(lines.map((_, i) => i + 1)); // one record per generation
  expect(lines.length).toBe(res.generations);
  // --json alone: the same object
  const j = run(['solve', '--solver', 'hugo', '--scramble', scramble, '--seed', '3', '--json']);
  const { time_ms: _a, ...a } = JSON.parse(j.out);
  const { time_ms: _b, ...b } = res;
  expect(a).toEqual(b);
});

test('a solver that runs out of budget exits 1 and says so (solved:false in --json)', () => {
  const scramble = "L' B2 D2 L2 F2 U2 R B2 D2 B2 L2 F L D' F2 R' F' R F' U'";
  const plain = run(['solve', '--solver', 'greedy', '--scramble', scramble, '--param', 'iterations=1']);
  expect(plain.code).toBe(1);
  expect(plain.out).toBe('gave up after 1 generations\n');
  const j = run(['solve', '--solver', 'greedy', '--scramble', scramble, '--param', 'iterations=1', '--json']);
  expect(j.code).toBe(1);
  expect(JSON.parse(j.out)).toMatchObject({ solver: 'greedy', solved: false, solution: '', generations: 1 });
});

test('--param sets a solver param (repeatable, snake_case read as camelCase); a bad one exits 2 naming it', () => {
  const base = ['solve', '--solver', 'hugo', '--scramble', "R U F'", '--seed', '3', '--progress'];
  const first = (args) => JSON.parse(run(args).out.split('\n')[0]);
  // HuGO! evaluates its whole population each generation: the first record counts them
  expect(first(base).evaluations).toBe(50); // the paper's population
  expect(first([...base, '--param', 'population=30']).evaluations).toBe(30);
  const twes = ['solve', '--solver', 'twes', '--scramble', "R U F'", '--seed', '3', '--progress'];
  const g = first([...twes, '--param', 'mu=20', '--param', 'lambda=300']);
  expect(g.evaluations).toBe(300); // lambda offspring evaluated in the first generation
  // a generation limit, in its camelCase and its old snake_case name: the run stops there
  for (const name of ['maxGenerations', 'max_generations']) {
    const lim = run(['solve', '--solver', 'twes', '--scramble', "R U F' L2 D B", '--json', '--param', `mu=20,${name}=2`, '--param', 'lambda=300']);
    expect([name, lim.code, JSON.parse(lim.out).generations]).toEqual([name, 1, 2]);
  }
  const bad = run([...base, '--param', 'population=1']);
  expect(bad.code).toBe(2);
  expect(bad.err).toMatch(/^error: .*population must be from \d+ to \d+/);
  expect(run([...base, '--param', 'nosuch=1']).err).toMatch(/"nosuch"/);
});

test('scramble --random-state: deterministic per seed, at most 20 moves, a scrambled cube', () => {
  const a = run(['scramble', '--random-state', '--seed', '5']);
  expect(a.code).toBe(0);
  expect(run(['scramble', '--seed', '5', '--random-state']).out).toBe(a.out);
  const moves = turns(a.out);
  expect(moves.length).toBeGreaterThan(0);
  expect(moves.length).toBeLessThanOrEqual(20);
  for (const m of moves) expect(m).toMatch(/^[URFDLB][2']?$/);
  expect(new Cube().move(a.out.trim()).isSolved()).toBe(false);
  expect(run(['scramble', '--random-state', '--seed', '6']).out).not.toBe(a.out);
  expect(run(['scramble', '--random-state', '--moves', '5']).err).toMatch(/give --random-state or --moves, not both/);
});

test('solvers lists every solver with its params, defaults inside their ranges', async () => {
  const r = run(['solvers']);
  expect(r.code).toBe(0);
  const list = JSON.parse(r.out);
  // DESIGN.md's solver names are all there (a new solver may join them)
  expect(list.map((s) => s.name)).toEqual(expect.arrayContaining(['twophase', 'hugo', 'twes', 'macro-ga', 'pso', 'greedy', 'aco', 'dkho']));
  for (const s of list) {
    expect(s.params.length).toBeGreaterThan(0);
    for (const p of s.params) {
      expect(p.default).toBeGreaterThanOrEqual(p.min);
      expect(p.default).toBeLessThanOrEqual(p.max);
      expect(p.key).toMatch(/^[a-z][A-Za-z0-9]*$/);
    }
  }
});

test('a named param value: --param oracle=first20 runs the thesis oracle; oracle=nonsense exits 2 naming the values', () => {
  const args = ['solve', '--solver', 'greedy', '--scramble', 'R U F', '--seed', '1'];
  const named = run([...args, '--param', 'oracle=first20']);
  expect(named.code).toBe(0);
  const solution = named.out.trim();
  expect(new Cube().move('R U F').move(solution).isSolved()).toBe(true);
  // the name is the number: the same run
  expect(run([...args, '--param', 'oracle=1']).out.trim()).toBe(solution);
  const bad = run([...args, '--param', 'oracle=nonsense']);
  expect(bad.code).toBe(2);
  expect(bad.out).toBe('');
  expect(bad.err.trim()).toBe('error: parameter oracle: "nonsense" is none of its values: exact (0), first20 (1)');
});

// ---- macro-ga's parts (its solving individual as macros, the core's result JSON): the same in
// `solve --json` as in evocube_native's, present exactly when the core gives them, and their
// moves in order simplify (the core's own simplify) to the printed solution
describe('solve: macro-ga\'s parts', () => {
  const native = (args) => {
    const r = spawnSync(NATIVE, args, { encoding: 'utf8', timeout: 60000, killSignal: 'SIGKILL' });
    if (r.status !== 0 && r.status !== 1) throw new Error(`evocube_native failed (status ${r.status}, signal ${r.signal}): ${r.stderr}`);
    return { code: r.status, json: JSON.parse(r.stdout) };
  };
  const simplifiedParts = async (parts) => (await loadCoreNode()).simplify(parts.map((p) => p.moves).join(' '));
  const CASES = [
    { scramble: "R U F' L2 D B", seed: 3, params: [] },
    { scramble: "D B R F2 U L2 F2 L2 F2 D2 B2 U B2 R' U' F2 R B D' R'", seed: 5, params: ['--param', 'preset=fast'] },
  ];

  test('the native CLI is built (build/native/evocube_native, scripts/build.sh)', () => {
    expect(existsSync(NATIVE)).toBe(true);
  });

  test.each(CASES)('--json carries the native CLI\'s parts, which simplify to the solution ($scramble, seed $seed)', async ({ scramble, seed, params }) => {
    const args = ['solve', '--solver', 'macro-ga', '--scramble', scramble, '--seed', String(seed), ...params, '--json'];
    const n = native(args);
    const r = run(args);
    expect([r.code, n.code]).toEqual([0, 0]);
    const j = JSON.parse(r.out);
    expect(n.json.parts.length).toBeGreaterThan(1);
    expect(j.solution).toBe(n.json.solution);
    expect(j.parts).toEqual(n.json.parts);
    // last, as the core and evocube_native put it
    expect(Object.keys(j).pop()).toBe('parts');
    expect(await simplifiedParts(j.parts)).toBe(j.solution);
    expect(cubejsSolves(scramble, j.parts.map((p) => p.moves).join(' '))).toBe(true);
  });

  test('the plain output is the solution, then the What evolved line in web/lib/evolved.mjs\'s words', () => {
    const { scramble, seed } = CASES[0];
    const args = ['solve', '--solver', 'macro-ga', '--scramble', scramble, '--seed', String(seed)];
    const plain = run(args);
    expect(plain.code).toBe(0);
    const { parts, solution } = JSON.parse(run([...args, '--json']).out);
    const lines = plain.out.split('\n');
    expect(lines).toHaveLength(3); // solution, what evolved, the final line break
    expect(lines[0]).toBe(solution);
    expect(lines[1]).toBe(`what evolved: ${partsSummary(parts)}: ${partRows(parts).map(partText).join(', ')}`);
    expect(lines[1]).toMatch(/^what evolved: \d+ macros, \d+ moves in all before simplification: start \(\d+ moves?\), /);
  });

  test('no parts where the core gives none: another solver, a macro-ga run that gave up', () => {
    for (const [args, code] of [
      [['solve', '--solver', 'hugo', '--scramble', "R U F'", '--seed', '3', '--json'], 0],
      [['solve', '--solver', 'macro-ga', '--scramble', CASES[1].scramble, '--seed', '5', '--param', 'generations=1', '--json'], 1],
    ]) {
      const n = native(args);
      const r = run(args);
      expect([args[2], r.code, n.code]).toEqual([args[2], code, code]);
      expect('parts' in n.json).toBe(false);
      expect('parts' in JSON.parse(r.out)).toBe(false);
    }
    const plain = run(['solve', '--solver', 'macro-ga', '--scramble', CASES[1].scramble, '--seed', '5', '--param', 'generations=1']);
    expect(plain.out).toMatch(/^gave up after \d+ generations\n$/);
  });

  test('--islands 2: the winning island\'s parts, which simplify to the solution', async () => {
    const { scramble } = CASES[1];
    const r = run(['solve', '--solver', 'macro-ga', '--scramble', scramble, '--seed', '7', '--param', 'preset=fast', '--islands', '2', '--json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ solved: true, islands: 2 });
    expect(j.parts.length).toBeGreaterThan(1);
    expect(await simplifiedParts(j.parts)).toBe(j.solution);
  });
});

// One rule for what is a facelet string (web/lib/cube-text.mjs): validate, solve, verify and
// batch read the same text the same way as the page's scramble box does.
test('near-facelet text is named with its fault by validate, solve and batch, never solved as moves', () => {
  const f = new Cube().move("R U F D' L2 B").asString();
  const near = [
    [`\ufeff${f}`, /U\+FEFF \(a byte-order mark\) at character 1/],
    [`${f.slice(0, 10)}\u200b${f.slice(10)}`, /invisible character U\+200B at character 11/],
    [f.toLowerCase(), /lower-case letters/],
    [f.slice(0, 53), /it has 53 letters, not 54/],
    [`UUUUUUUUB${SOLVED.slice(9)}`, /U appears 8 times, B 10/],
  ];
  for (const [text, fault] of near) {
    for (const args of [['validate', text], ['solve', '--solver', 'twophase', '--scramble', text], ['solve', '--solver', 'twophase', '--facelets', text]]) {
      const r = run(args);
      expect([args[0], args[2], r.code]).toEqual([args[0], args[2], 2]);
      expect(r.err).toMatch(fault);
      expect(r.err).not.toMatch(/[\u200b\ufeff]/u);
    }
    // (on line 2: a byte-order mark opening a file marks its encoding and is skipped)
    const b = run(['batch', '--solver', 'twophase', '-', '--no-time', '--jobs', '1'], `\ufeffR U\n${text}\n`);
    expect(b.code).toBe(2);
    expect(b.err).toMatch(new RegExp(`^error: line 2: .*${fault.source}`, 'm'));
    expect(b.out.trim().split('\n').map((l) => JSON.parse(l).solved ?? 'error')).toEqual([true, 'error']);
  }
});

test('six spaced groups are the same cube for validate, solve --facelets, solve --scramble and batch', () => {
  const f = new Cube().move("R U F D' L2 B").asString();
  const grouped = f.match(/.{9}/g).join(' ');
  expect(run(['validate', grouped])).toMatchObject({ code: 0, out: 'ok\n' });
  const want = JSON.parse(run(['solve', '--solver', 'twophase', '--facelets', f, '--json']).out).solution;
  for (const flag of ['--facelets', '--scramble']) {
    expect(JSON.parse(run(['solve', '--solver', 'twophase', flag, grouped, '--json']).out).solution).toBe(want);
  }
  const [line] = run(['batch', '--solver', 'twophase', '-', '--no-time', '--jobs', '1'], `${grouped}\n`).out.trim().split('\n').map((l) => JSON.parse(l));
  expect(line).toMatchObject({ solved: true, solution: want });
});

test('a // comment ends at U+2028 and U+2029: verify sees the moves after it', () => {
  const r = run(['verify', '--scramble', 'R U', '--solution', "// undo\u2028U'\u2029R'"]);
  expect(r).toMatchObject({ code: 0, out: 'solved\n' });
});

test('an invisible or bidi character in a refused argument is named (<U+202E>), never echoed raw', () => {
  for (const args of [['facelets', 'R\u202eU'], ['solve', '--solver', 'hu\u202ego', '--scramble', 'R'], ['verify', '--scramble', 'R\u200e', '--solution', 'R']]) {
    const r = run(args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/<U\+(202E|200E)>/);
    expect(r.err).not.toMatch(/[\u200e\u202e]/u);
  }
});
