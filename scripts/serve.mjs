#!/usr/bin/env node
// serve.mjs - a small static server, no dependencies: node:http + node:fs + node:zlib.
// `npm start` serves the built site (dist/, scripts/build-site.mjs), which needs nothing of
// this server that any static host lacks; `node scripts/serve.mjs --dev` serves the
// repository root as the unbundled development site (its service worker, web/sw.js, needs
// the `Service-Worker-Allowed: /` header sent here to control the whole site); a folder
// argument serves that folder. GET/HEAD only; correct MIME types (.mjs and .js as
// text/javascript, .wasm as application/wasm for streaming compilation, .webmanifest);
// the page's Content-Security-Policy on every response; brotli or gzip (by Accept-Encoding)
// for text and wasm, compressed once per file version and kept in memory; content-hashed
// files under assets/ are cacheable for a year, everything else is revalidated (no-cache).
// Paths are decoded, then refused if they contain '..' or NUL, and resolved inside the root.
// Port: PORT env or 8080; when that port is taken, the OS picks a free one. `startServer`
// is exported for the e2e tests (port 0 = ephemeral).
import { createServer } from 'node:http';
import { createReadStream, existsSync, promises as fsp } from 'node:fs';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// the repository root (the development site) and the built site users get
export const DEV_ROOT = resolve(here, '..');
export const SITE_ROOT = resolve(DEV_ROOT, 'dist');

export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

function send(res, status, text, head = false) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(head ? undefined : text);
}

// The file a request path names inside root, or null when it must be refused.
export function resolveRequestPath(root, urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  if (path.length > 1024 || path.includes('\0') || path.includes('..') || path.includes('\\')) return null;
  if (path.endsWith('/')) path += 'index.html';
  const file = resolve(root, '.' + (path.startsWith('/') ? path : '/' + path));
  if (file !== root && !file.startsWith(root + sep)) return null;
  return file;
}

const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|wasm|javascript)|image\/svg)/;
// a content-hashed name (scripts/build-site.mjs): assets/name-HASH.ext (8 or more characters)
const HASHED = /\/assets\/[^/]+-[A-Za-z0-9]{8,}\.[a-z]+(\.map)?$/;
const packed = new Map(); // file -> {key, br, gzip}

// the file's bytes in the encoding the client takes best (br, then gzip), or null for none
async function encoded(file, st, type, accept) {
  if (!COMPRESSIBLE.test(type) || st.size < 256) return null;
  const enc = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
  if (!enc) return null;
  const key = `${st.mtimeMs}:${st.size}`;
  let e = packed.get(file);
  if (!e || e.key !== key) { e = { key }; packed.set(file, e); }
  if (!e[enc]) {
    const bytes = await fsp.readFile(file);
    e[enc] = enc === 'br'
      ? brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
      : gzipSync(bytes, { level: 9 });
  }
  return { enc, bytes: e[enc] };
}

function handler(root) {
  return async (req, res) => {
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) {
      res.setHeader('Allow', 'GET, HEAD');
      return send(res, 405, 'method not allowed\n', head);
    }
    const file = resolveRequestPath(root, req.url || '/');
    if (!file) return send(res, 400, 'bad path\n', head);
    let st;
    try {
      st = await fsp.stat(file);
    } catch {
      return send(res, 404, 'not found\n', head);
    }
    if (st.isDirectory()) {
      // a folder without a trailing slash: redirect so relative URLs work
      const url = new URL(req.url, 'http://x');
      res.writeHead(301, { Location: url.pathname + '/' + url.search, 'Content-Security-Policy': CSP });
      return res.end();
    }
    if (!st.isFile()) return send(res, 404, 'not found\n', head);
    const type = MIME[extname(file).toLowerCase()] || 'application/octet-stream';
    const headers = {
      'Content-Type': type,
      'Content-Length': st.size,
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': HASHED.test(file.split(sep).join('/')) ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (COMPRESSIBLE.test(type)) headers.Vary = 'Accept-Encoding';
    if (file === join(root, 'web', 'sw.js')) headers['Service-Worker-Allowed'] = '/';
    const packedBody = await encoded(file, st, type, String(req.headers['accept-encoding'] || '')).catch(() => null);
    if (packedBody) {
      headers['Content-Encoding'] = packedBody.enc;
      headers['Content-Length'] = packedBody.bytes.length;
      res.writeHead(200, headers);
      return res.end(head ? undefined : packedBody.bytes);
    }
    res.writeHead(200, headers);
    if (head) return res.end();
    createReadStream(file).on('error', () => res.destroy()).pipe(res);
  };
}

function listen(server, port, host) {
  return new Promise((ok, fail) => {
    const onError = (e) => { server.off('listening', onListening); fail(e); };
    const onListening = () => { server.off('error', onError); ok(); };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

// Start serving root; resolves {server, port, url, close()}. port 0 = any free port.
export async function startServer({ root = SITE_ROOT, port = 0, host = '127.0.0.1' } = {}) {
  const server = createServer(handler(resolve(root)));
  try {
    await listen(server, port, host);
  } catch (e) {
    if (e.code !== 'EADDRINUSE' || port === 0) throw e;
    await listen(server, 0, host);
  }
  const actual = server.address().port;
  return {
    server,
    port: actual,
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actual}/`,
    close: () => new Promise((ok) => { server.closeAllConnections?.(); server.close(() => ok()); }),
  };
}

// The simplest static server, for tests and benchmarks of the built site as any host serves
// it: a file under root (a folder, or a function giving one per request, so a test can
// "deploy" a new build at the same address) at the URL prefix, or 404; Content-Type as the
// only header: no CSP, no Service-Worker-Allowed, no compression, no caching headers
// (like `python3 -m http.server`). Resolves {port, url, close()}.
export async function startPlainServer({ root, port = 0, prefix = '/', host = '127.0.0.1' } = {}) {
  const server = createServer(async (req, res) => {
    const dir = resolve(typeof root === 'function' ? root() : root);
    const path = new URL(req.url, 'http://x').pathname;
    const file = path.startsWith(prefix) ? resolveRequestPath(dir, `/${path.slice(prefix.length)}`) : null;
    const st = file && await fsp.stat(file).catch(() => null);
    if (!st || !st.isFile()) { res.writeHead(404, { 'Content-Type': 'text/plain' }); res.end('not found\n'); return; }
    res.writeHead(200, { 'Content-Type': MIME[extname(file).toLowerCase()] || 'application/octet-stream' });
    createReadStream(file).on('error', () => res.destroy()).pipe(res);
  });
  await listen(server, port, host);
  const actual = server.address().port;
  return {
    port: actual,
    url: `http://${host}:${actual}${prefix}`,
    close: () => new Promise((ok) => { server.closeAllConnections?.(); server.close(() => ok()); }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] || '').href) {
  const want = Number.parseInt(process.env.PORT || '8080', 10);
  const port = Number.isInteger(want) && want >= 0 && want < 65536 ? want : 8080;
  const host = process.env.HOST || '127.0.0.1';
  const arg = process.argv[2];
  const root = arg === '--dev' ? DEV_ROOT : arg ? resolve(arg) : SITE_ROOT;
  if (!existsSync(join(root, 'index.html'))) {
    console.error(`serve: ${root} has no index.html; build the site first (npm run build)`);
    process.exit(2);
  }
  const s = await startServer({ root, port, host });
  if (s.port !== port && port !== 0) console.log(`serve: port ${port} is busy; using ${s.port}`);
  console.log(`evocube is at ${s.url} (serving ${root === DEV_ROOT ? 'the repository root, unbundled' : root})`);
}
