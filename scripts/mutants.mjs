#!/usr/bin/env node
// mutants.mjs - `npm run mutants [-- [--fast] [--list] [--no-baseline] [ID...]]`: the mutation
// gallery (tests/mutants/gallery.json). Each mutant is one exact piece of text in one file and
// its replacement: a small, deliberate bug that breaks one documented invariant. For each
// mutant this script, in a scratch copy of the project (build/mutants/src, kept between runs so
// builds are incremental; the repository itself is never changed):
//   1. syncs the scratch copy with the working tree (only changed files are rewritten, files
//      the tree no longer has are removed),
//   2. applies the mutant; its text must occur exactly once (a stale mutant fails loudly),
//   3. rebuilds what the tests need (native targets for C files; the wasm module when a Jest
//      test is named; the shell manifest for web files), a mutant that does not build is an
//      error of the gallery, not a kill,
//   4. runs the tests it names, each under a time limit, and restores the file.
// A mutant is killed when one of its tests fails (or exceeds its limit); it survives when all
// pass. Before the mutants, each named test is run once on the unmutated copy (the baseline):
// a test that fails there would kill everything and prove nothing, so that is an error too
// (--no-baseline builds the unmutated copy but does not run its tests: scripts/test.sh, whose
// ctest stage has just run them on the same sources).
// Exit 0 only when every selected mutant was killed; 1 when any survived or anything failed.
//
// --shards N (1..4; scripts/test.sh gives 2): the selected mutants dealt round-robin to N
// child runs of this script at once, each on a scratch copy of its own (build/mutants/src,
// then src-1, src-2, ...: each copy is synced, built and baselined as above, its builds on one
// core), so the single-threaded rebuild and test of one mutant overlaps another's; every
// mutant still runs once, and the summary line counts them all. A first run builds each copy
// once (later runs are incremental).
// Test specs in the gallery: "ctest:NAME" (a tests/c suite, run directly), "golden" (the
// golden runs through the native CLI), "golden-first" (each solver's first golden run only:
// a 6-move scramble, default params, about 2 s), "jest:PATH" or "jest:PATH::NAME-PATTERN" (a
// Jest file, optionally only the tests whose name matches). --fast selects the mutants whose
// tests are all native and quick: ctest suites and golden-first (scripts/test.sh runs those).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// EC_MUTANT_GALLERY names another gallery file (tests/js/mutants.test.mjs checks the runner's
// refusals with small ones)
const GALLERY = process.env.EC_MUTANT_GALLERY ? path.resolve(process.env.EC_MUTANT_GALLERY) : path.join(ROOT, 'tests/mutants/gallery.json');
const TEST_LIMIT_S = { ctest: 120, golden: 300, jest: 420 };

const args = process.argv.slice(2);
// --shard K (internal: a child of --shards) picks the scratch copy and writes its results as
// JSON to the --results file
const opt = { fast: false, list: false, baseline: true, ids: [], shards: 1, shard: 0, results: null };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--fast') opt.fast = true;
  else if (a === '--list') opt.list = true;
  else if (a === '--no-baseline') opt.baseline = false;
  else if (a === '--shards' || a === '--shard' || a === '--results') {
    const v = args[++i];
    if (a === '--results') opt.results = v;
    else if (!/^\d+$/.test(v ?? '') || (a === '--shards' ? v < 1 || v > 4 : v > 3)) {
      console.error(`mutants: ${a} needs a number (${a === '--shards' ? '1..4' : '0..3'}), not ${v ?? 'nothing'}`);
      process.exit(2);
    } else opt[a.slice(2)] = Number(v);
  } else if (a.startsWith('-')) { console.error(`mutants: unknown option ${a}`); process.exit(2); }
  else opt.ids.push(a);
}
const SCRATCH = path.join(ROOT, opt.shard ? `build/mutants/src-${opt.shard}` : 'build/mutants/src');
// a shard's builds take one core (the shards share the machine's)
const jobs = opt.results != null ? '1' : String(Math.max(1, Math.min(2, Number(process.env.EC_MUTANT_JOBS) || 2)));

const secs = (t0) => ((performance.now() - t0) / 1000).toFixed(1);

// ---- the gallery: shape checked, every id unique, every test spec known
function loadGallery() {
  const g = JSON.parse(fs.readFileSync(GALLERY, 'utf8'));
  const seen = new Set();
  const problems = [];
  for (const m of g.mutants) {
    for (const k of ['id', 'file', 'find', 'replace', 'breaks', 'tests']) if (m[k] == null) problems.push(`${m.id ?? '?'}: no "${k}"`);
    if (seen.has(m.id)) problems.push(`${m.id}: the id is used twice`);
    seen.add(m.id);
    if (m.find === m.replace) problems.push(`${m.id}: the replacement equals the text`);
    if (!Array.isArray(m.tests) || !m.tests.length) problems.push(`${m.id}: no tests named`);
    for (const t of m.tests || []) if (!/^(ctest:test_\w+|golden|golden-first|jest:tests\/(js|e2e)\/[\w.-]+\.test\.mjs(::.+)?)$/.test(t)) problems.push(`${m.id}: unknown test spec "${t}"`);
  }
  if (problems.length) throw new Error(`${path.relative(ROOT, GALLERY)}:\n  ${problems.join('\n  ')}`);
  return g.mutants;
}

