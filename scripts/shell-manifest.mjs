// shell-manifest.mjs - writes web/gen/shell.json: the SHA-256 of every file the site
// serves (index.html and everything under web/, the manifest itself excepted), keyed by
// its path from the site root ("index.html", "web/gen/evocube.wasm"). The service worker
// (web/sw.js) stores a response in its offline cache only when its bytes match this list,
// so a corrupt or truncated download never replaces a good cached copy.
// Run by scripts/build.sh after every build; `node scripts/shell-manifest.mjs [siteRoot]`.
// The built site (dist/) keeps the equivalent list in its own shell.json (build-site.mjs).
// Costs: one read and hash of each file (about 2 MB in all), tens of milliseconds.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MANIFEST = 'web/gen/shell.json';

export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

function walk(dir, out) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

// the manifest object for a site root (also used by tests that change a file of a site copy).
// The repository root as a site (development): index.html and web/. A built site
// (scripts/build-site.mjs: manifest 'shell.json', with the build's version): every file.
export function shellManifest(root, { manifest = MANIFEST, version } = {}) {
  const files = {};
  const dev = manifest === MANIFEST;
  const paths = dev ? [join(root, 'index.html'), ...walk(join(root, 'web'), [])] : walk(root, []);
  for (const p of paths) {
    const key = relative(root, p).split(sep).join('/');
    if (key !== manifest && !(!dev && /\.(map|txt)$/.test(key))) files[key] = sha256(readFileSync(p));
  }
  return version ? { algorithm: 'SHA-256', version, files } : { algorithm: 'SHA-256', files };
}

export function writeShellManifest(root, options = {}) {
  const m = shellManifest(root, options);
  writeFileSync(join(root, options.manifest || MANIFEST), `${JSON.stringify(m, null, 1)}\n`);
  return m;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] || join(fileURLToPath(new URL('..', import.meta.url)));
  const m = writeShellManifest(root);
  console.log(`shell manifest: ${Object.keys(m.files).length} files in ${MANIFEST}`);
}
