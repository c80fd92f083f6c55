#!/usr/bin/env node
// js-error-coverage.mjs - which JavaScript error paths the tests reach: every `throw`, every
// `_fail(` call (the core's error codes turned into EvocubeError), and every refusal a reader
// returns instead of throwing (`problems.push(`, `{ ok: false`: share links) in the files below, each
// listed as reached or not, from V8's own block coverage of the test run (NODE_V8_COVERAGE,
// which also covers the CLI processes the tests spawn, so the batch and resume paths count).
//
//   node scripts/js-error-coverage.mjs [--require-all] [TEST_FILE...]
//
// Runs Jest on the test files (default: the suites of these files), then prints one line per
// error site ("reached  web/lib/core.mjs:312  throw new EvocubeError(...)" or "NOT reached")
// and a summary per file; writes the same to build/js-error-coverage.txt. --require-all exits 1
// when a site is not reached. A site's count is that of the innermost coverage range holding
// it, summed over every process; a function never called is a range with count 0.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const FILES = ['web/lib/core.mjs', 'web/lib/share-link.mjs', 'scripts/cli/batch.mjs', 'scripts/cli/batch-plan.mjs', 'scripts/cli/batch-writer.mjs', 'scripts/cli/batch-input.mjs', 'scripts/cli/batch-output.mjs', 'scripts/cli/options.mjs'];
const TESTS = ['tests/js/core.test.mjs', 'tests/js/core-errors.test.mjs', 'tests/js/status-codes.test.mjs', 'tests/js/share.test.mjs', 'tests/js/cli.test.mjs', 'tests/js/batch.test.mjs', 'tests/js/batch-output.test.mjs', 'tests/js/batch-integrity.test.mjs', 'tests/js/reliability.test.mjs'];

// The error sites of a source text: [{line, offset, text}] for each `throw` statement, `_fail(`
// call, `problems.push(` and `{ ok: false` outside comments.
export function errorSites(src) {
  const sites = [];
  let offset = 0;
  src.split('\n').forEach((lineText, i) => {
    const code = lineText.replace(/\/\/.*$/, '');
    if (!/^\s*\*/.test(code)) {
      for (const m of code.matchAll(/\bthrow\b|\._fail\(|\bproblems\.push\(|\{ ok: false\b/g)) sites.push({ line: i + 1, offset: offset + m.index, text: lineText.trim() });
    }
    offset += lineText.length + 1;
  });
  return sites;
}

// The count at `offset` in one script's coverage: that of the smallest range holding it.
function countAt(functions, offset) {
  let best = null;
  for (const f of functions) {
    for (const r of f.ranges) {
      if (r.startOffset <= offset && offset < r.endOffset && (!best || r.endOffset - r.startOffset < best.endOffset - best.startOffset)) best = r;
    }
  }
  return best ? best.count : 0;
}

// { file: [{line, text, count}] } from a folder of NODE_V8_COVERAGE files
export function siteCounts(covDir, files = FILES, root = ROOT) {
  const byUrl = new Map(files.map((f) => [pathToFileURL(join(root, f)).href, f]));
  const out = Object.fromEntries(files.map((f) => {
    const src = readFileSync(join(root, f), 'utf8');
    return [f, errorSites(src).map((s) => ({ ...s, count: 0 }))];
  }));
  for (const name of readdirSync(covDir)) {
    if (!name.endsWith('.json')) continue;
    let data;
    try { data = JSON.parse(readFileSync(join(covDir, name), 'utf8')); } catch (e) { throw new Error(`js-error-coverage: ${name} is not coverage JSON (${e.message})`); }
    for (const script of data.result || []) {
      const f = byUrl.get(script.url);
      if (!f) continue;
      for (const s of out[f]) s.count += countAt(script.functions, s.offset);
    }
  }
  return out;
}

export function report(counts) {
  const lines = [];
  let reached = 0, total = 0;
  for (const [f, sites] of Object.entries(counts)) {
    const hit = sites.filter((s) => s.count > 0).length;
    reached += hit;
    total += sites.length;
    lines.push(`== ${f}: ${hit} of ${sites.length} error sites reached`);
    for (const s of sites) lines.push(`${s.count > 0 ? 'reached    ' : 'NOT reached'} ${f}:${s.line}  ${s.text.slice(0, 140)}`);
  }
  lines.push(`js-error-coverage: ${reached} of ${total} error sites reached`);
  return { text: lines.join('\n'), reached, total };
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) {
  const args = process.argv.slice(2);
  const requireAll = args.includes('--require-all');
  const tests = args.filter((a) => !a.startsWith('--'));
  const cov = mkdtempSync(join(tmpdir(), 'evocube-jscov-'));
  try {
    const r = spawnSync(process.execPath, ['--experimental-vm-modules', '--no-warnings', join(ROOT, 'node_modules/jest/bin/jest.js'), '--ci', ...(tests.length ? tests : TESTS)],
      { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_V8_COVERAGE: cov } });
    if (r.status !== 0) console.error(`js-error-coverage: Jest exited ${r.status}; the counts below are of what ran`);
    const { text, reached, total } = report(siteCounts(cov));
    mkdirSync(join(ROOT, 'build'), { recursive: true });
    writeFileSync(join(ROOT, 'build', 'js-error-coverage.txt'), `${text}\n`);
    console.log(text);
    console.log(`js-error-coverage: report in ${relative(process.cwd(), join(ROOT, 'build', 'js-error-coverage.txt'))}`);
    process.exitCode = r.status !== 0 ? 1 : requireAll && reached < total ? 1 : 0;
  } finally {
    rmSync(cov, { recursive: true, force: true });
  }
}
