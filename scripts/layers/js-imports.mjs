// js-imports.mjs - the JavaScript import pass of scripts/check-layers.mjs, on the source text
// of every .mjs/.js under web/ (but web/gen/ and web/vendor/), scripts/ and tests/js/: static
// `import`/`export ... from` and dynamic `import('...')`, against the rules of DESIGN.md,
// kept as data in JS_IMPORTS below (per folder: what it may import statically and
// dynamically), then three rules of names:
//   - an on-demand module (*.lazy.mjs) is reached only by a dynamic import() from its own
//     folder (a static import would pull it into the first load); tests may import it;
//   - web/lib/ names no `document`, `window` or `HTMLElement` (it runs without a DOM);
//   - only web/lib/core.mjs (and core-optimal.mjs, the optimal module's table calls) touches
//     the Emscripten module (`core.M`); benchmarks and tests
//     that time or probe a raw export get it from core.raw(), which nothing else calls.
// A specifier that resolves to no file is also an error. Costs: one read and scan per file.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { walk, posix } from './files.mjs';
import { scan, lineAt } from './js-text.mjs';

// Who may import what, first match by the importing file's path. A pattern ending in '/' is a
// folder (everything under it), else one file; `<feature>` is one folder name, and in an
// allowed target it is the importer's own. Targets: a path pattern, 'node:' (Node's
// builtins), 'npm' (a bare specifier: an npm package), '*' (anything). `refuse` gives a
// target's own reason where the rule's general one would say less.
export const JS_IMPORTS = [
  {
    files: 'web/lib/', static: ['web/lib/', 'web/gen/', 'node:'], dynamic: ['web/lib/', 'web/gen/', 'node:'],
    rule: 'web/lib/ imports only web/lib/ and web/gen/ (it runs without a DOM, in the worker and in Node)',
  },
  {
    files: 'web/page/common/', static: ['web/lib/', 'web/page/common/', 'web/vendor/'], dynamic: ['web/lib/', 'web/page/common/', 'web/vendor/'],
    rule: 'web/page/common/ imports only web/lib/, web/page/common/ and web/vendor/',
  },
  {
    files: 'web/page/<feature>/',
    static: ['web/lib/', 'web/page/common/', 'web/vendor/', 'web/page/<feature>/'],
    dynamic: ['web/lib/', 'web/page/common/', 'web/vendor/', 'web/page/<feature>/'],
    rule: 'a feature imports only web/lib/, web/page/common/, web/vendor/ and its own folder',
    refuse: [['web/page/<other>/', 'features never import each other (<feature> -> <other>): web/main.mjs wires them by callbacks']],
  },
  {
    files: 'web/worker.mjs', static: ['web/lib/', 'web/gen/'], dynamic: ['web/lib/', 'web/gen/'],
    rule: 'web/worker.mjs imports only web/lib/ and web/gen/',
  },
  { files: 'web/', static: ['web/'], dynamic: ['web/'], rule: 'the page never imports scripts/ or tests/' },
  {
    files: 'scripts/', static: ['web/lib/', 'web/gen/', 'scripts/', 'node:', 'npm'], dynamic: ['web/lib/', 'web/gen/', 'scripts/', 'node:', 'npm'],
    rule: 'scripts import web/lib/ only (never web/page/ or the page\'s entry)',
    refuse: [['tests/', 'scripts never import tests/']],
  },
  { files: 'tests/', static: ['*'], dynamic: ['*'], rule: '' },
];

// a pattern as a regular expression over paths; <name> captures one folder name
function patternRe(pattern, names = {}) {
  const body = pattern.split(/(<\w+>)/).map((part) => {
    const m = /^<(\w+)>$/.exec(part);
    if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return names[m[1]] !== undefined ? names[m[1]].replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : `(?<${m[1]}>[^/]+)`;
  }).join('');
  return new RegExp(`^${body}${pattern.endsWith('/') ? '' : '$'}`);
}

// the rule of the table that governs a file, with the names its pattern captured
export function importRule(file) {
  for (const r of JS_IMPORTS) {
    const m = patternRe(r.files).exec(file);
    if (m) return { rule: r, names: { ...m.groups } };
  }
  return null;
}

// the kind of a specifier's target: 'node:', 'npm' or the repository path
const targetKind = (spec, target) => (spec.startsWith('node:') ? 'node:' : !spec.startsWith('.') ? 'npm' : target);

// why an import is refused by the table, or null
function refusal(file, spec, target, dynamic) {
  const found = importRule(file);
  if (!found) return null;
  const { rule, names } = found;
  const kind = targetKind(spec, target);
  const allowed = (dynamic ? rule.dynamic : rule.static).some((p) => p === '*' || p === kind || (p.includes('/') && patternRe(p, names).test(kind)));
  if (allowed) return null;
  if (kind === 'node:') return `${spec} is Node-only; the page cannot load it`;
  if (kind === 'npm') return `bare specifier "${spec}": the page has no import map; import web/vendor/ by path`;
  for (const [p, why] of rule.refuse || []) {
    const m = patternRe(p).exec(kind);
    if (m) return `imports ${target}: ${why.replace(/<(\w+)>/g, (x, n) => ({ ...names, ...m.groups })[n] ?? x)}`;
  }
  return `imports ${target}: ${rule.rule}`;
}

