// layers.test.mjs - the JavaScript pass of scripts/check-layers.mjs fails on each of its rules
// when a violation is planted in a small tree that otherwise keeps them, and passes on the
// clean tree (and on the repository itself).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
];

function tree(extra = {}) {
  const root = mkdtempSync(join(tmpdir(), 'evocube-layers-'));
  for (const [f, text] of Object.entries({ ...CLEAN, ...extra })) {
    mkdirSync(dirname(join(root, f)), { recursive: true });
    writeFileSync(join(root, f), text);
  }
  return root;
}

test('the clean tree passes (comments and strings naming the DOM do not count)', () => {
  const root = tree();
  try {
    const r = check(root);
    expect(r.stdout).toMatch(/check-layers: ok \(JavaScript pass\)/);
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
  expect(r.status).toBe(0);
});