const isFast = (m) => m.tests.every((t) => t.startsWith('ctest:') || t === 'golden-first');

// ---- the scratch copy
function run(cmd, argv, { cwd = SCRATCH, limit = 1800, env = {}, quiet = true } = {}) {
  const r = spawnSync(cmd, argv, {
    cwd, encoding: 'utf8', maxBuffer: 1 << 28, timeout: limit * 1000, killSignal: 'SIGKILL',
    env: { ...process.env, ...env }, stdio: quiet ? 'pipe' : 'inherit',
  });
  return { ok: r.status === 0, timedOut: r.error?.code === 'ETIMEDOUT' || (r.signal === 'SIGKILL' && !r.status), out: `${r.stdout ?? ''}${r.stderr ?? ''}`, status: r.status };
}

function sync() {
  const ls = run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT });
  if (!ls.ok) throw new Error(`git ls-files failed: ${ls.out}`);
  let written = 0;
  const files = ls.out.split('\0').filter(Boolean);
  // files the working tree no longer has go from the copy too (a deleted test must not
  // go on passing or failing there); build outputs and dependencies are kept
  const keep = new Set(files);
  const skip = new Set(['build', 'node_modules', 'web/gen', 'web/vendor', '.git']);
  (function prune(dir) {
    for (const e of fs.readdirSync(path.join(SCRATCH, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (skip.has(rel)) continue;
      if (e.isDirectory()) prune(rel);
      else if (!keep.has(rel)) fs.rmSync(path.join(SCRATCH, rel));
    }
  })('');
  for (const rel of files) {
    const from = path.join(ROOT, rel);
    if (!fs.existsSync(from) || fs.lstatSync(from).isDirectory()) continue;
    const to = path.join(SCRATCH, rel);
    const data = fs.readFileSync(from);
    if (fs.existsSync(to) && fs.readFileSync(to).equals(data)) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.writeFileSync(to, data);
    fs.chmodSync(to, fs.statSync(from).mode);
    written++;
  }
  // what the page serves but git does not track (copied by scripts/build.sh), and the
  // shared npm dependencies
  for (const dir of ['web/vendor']) {
    const from = path.join(ROOT, dir);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(SCRATCH, dir), { recursive: true });
  }
  const nm = path.join(SCRATCH, 'node_modules');
  if (!fs.existsSync(nm)) fs.symlinkSync(fs.realpathSync(path.join(ROOT, 'node_modules')), nm);
  return written;
}

let configured = { native: false, wasm: false };
function buildNative(targets) {
  const dir = path.join(SCRATCH, 'build/native');
  if (!configured.native) {
    const c = run('cmake', ['-S', '.', '-B', 'build/native', '-DCMAKE_BUILD_TYPE=Release']);
    if (!c.ok) return c;
    configured.native = true;
  }
  return run('cmake', ['--build', dir, '-j', jobs, ...targets.flatMap((t) => ['--target', t])]);
}

function buildWasm() {
  if (!configured.wasm) {
    if (!fs.existsSync(path.join(SCRATCH, 'build/wasm/CMakeCache.txt'))) {
      const c = run('emcmake', ['cmake', '-S', '.', '-B', 'build/wasm', '-DCMAKE_BUILD_TYPE=Release', `-DEC_WASM_OUT_DIR=${path.join(SCRATCH, 'web/gen')}`],
        { env: { NODE_PATH: process.env.NODE_PATH || '/usr/share/nodejs' } });
      if (!c.ok) return c;
    }
    configured.wasm = true;
  }
  fs.mkdirSync(path.join(SCRATCH, 'web/gen'), { recursive: true });
  return run('cmake', ['--build', 'build/wasm', '-j', jobs], { env: { NODE_PATH: process.env.NODE_PATH || '/usr/share/nodejs' } });
}

