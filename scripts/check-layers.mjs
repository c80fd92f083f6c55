#!/usr/bin/env node
// check-layers.mjs - the layer rules of c/ (README's module map, DESIGN.md), checked twice:
//
// 1. Includes (source text): every `#include "X"` under c/ names its folder relative to c/
//    ("core/cube.h"), or is the public header "evocube.h" (allowed everywhere). Layers rank
//    core 0 < search 1 < solver 2 < solvers 3 < tools 4; a file may include its own layer or
//    a lower one, never a higher one. Inside c/solvers/, a family folder (c/solvers/<family>/)
//    includes no other family's files and none of the registry's (c/solvers/*.c, solvers.def);
//    the registry (c/solvers/registry.c) includes no family's files: it knows the families
//    only through the ec_solver_impl symbols solvers.def names.
//    Each library layer's sources.cmake lists exactly the .c files of its folder.
// 2. Links (object files): `nm` reads each object of the native core library
//    (build/native/CMakeFiles/evocube_core.dir/c/**.o) for its defined and undefined global
//    symbols; file A depends on file B when A uses a symbol B defines. On that graph:
//    a dependency on a higher layer, or from one family to another family (or from a family to
//    the registry), is an error; the strongly connected components (Tarjan) are the cycles:
//    a cycle whose files lie in different folders is an error, and the folder graph (core,
//    search, solver, the registry, each family, tools) must have no cycle either.
//    A cycle between files of one folder (e.g. two files of one family that call each other)
//    is also an error: a folder's files form a dependency order like the layers do, so a
//    module can be read, tested and replaced without its siblings' internals. Every cycle is
//    printed with the symbols that make each edge.
//
// 3. JavaScript imports (source text of every .mjs/.js under web/, scripts/ and tests/js/:
//    static `import`/`export ... from`, and dynamic `import('...')`), the rules of DESIGN.md:
//    - web/lib/ (no DOM: it runs in the page, the worker and Node) imports only web/lib/,
//      web/gen/ and `node:` builtins, and names no `document`, `window` or `HTMLElement`;
//    - web/page/common/ imports web/lib/, web/page/common/ and web/vendor/;
//    - a feature, web/page/<feature>/, imports web/lib/, web/page/common/, web/vendor/ and its
//      own folder, never another feature;
//    - an on-demand module (*.lazy.mjs) is reached only by a dynamic import() from its own
//      feature (a static import would pull it into the first load);
//    - web/worker.mjs imports web/lib/ and web/gen/ only; web/main.mjs is the one module that
//      knows several features;
//    - scripts/ import web/lib/ (and web/gen/), never web/page/, web/main.mjs or tests/;
//    - only web/lib/core.mjs touches the Emscripten module (`core.M`); benchmarks and tests
//      that time or probe a raw export get it from core.raw(), which nothing else calls.
//    A specifier that resolves to no file is also an error.
//
// Exit 0 when nothing is wrong, 1 with every finding printed (file, line where there is one,
// and the rule), 2 when the objects are missing (build first: scripts/build.sh).
//
//   node scripts/check-layers.mjs [--build DIR]     (DIR defaults to build/native)
//   node scripts/check-layers.mjs --js-only [--root DIR]   (the JavaScript pass alone, on DIR)
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const argValue = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
const root = argValue('--root') ?? fileURLToPath(new URL('..', import.meta.url));
const buildDir = argValue('--build') ?? join(root, 'build', 'native');
const jsOnly = args.includes('--js-only');

const LAYERS = { core: 0, search: 1, solver: 2, solvers: 3, tools: 4 };

// Known defects allowed while they are being removed, one entry per finding ('include A -> B',
// 'link A -> B', 'cycle A <-> B'); an entry that matches nothing fails, so the list cannot go
// stale. Empty.
const ALLOW = new Set([]);

const posix = (p) => p.split(sep).join('/');

// the file's folder group: its layer, and for c/solvers/ the family or the registry
function place(file) {
  const parts = file.split('/'); // c/<layer>/...
  const layer = parts[1];
  if (!(layer in LAYERS)) return null;
  let group = layer;
  let family = null;
  if (layer === 'solvers') {
    if (parts.length > 3) family = parts[2];
    group = family ? `solvers/${family}` : 'solvers (registry)';
  }
  return { layer, rank: LAYERS[layer], group, family };
}

