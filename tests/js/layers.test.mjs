// layers.test.mjs - the JavaScript passes of scripts/check-layers.mjs (scripts/layers/
// js-imports.mjs, js-code.mjs) fail on each of their rules when a violation is planted in a
// small tree that otherwise keeps them, and pass on the clean tree (and on the repository
// itself); the source reader they share (js-text.mjs) is checked on small texts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scan, functionsOf } from '../../scripts/layers/js-text.mjs';

const SCRIPT = fileURLToPath(new URL('../../scripts/check-layers.mjs', import.meta.url));
const check = (root) => spawnSync(process.execPath, [SCRIPT, '--js-only', '--root', root], { encoding: 'utf8' });

// a tree that keeps every rule
const CLEAN = {
  'web/lib/core.mjs': "export const core = (M) => M.ready; export class Core { constructor(M) { this.M = M; } raw() { return this.M; } }\n",
  'web/lib/stats.mjs': "import { core } from './core.mjs';\nexport const mean = (xs) => xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN; // no window here\n",
  'web/lib/core-node.mjs': "import { readFileSync } from 'node:fs';\nimport { core } from './core.mjs';\nexport const load = () => import('../gen/evocube.mjs');\n",
  'web/page/common/dom.mjs': "import { mean } from '../../lib/stats.mjs';\nexport const byId = (id) => document.getElementById(id);\n",
  'web/page/run/chart.mjs': "import { byId } from '../common/dom.mjs';\nimport { mean } from '../../lib/stats.mjs';\nexport const load = () => import('./uplot.lazy.mjs');\n",
  'web/page/run/uplot.lazy.mjs': "import { byId } from '../common/dom.mjs';\nexport const plot = () => byId('chart');\n",
  'web/page/result/view.mjs': "import { byId } from '../common/dom.mjs';\nexport const show = () => byId('result');\n",
  'web/main.mjs': "import { load } from './page/run/chart.mjs';\nimport { show } from './page/result/view.mjs';\nload(); show();\n",
  'web/worker.mjs': "import { core } from './lib/core.mjs';\n",
  'scripts/cli/tool.mjs': "import { mean } from '../../web/lib/stats.mjs';\nimport { spawnSync } from 'node:child_process';\nimport x from 'some-package';\n",
  'scripts/bench/b.mjs': "import { Core } from '../../web/lib/core.mjs';\nconst M = new Core({}).raw();\n",
  'tests/js/t.test.mjs': "import { mean } from '../../web/lib/stats.mjs';\nimport { plot } from '../../web/page/run/uplot.lazy.mjs';\n",
  // the solver names come from the C core: solvers.def's symbols and their descriptors' .name
  'c/solvers/solvers.def': 'EC_SOLVER(ec_solver_alpha)\nEC_SOLVER(ec_solver_beta_gamma)\n',
  'c/solvers/alpha/alpha.c': 'const ec_solver_impl ec_solver_alpha = {\n    .name = "alpha",\n    .title = "Alpha",\n};\n',
  'c/solvers/beta/beta.c': 'const ec_solver_impl ec_solver_beta_gamma = {\n    .name = "beta-gamma",\n};\n',
  // names as data: an object keyed by them, values of a table, arguments of a call, a list
  // iterated, a comparison with a name that is no solver's, a name in a comment or a longer text
  'web/lib/tables.mjs': [
    "export const SPEED = { alpha: 1, 'beta-gamma': 2 };",
    "export const ROWS = [['alpha', 'x=1'], ['beta-gamma', '']];",
    "export const pick = (s) => SPEED[s] ?? 0;",
    "export const run = (core) => core.run({ solver: 'alpha' });",
    "export const all = () => { for (const s of ['alpha', 'beta-gamma']) pick(s); };",
    "export const other = (s) => s === 'delta' || s.name === 'alphabet'; // s === 'alpha' in a comment",
    "export const says = (s) => `${s}: not 'alpha'`;",
    '',
  ].join('\n'),
  'web/page/result/long.mjs': `export function fine() {\n${'  1;\n'.repeat(78)}}\n`,
};