// Bring every build the tests need up to date with the scratch sources (whatever the last
// mutant left behind is rebuilt here too, since the restored file is newer than its objects).
function build(tests) {
  const ctests = tests.filter((t) => t.startsWith('ctest:')).map((t) => t.slice(6));
  const needCli = tests.some((t) => t === 'golden' || t === 'golden-first' || t.startsWith('jest:'));
  const needWasm = tests.some((t) => t.startsWith('jest:'));
  const targets = [...ctests, ...(needCli ? ['evocube_native'] : [])];
  if (targets.length) {
    const r = buildNative(targets);
    if (!r.ok) return { ok: false, what: 'native build', out: r.out };
  }
  if (needWasm) {
    const r = buildWasm();
    if (!r.ok) return { ok: false, what: 'wasm build', out: r.out };
    const s = run('node', ['scripts/shell-manifest.mjs']);
    if (!s.ok) return { ok: false, what: 'shell manifest', out: s.out };
  }
  return { ok: true };
}

function runTest(spec) {
  if (spec.startsWith('ctest:')) {
    return run(path.join(SCRATCH, 'build/native', spec.slice(6)), [], { limit: TEST_LIMIT_S.ctest });
  }
  if (spec === 'golden') return run('node', ['scripts/golden.mjs', 'build/native/evocube_native'], { limit: TEST_LIMIT_S.golden });
  if (spec === 'golden-first') return run('node', ['scripts/golden.mjs', 'build/native/evocube_native', '--first'], { limit: TEST_LIMIT_S.golden });
  const [file, pattern] = spec.slice(5).split('::');
  const argv = ['--experimental-vm-modules', '--no-warnings', 'node_modules/jest/bin/jest.js', '--ci', '--runTestsByPath', file];
  if (pattern) argv.push('-t', pattern);
  return run('node', argv, { limit: TEST_LIMIT_S.jest });
}

// The last lines that say why a test failed (for the report of a killed mutant or a bad baseline).
function why(out) {
  const all = out.split('\n');
  const first = all.filter((l) => /check failed|✕|Timeout/.test(l));
  const then = all.filter((l) => /Expected|Received|error|Error|mismatch|differ/.test(l));
  const lines = [...first, ...then];
  return (lines.length ? lines : all.filter((l) => l.trim()).slice(-3)).slice(0, 3).map((l) => l.trim().slice(0, 160)).join(' | ');
}

function main() {
  const all = loadGallery();
  let chosen = all;
  if (opt.ids.length) {
    const unknown = opt.ids.filter((id) => !all.some((m) => m.id === id));
    if (unknown.length) { console.error(`mutants: no mutant ${unknown.join(', ')} in the gallery`); process.exit(2); }
    chosen = all.filter((m) => opt.ids.includes(m.id));
  }
  if (opt.fast) chosen = chosen.filter(isFast);
  if (opt.list) {
    for (const m of chosen) console.log(`${m.id.padEnd(34)} ${m.file.padEnd(30)} ${m.tests.join(' ')}\n${' '.repeat(35)}${m.breaks}`);
    return 0;
  }
  if (opt.shards > 1 && chosen.length > 1) return shards(chosen, all.length);
  const T0 = performance.now();
  fs.mkdirSync(SCRATCH, { recursive: true });
  const written = sync();
  console.log(`mutants: ${chosen.length} of ${all.length} in the gallery; scratch copy ${path.relative(ROOT, SCRATCH)} (${written} files updated)`);

  // every mutant's text must be found exactly once before anything runs
  const stale = [];
  for (const m of chosen) {
    const file = path.join(SCRATCH, m.file);
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    const n = text == null ? 0 : text.split(m.find).length - 1;
    if (n !== 1) stale.push(`${m.id}: ${text == null ? `${m.file} does not exist` : `its text occurs ${n} times in ${m.file} (must be once)`}`);
    for (const t of m.tests) {
      const f = t.startsWith('ctest:') ? `tests/c/${t.slice(6)}.c` : t.startsWith('jest:') ? t.slice(5).split('::')[0] : null;
      if (f && !fs.existsSync(path.join(SCRATCH, f))) stale.push(`${m.id}: names ${t}, but ${f} does not exist`);
    }
  }
  if (stale.length) {
    console.error(`mutants: STALE gallery entries (fix tests/mutants/gallery.json):\n  ${stale.join('\n  ')}`);
    return 1;
  }

  // the baseline runs each named Jest file once, whole (it covers every name pattern)
  const specs = [...new Set(chosen.flatMap((m) => m.tests).map((t) => t.split('::')[0]))];
  // the unmutated copy is always built first (a build failure is then the tree's, not a mutant's)
  const t0 = performance.now();
  const b = build(specs);
  if (!b.ok) { console.error(`mutants: the unmutated copy does not build (${b.what}):\n${b.out.slice(-3000)}`); return 1; }
  if (!opt.baseline) console.log(`unmutated copy built (${secs(t0)} s); its tests not run (--no-baseline)`);
  if (opt.baseline) {
    const bad = [];
    for (const spec of specs) {
      const r = runTest(spec);
      if (!r.ok) bad.push(`${spec}: ${r.timedOut ? 'timed out' : why(r.out)}`);
    }
    if (bad.length) {
      console.error(`mutants: tests fail on the unmutated copy, so they can prove nothing:\n  ${bad.join('\n  ')}`);
      return 1;
    }
    console.log(`baseline: ${specs.length} tests pass unmutated (${secs(t0)} s)`);
  }

  const results = [];
  for (const m of chosen) {
    const t0 = performance.now();
    const file = path.join(SCRATCH, m.file);
    const original = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, original.replace(m.find, () => m.replace));
    let res;
    try {
      const b = build(m.tests);
      if (!b.ok) {
        res = { id: m.id, verdict: 'ERROR', note: `the mutant does not build (${b.what}): ${why(b.out)}` };
      } else {
        let killer = null;
        for (const spec of m.tests) {
          const r = runTest(spec);
          if (!r.ok) { killer = { spec, note: r.timedOut ? 'timed out' : why(r.out) }; break; }
        }
        res = killer
          ? { id: m.id, verdict: 'killed', note: `by ${killer.spec}: ${killer.note}` }
          : { id: m.id, verdict: 'SURVIVED', note: `${m.tests.join(', ')} all pass` };
      }
    } finally {
      fs.writeFileSync(file, original);
    }
    res.s = secs(t0);
    results.push(res);
    console.log(`${res.verdict.padEnd(8)} ${m.id.padEnd(34)} ${res.s.padStart(6)} s  ${res.note.slice(0, 200)}`);
  }
  if (opt.results) fs.writeFileSync(opt.results, JSON.stringify(results));
  return summary(results, T0);
}

