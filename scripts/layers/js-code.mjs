// js-code.mjs - the JavaScript code pass of scripts/check-layers.mjs: three couplings the
// import graph does not show, read from the source text (scripts/layers/js-text.mjs).
//
// 1. Element ids (web/ only). An id looked up by byId('x'), $('x'), getElementById('x') or
//    querySelector/querySelectorAll('#x ...') belongs to the one feature that looks it up:
//    an id looked up from two owners is an error. Owners: each web/page/<feature>/ (common
//    too), and each entry point (web/main.mjs is its own). Another feature that needs the
//    element gets it, or a callback, from web/main.mjs.
// 2. Solver names (web/ and scripts/). The names are read from the C core: each EC_SOLVER(sym)
//    line of c/solvers/solvers.def and the `.name` of the descriptor `sym` (c/solvers/**.c).
//    A string literal that is exactly a solver's name must not be compared: an operand of
//    ===, !==, == or !=; a `case` label; the argument of .includes, .indexOf, .lastIndexOf,
//    .startsWith, .endsWith, .has, .localeCompare, .match or .search; an element of an array
//    literal that is searched (`[...].includes(x)`, `.indexOf`, `.some`), made a Set
//    (`new Set([...])`) or bound to a name the file searches (`const L = [...]; L.includes(x)`). A per-solver fact is the descriptor's (ec_solver_list_json).
//    A data table is where a name may stand: a key of an object literal (`{ hugo: ... }`,
//    `{ 'macro-ga': ... }`) read by the name (TABLE[name]), a value in an object or array
//    literal (a benchmark's rows, an experiment's solvers), or the argument of a call that
//    compares nothing (a command line, core.run({solver: 'twes'})). DATA_FILES lists whole
//    files that are tables of named solvers, each with its reason.
// 3. Function length (web/ and scripts/cli/): no function body over MAX_FUNCTION_LINES lines,
//    first line of its head to its closing brace (a nested function counts in its outer one
//    too); a longer one is split into steps.
// Costs: one scan per file (js-text.mjs), the descriptors read once.
import { readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { walk, posix } from './files.mjs';
import { scan, lineAt, before, after, closing, functionsOf } from './js-text.mjs';

export const MAX_FUNCTION_LINES = 80;

// Files that are data tables of named solvers as a whole (rule 2 skips them): file -> reason.
export const DATA_FILES = Object.freeze({});

// The solver names of the C core: solvers.def's symbols, each descriptor's .name; [] when the
// tree has no c/solvers/solvers.def.
export function solverNames(root) {
  const def = join(root, 'c', 'solvers', 'solvers.def');
  if (!existsSync(def)) return [];
  const symbols = [...readFileSync(def, 'utf8').matchAll(/^\s*EC_SOLVER\((\w+)\)/gm)].map((m) => m[1]);
  const names = new Map();
  for (const p of walk(join(root, 'c', 'solvers')).filter((f) => f.endsWith('.c'))) {
    const text = readFileSync(p, 'utf8');
    for (const m of text.matchAll(/\bec_solver_impl\s+(\w+)\s*=\s*\{([\s\S]*?)\n\};/g)) {
      const name = /\.name\s*=\s*"([^"]+)"/.exec(m[2]);
      if (name) names.set(m[1], name[1]);
    }
  }
  return symbols.map((s) => names.get(s)).filter(Boolean);
}

// the owner of a web/ file's ids: its feature folder, or the entry point itself
function idOwner(file) {
  const m = /^web\/page\/([^/]+)\//.exec(file);
  if (m) return m[1];
  if (/^web\/[^/]+$/.test(file)) return file.slice(4).replace(/\.m?js$/, '');
  return null;
}