function walk(dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

const findings = []; // {key, text}
const used = new Set();
function report(key, text) {
  if (ALLOW.has(key)) {
    used.add(key);
    console.log(`allowed (known, listed in ALLOW): ${text}`);
    return;
  }
  findings.push(text);
  console.log(`error: ${text}`);
}

// ---------------------------------------------------------------- 1. includes
// ---- 3. JavaScript imports ----
// The code of a JS file with comments and the contents of strings, template literals and
// regular-expression literals blanked (newlines kept, so positions still give lines); the
// specifiers are read from the original text at the same offsets.
function codeOnly(src) {
  let out = '';
  let i = 0;
  let prev = ''; // the last significant character of code (for telling a regex from a division)
  while (i < src.length) {
    const c = src[i], d = src[i + 1];
    if (c === '/' && d === '/') { while (i < src.length && src[i] !== '\n') { out += ' '; i++; } continue; }
    if (c === '/' && d === '*') {
      const end = src.indexOf('*/', i + 2); const stop = end < 0 ? src.length : end + 2;
      out += src.slice(i, stop).replace(/[^\n]/g, ' '); i = stop; continue;
    }
    if (c === '"' || c === "'" || c === '`' || (c === '/' && /^$|[(,=:[!&|?{};+\-*%<>~^]$/.test(prev))) {
      let j = i + 1; let inClass = false;
      while (j < src.length) {
        const e = src[j];
        if (e === '\\') { j += 2; continue; }
        if (c === '/' && e === '[') inClass = true;
        else if (c === '/' && e === ']') inClass = false;
        else if (e === c && !inClass) break;
        else if (c !== '`' && e === '\n') break;
        j++;
      }
      out += c + src.slice(i + 1, j).replace(/[^\n]/g, ' ') + (j < src.length ? src[j] : '');
      i = j + 1; prev = 'x'; continue;
    }
    out += c;
    if (!/\s/.test(c)) prev = c;
    i++;
  }
  return out;
}

const lineAt = (src, offset) => src.slice(0, offset).split('\n').length;

// every import of a file: {spec, dynamic, line}
function importsOf(src) {
  const code = codeOnly(src);
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
  return { code, imports: out };
}

// where a repository path sits in the JavaScript layers
function jsPlace(file) {
  if (file.startsWith('web/lib/')) return { zone: 'lib' };
  if (file.startsWith('web/gen/')) return { zone: 'gen' };
  if (file.startsWith('web/vendor/')) return { zone: 'vendor' };
  const m = /^web\/page\/([^/]+)\//.exec(file);
  if (m) return m[1] === 'common' ? { zone: 'common' } : { zone: 'feature', feature: m[1] };
  if (file.startsWith('web/')) return { zone: 'entry', name: file.slice(4) };
  if (file.startsWith('scripts/')) return { zone: 'scripts' };
  if (file.startsWith('tests/')) return { zone: 'tests' };
  return { zone: 'other' };
}

function checkJs() {
  const dirs = ['web', 'scripts', 'tests/js'].map((d) => join(root, d)).filter(existsSync);
  const files = dirs.flatMap((d) => walk(d)).map((p) => posix(relative(root, p)))
    .filter((f) => /\.(mjs|js)$/.test(f) && !/^web\/(gen|vendor)\//.test(f));
  let nImports = 0;
  for (const file of files) {
    const src = readFileSync(join(root, file), 'utf8');
    const { code, imports } = importsOf(src);
    const from = jsPlace(file);
    const inLib = from.zone === 'lib';
    for (const { spec, dynamic, line } of imports) {
      nImports++;
      const where = `${file}:${line}`;
      if (spec.startsWith('node:')) {
        if (from.zone !== 'lib' && from.zone !== 'scripts' && from.zone !== 'tests') report(`js ${file} -> ${spec}`, `${where}: ${spec} is Node-only; the page cannot load it`);
        continue;
      }
      if (!spec.startsWith('.')) {
        if (from.zone === 'scripts' || from.zone === 'tests') continue; // npm packages
        report(`js ${file} -> ${spec}`, `${where}: bare specifier "${spec}": the page has no import map; import web/vendor/ by path`);
        continue;
      }
      let target = posix(join(dirname(file), spec));
      // a dynamic import in a script or test that names no file beside it but one from the
      // site root is a page URL (code sent to the browser by page.evaluate)
      if (dynamic && ['scripts', 'tests'].includes(from.zone) && !existsSync(join(root, target)) && existsSync(join(root, spec))) target = posix(join('.', spec));
      const to = jsPlace(target);
      const key = `js ${file} -> ${target}`;
      if (!existsSync(join(root, target)) && to.zone !== 'gen' && to.zone !== 'vendor') {
        report(key, `${where}: "${spec}" names no file (${target})`);
        continue;
      }
      if (target.endsWith('.lazy.mjs')) {
        const own = from.zone === to.zone && from.feature === to.feature;
        if (!dynamic && from.zone !== 'tests') report(key, `${where}: ${target} is an on-demand module: reach it with import() only (a static import puts it in the first load)`);
        else if (!own && from.zone !== 'tests') report(key, `${where}: ${target} is an on-demand module of another folder: only its own feature loads it`);
      }
      const rule = (() => {
        switch (from.zone) {
          case 'lib': return ['lib', 'gen'].includes(to.zone) ? null : 'web/lib/ imports only web/lib/ and web/gen/ (it runs without a DOM, in the worker and in Node)';
          case 'common': return ['lib', 'common', 'vendor'].includes(to.zone) ? null : 'web/page/common/ imports only web/lib/, web/page/common/ and web/vendor/';
          case 'feature':
            if (['lib', 'common', 'vendor'].includes(to.zone)) return null;
            if (to.zone === 'feature' && to.feature === from.feature) return null;
            return to.zone === 'feature'
              ? `features never import each other (${from.feature} -> ${to.feature}): web/main.mjs wires them by callbacks`
              : `a feature imports only web/lib/, web/page/common/, web/vendor/ and its own folder`;
          case 'entry':
            if (from.name === 'worker.mjs') return ['lib', 'gen'].includes(to.zone) ? null : 'web/worker.mjs imports only web/lib/ and web/gen/';
            return to.zone === 'scripts' || to.zone === 'tests' ? 'the page never imports scripts/ or tests/' : null;
          case 'scripts':
            if (['lib', 'gen', 'scripts'].includes(to.zone)) return null;
            return to.zone === 'tests' ? 'scripts never import tests/' : 'scripts import web/lib/ only (never web/page/ or the page\'s entry)';
          default: return null;
        }
      })();
      if (rule) report(key, `${where}: imports ${target}: ${rule}`);
    }
    if (inLib) {
      for (const m of code.matchAll(/\b(document|window|HTMLElement)\b/g)) {
        report(`js-dom ${file}:${m[1]}`, `${file}:${lineAt(src, m.index)}: names ${m[1]}: web/lib/ runs without a DOM`);
      }
    }
    if (file !== 'web/lib/core.mjs' && !file.startsWith('web/gen/')) {
      for (const m of code.matchAll(/(\.M\s*[.[])/g)) {
        report(`js-module ${file}:${lineAt(src, m.index)}`, `${file}:${lineAt(src, m.index)}: reaches into the wasm module (${m[1].trim()}): only web/lib/core.mjs touches it (benchmarks and tests: core.raw())`);
      }
      if (!file.startsWith('scripts/bench/') && from.zone !== 'tests') {
        for (const m of code.matchAll(/\.raw\(\)/g)) report(`js-raw ${file}:${lineAt(src, m.index)}`, `${file}:${lineAt(src, m.index)}: core.raw() is for benchmarks and tests only`);
      }
    }
  }
  console.log(`check-layers: js: ${files.length} files, ${nImports} imports checked`);
}

checkJs();
if (jsOnly) {
  if (findings.length) {
    console.log(`check-layers: FAILED, ${findings.length} error(s)`);
    process.exit(1);
  }
  console.log('check-layers: ok (JavaScript pass)');
  process.exit(0);
}

let nIncludes = 0;
const sources = walk(join(root, 'c')).map((p) => posix(relative(root, p))).filter((f) => /\.(c|h|def)$/.test(f));
for (const file of sources) {
  const from = place(file);
  if (!from) continue; // c/include/evocube.h: the public header
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  lines.forEach((line, i) => {
    const m = /^\s*#\s*include\s*"([^"]+)"/.exec(line);
    if (!m) return;
    nIncludes++;
    const inc = m[1];
    const where = `${file}:${i + 1}: #include "${inc}"`;
    if (inc === 'evocube.h') return;
    const to = place(`c/${inc}`);
    const key = `include ${file} -> ${inc}`;
    if (!to || !existsSync(join(root, 'c', inc))) {
      report(key, `${where}: an include names its folder relative to c/ (core/, search/, solver/, solvers/, tools/) or is "evocube.h"`);
    } else if (to.rank > from.rank) {
      report(key, `${where}: up-include: ${from.layer} (layer ${from.rank}) must not include ${to.layer} (layer ${to.rank}); layers point one way, core <- search <- solver <- solvers <- tools`);
    } else if (from.layer === 'solvers' && to.layer === 'solvers' && from.group !== to.group) {
      if (from.family && to.family) {
        report(key, `${where}: family ${from.family} must not include family ${to.family}'s files (families are independent; share code through a lower layer)`);
      } else if (from.family) {
        report(key, `${where}: family ${from.family} must not include the registry's files (the registry knows the families, not the other way)`);
      } else if (!(inc === 'solvers/solvers.def')) {
        report(key, `${where}: the registry must not include family ${to.family}'s files (it knows them only through solvers.def's extern ec_solver_impl symbols)`);
      }
    }
  });
}
console.log(`check-layers: includes: ${sources.length} files, ${nIncludes} includes checked`);

// each library layer's sources.cmake lists exactly the .c files of its own folder (so every
// file is compiled into the library, and so is link-checked below)
for (const layer of ['core', 'search', 'solver', 'solvers']) {
  const cm = `c/${layer}/sources.cmake`;
  const text = readFileSync(join(root, cm), 'utf8').replace(/#.*$/gm, '');
  const listed = new Set([...text.matchAll(/c\/[\w./-]+\.c\b/g)].map((m) => m[0]));
  for (const f of listed) {
    if (!f.startsWith(`c/${layer}/`)) report(`sources ${cm} ${f}`, `${cm}: lists ${f}, a file of another folder (each layer lists its own files)`);
    else if (!existsSync(join(root, f))) report(`sources ${cm} ${f}`, `${cm}: lists ${f}, which does not exist`);
  }
  for (const f of sources.filter((x) => x.startsWith(`c/${layer}/`) && x.endsWith('.c')))
    if (!listed.has(f)) report(`sources ${cm} ${f}`, `${f}: not listed in ${cm} (it would be neither built nor checked)`);
}

// ---------------------------------------------------------------- 2. links
const objRoot = join(buildDir, 'CMakeFiles', 'evocube_core.dir', 'c');
if (!existsSync(objRoot)) {
  console.error(`check-layers: no objects in ${posix(relative(root, objRoot))}; build first (scripts/build.sh)`);
  process.exit(2);
}
// objects of sources that still exist (a moved or deleted file's old object stays in the build)
const objects = walk(objRoot).filter((p) => p.endsWith('.o') && existsSync(join(root, 'c', relative(objRoot, p).replace(/\.o$/, ''))));
const defs = new Map(); // symbol -> file
const undefs = new Map(); // file -> [symbols]
for (const obj of objects) {
  const file = 'c/' + posix(relative(objRoot, obj)).replace(/\.o$/, '');
  const out = execFileSync('nm', ['-P', '-g', obj], { encoding: 'utf8' });
  const u = [];
  for (const line of out.split('\n')) {
    const [sym, type] = line.trim().split(/\s+/);
    if (!sym || !type) continue;
    if (type === 'U') u.push(sym);
    else if (/^[A-Z]$/.test(type) && type !== 'N') {
      if (defs.has(sym) && defs.get(sym) !== file) {
        report(`duplicate ${sym}`, `link: symbol ${sym} is defined by both ${defs.get(sym)} and ${file}`);
      }
      defs.set(sym, file);
    }
  }
  undefs.set(file, u);
}
const files = [...undefs.keys()].sort();
const edges = new Map(files.map((f) => [f, new Map()])); // from -> (to -> [symbols])
for (const f of files) {
  for (const s of undefs.get(f)) {
    const t = defs.get(s);
    if (!t || t === f) continue; // libc, libm
    const m = edges.get(f);
    if (!m.has(t)) m.set(t, []);
    m.get(t).push(s);
  }
}
// the implementations solvers.def registers: the only symbols the registry takes from families
const registered = new Set(
  [...readFileSync(join(root, 'c', 'solvers', 'solvers.def'), 'utf8').matchAll(/^\s*EC_SOLVER\((\w+)\)/gm)].map((m) => m[1]),
);
let nEdges = 0;
const symbolsOf = (a, b) => {
  const s = edges.get(a).get(b) || [];
  return s.slice(0, 3).join(', ') + (s.length > 3 ? `, +${s.length - 3} more` : '');
};
for (const f of files) {
  const from = place(f);
  for (const t of [...edges.get(f).keys()].sort()) {
    nEdges++;
    const to = place(t);
    const what = `link: ${f} uses ${symbolsOf(f, t)} from ${t}`;
    const key = `link ${f} -> ${t}`;
    if (to.rank > from.rank) {
      report(key, `${what}: ${from.layer} (layer ${from.rank}) depends on ${to.layer} (layer ${to.rank}), a higher layer`);
    } else if (from.layer === 'solvers' && to.layer === 'solvers' && from.group !== to.group && from.family) {
      report(key, `${what}: ${from.group} depends on ${to.group}; a family depends on no other family and not on the registry`);
    } else if (from.layer === 'solvers' && !from.family && to.family) {
      const other = edges.get(f).get(t).filter((s) => !registered.has(s));
      if (other.length)
        report(key, `link: ${f} uses ${other.join(', ')} from ${t}: the registry uses a family only through the ec_solver_impl symbols solvers.def names`);
    }
  }
}

// Tarjan's strongly connected components over a graph given as node -> iterable of nodes
function scc(nodes, next) {
  let index = 0;
  const idx = new Map(), low = new Map(), on = new Set(), stack = [], comps = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      comps.push(c.sort());
    }
  };
  for (const v of nodes) if (!idx.has(v)) visit(v);
  return comps;
}

// one cycle through start inside comp, by breadth-first search back to start
function cycleThrough(start, comp, next) {
  const inComp = new Set(comp);
  const prev = new Map();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of next(v)) {
      if (!inComp.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(prev.get(path[0]));
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

const fileNext = (f) => [...edges.get(f).keys()].sort();
for (const comp of scc(files, fileNext)) {
  if (comp.length < 2) continue;
  const groups = [...new Set(comp.map((f) => place(f).group))];
  const cyc = cycleThrough(comp[0], comp, fileNext);
  const shown = cyc.map((f, i) => (i ? ` -> (${symbolsOf(cyc[i - 1], f)}) ${f}` : f)).join('');
  const key = comp.length === 2 ? `cycle ${comp[0]} <-> ${comp[1]}` : `cycle ${comp.join(' ')}`;
  if (groups.length > 1) report(key, `link cycle between folders ${groups.join(', ')}: ${shown}`);
  else report(key, `link cycle inside ${groups[0]} (files of one folder must not call each other both ways): ${shown}`);
}

// the folder graph: core, search, solver, the registry, each family, tools
const groupEdges = new Map();
for (const f of files)
  for (const t of edges.get(f).keys()) {
    const a = place(f).group, b = place(t).group;
    if (a === b) continue;
    if (!groupEdges.has(a)) groupEdges.set(a, new Map());
    if (!groupEdges.get(a).has(b)) groupEdges.get(a).set(b, `${f} -> ${t}`);
  }
const groups = [...new Set(files.map((f) => place(f).group))].sort();
const groupNext = (g) => [...(groupEdges.get(g) || new Map()).keys()].sort();
for (const comp of scc(groups, groupNext)) {
  if (comp.length < 2) continue;
  const cyc = cycleThrough(comp[0], comp, groupNext);
  const shown = cyc.map((g, i) => (i ? ` -> ${g} (${groupEdges.get(cyc[i - 1]).get(g)})` : g)).join('');
  const key = `folder cycle ${comp.join(' ')}`;
  report(key, `link cycle between folders: ${shown}`);
}
console.log(`check-layers: links: ${files.length} objects, ${nEdges} file dependencies, ${groups.length} folders`);

for (const key of ALLOW) {
  if (!used.has(key)) {
    findings.push(`stale allow-list entry (nothing matches it any more; remove it): ${key}`);
    console.log(`error: stale allow-list entry (nothing matches it any more; remove it from ALLOW): ${key}`);
  }
}
if (findings.length) {
  console.log(`check-layers: FAILED, ${findings.length} error(s)`);
  process.exit(1);
}
console.log(`check-layers: ok (${used.size} finding(s) of known defects allowed by ALLOW)`);