function summary(results, T0) {
  const killed = results.filter((r) => r.verdict === 'killed').length;
  const survived = results.filter((r) => r.verdict === 'SURVIVED').map((r) => r.id);
  const errors = results.filter((r) => r.verdict === 'ERROR').map((r) => r.id);
  console.log(`mutants: ${killed} of ${results.length} killed, ${survived.length} survived${survived.length ? ` (${survived.join(', ')})` : ''}, ${errors.length} errors${errors.length ? ` (${errors.join(', ')})` : ''}; ${secs(T0)} s`);
  return survived.length || errors.length ? 1 : 0;
}

// --shards N: the chosen mutants dealt round-robin to N children (this script with --shard K
// and their ids), run at once; their lines are passed on as they come (each prefixed [K]), and
// the summary counts every child's results. A child that fails before writing its results
// (a stale gallery, an unmutated copy that does not build or fails its baseline) fails the run.
async function shards(chosen, galleryCount) {
  const T0 = performance.now();
  const n = Math.min(opt.shards, chosen.length);
  console.log(`mutants: ${chosen.length} of ${galleryCount} in the gallery, on ${n} scratch copies at once (build/mutants/src${n > 1 ? `, src-1${n > 2 ? ` .. src-${n - 1}` : ''}` : ''})`);
  fs.mkdirSync(path.join(ROOT, 'build/mutants'), { recursive: true });
  const tmp = fs.mkdtempSync(path.join(ROOT, 'build/mutants/results-'));
  try {
    const runs = [];
    for (let k = 0; k < n; k++) {
      const ids = chosen.filter((_, i) => i % n === k).map((m) => m.id);
      const file = path.join(tmp, `${k}.json`);
      const argv = [fileURLToPath(import.meta.url), '--shard', String(k), '--results', file, ...(opt.baseline ? [] : ['--no-baseline']), ...ids];
      runs.push(new Promise((resolve) => {
        const child = spawn(process.execPath, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
        const pass = (stream, to) => {
          let rest = '';
          stream.setEncoding('utf8');
          stream.on('data', (d) => {
            const lines = (rest + d).split('\n');
            rest = lines.pop();
            for (const l of lines) to.write(`[${k}] ${l}\n`);
          });
          stream.on('end', () => { if (rest) to.write(`[${k}] ${rest}\n`); });
        };
        pass(child.stdout, process.stdout);
        pass(child.stderr, process.stderr);
        child.on('close', (code, signal) => resolve({ k, code, signal, file }));
      }));
    }
    const done = await Promise.all(runs);
    const results = [];
    const failed = [];
    for (const d of done) {
      if (!fs.existsSync(d.file)) failed.push(`scratch copy ${d.k} ended (exit ${d.code ?? d.signal}) before its mutants ran`);
      else results.push(...JSON.parse(fs.readFileSync(d.file, 'utf8')));
    }
    const want = new Set(chosen.map((m) => m.id));
    for (const r of results) want.delete(r.id);
    if (want.size && !failed.length) failed.push(`no result for ${[...want].join(', ')}`);
    if (failed.length) {
      console.error(`mutants: ${failed.join('; ')}`);
      return 1;
    }
    return summary(results, T0);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

try {
  process.exitCode = await main();
} catch (e) {
  console.error(`mutants: ${e.message}`);
  process.exitCode = 1;
}