const LOOKUP = /(?:\bbyId|\$|\bgetElementById|\bquerySelector(?:All)?)\s*\($/;

// the ids a file looks up: [{id, line}]
export function idLookups(src, { code, strings } = scan(src)) {
  const out = [];
  for (const s of strings) {
    if (!s.plain) continue;
    const head = before(code, s.start, 40);
    if (!LOOKUP.test(head)) continue;
    const ids = /querySelector/.test(head) ? [...s.text.matchAll(/#([\w-]+)/g)].map((m) => m[1]) : [s.text];
    for (const id of ids) out.push({ id, line: lineAt(src, s.start) });
  }
  return out;
}

const COMPARE_BEFORE = /(?:[=!]==?|\bcase|\.(?:includes|indexOf|lastIndexOf|startsWith|endsWith|has|localeCompare|match|search)\s*\()$/;
const COMPARE_AFTER = /^[=!]==?/;
const SEARCHED = /^\.\s*(?:includes|indexOf|lastIndexOf|some|find|findIndex)\s*\(/;

// the array literal around offset (the offset of its `[`), or -1
function enclosingArray(code, offset) {
  let depth = 0;
  for (let k = offset - 1; k >= 0 && k > offset - 2000; k--) {
    const ch = code[k];
    if (ch === ')' || ch === ']' || ch === '}') depth++;
    else if (ch === '(' || ch === '{') { if (!depth) return -1; depth--; }
    else if (ch === '[') {
      if (!depth) return /[\w$)\]]$/.test(before(code, k, 1)) ? -1 : k; // a[...] is an index
      depth--;
    }
  }
  return -1;
}

// how a solver-name literal at s is compared, or null when it stands as data
function comparedAs(code, s) {
  const head = before(code, s.start, 40);
  if (COMPARE_BEFORE.test(head) || COMPARE_AFTER.test(after(code, s.end, 3))) return 'compared';
  const open = enclosingArray(code, s.start);
  if (open < 0) return null;
  const head2 = before(code, open, 60);
  if (/\bnew\s+Set\s*\($/.test(head2)) return 'in a Set of names';
  if (SEARCHED.test(after(code, closing(code, open) + 1, 20))) return 'in a searched list of names';
  // a list bound to a name that the file searches: const QUICK = [...]; QUICK.includes(x)
  const bound = /([\w$]+)\s*=\s*$/.exec(head2);
  if (bound && new RegExp(`(?<![\\w$.])${bound[1].replace(/\$/g, '\\$')}\\s*\\.\\s*(?:includes|indexOf|lastIndexOf|has|some|find|findIndex)\\s*\\(`).test(code)) {
    return `in a list of names searched as ${bound[1]}`;
  }
  return null;
}

// the solver-name literals a file compares: [{name, how, line}]
export function solverNameComparisons(src, names, { code, strings } = scan(src)) {
  const set = new Set(names);
  const out = [];
  for (const s of strings) {
    if (!s.plain || !set.has(s.text)) continue;
    const how = comparedAs(code, s);
    if (how) out.push({ name: s.text, how, line: lineAt(src, s.start) });
  }
  return out;
}

// The pass. Returns its summary line.
export function checkJsCode({ root, report, files }) {
  const names = solverNames(root);
  const ids = new Map(); // id -> Map(owner -> [file:line])
  let nFunctions = 0, nNames = 0;
  for (const file of files) {
    const inWeb = file.startsWith('web/');
    if (!inWeb && !file.startsWith('scripts/')) continue;
    const src = readFileSync(join(root, file), 'utf8');
    const text = scan(src);
    const owner = inWeb ? idOwner(file) : null;
    if (owner) {
      for (const { id, line } of idLookups(src, text)) {
        if (!ids.has(id)) ids.set(id, new Map());
        if (!ids.get(id).has(owner)) ids.get(id).set(owner, []);
        ids.get(id).get(owner).push(`${file}:${line}`);
      }
    }
    if (!(file in DATA_FILES)) {
      for (const c of solverNameComparisons(src, names, text)) {
        nNames++;
        report(`solver-name ${file} '${c.name}'`, `${file}:${c.line}: the solver name '${c.name}' is ${c.how}: a per-solver fact belongs in the C descriptor (ec_solver_list_json), or in a data table keyed by the name`);
      }
    }
    if (inWeb || file.startsWith('scripts/cli/')) {
      for (const f of functionsOf(src, text.code)) {
        nFunctions++;
        if (f.lines > MAX_FUNCTION_LINES) report(`long ${file} ${f.name}`, `${file}:${f.line}: function ${f.name} is ${f.lines} lines, over ${MAX_FUNCTION_LINES}: split it into steps`);
      }
    }
  }
  for (const [id, owners] of [...ids].sort(([a], [b]) => a.localeCompare(b))) {
    if (owners.size < 2) continue;
    const where = [...owners].map(([o, at]) => `${o} (${at.join(', ')})`).join(', ');
    report(`id ${id}`, `element id "${id}" is looked up by ${owners.size} owners: ${where}: an id belongs to one feature (the others get the element or a callback from web/main.mjs)`);
  }
  return `code: ${ids.size} element ids, ${names.length} solver names (${nNames} compared), ${nFunctions} functions checked`;
}
