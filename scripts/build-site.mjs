#!/usr/bin/env node
// build-site.mjs - builds the static site users get: ONE folder (dist/ by default) that any
// static host serves as it is, with no custom headers. esbuild bundles the page
// (index.html's module script, with code splitting for its dynamic imports) and every
// module Web Worker the sources start (`new URL('./x.mjs', import.meta.url)`), minified,
// tree-shaken (three.js, uPlot), with source maps and content-hashed names under assets/;
// the stylesheets index.html links become one minified CSS file; a non-JS file named the
// same way (the wasm module: `new URL("evocube.wasm", import.meta.url)` in the Emscripten
// glue) is copied under a content-hashed name. The service worker (web/sw.js) is written to
// the site's root, so its scope is the whole site without `Service-Worker-Allowed`, with the
// build's precache list and version in it; shell.json holds every file's SHA-256 (the
// service worker caches only bytes that match it). New modules imported by the page or a
// worker are picked up by the bundler with no edit here.
// `node scripts/build-site.mjs [outdir]` (run by scripts/build.sh after the wasm build);
// prints where the site is and its size (all files, and the first load, raw and gzip).
// Costs: about a second (esbuild) plus hashing and gzip of about 1 MB.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants as zlib } from 'node:zlib';
import { builtinModules } from 'node:module';
import * as esbuild from 'esbuild';
import { writeShellManifest, sha256 } from './shell-manifest.mjs';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SITE_DIR = join(REPO, 'dist');
export const ASSETS = 'assets';
export const SITE_MANIFEST = 'shell.json';
// the first-load budget (gzip bytes): HTML, CSS, JS, wasm and everything else the page
// fetches before it is usable (tests/js/site-size.test.mjs)
export const FIRST_LOAD_BUDGET = 300 * 1000;
// On-demand modules: any web/**/*.lazy.mjs (beside the feature it serves), loaded by a
// dynamic `import('./x.lazy.mjs')` when the user asks for what it holds (an About text, an
// export, the Experiments view). They are built under assets/lazy/ (as lazy/x-<hash>.js)
// with their own chunks, precached by the service worker (so they work offline) but neither
// preloaded by index.html nor counted in the first load.
export const ON_DEMAND = 'lazy';
export const ON_DEMAND_SUFFIX = '.lazy.mjs';
export const isOnDemand = (sitePath) => sitePath.startsWith(`${ASSETS}/${ON_DEMAND}/`);

