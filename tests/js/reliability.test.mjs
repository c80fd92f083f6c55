// reliability.test.mjs - the input boundaries from the outside: every byte of a text reaches
// the core with its length (web/lib/core.mjs, both CLIs' arguments and standard input), and a
// NUL or control character is refused naming it and its position, never cut off.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { readFileSync } from 'node:fs';
import { EC, textBytes, MEMORY_MAX } from '../../web/lib/core.mjs';
import { createWorkerApi } from '../../web/lib/worker-api.mjs';
import { REQUEST, REPLY } from '../../web/lib/protocol.mjs';
import { readShare, buildShare } from '../../web/lib/share-link.mjs';
import { validateExperiment, experimentFromText } from '../../web/lib/experiments/definition.mjs';
import { checkLinkSolution } from '../../web/page/share/link-solution.lazy.mjs';

const core = await loadCoreNode();
const CLI = fileURLToPath(new URL('../../scripts/cli/evocube.mjs', import.meta.url));
const NATIVE = fileURLToPath(new URL('../../build/native/evocube_native', import.meta.url));
const SOLVED = 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB';

const cli = (args, input) => spawnSync(process.execPath, [CLI, ...args], { input, timeout: 60000 });
const native = (args, input) => spawnSync(NATIVE, args, { input, timeout: 60000 });
const text = (b) => Buffer.from(b).toString('utf8');

// The reproductions, through both CLIs: exit 2, nothing on stdout, the byte named.
const NUL_CASES = [
  { args: ['facelets', '-'], input: Buffer.from('\x00\x01 R U', 'latin1'), want: 'U+0000 (NUL) at character 1' },
  { args: ['facelets', '-'], input: Buffer.from('R U\x00 F', 'latin1'), want: 'U+0000 (NUL) at character 4' },
  { args: ['facelets', 'R\x01U'], input: '', want: 'U+0001 at character 2' },
  { args: ['facelets', '-'], input: Buffer.from('R U\xff F', 'latin1'), want: 'byte 0xFF at character 4' },
  { args: ['validate', '-'], input: Buffer.from(`${SOLVED.slice(0, 20)}\x00${SOLVED.slice(21)}`, 'latin1'), want: 'U+0000 (NUL) at character 21' },
  { args: ['verify', '--scramble', 'R', '--solution', '-'], input: Buffer.from("R'\x00 R", 'latin1'), want: 'solution has the control character U+0000 (NUL) at character 3' },
  { args: ['solve', '--solver', 'twophase', '--scramble', '-'], input: Buffer.from('R\x00', 'latin1'), want: 'U+0000 (NUL) at character 2' },
];

describe.each([['npx evocube (wasm)', cli], ['evocube_native', native]])('%s', (name, run) => {
  test.each(NUL_CASES)('$args with $want', ({ args, input, want }) => {
    if (run === native && !existsSync(NATIVE)) throw new Error(`${NATIVE} is not built`);
    const r = run(args, input);
    expect(text(r.stdout)).toBe('');
    expect(text(r.stderr)).toContain(want);
    expect(text(r.stderr)).toMatch(/^error: /);
    expect(r.status).toBe(2);
  });

  test('stdin without a bad byte still works, one final line break dropped', () => {
    const r = run(['facelets', '-'], "R U R' U'\r\n");
    expect(r.status).toBe(0);
    expect(text(r.stdout).trim()).toBe(core.apply("R U R' U'"));
  });
});

test('the Node CLI refuses an argument Node decoded lossily (U+FFFD), naming the argument', () => {
  const r = cli(['facelets', 'R \uFFFD']);
  expect(r.status).toBe(2);
  expect(text(r.stderr)).toMatch(/^error: argument 2 has U\+FFFD at character 3/);
});

