// site-size.test.mjs - the size budget of the built site: the first load (index.html and
// everything the page fetches before it is usable: stylesheet, page bundle and its chunks,
// the 3D view's chunk, the solver worker's bundle, the wasm module, the web app manifest and
// its icons; scripts/build-site.mjs's firstLoadFiles, checked against what Chromium really
// fetches by tests/e2e/static-site.test.mjs) must be at most FIRST_LOAD_BUDGET bytes gzip
// (300 kB; it was 594 kB before the bundler). A failure lists every file's size. The site
// is built afresh into a temporary folder (about 2 s).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ASSETS, buildSite, FIRST_LOAD_BUDGET, isOnDemand, onDemandSources, REPO } from '../../scripts/build-site.mjs';

let dir, site;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'evocube-size-'));
  site = await buildSite({ outdir: join(dir, 'site') });
}, 60000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const kB = (n) => `${(n / 1000).toFixed(1)} kB`;

test(`the first load is at most ${FIRST_LOAD_BUDGET / 1000} kB gzip`, () => {
  const s = site.sizes;
  const table = site.firstLoad.map((p) => `  ${p}: ${kB(s.byFile[p].raw)} raw, ${kB(s.byFile[p].gzip)} gzip`).join('\n');
  const report = `first load: ${s.firstLoad.files} files, ${kB(s.firstLoad.raw)} raw, ${kB(s.firstLoad.gzip)} gzip `
    + `(budget ${kB(FIRST_LOAD_BUDGET)}); the wasm alone ${kB(s.wasm.raw)} raw, ${kB(s.wasm.gzip)} gzip\n${table}`;
  if (s.firstLoad.gzip > FIRST_LOAD_BUDGET) throw new Error(`over the size budget: ${report}`);
  // what the budget counts is the site's entry, its bundles and the wasm (not an empty list)
  for (const kind of [/^index\.html$/, /^assets\/main-.*\.js$/, /^assets\/worker-.*\.js$/, /^assets\/app-.*\.css$/, /\.wasm$/]) {
    expect([kind.source, site.firstLoad.some((p) => kind.test(p))]).toEqual([kind.source, true]);
  }
  expect(s.wasm.gzip).toBeGreaterThan(0);
});

test('no source map, licence text or the build manifest counts as a download the page needs', () => {
  expect(site.firstLoad.filter((p) => /\.(map|txt)$|^shell\.json$|^sw\.js$/.test(p))).toEqual([]);
});

// web/**/*.lazy.mjs are on-demand modules (scripts/build-site.mjs): built under assets/lazy/,
// precached by the service worker (offline), neither preloaded nor counted in the first load
test('on-demand modules are precached for offline use but not part of the first load', () => {
  const lazySources = onDemandSources(REPO);
  expect(lazySources.length).toBeGreaterThan(5);
  const lazyBuilt = site.files.filter(isOnDemand);
  // one built entry per source, named after it
  expect(lazySources.map((e) => lazyBuilt.some((p) => p.startsWith(`${ASSETS}/${e.out}-`) && p.endsWith('.js')))).toEqual(lazySources.map(() => true));
  const sw = readFileSync(join(site.outdir, 'sw.js'), 'utf8');
  const html = readFileSync(join(site.outdir, 'index.html'), 'utf8');
  for (const p of lazyBuilt.filter((q) => !q.endsWith('.map'))) {
    expect([p, site.firstLoad.includes(p), html.includes(p), sw.includes(JSON.stringify(p))]).toEqual([p, false, false, true]);
  }
});