const short = (bytes) => sha256(bytes).slice(0, 10);
const posix = (p) => p.split(sep).join('/');
// `new URL('<relative path>', import.meta.url)` with a literal path
const URL_REF = /new\s+URL\(\s*(['"])((?:\.\.?\/)?[^'":?#\s]+)\1\s*,\s*import\.meta\.url\s*\)/g;

// The esbuild plugin that names files by `new URL(..., import.meta.url)`: a module (.mjs,
// .js of a module worker) is built as its own bundle (recursively) and a non-JS file is
// copied; either way the reference is rewritten to the content-hashed name in assets/.
function urlRefPlugin(site) {
  return {
    name: 'evocube-url-refs',
    setup(build) {
      build.onLoad({ filter: /\.m?js$/ }, async (args) => {
        const src = readFileSync(args.path, 'utf8');
        if (!src.includes('import.meta.url')) return undefined;
        let out = '';
        let last = 0;
        // an on-demand module is built into assets/lazy/, one folder below what it names
        const up = args.path.endsWith(ON_DEMAND_SUFFIX) ? '../' : './';
        for (const m of src.matchAll(URL_REF)) {
          const target = resolve(dirname(args.path), m[2]);
          let name = null;
          if (!existsSync(target) || statSync(target).isDirectory()) continue; // a folder or a URL the page builds itself
          if (/\.mjs$/.test(target)) name = await site.worker(target);
          // an Emscripten module's threads' classic script (gen/*.worker.js) is copied as it is
          else if (!/\.js$/.test(target) || /\/gen\/[^/]+\.worker\.js$/.test(posix(target))) name = site.asset(target);
          if (!name) continue; // a classic script named this way (the dev site's sw.js) is left alone
          out += src.slice(last, m.index) + `new URL(${JSON.stringify(`${up}${name}`)}, import.meta.url)`;
          last = m.index + m[0].length;
        }
        return { contents: out + src.slice(last), loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

// web/vendor/ holds copies of npm packages' builds (scripts/build.sh) for the unbundled
// development site. The bundle takes the packages themselves instead: three.js from its
// sources (many small modules under the package's sideEffects flag, so unused ones are
// dropped whole: the 3D view's chunk is 593 kB from the sources, 616 kB from the one-file
// build, 565 kB with the GLSL stripped below), uPlot's ES module build.
const VENDOR = [
  [/(^|\/)vendor\/three\.module\.js$/, 'three/src/Three.js'],
  [/^three$/, 'three/src/Three.js'],
  [/(^|\/)vendor\/uPlot\.esm\.js$/, 'uplot/dist/uPlot.esm.js'],
  [/(^|\/)vendor\/uPlot\.min\.css$/, 'uplot/dist/uPlot.min.css'],
];
// uPlot makes its number formatter from navigator.language when its module loads; a tag Intl
// refuses ("C" from WebKit under LANG=C.UTF-8) throws there and the chart module never loads.
// Both the bundle and the development copy (scripts/build.sh) take this text, where that line
// falls back to en-US (the chart passes its own formatters too, web/lib/locale.mjs).
const UPLOT_FORMATTER = "const numFormatter = new Intl.NumberFormat(domEnv ? nav.language : 'en-US');";
export function uplotSource() {
  const src = readFileSync(join(REPO, 'node_modules/uplot/dist/uPlot.esm.js'), 'utf8');
  if (src.split(UPLOT_FORMATTER).length !== 2) throw new Error("build-site: uPlot's number-formatter line changed; update its locale fallback (uplotSource)");
  return src.replace(UPLOT_FORMATTER, "let numFormatter; try { numFormatter = new Intl.NumberFormat(domEnv ? nav.language : 'en-US'); } catch { numFormatter = new Intl.NumberFormat('en-US'); }");
}

// The Emscripten glue (web/gen/evocube.mjs) is imported by the page (its own core reads
// scrambles and lists the solvers) and by the solver worker: it is built once, as its own
// file beside them in assets/, and both bundles import that file instead of each carrying a
// copy (about 5 kB gzip of the first load). Only modules bundled into assets/ itself (the
// page's entry and chunks, the worker) may import it: the path is relative to that folder.
function gluePlugin(site) {
  return {
    name: 'evocube-glue',
    setup(build) {
      build.onResolve({ filter: /(^|\/)gen\/evocube\.mjs$/ }, async (args) => {
        if (args.kind === 'entry-point') return undefined; // the glue's own build
        if (args.importer.endsWith(ON_DEMAND_SUFFIX)) {
          return { errors: [{ text: `${args.importer}: an on-demand module may not import the Emscripten glue (it is shared from assets/)` }] };
        }
        return { path: `./${await site.glue(resolve(args.resolveDir, args.path))}`, external: true };
      });
    },
  };
}

function vendorPlugin(root) {
  return {
    name: 'evocube-vendor',
    setup(build) {
      build.onResolve({ filter: /(vendor\/|^three$)/ }, async (args) => {
        const hit = VENDOR.find(([re]) => re.test(args.path));
        if (!hit) return undefined;
        const r = await build.resolve(hit[1], { kind: args.kind, resolveDir: root });
        if (r.errors.length) return { errors: r.errors };
        return { path: r.path, sideEffects: r.sideEffects };
      });
      build.onLoad({ filter: /[\\/]uplot[\\/]dist[\\/]uPlot\.esm\.js$/ }, () => ({ contents: uplotSource(), loader: 'js' }));
      // three's GLSL chunks (about 180 kB of shader text) lose their comments, indentation
      // and blank lines, as three's own build does (GLSL has no string literals; the
      // preprocessor's lines keep their line breaks)
      build.onLoad({ filter: /[\\/]three[\\/]src[\\/]renderers[\\/]shaders[\\/].*\.glsl\.js$/ }, (args) => ({
        contents: readFileSync(args.path, 'utf8').replace(/`([^`]*)`/g, (m, glsl) => `\`\n${glsl.replace(/\/\*[\s\S]*?\*\//g, '')
          .split('\n').map((l) => l.replace(/\/\/.*$/, '').trim()).filter(Boolean).join('\n')}\n\``),
        loader: 'js',
      }));
    },
  };
}

const COMMON = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2020'],
  minify: true,
  sourcemap: 'linked',
  sourcesContent: true,
  legalComments: 'linked',
  metafile: true,
  logLevel: 'silent',
  // the Emscripten glue's Node branch (ENVIRONMENT=web,worker,node) requires these; it never
  // runs in a browser, so they stay unresolved names rather than failing the bundle
  external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
  // sw-register.mjs reads this to register the root sw.js of a built site
  define: { EVOCUBE_SITE: 'true' },
  charset: 'utf8',
};

// index.html's references: [{tag, attr, url, rel?, type?}] for every src= and href= of the head
function references(html) {
  const out = [];
  for (const m of html.matchAll(/<(link|script)\b([^>]*)>(?:<\/script>)?/g)) {
    const attrs = Object.fromEntries([...m[2].matchAll(/([a-z-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
    const url = attrs.src ?? attrs.href;
    if (url != null) out.push({ tag: m[1], whole: m[0], url, ...attrs });
  }
  return out;
}

// web/**/*.lazy.mjs: the on-demand modules' sources, as esbuild entries named lazy/<name>
// (their base names are unique: a second one with the same name is an error)
export function onDemandSources(root) {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) { if (name !== 'gen' && name !== 'vendor') walk(p); } else if (name.endsWith(ON_DEMAND_SUFFIX)) found.push(p);
    }
  };
  walk(join(root, 'web'));
  const entries = found.map((p) => ({ in: p, out: `${ON_DEMAND}/${basename(p, ON_DEMAND_SUFFIX)}` }));
  const dup = entries.find((e, i) => entries.findIndex((f) => f.out === e.out) !== i);
  if (dup) throw new Error(`build-site: two on-demand modules are named ${dup.out}`);
  return entries;
}

// The site's bundler: asset(path) copies a file under its hashed name, worker(path) and
// glue(path) bundle a module worker or the Emscripten glue once each (their hashed names, as
// promises); outputs collects every build's esbuild outputs.
function makeSite({ root, assets, banner }) {
  const copied = new Map(); // source path -> hashed name
  const workers = new Map(); // source path -> Promise<hashed name>
  let glue = null; // {path, name: Promise<hashed name>} of the Emscripten glue
  const site = {
    copied, workers, outputs: [],
    asset(path) {
      if (!copied.has(path)) {
        const bytes = readFileSync(path);
        const ext = extname(path);
        const name = `${basename(path, ext)}-${short(bytes)}${ext}`;
        writeFileSync(join(assets, name), bytes);
        copied.set(path, name);
      }
      return copied.get(path);
    },
    worker(path) {
      if (!workers.has(path)) workers.set(path, bundleWorker(path));
      return workers.get(path);
    },
    gluePath: () => (glue ? glue.path : null),
    glue(path) { // one glue per site: its bundle, built on first use
      if (glue && glue.path !== path) throw new Error(`build-site: two Emscripten glues (${glue.path}, ${path})`);
      glue ??= { path, name: bundleWorker(path) };
      return glue.name;
    },
  };
  async function bundleWorker(path) {
    const r = await esbuild.build({
      ...COMMON, banner, entryPoints: [path], outdir: assets, entryNames: '[name]-[hash]', plugins: [gluePlugin(site), vendorPlugin(root), urlRefPlugin(site)],
    });
    const [out] = Object.entries(r.metafile.outputs).filter(([, o]) => o.entryPoint);
    site.outputs.push(r.metafile.outputs);
    return basename(out[0]);
  }
  return site;
}

// Step: the entry points. The page's module script with splitting (dynamic imports become
// chunks; the on-demand modules are entries too, so that their outputs, which the page's
// dynamic imports name, land in assets/lazy/), then the stylesheets, in order, as one file;
// the workers they start are bundled on the way. Returns {mainOut, cssOut, mainImports (the
// page's chunks to preload: static and dynamic, not on-demand; the shared glue named from
// assets/), wasm (the preloaded wasm file: the main module's)}.
async function bundleEntries({ root, outdir, assets, banner, site, script, styles }) {
  const page = await esbuild.build({
    ...COMMON, banner, entryPoints: [{ in: join(root, script.url), out: basename(script.url, '.mjs') }, ...onDemandSources(root)],
    outdir: assets, splitting: true, entryNames: '[dir]/[name]-[hash]', chunkNames: '[name]-[hash]',
    plugins: [gluePlugin(site), vendorPlugin(root), urlRefPlugin(site)],
  });
  site.outputs.push(page.metafile.outputs);
  const css = await esbuild.build({
    ...COMMON, banner, stdin: { contents: styles.map((s) => `@import ${JSON.stringify(`./${s.url}`)};`).join('\n'), resolveDir: root, loader: 'css' },
    outdir: assets, entryNames: 'app-[hash]', assetNames: '[name]-[hash]', loader: { '.svg': 'file', '.png': 'file' }, plugins: [vendorPlugin(root)],
  });
  site.outputs.push(css.metafile.outputs);
  await Promise.all(site.workers.values());
  const pageEntry = posix(relative(process.cwd(), join(root, script.url)));
  const mainOut = Object.keys(page.metafile.outputs).find((k) => posix(page.metafile.outputs[k].entryPoint || '') === pageEntry);
  if (!mainOut) throw new Error(`build-site: no output for the page's entry ${pageEntry}`);
  const cssOut = Object.keys(css.metafile.outputs).find((k) => k.endsWith('.css'));
  const rel = (k) => posix(relative(outdir, resolve(k)));
  const mainImports = page.metafile.outputs[mainOut].imports.filter((i) => /^(import-statement|dynamic-import)$/.test(i.kind) && (!i.external || i.path.startsWith('./')))
    .map((i) => (i.external ? `${ASSETS}/${i.path.slice(2)}` : rel(i.path))).filter((p) => !isOnDemand(p));
  // the main module's wasm (the shared glue's, beside it) is preloaded; another module's
  // (the optimal search's, named by a worker an on-demand module starts) is fetched when used
  const glueWasm = site.gluePath() && site.gluePath().replace(/\.mjs$/, '.wasm');
  const wasm = [...site.copied].filter(([src, n]) => n.endsWith('.wasm') && src === glueWasm).map(([, n]) => `${ASSETS}/${n}`);
  return { mainOut: rel(mainOut), cssOut: rel(cssOut), mainImports, wasm };
}

// Step: the web app manifest and its icons at the site's root
function copyManifest({ root, outdir, refs }) {
  const manifestRef = refs.find((r) => r.rel === 'manifest');
  if (!manifestRef) return;
  const src = join(root, manifestRef.url);
  const m = JSON.parse(readFileSync(src, 'utf8'));
  const icons = new Set();
  for (const icon of m.icons || []) icons.add(icon.src);
  for (const r of refs) if (/icon/.test(r.rel || '')) icons.add(posix(relative(dirname(src), join(root, r.url))));
  for (const i of icons) {
    mkdirSync(dirname(join(outdir, i)), { recursive: true });
    cpSync(join(dirname(src), i), join(outdir, i));
  }
  Object.assign(m, { start_url: './', scope: './' });
  writeFileSync(join(outdir, 'manifest.webmanifest'), `${JSON.stringify(m, null, 2)}\n`);
}

// Step: index.html, every reference replaced by the built file's (an unknown one fails the build),
// its comments left out
function writeIndex({ root, outdir, html, refs, script, styles, built }) {
  const manifestRef = refs.find((r) => r.rel === 'manifest');
  const iconPath = (url) => posix(relative(dirname(join(root, manifestRef.url)), join(root, url)));
  for (const r of refs) {
    let to;
    if (r === script) {
      to = [`<script type="module" src="${built.mainOut}"></script>`,
        ...built.mainImports.map((p) => `<link rel="modulepreload" href="${p}">`),
        ...built.wasm.map((p) => `<link rel="preload" href="${p}" as="fetch" type="application/wasm" crossorigin>`)].join('\n  ');
    } else if (r === styles[0]) to = `<link rel="stylesheet" href="${built.cssOut}">`;
    else if (styles.includes(r)) to = '';
    else if (r.rel === 'modulepreload') to = '';
    else if (r.rel === 'manifest') to = r.whole.replace(r.url, 'manifest.webmanifest');
    else if (/icon/.test(r.rel || '')) to = r.whole.replace(r.url, iconPath(r.url));
    else throw new Error(`build-site: index.html references ${r.url}, which the build does not know how to carry over`);
    html = html.replace(r.whole, to);
  }
  // without the source's comments (notes for developers, 0.3 kB of the first load's gzip)
  writeFileSync(join(outdir, 'index.html'), html.replace(/<!--[\s\S]*?-->/g, '').replace(/^\s*\n/gm, ''));
}

// Step: the licences of the bundled packages (their files carry no licence comments once bundled)
function writeLicences({ root, outdir }) {
  const notices = ['three', 'uplot'].map((pkg) => {
    const dir = join(root, 'node_modules', pkg);
    const { name, version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return `${name} ${version}\n\n${readFileSync(join(dir, 'LICENSE'), 'utf8').trim()}\n`;
  });
  writeFileSync(join(outdir, 'LICENSES.txt'), `The site's bundles include these packages:\n\n${notices.join('\n---\n\n')}`);
}

// Step: the precache. The service worker at the root: web/sw.js with this build's settings
// and precache list (every served file), and shell.json. The version names this build's
// files and the service worker's own code. Returns the version.
function writeServiceWorker({ root, outdir }) {
  const precache = ['./', ...listFiles(outdir).filter((p) => !/\.(map|txt)$/.test(p))];
  let sw = readFileSync(join(root, 'web', 'sw.js'), 'utf8');
  const version = `evocube-${sha256([sha256(sw), ...precache.map((p) => (p === './' ? '' : `${p}:${sha256(readFileSync(join(outdir, p)))}`))].join('\n')).slice(0, 12)}`;
  const settings = { VERSION: version, BASE: '', MANIFEST_PATH: SITE_MANIFEST, UPDATES: 'offer', SHELL: precache };
  for (const [k, v] of Object.entries(settings)) {
    const re = new RegExp(`^const ${k} = [\\s\\S]*?;$`, 'm');
    if (!re.test(sw)) throw new Error(`build-site: web/sw.js has no 'const ${k} = ...;' line to set`);
    sw = sw.replace(re, () => `const ${k} = ${JSON.stringify(v)};`);
  }
  writeFileSync(join(outdir, 'sw.js'), sw);
  writeShellManifest(outdir, { manifest: SITE_MANIFEST, version });
  return version;
}

// Build the site into outdir (emptied first), in steps: the entry points (the page, its
// chunks and on-demand modules, the stylesheet, the workers), the manifest and icons,
// index.html, the licences, the service worker with its precache list. Returns {outdir,
// version, files, firstLoad, sizes, built}. note: a comment put into every bundle (tests
// make "a second deployment" with it).
export async function buildSite({ root = REPO, outdir = SITE_DIR, note = '' } = {}) {
  outdir = resolve(outdir);
  const assets = join(outdir, ASSETS);
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(assets, { recursive: true });
  const banner = note ? { js: `/* ${note} */`, css: `/* ${note} */` } : undefined;
  const site = makeSite({ root, assets, banner });
  const html = readFileSync(join(root, 'index.html'), 'utf8');
  const refs = references(html);
  const scripts = refs.filter((r) => r.tag === 'script');
  const styles = refs.filter((r) => r.tag === 'link' && r.rel === 'stylesheet');
  if (scripts.length !== 1 || scripts[0].type !== 'module') throw new Error('build-site: index.html must load exactly one module script (the page\'s entry)');
  const built = await bundleEntries({ root, outdir, assets, banner, site, script: scripts[0], styles });
  copyManifest({ root, outdir, refs });
  writeIndex({ root, outdir, html, refs, script: scripts[0], styles, built });
  writeLicences({ root, outdir });
  const version = writeServiceWorker({ root, outdir });
  const firstLoad = firstLoadFiles(outdir);
  const sizes = siteSizes(outdir, firstLoad);
  return { outdir, version, files: listFiles(outdir), firstLoad, sizes, built: Object.keys(Object.assign({}, ...site.outputs)).length };
}

// every file under dir, as posix paths from dir
export function listFiles(dir, base = dir, out = []) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) listFiles(p, base, out);
    else out.push(posix(relative(base, p)));
  }
  return out;
}

// The files the page fetches before it is usable, read from the built files themselves:
// index.html's script, stylesheets, preloads, manifest and icon; every module those import
// (static and dynamic: the 3D view is imported during boot); every file they name with
// new URL(..., import.meta.url) (the solver worker and the wasm module) and what those
// import in turn. tests/e2e/static-site.test.mjs checks that the browser fetches nothing else.
// On-demand modules (assets/lazy/) and what only they import are left out.
export function firstLoadFiles(dir) {
  const seen = new Set(['index.html']);
  const queue = [];
  const add = (from, url) => {
    const p = posix(relative(dir, resolve(dirname(join(dir, from)), url.split(/[?#]/)[0])));
    if (isOnDemand(p)) return;
    if (!seen.has(p) && existsSync(join(dir, p)) && statSync(join(dir, p)).isFile()) { seen.add(p); queue.push(p); }
  };
  for (const r of references(readFileSync(join(dir, 'index.html'), 'utf8'))) add('index.html', r.url);
  while (queue.length) {
    const p = queue.shift();
    if (p.endsWith('.webmanifest')) {
      // the browser fetches the manifest's icons when it reads the manifest (installability)
      for (const i of JSON.parse(readFileSync(join(dir, p), 'utf8')).icons || []) add(p, i.src);
      continue;
    }
    if (!/\.(m?js|css)$/.test(p)) continue;
    const src = readFileSync(join(dir, p), 'utf8');
    const refs = [
      ...src.matchAll(/(?:\bimport|\bexport)\s*(?:[\w*${}\s,]*?\bfrom\s*)?["']([^"']+)["']/g),
      ...src.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
      ...src.matchAll(/new URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)/g),
      ...src.matchAll(/@import\s*(?:url\()?["']([^"']+)["']/g),
      ...src.matchAll(/url\(\s*["']?([^"')]+\.(?:svg|png|woff2?))["']?\s*\)/g),
    ];
    for (const m of refs) if (m[1].startsWith('.')) add(p, m[1]);
  }
  return [...seen].sort();
}

const gz = (bytes) => gzipSync(bytes, { level: zlib.Z_BEST_COMPRESSION }).length;

// {all: {raw, gzip, files}, firstLoad: {raw, gzip, files}, wasm: {raw, gzip}, byFile: {path: {raw, gzip}}}
export function siteSizes(dir, firstLoad = firstLoadFiles(dir)) {
  const byFile = {};
  for (const p of listFiles(dir)) {
    const bytes = readFileSync(join(dir, p));
    byFile[p] = { raw: bytes.length, gzip: gz(bytes) };
  }
  const sum = (ps) => ps.reduce((a, p) => ({ raw: a.raw + byFile[p].raw, gzip: a.gzip + byFile[p].gzip, files: a.files + 1 }), { raw: 0, gzip: 0, files: 0 });
  const served = Object.keys(byFile).filter((p) => !/\.(map|txt)$/.test(p));
  return {
    all: sum(served),
    maps: sum(Object.keys(byFile).filter((p) => /\.map$/.test(p))),
    firstLoad: sum(firstLoad),
    wasm: sum(firstLoad.filter((p) => p.endsWith('.wasm'))),
    byFile,
  };
}

const kB = (n) => `${(n / 1000).toFixed(1)} kB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = process.argv[2] ? resolve(process.argv[2]) : SITE_DIR;
  const r = await buildSite({ outdir: out });
  const s = r.sizes;
  console.log(`site: ${posix(relative(process.cwd(), r.outdir)) || '.'}/ (${r.version}) - copy this folder to any static host; no headers needed`);
  console.log(`site: ${s.all.files} files, ${kB(s.all.raw)} raw, ${kB(s.all.gzip)} gzip (source maps apart: ${kB(s.maps.raw)})`);
  console.log(`site: first load ${s.firstLoad.files} files, ${kB(s.firstLoad.raw)} raw, ${kB(s.firstLoad.gzip)} gzip `
    + `(budget ${kB(FIRST_LOAD_BUDGET)}); the wasm alone ${kB(s.wasm.raw)} raw, ${kB(s.wasm.gzip)} gzip`);
}
