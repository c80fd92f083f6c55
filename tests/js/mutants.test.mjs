// mutants.test.mjs - the mutation runner itself (scripts/mutants.mjs) on small galleries of
// its own (EC_MUTANT_GALLERY): it refuses a malformed or stale gallery before running
// anything, reports a mutant that no test catches as SURVIVED with exit 1, and a real one as
// killed. The native C mutants reuse the scratch build that the `mutants` stage of npm test
// leaves in build/mutants/src (a first run builds it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'evocube-mutants-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runWith(mutants, ...args) {
  const file = join(dir, `g${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ mutants }));
  const r = spawnSync(process.execPath, ['scripts/mutants.mjs', ...args], {
    cwd: ROOT, encoding: 'utf8', timeout: 600000, killSignal: 'SIGKILL', env: { ...process.env, EC_MUTANT_GALLERY: file },
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

const parityCheck = 'if (ec__parity(c.cp, 8) != ec__parity(c.ep, 12))';
const base = { file: 'c/core/facelets.c', breaks: 'x', tests: ['ctest:test_facelets'] };

// each gallery is refused (exit 1) with every line named, before any baseline or build
const REFUSED = [
  ['a malformed gallery', [
    { ...base, id: 'a', find: parityCheck, replace: 'if (0)' },
    { ...base, id: 'a', find: parityCheck, replace: 'if (1)' },
    { ...base, id: 'b', find: parityCheck, replace: parityCheck },
    { ...base, id: 'c', find: parityCheck, replace: 'if (0)', tests: ['make check'] },
  ], ['a: the id is used twice', 'b: the replacement equals the text', 'c: unknown test spec "make check"']],
  ['a stale gallery (text not found once, file or test missing)', [
    { ...base, id: 'gone', find: 'no such text in the file', replace: 'x' },
    { ...base, id: 'twice', find: 'return ec__msg(', replace: 'return ec__msg2(' },
    { ...base, id: 'nofile', file: 'c/core/nosuch.c', find: 'a', replace: 'b' },
    { ...base, id: 'notest', find: parityCheck, replace: 'if (0)', tests: ['ctest:test_nosuch'] },
  ], ['STALE', 'gone: its text occurs 0 times in c/core/facelets.c (must be once)', /twice: its text occurs \d+ times/,
    'nofile: c/core/nosuch.c does not exist', 'notest: names ctest:test_nosuch, but tests/c/test_nosuch.c does not exist']],
];
for (const [what, mutants, lines] of REFUSED) {
  test(`${what} is refused before anything runs`, () => {
    const r = runWith(mutants);
    expect(r.code).toBe(1);
    for (const l of lines) expect(r.out).toMatch(l);
    expect(r.out).not.toMatch(/baseline/);
  });
}

test('a mutant no test catches survives (exit 1); a real bug is killed', () => {
  const r = runWith([
    { ...base, id: 'comment-only', find: ' * facelets.c - the one parser', replace: ' * facelets.c - the only parser' },
    { ...base, id: 'parity-removed', find: parityCheck, replace: 'if (0)' },
  ]);
  expect(r.out).toMatch(/baseline: 1 tests pass unmutated/);
  expect(r.out).toMatch(/SURVIVED comment-only/);
  expect(r.out).toMatch(/killed {3}parity-removed .* by ctest:test_facelets/);
  expect(r.out).toMatch('mutants: 1 of 2 killed, 1 survived (comment-only), 0 errors');
  expect(r.code).toBe(1);
  // and the scratch copy is left as the working tree has it
  expect(readFileSync(join(ROOT, 'build/mutants/src/c/core/facelets.c'), 'utf8')).toBe(readFileSync(join(ROOT, 'c/core/facelets.c'), 'utf8'));
}, 600000); // a fresh checkout builds the scratch copy's core first (minutes); else ~12 s
