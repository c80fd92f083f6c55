// cli.test.mjs - `evocube` (scripts/evocube.mjs, the wasm module under Node): outputs, exit
// codes and the specific error messages of DESIGN.md's CLI.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Cube from 'cubejs';

const CLI = fileURLToPath(new URL('../../scripts/evocube.mjs', import.meta.url));
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
    ['U'.repeat(53), /54 characters; this one has 53/],
    [set(SOLVED, 10, 'X'), /character 'X' at position 11 \(R2\) is not one of U R F D L B/],
    [set(SOLVED, 0, 'R'), /colour U appears 8 times, R 10 times/],
    [swap(SOLVED, 4, 9), /centres both have colour R/],
    [swap(SOLVED, 4, 31), /no rotation of a real cube puts the centres there/],
    [swap(SOLVED, 19, 28), /edge at UF has colours U and D, a combination no edge has/],
    [set(set(SOLVED, 37, 'R'), 12, 'L'), /edge with colours U and R appears twice, at UR and UL/],
    [swap(SOLVED, 9, 20), /corner at URF has colours U, F, R \(clockwise\), a combination no corner has/],
    [set(set(set(SOLVED, 18, 'R'), 38, 'F'), 15, 'L'), /corner with colours U, R, F appears twice, at URF and UFL/],
    [swap(SOLVED, 7, 19), /one edge is flipped/],
    [set(set(set(SOLVED, 8, 'F'), 9, 'U'), 20, 'R'), /a corner is twisted/],
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