describe('web/lib/core.mjs marshalling', () => {
  const bad = (f, code, re) => {
    let err = null;
    try { f(); } catch (e) { err = e; }
    expect(err && err.codeName).toBe(code);
    expect(err.message).toMatch(re);
  };

  test('a NUL reaches the core at every text entry point and is named', () => {
    bad(() => core.apply('R U\u0000 F'), 'E_CHAR', /alg has the control character U\+0000 \(NUL\) at character 4/);
    bad(() => core.apply('R', `${SOLVED.slice(0, 53)}\u0000`), 'E_CHAR', /facelet string .*U\+0000.* at character 54/);
    bad(() => core.validate(`\u0000${SOLVED.slice(1)}`), 'E_CHAR', /U\+0000.* at character 1/);
    bad(() => core.isSolved(`\u0000${SOLVED.slice(1)}`), 'E_CHAR', /U\+0000/);
    bad(() => core.verify(SOLVED, 'R R\'\u0000'), 'E_CHAR', /solution .*U\+0000.* at character 5/);
    for (const f of ['canonical', 'simplify', 'invert', 'metrics']) bad(() => core[f]('R\u0007'), 'E_CHAR', /U\+0007 at character 2/);
    bad(() => core.parseSeed('4\u00002'), 'E_CHAR', /seed has the control character U\+0000/);
    bad(() => core.createSolver('twophase\u0000', SOLVED), 'E_CHAR', /solver name .*U\+0000.* at character 9/);
    bad(() => core.createSolver('twophase', SOLVED, 1, 'budget=0\u0000,maxLength=40'), 'E_CHAR', /params text .*U\+0000.* at character 9/);
  });

  test('positions count characters (code points), as the parser\'s own messages do', () => {
    bad(() => core.apply('R\u2019 \u{1F600} \u0085'), 'E_CHAR', /U\+0085 at character 6/);
    bad(() => core.apply('R\u2019 Q'), 'E_TOKEN', /"Q" at character 4/);
  });

  test('a lone surrogate is named, not replaced or merged with the next character', () => {
    bad(() => core.apply('R\uD800U'), 'E_CHAR', /U\+D800 at character 2: half of a UTF-16 surrogate pair/);
    bad(() => core.apply('R U\uDFFF'), 'E_CHAR', /U\+DFFF at character 4/);
    expect(Array.from(textBytes('\uD83D\uDE00'))).toEqual([0xF0, 0x9F, 0x98, 0x80]); // a pair stays one character
    expect(Array.from(textBytes('a\uD800b'))).toEqual([0x61, 0xED, 0xA0, 0x80, 0x62]);
  });

  test('bytes go in as they are: a Uint8Array is not decoded first', () => {
    expect(core.apply(new TextEncoder().encode("R U R' U'"))).toBe(core.apply("R U R' U'"));
    bad(() => core.apply(Uint8Array.of(0x52, 0x20, 0xC0, 0xAF)), 'E_CHAR', /byte 0xC0 at character 3, which is not UTF-8/);
    expect(core.validate(new TextEncoder().encode(SOLVED))).toBe('ok');
  });

  test('EC has the new code', () => {
    expect(EC.E_CHAR).toBe(-6);
    expect(core.strerror(EC.E_CHAR)).toMatch(/control character/);
  });
});

