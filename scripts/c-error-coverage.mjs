#!/usr/bin/env node
// c-error-coverage.mjs - `node scripts/c-error-coverage.mjs [--no-build | --build-only] [--list]`: which error
// returns of the C core the ctest suites reach. Builds the native core and suites with
// clang's source-based coverage (-fprofile-instr-generate -fcoverage-mapping, CMake option
// EC_COVERAGE, build/coverage, Release), runs every ctest suite once (each writes a raw
// profile; a failing suite fails this script), merges the profiles (llvm-profdata) and reads
// every region's count (llvm-cov export). Region counts, not line counts: the `return
// EC_E_NULL` of `if (!c) return EC_E_NULL;` is its own region, apart from its condition.
//
// The sites: every `return EC_E_*` and `return ec__msg(EC_E_*` (the count is the return's own
// region) and every ternary arm `? EC_E_*` / `: EC_E_*` (the arm's region) in each .c file
// of c/ except the tools that no suite runs (c/tools/native_cli.c, bench_*, fuzz_*: the CLI is
// exercised by the golden runs and Jest). Not sites: a status kept in a variable and returned
// later (`rc = EC_E_STATE` as a default, `return rc` passing on a callee's error).
//
// tests/coverage/unreachable-errors.json lists the returns no test can reach ("unreachable")
// and those reachable but not yet reached by a suite ("untested": work to do, shown in every
// report), each with its reason: {"file", "text" (the site's line, trimmed, exactly),
// "reason"}, one entry per unreached site
// (two sites with the same text, two entries). An entry must match a site and that site must
// be unreached; an entry that matches none, or a reached one,
// fails (the list never outlives its reason). Prints each unreached site (--list: every
// site), then "N of M error returns reached", and exits 1 when an unreached site is not on
// the list (or on a stale entry), 0 otherwise. EC_COVERAGE_TESTS=REGEX runs only the suites
// it matches (ctest -R), to see what one suite reaches; the report is then partial.
// --build-only brings build/coverage up to date and stops (scripts/test.sh builds it in the
// background during the ctest stage, then runs this with --no-build).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD = path.join(ROOT, 'build/coverage');
const PROF = path.join(BUILD, 'profiles');
const ALLOW = path.join(ROOT, 'tests/coverage/unreachable-errors.json');
const SKIP = /^c\/tools\/(native_cli|bench_\w+|fuzz_\w+)\.c$/;
const jobs = String(Math.max(1, Math.min(2, Number(process.env.EC_COVERAGE_JOBS) || 2)));

const args = process.argv.slice(2);
const opt = { build: true, list: false, buildOnly: false };
for (const a of args) {
  if (a === '--no-build') opt.build = false;
  else if (a === '--build-only') opt.buildOnly = true;
  else if (a === '--list') opt.list = true;
  else { console.error(`c-error-coverage: unknown option ${a}`); process.exit(2); }
}

const T0 = performance.now();
const secs = () => ((performance.now() - T0) / 1000).toFixed(1);

function run(cmd, argv, { env = {}, quiet = true } = {}) {
  const r = spawnSync(cmd, argv, {
    cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, ...env }, stdio: quiet ? 'pipe' : 'inherit',
  });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${argv.join(' ')} failed (exit ${r.status}${r.error ? `, ${r.error.message}` : ''})\n${`${r.stdout ?? ''}${r.stderr ?? ''}`.slice(-4000)}`);
  }
  return r.stdout;
}

// every error-return site in the sources: {file, line, col, code, text}
function sites() {
  const out = [];
  const files = run('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'c'])
    .split('\n').filter((f) => f.endsWith('.c') && !SKIP.test(f));
  for (const file of files) {
    const lines = fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');
    let inComment = false;
    lines.forEach((raw, i) => {
      // block comments and // comments blanked (same columns), so a comment naming a code is no site
      let s = '';
      for (let k = 0; k < raw.length; k++) {
        if (inComment) {
          if (raw.startsWith('*/', k)) { inComment = false; s += '  '; k++; } else s += ' ';
        } else if (raw.startsWith('/*', k)) { inComment = true; s += '  '; k++; }
        else if (raw.startsWith('//', k)) { s += ' '.repeat(raw.length - k); break; }
        else s += raw[k];
      }
      s = s.replace(/"(?:[^"\\]|\\.)*"/g, (q) => ' '.repeat(q.length)); // string literals too
      for (const m of s.matchAll(/\breturn\s+(?:ec__msg\(\s*)?(EC_E_[A-Z_]+)/g)) {
        out.push({ file, line: i + 1, col: m.index + 1, code: m[1], text: raw.trim() });
      }
      for (const m of s.matchAll(/[?:]\s*(EC_E_[A-Z_]+)/g)) {
        if (/\bcase\s*$/.test(s.slice(0, m.index))) continue;
        const col = m.index + m[0].indexOf('EC_E_') + 1;
        out.push({ file, line: i + 1, col, code: m[1], text: raw.trim() });
      }
    });
  }
  return out;
}

function build() {
  if (!fs.existsSync(path.join(BUILD, 'CMakeCache.txt'))) {
    run('cmake', ['-S', '.', '-B', BUILD, '-DEC_COVERAGE=ON', '-DCMAKE_BUILD_TYPE=Release'], { env: { CC: 'clang' } });
  }
  run('cmake', ['--build', BUILD, '-j', jobs]);
}

function profile() {
  fs.rmSync(PROF, { recursive: true, force: true });
  fs.mkdirSync(PROF, { recursive: true });
  const t = performance.now();
  const only = process.env.EC_COVERAGE_TESTS ? ['-R', process.env.EC_COVERAGE_TESTS] : [];
  run('ctest', ['--test-dir', BUILD, '--output-on-failure', '--no-tests=error', '-j', jobs, ...only],
    { env: { LLVM_PROFILE_FILE: path.join(PROF, '%p.profraw') } });
  const raws = fs.readdirSync(PROF).filter((f) => f.endsWith('.profraw')).map((f) => path.join(PROF, f));
  if (!raws.length) throw new Error('the suites wrote no profiles (is build/coverage built with EC_COVERAGE=ON?)');
  const merged = path.join(BUILD, 'merged.profdata');
  run('llvm-profdata', ['merge', '-sparse', '-o', merged, ...raws]);
  console.log(`c-error-coverage: ${raws.length} suite profiles in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return merged;
}