// each rule, one planted violation: [name, file, text]
const PLANTED = [
  ['web/lib imports the page', 'web/lib/bad.mjs', "import { byId } from '../page/common/dom.mjs';\n", /web\/lib\/ imports only web\/lib\/ and web\/gen\//],
  ['web/lib names the DOM', 'web/lib/bad.mjs', "export const w = () => document.title;\n", /names document: web\/lib\/ runs without a DOM/],
  ['web/lib names window', 'web/lib/bad.mjs', "export const w = () => window.innerWidth;\n", /names window/],
  ['a feature imports another', 'web/page/result/bad.mjs', "import { load } from '../run/chart.mjs';\n", /features never import each other \(result -> run\)/],
  ['common imports a feature', 'web/page/common/bad.mjs', "import { show } from '../result/view.mjs';\n", /web\/page\/common\/ imports only/],
  ['a static import of an on-demand module', 'web/page/run/bad.mjs', "import { plot } from './uplot.lazy.mjs';\n", /on-demand module: reach it with import\(\) only/],
  ['an on-demand module loaded by another feature', 'web/page/result/bad.mjs', "export const f = () => import('../run/uplot.lazy.mjs');\n", /features never import each other|on-demand module of another folder/],
  ['a script imports the page', 'scripts/cli/bad.mjs', "import { byId } from '../../web/page/common/dom.mjs';\n", /scripts import web\/lib\/ only/],
  ['a script imports a test', 'scripts/bad.mjs', "import '../tests/js/t.test.mjs';\n", /scripts never import tests\//],
  ['the worker imports the page', 'web/worker.mjs', "import { core } from './lib/core.mjs';\nimport { byId } from './page/common/dom.mjs';\n", /web\/worker.mjs imports only/],
  ['the module touched outside core.mjs', 'web/lib/bad.mjs', "export const f = (core) => core.M._ec_version();\n", /reaches into the wasm module/],
  ['raw() outside benchmarks and tests', 'scripts/cli/bad.mjs', "export const f = (core) => core.raw();\n", /core.raw\(\) is for benchmarks and tests only/],
  ['a specifier that names no file', 'web/page/run/bad.mjs', "import { x } from './missing.mjs';\n", /names no file/],
  ['a dynamic import across layers', 'web/lib/bad.mjs', "export const f = () => import('../page/run/chart.mjs');\n", /web\/lib\/ imports only/],
  ['the page imports a Node builtin', 'web/page/run/bad.mjs', "import { readFileSync } from 'node:fs';\n", /node:fs is Node-only/],
  ['the page imports an npm package by name', 'web/page/run/bad.mjs', "import * as THREE from 'three';\n", /bare specifier "three"/],
  ['the entry loads an on-demand module of a feature', 'web/main.mjs', "export const f = () => import('./page/run/uplot.lazy.mjs');\n", /on-demand module of another folder/],
  // element ids: one owner each
  ['an id looked up by two features', 'web/page/run/bad.mjs', "import { byId } from '../common/dom.mjs';\nexport const f = () => byId('result');\n", /element id "result" is looked up by 2 owners: result \(web\/page\/result\/view.mjs:2\), run \(web\/page\/run\/bad.mjs:2\)/],
  ['an id looked up by a feature and main.mjs', 'web/main.mjs', "export const f = () => document.getElementById('chart');\n", /element id "chart" is looked up by 2 owners: main/],
  ['an id looked up by $() and querySelector', 'web/page/stage/bad.mjs', "import { byId as $ } from '../common/dom.mjs';\nexport const f = () => [$('x'), document.querySelector('.a #chart > b')];\n", /element id "chart" is looked up by 2 owners: run .*stage/],
  // solver names compared as strings
  ['a solver name compared with ===', 'web/page/run/bad.mjs', "export const f = (s) => s.name === 'alpha';\n", /web\/page\/run\/bad.mjs:1: the solver name 'alpha' is compared/],
  ['a solver name compared, on the left', 'scripts/bad.mjs', "export const f = (s) => 'beta-gamma' !== s;\n", /the solver name 'beta-gamma' is compared/],
  ['a solver name as a case label', 'web/lib/bad.mjs', "export function f(s) { switch (s) { case 'alpha': return 1; default: return 0; } }\n", /'alpha' is compared/],
  ['a solver name in a template\'s expression', 'web/page/run/bad.mjs', "export const f = (s) => `${s === 'alpha' ? 'a' : 'b'}`;\n", /'alpha' is compared/],
  ['a solver name passed to includes', 'scripts/cli/bad.mjs', "export const f = (s) => s.startsWith('alpha');\n", /'alpha' is compared/],
  ['a searched list of solver names', 'web/page/race/bad.mjs', "export const f = (s) => ['alpha', 'beta-gamma'].includes(s);\n", /'beta-gamma' is in a searched list of names/],
  ['a Set of solver names', 'scripts/bad.mjs', "const S = new Set(['alpha']);\nexport const f = (s) => S.has(s);\n", /'alpha' is in a Set of names/],
  ['a list of solver names bound to a name and searched', 'web/page/race/bad.mjs', "export const QUICK = ['alpha'];\nexport const f = (s) => QUICK.includes(s.name);\n", /'alpha' is in a list of names searched as QUICK/],
  // function length
  ['a function over 80 lines in web/', 'web/page/result/bad.mjs', `export function tooLong() {\n${'  1;\n'.repeat(80)}}\n`, /web\/page\/result\/bad.mjs:1: function tooLong is 82 lines, over 80/],
  ['a long arrow function in scripts/cli/', 'scripts/cli/bad.mjs', `export const run = async (x) => {\n${'  x++;\n'.repeat(85)}};\n`, /function run is 87 lines/],
  ['a long method', 'web/page/run/bad.mjs', `export class A {\n  draw(x) {\n${'    x++;\n'.repeat(81)}  }\n}\n`, /function draw is 83 lines/],
];

function tree(extra = {}) {
  const root = mkdtempSync(join(tmpdir(), 'evocube-layers-'));
  for (const [f, text] of Object.entries({ ...CLEAN, ...extra })) {
    mkdirSync(dirname(join(root, f)), { recursive: true });
    writeFileSync(join(root, f), text);
  }
  return root;
}

test('the clean tree passes (comments and strings naming the DOM do not count; names as data; an 80-line function)', () => {
  const root = tree();
  try {
    const r = check(root);
    expect(r.stdout).toMatch(/check-layers: ok \(JavaScript passes/);
    expect(r.stdout).toMatch(/code: \d+ element ids, 2 solver names \(0 compared\)/);
    expect(r.status).toBe(0);
  } finally { rmSync(root, { recursive: true, force: true }); }
});

test.each(PLANTED)('fails on a planted violation: %s', (name, file, text, message) => {
  const root = tree({ [file]: text });
  try {
    const r = check(root);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(message);
    expect(r.stdout).toContain(file);
  } finally { rmSync(root, { recursive: true, force: true }); }
});

test('the repository keeps every rule', () => {
  const r = check(fileURLToPath(new URL('../..', import.meta.url)));
  expect(r.stdout).toMatch(/check-layers: js: \d+ files, \d+ imports checked/);
  // the solver names of the real core are read (solvers.def and the descriptors)
  expect(r.stdout).toMatch(/code: \d+ element ids, ([89]|\d\d) solver names/);
  expect(r.stdout.split('\n').filter((l) => l.startsWith('error:'))).toEqual([]);
  expect(r.status).toBe(0);
});

test('the source reader: strings, template expressions, function spans', () => {
  const src = "const a = `x ${b === 'greedy' ? `y${1}` : 2} z`; // 'c'\nconst r = /ab\"c/g;\nfunction f(x) {\n  return () => { x++; };\n}\n";
  const { code, strings } = scan(src);
  expect(code).toHaveLength(src.length);
  expect(code).toContain("b === '      '");
  expect(strings.map((x) => x.text)).toEqual(['greedy', 'y${1}', "x ${b === 'greedy' ? `y${1}` : 2} z"]);
  expect(functionsOf(src).map(({ name, line, lines }) => [name, line, lines])).toEqual([['f', 3, 3], ['an arrow function', 4, 1]]);
  // control statements are no functions
  expect(functionsOf('if (a) {\n}\nfor (;;) {\n}\nwhile (x) {\n}\n')).toEqual([]);
});

test('the C include pass: a C file over MAX_C_LINES lines is found, one at the limit passes', async () => {
  const { checkIncludes, MAX_C_LINES } = await import('../../scripts/layers/c-includes.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'layers-c-'));
  try {
    const put = (p, text) => { mkdirSync(dirname(join(dir, p)), { recursive: true }); writeFileSync(join(dir, p), text); };
    for (const l of ['core', 'search', 'solver', 'solvers']) put(`c/${l}/sources.cmake`, '');
    put('c/core/sources.cmake', 'c/core/fits.c c/core/big.c\n');
    put('c/core/fits.c', '/* fits */\n'.repeat(MAX_C_LINES));
    put('c/core/big.c', '/* big */\n'.repeat(MAX_C_LINES + 1));
    const found = [];
    checkIncludes({ root: dir, report: (key, text) => found.push([key, text]) });
    expect(found).toEqual([['long-c c/core/big.c', `c/core/big.c: ${MAX_C_LINES + 1} lines, over ${MAX_C_LINES}: split it by concept into files of its folder`]]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