describe('forged share links (web/lib/share-link.mjs, web/page/share/link-solution.lazy.mjs)', () => {
  test('solution= is read bounded, and verified by the core on the link\'s cube', () => {
    const link = readShare("?scramble=R_U_F&solution=F-_U-_R-");
    expect(link.solution).toBe("F' U' R'");
    expect(checkLinkSolution(core, link)).toEqual({ ok: true, facelets: core.apply('R U F'), solution: "F' U' R'", moves: 3 });
    expect(readShare(`?solution=${'R_'.repeat(2000)}`).problems[0]).toMatch(/solution in the link has 4000 characters/);
    expect(buildShare({ scramble: 'R U', solution: "U' R'" })).toBe("?scramble=R_U&solution=U-_R-");
  });

  test.each([
    ['does not solve the cube', { scramble: 'R U F', solution: "R' U' F'" }, /does not solve the link's cube.*\d+ stickers are left off/],
    ['is for another cube', { facelets: core.apply('L D'), solution: "F' U' R'" }, /does not solve the link's cube, so it is wrong or belongs to another cube/],
    ['does not parse', { scramble: 'R', solution: "R' Q" }, /unknown move "Q" at character 4/],
    ['has a NUL', { scramble: 'R', solution: "R'\u0000" }, /U\+0000 \(NUL\) at character 3/],
    ['is for a cube that is not valid', { facelets: 'UUU', solution: '' }, /the link's cube is not valid \(a facelet string has 54/],
  ])('a solution that %s is refused with the reason', (_, link, why) => {
    const r = checkLinkSolution(core, link);
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/^The solution in the link was not shown: /);
    expect(r.message).toMatch(why);
  });

  test('an experiment definition is bounded before anything runs', () => {
    const ok = validateExperiment({ solvers: ['hugo', 'twes'], states: 10, seeds: 3, sweep: { param: 'population', values: [10, 20] } });
    expect(ok).toMatchObject({ ok: true, runs: 120, experiment: { seeds: [1, 2, 3], states: { random: 10, seed: 1 } } });
    expect(validateExperiment({ solvers: ['hugo'], states: 5832, seeds: 1 })).toMatchObject({ ok: true, runs: 5832 }); // HuGO!'s integrity test
    const absurd = validateExperiment({ solvers: ['hugo', 'twes', 'aco'], states: 10000, seeds: 100, sweep: { param: 'population', values: [1, 2] } });
    expect(absurd.ok).toBe(false);
    expect(absurd.problems.join()).toMatch(/asks for 6,000,000 solves \(3 solvers x 10000 states x 100 seeds x 2 sweep values\), more than the 20,000 allowed/);
    // a huge list is refused by its length, before it is walked
    const t0 = process.cpuUsage();
    const huge = validateExperiment({ solvers: ['hugo'], states: new Array(5e7), seeds: 1 });
    expect((process.cpuUsage(t0).user) / 1000).toBeLessThan(200);
    expect(huge.problems).toEqual(['states: a list of 50000000 is more than the 10000 allowed']);
    const bad = validateExperiment({ solvers: ['hugo', 'hugo', '<b>'], states: ['R U', 'R Q', 'x'.repeat(401)], seeds: [1, 1, -1], sweep: { param: 'p', values: [NaN] }, extra: 1 }, { core });
    expect(bad.ok).toBe(false);
    expect(bad.problems).toEqual([
      'unknown field "extra" ignored', 'solvers[1]: "hugo" is named twice', 'solvers[2]: not a solver name',
      'states[1]: unknown move "Q" at character 3', 'states[2]: 401 characters, more than the 400 allowed',
      'seeds[2]: must be a whole number from 0 to 4294967295', 'seeds: a seed is listed twice',
      'sweep.values[0]: must be a finite number',
    ]);
    for (const v of [null, 42, 'x', [], { solvers: 'hugo', states: 1 }, { solvers: ['hugo'], states: 0 }, { solvers: ['hugo'], states: 1.5 }, { solvers: ['hugo'], states: 1, seeds: 101 }]) {
      const r = validateExperiment(v);
      expect(r.ok).toBe(false);
      expect(r.problems.length).toBeGreaterThan(0);
    }
    expect(experimentFromText('{"solvers":["pso"],"states":["R U"],"seeds":2}')).toMatchObject({ ok: true, runs: 2 });
    expect(experimentFromText('{"solvers":').problems[0]).toMatch(/^the experiment definition is not JSON/);
    expect(experimentFromText('['.repeat(7000)).problems[0]).toMatch(/7000 characters, more than the 6000/);
  });
});

describe('memory limits', () => {
  const HEADER = readFileSync(new URL('../../c/include/evocube.h', import.meta.url), 'utf8');
  const define = (name) => Number(new RegExp(`#define ${name} (\\d+)`).exec(HEADER)[1]);
  const SCRAMBLE = "R U F' D2 L B R2 U' F D";

  test('the module grows to EC_MEMORY_MAX and no further (one number: evocube.h, CMake, core.mjs)', async () => {
    const fresh = await loadCoreNode(); // its own memory: this test fills it
    expect(MEMORY_MAX).toBe(define('EC_MEMORY_MAX'));
    expect(define('EC_RUN_MEMORY_MAX')).toBeLessThan(MEMORY_MAX);
    const taken = fresh.exhaustMemoryForTest();
    expect(fresh.memory().heap).toBe(MEMORY_MAX);
    expect(taken).toBeGreaterThan(MEMORY_MAX * 0.9);
  });

  test('params that need more than a run may use are refused up front, naming the param and the limit', () => {
    const sent = [];
    const api = createWorkerApi(core, { post: (m) => sent.push(m), schedule: () => {} });
    const before = core.memory().inUse;
    api.handle({ type: REQUEST.SOLVE, id: 'big', solver: 'twes', scramble: 'R U', params: { mu: 100000, lambda: 200000 } });
    expect(sent.filter((m) => m.type === REPLY.ERROR)).toEqual([expect.objectContaining({
      id: 'big', code: 'E_PARAM_RANGE', message: expect.stringMatching(/^parameter lambda: .*needs about 142 MB, more than the 128 MB a run may use/),
    })]);
    expect(sent.some((m) => m.fatal)).toBe(false); // a refusal, not a crash: the worker stays
    expect(core.memory().inUse).toBe(before);
    const r = cli(['solve', '--solver', 'twes', '--scramble', 'R U', '--param', 'mu=100000', '--param', 'lambda=200000']);
    expect(r.status).toBe(2);
    expect(text(r.stderr)).toMatch(/^error: parameter lambda: .*128 MB/);
  });

  test('memory exhausted mid-run: the worker reports it once, as fatal (to be replaced), and nothing else', async () => {
    const fresh = await loadCoreNode();
    const sent = [];
    const slices = [];
    const api = createWorkerApi(fresh, { post: (m) => sent.push(m), schedule: (f) => slices.push(f) });
    // a random state and aco by the thesis's text (preset=text): a run of many slices that keeps
    // allocating (its fitness cache); the default aco (sight=1) solved the short SCRAMBLE in a
    // slice or two on a fast machine, before the exhausted memory was ever asked for
    api.handle({ type: REQUEST.SOLVE, id: 'x', solver: 'aco', scramble: fresh.randomStateScramble(3), seed: 3, params: { preset: 'text' } });
    while (!sent.some((m) => m.type === REPLY.PROGRESS) && slices.length) slices.shift()();
    expect(sent.some((m) => m.type === REPLY.PROGRESS)).toBe(true); // mid-run
    fresh.exhaustMemoryForTest(); // the test-only hook
    for (let k = 0; k < 1000 && slices.length; k++) slices.shift()();
    const ends = sent.filter((m) => m.type === REPLY.RESULT || m.type === REPLY.ERROR);
    expect(ends).toEqual([{
      type: REPLY.ERROR, id: 'x', code: 'E_NOMEM', fatal: true,
      message: 'the solver ran out of memory: the run needs more than the 256 MB the core may use; the worker is replaced',
    }]);
    expect(api.jobs.size).toBe(0);
  });

  test('memory exhausted mid-run in the CLI: exit 2 with the message', () => {
    const r = spawnSync(process.execPath, [CLI, 'solve', '--solver', 'aco', '--scramble', SCRAMBLE, '--seed', '3'], {
      env: { ...process.env, EVOCUBE_TEST_EXHAUST_MEMORY: '1' }, timeout: 60000,
    });
    expect(text(r.stdout)).toBe('');
    expect(text(r.stderr)).toBe('error: the solver ran out of memory: the run needs more than the 256 MB the core may use\n');
    expect(r.status).toBe(2);
  });
});