// every import of a file: {spec, dynamic, line}
export function importsOf(src, code) {
  const out = [];
  const re = /\b(import|export)\b\s*(\(\s*)?(?:[\w*${}\s,]*?\bfrom\s*)?(['"])/g;
  for (const m of code.matchAll(re)) {
    const dynamic = m[1] === 'import' && !!m[2];
    if (m[1] === 'export' && !/\bfrom\s*['"]$/.test(m[0])) continue;
    const q = m.index + m[0].length - 1;
    const end = src.indexOf(m[3], q + 1);
    if (end < 0) continue;
    out.push({ spec: src.slice(q + 1, end), dynamic, line: lineAt(src, m.index) });
  }
  return out;
}

// where an on-demand module may be imported from: by import() from its own folder, or by tests
function lazyProblem(file, target, dynamic) {
  if (!target.endsWith('.lazy.mjs') || file.startsWith('tests/')) return null;
  if (!dynamic) return `${target} is an on-demand module: reach it with import() only (a static import puts it in the first load)`;
  const folder = (f) => (f.startsWith('web/page/') ? f.split('/').slice(0, 3).join('/') : dirname(f));
  if (folder(file) !== folder(target)) return `${target} is an on-demand module of another folder: only its own feature loads it`;
  return null;
}

// one file's imports against the table and the on-demand rule
function checkImports(root, file, src, code, report) {
  const imports = importsOf(src, code);
  for (const { spec, dynamic, line } of imports) {
    const where = `${file}:${line}`;
    let target = spec.startsWith('.') ? posix(join(dirname(file), spec)) : spec;
    // a dynamic import in a script or test that names no file beside it but one from the
    // site root is a page URL (code sent to the browser by page.evaluate)
    if (dynamic && /^(scripts|tests)\//.test(file) && !existsSync(join(root, target)) && existsSync(join(root, spec))) target = posix(join('.', spec));
    const key = `js ${file} -> ${target}`;
    if (spec.startsWith('.') && !existsSync(join(root, target)) && !/^web\/(gen|vendor)\//.test(target)) {
      report(key, `${where}: "${spec}" names no file (${target})`);
      continue;
    }
    const lazy = spec.startsWith('.') ? lazyProblem(file, target, dynamic) : null;
    if (lazy) report(key, `${where}: ${lazy}`);
    const why = refusal(file, spec, target, dynamic);
    if (why) report(key, `${where}: ${why}`);
  }
  return imports.length;
}

// the files that touch a wasm module: the core's binding and the optimal module's table calls
const CORE_FILES = ['web/lib/core.mjs', 'web/lib/core-optimal.mjs'];
// the rules of names: no DOM in web/lib/, the wasm module only in CORE_FILES, raw() only in benchmarks and tests
function checkNames(file, src, code, report) {
  if (file.startsWith('web/lib/')) {
    for (const m of code.matchAll(/\b(document|window|HTMLElement)\b/g)) {
      report(`js-dom ${file}:${m[1]}`, `${file}:${lineAt(src, m.index)}: names ${m[1]}: web/lib/ runs without a DOM`);
    }
  }
  if (CORE_FILES.includes(file)) return;
  for (const m of code.matchAll(/(\.M\s*[.[])/g)) {
    const line = lineAt(src, m.index);
    report(`js-module ${file}:${line}`, `${file}:${line}: reaches into the wasm module (${m[1].trim()}): only ${CORE_FILES.join(' and ')} touch it (benchmarks and tests: core.raw())`);
  }
  if (file.startsWith('scripts/bench/') || file.startsWith('tests/')) return;
  for (const m of code.matchAll(/\.raw\(\)/g)) {
    const line = lineAt(src, m.index);
    report(`js-raw ${file}:${line}`, `${file}:${line}: core.raw() is for benchmarks and tests only`);
  }
}

// the JavaScript files the passes read, as repository paths
export function jsFiles(root) {
  return ['web', 'scripts', 'tests/js'].map((d) => join(root, d)).filter(existsSync)
    .flatMap((d) => walk(d)).map((p) => posix(relative(root, p)))
    .filter((f) => /\.(mjs|js)$/.test(f) && !/^web\/(gen|vendor)\//.test(f));
}

// The pass. Returns its summary line.
export function checkJsImports({ root, report }) {
  const files = jsFiles(root);
  let nImports = 0;
  for (const file of files) {
    const src = readFileSync(join(root, file), 'utf8');
    const { code } = scan(src);
    nImports += checkImports(root, file, src, code, report);
    checkNames(file, src, code, report);
  }
  return `js: ${files.length} files, ${nImports} imports checked`;
}
