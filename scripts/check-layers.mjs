#!/usr/bin/env node
// check-layers.mjs - the layer rules of the repository (README's module map, DESIGN.md), in
// four passes, each in its own file under scripts/layers/ with its rules in its header:
//
// 1. C includes (c-includes.mjs, source text of c/): includes name their folder, point down
//    the layers core <- search <- solver <- solvers <- tools, keep the solver families apart
//    from each other and from the registry; each folder's sources.cmake lists its files.
// 2. C links (c-links.mjs, `nm` of the native core's objects): the same rules on the symbols
//    files use from each other, and no cycle between files or folders.
// 3. JavaScript imports (js-imports.mjs, web/, scripts/, tests/js/): the table JS_IMPORTS of
//    what each folder may import statically and dynamically; on-demand modules only by
//    import() from their own feature; no DOM in web/lib/; the wasm module only in core.mjs.
// 4. JavaScript code (js-code.mjs, web/ and scripts/): an element id looked up by one feature
//    only; no solver name compared as a string outside data tables; no function over 80
//    lines in web/ and scripts/cli/.
//
// Exit 0 when nothing is wrong, 1 with every finding printed (file, line where there is one,
// and the rule), 2 when the objects are missing (build first: scripts/build.sh).
//
//   node scripts/check-layers.mjs [--build DIR]     (DIR defaults to build/native)
//   node scripts/check-layers.mjs --js-only [--root DIR]   (the JavaScript passes alone, on DIR)
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkIncludes } from './layers/c-includes.mjs';
import { checkLinks } from './layers/c-links.mjs';
import { checkJsImports, jsFiles } from './layers/js-imports.mjs';
import { checkJsCode } from './layers/js-code.mjs';

const args = process.argv.slice(2);
const argValue = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
const repo = fileURLToPath(new URL('..', import.meta.url));
const root = argValue('--root') ?? repo;
const buildDir = argValue('--build') ?? join(root, 'build', 'native');
const jsOnly = args.includes('--js-only');

// Known defects allowed while they are being removed, one entry per finding's key (printed
// with it: 'include A -> B', 'link A -> B', 'cycle A <-> B', 'js A -> B', 'id X', 'long FILE
// NAME', "solver-name FILE 'NAME'", 'long-c FILE'); an entry that matches nothing fails (on this repository;
// with --js-only, the JavaScript passes' entries), so the list cannot go stale.
const ALLOW = new Set([]);
const JS_KEY = /^(js|js-dom|js-module|js-raw|id|long|solver-name) /;

const findings = [];
const used = new Set();
function report(key, text) {
  if (ALLOW.has(key)) {
    used.add(key);
    console.log(`allowed (known, listed in ALLOW): ${text}`);
    return;
  }
  findings.push(text);
  console.log(`error: ${text} [${key}]`);
}

function finish(passed) {
  for (const key of ALLOW) {
    if (!used.has(key) && resolve(root) === resolve(repo) && (!jsOnly || JS_KEY.test(key))) {
      findings.push(key);
      console.log(`error: stale allow-list entry (nothing matches it any more; remove it from ALLOW): ${key}`);
    }
  }
  if (findings.length) {
    console.log(`check-layers: FAILED, ${findings.length} error(s)`);
    process.exit(1);
  }
  console.log(`check-layers: ok (${passed}; ${used.size} finding(s) of known defects allowed by ALLOW)`);
  process.exit(0);
}

const ctx = { root, buildDir, report };
console.log(`check-layers: ${checkJsImports(ctx)}`);
console.log(`check-layers: ${checkJsCode({ ...ctx, files: jsFiles(root) })}`);
if (jsOnly) finish('JavaScript passes');
console.log(`check-layers: ${checkIncludes(ctx)}`);
const links = checkLinks(ctx);
if (links === null) {
  console.error(`check-layers: no objects in ${buildDir}/CMakeFiles/evocube_core.dir/c; build first (scripts/build.sh)`);
  process.exit(2);
}
console.log(`check-layers: ${links}`);
finish('all passes');