// file -> segments [line, col, count, hasCount, isRegionEntry, isGap], sorted
function segments(merged) {
  const bins = run('ctest', ['--test-dir', BUILD, '--show-only=json-v1'])
  const tests = JSON.parse(bins).tests.map((t) => t.command[0]);
  const [first, ...rest] = tests;
  const json = JSON.parse(run('llvm-cov', ['export', '-format=text', '-skip-expansions', '-skip-functions',
    `-instr-profile=${merged}`, first, ...rest.flatMap((b) => ['-object', b])]));
  const byFile = new Map();
  for (const f of json.data[0].files) byFile.set(path.relative(ROOT, f.filename), f.segments);
  return byFile;
}

// the count of the region in force at (line, col): the last segment at or before it, null when
// the file or the position has no count (not compiled, or a skipped preprocessor branch)
function countAt(segs, line, col) {
  if (!segs) return null;
  let last = null;
  for (const s of segs) {
    if (s[0] > line || (s[0] === line && s[1] > col)) break;
    last = s;
  }
  return last && last[3] ? last[2] : null;
}

function main() {
  if (opt.buildOnly) {
    build();
    console.log(`c-error-coverage: build/coverage built; ${secs()} s`);
    return 0;
  }
  const all = sites();
  if (opt.build) build();
  const byFile = segments(profile());
  const lists = JSON.parse(fs.readFileSync(ALLOW, 'utf8'));
  const allow = [...lists.unreachable.map((a) => ({ ...a, kind: 'unreachable' })), ...(lists.untested || []).map((a) => ({ ...a, kind: 'untested' }))];
  const problems = [];
  for (const a of allow) if (!a.file || !a.text || !a.reason) problems.push(`${path.relative(ROOT, ALLOW)}: an entry lacks file, text or reason: ${JSON.stringify(a)}`);
  const used = new Set();
  const matches = (a, s) => a.file === s.file && a.text === s.text;
  for (const s of all) s.count = countAt(byFile.get(s.file), s.line, s.col);
  // each entry covers one unreached site (two sites with the same text need two entries);
  // an entry left over that matches a reached site is stale
  for (const s of all) {
    if (s.count) continue;
    const entry = allow.findIndex((a, i) => !used.has(i) && matches(a, s));
    if (entry < 0) continue;
    used.add(entry);
    s.allowed = allow[entry].reason;
    s.kind = allow[entry].kind;
  }
  allow.forEach((a, i) => {
    const hit = used.has(i) ? null : all.find((s) => s.count && matches(a, s));
    if (hit) {
      used.add(i);
      problems.push(`${hit.file}:${hit.line}: listed as ${a.kind} (${a.reason}) but reached ${hit.count} times: drop the entry`);
    }
  });
  let reached = 0;
  const missed = [];
  for (const s of all) {
    const n = s.count;
    if (n) reached++;
    else if (!s.allowed) missed.push(s);
    if (opt.list || !n) {
      const what = n ? `reached ${n}` : s.allowed ? s.kind : n === 0 ? 'NOT reached' : 'NOT compiled';
      console.log(`${what.padEnd(14)} ${`${s.file}:${s.line}`.padEnd(32)} ${s.code}${s.allowed ? `  (${s.allowed})` : ''}`);
    }
  }
  allow.forEach((a, i) => { if (!used.has(i)) problems.push(`${path.relative(ROOT, ALLOW)}: "${a.text}" in ${a.file} matches no error return: drop or fix the entry`); });
  for (const p of problems) console.error(`c-error-coverage: ${p}`);
  const listed = (kind) => all.filter((s) => s.kind === kind && !s.count).length;
  console.log(`c-error-coverage: ${reached} of ${all.length} error returns reached, ${listed('unreachable')} listed as unreachable, ${listed('untested')} listed as untested, ${missed.length} not reached; ${secs()} s`);
  return missed.length || problems.length ? 1 : 0;
}

try {
  process.exitCode = main();
} catch (e) {
  console.error(`c-error-coverage: ${e.message}`);
  process.exitCode = 1;
}
