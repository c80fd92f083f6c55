// sw.js - the service worker that makes evocube work offline. Install precaches the app
// shell below (every asset the page, the worker and the 3D view load; all from this site)
// into a cache named by VERSION; activate deletes the caches of other evocube versions.
// Two sites use it, set by the lines below:
// - the built site (scripts/build-site.mjs writes it to the site's root as sw.js, so its
//   scope is the whole site with no header, and sets BASE '', MANIFEST_PATH 'shell.json',
//   UPDATES 'offer', the build's VERSION and file list): its files have content-hashed names
//   and every build changes sw.js, so the worker serves its own version from the cache
//   (cache first: the page and its assets always match) and a new build is a new service
//   worker, which installs beside the old one and waits: the page offers "new version —
//   reload" (web/sw-register.mjs) and the reload posts 'evocube:skip-waiting'.
// - the repository root as a site (development, scripts/serve.mjs sends
//   Service-Worker-Allowed: / for web/sw.js, registered with scope '../'): its files change
//   without sw.js changing, so fetches are network-first (a fresh response is stored over the
//   cached one) and a new worker takes over at once (UPDATES 'immediate').
// Offline, the cached copy answers (navigations to index.html?... fall back to the cached
// index.html).
// Cross-origin isolation: every same-origin response it hands the page (cached or fresh)
// carries Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Embedder-Policy: require-corp
// and Cross-Origin-Resource-Policy: same-origin (isolated()), so once this worker controls
// the page, the page and its workers are cross-origin isolated (SharedArrayBuffer: the
// optimal search's shared table) on any static host, whose own headers need not say so.
// Every asset the site loads is its own (same origin), so require-corp refuses nothing;
// the one outside link (Twizzle) opens with noopener. Until the worker controls the page
// (a first visit) the page is not isolated and says so where it matters.
// Integrity: a response is cached only when its SHA-256 matches the build's manifest
// (MANIFEST_PATH, written by scripts/shell-manifest.mjs), fetched fresh when a hash does not
// match (a new build); so a corrupt, truncated or stray response is still handed to the
// page (which reports it) but never replaces the good cached copy, and an install whose
// files do not match fails and leaves the previous offline copy in place.
const VERSION = 'evocube-v3';
// BASE is relative to the site root (the registration's scope), so this script also works if
// a host needs it imported by a one-line sw.js at the root (importScripts).
const BASE = 'web/';
const MANIFEST_PATH = 'web/gen/shell.json';
const UPDATES = 'immediate';
// SHELL: the files install precaches, relative to BASE (the built site's list). null (the development site): every
// file the build manifest lists (index.html and all of web/, scripts/shell-manifest.mjs) but
// DEV_SKIP, so a new module is precached without editing this file.
const SHELL = null;
const DEV_SKIP = ['web/sw.js', 'web/lib/core-node.mjs'];
const WEB = new URL(BASE, self.registration.scope).href;

const ROOT = self.registration.scope;

// the manifest's path -> hex SHA-256 map, or null when it cannot be had (kept per worker
// life; `fresh` refetches it, for a response that a newer build may explain)
let manifest = null;
function hashes(fresh) {
  if (!manifest || fresh) {
    manifest = fetch(new Request(new URL(MANIFEST_PATH, ROOT).href, { cache: 'no-store' }))
      .then((r) => (r.ok ? r.json() : null)).then((m) => (m && m.files) || null).catch(() => null);
  }
  return manifest;
}

// a URL's key in the manifest: its path from the site root ('' and 'x/' mean their index.html)
function manifestKey(url) {
  const { pathname } = new URL(url);
  const rel = pathname.slice(new URL(ROOT).pathname.length);
  return rel === '' || rel.endsWith('/') ? `${rel}index.html` : rel;
}

async function hex(buffer) {
  return [...new Uint8Array(await crypto.subtle.digest('SHA-256', buffer))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// true when the response's bytes are the ones the (current, else refreshed) manifest lists
async function matchesBuild(url, response) {
  const key = manifestKey(url);
  const digest = await hex(await response.clone().arrayBuffer());
  for (const fresh of [false, true]) {
    const files = await hashes(fresh);
    if (files && files[key] === digest) return true;
  }
  return false;
}

// the development site's precache list: the site root and every file of the (fresh) build
// manifest but DEV_SKIP, as absolute URLs
async function devShell() {
  const files = await hashes(true);
  if (!files) throw new Error(`offline copy not installed: no build manifest at ${MANIFEST_PATH} (run scripts/build.sh)`);
  return [ROOT, ...Object.keys(files).filter((k) => !DEV_SKIP.includes(k)).map((k) => new URL(k, ROOT).href)];
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    // a failed install leaves no cache of its own behind (one that an active worker of the
    // same VERSION already uses stays)
    const existed = await caches.has(VERSION);
    const cache = await caches.open(VERSION);
    const url = (p) => new URL(p, WEB).href;
    const get = async (p) => {
      const r = await fetch(new Request(url(p), { cache: 'reload' }));
      if (r.ok && await matchesBuild(r.url || url(p), r)) return cache.put(url(p), r);
      throw new Error(`offline copy not installed: ${p} does not match the build manifest (status ${r.status})`);
    };
    try {
      await Promise.all((SHELL || await devShell()).map((p) => get(p)));
    } catch (e) {
      if (!existed) await caches.delete(VERSION);
      throw e;
    }
    // the first install takes over at once; in a built site a later one waits for the page
    if (UPDATES !== 'offer' || !self.registration.active) await self.skipWaiting();
  })());
});

// the page's "reload" on the update offer
self.addEventListener('message', (event) => {
  if (event.data === 'evocube:skip-waiting') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key.startsWith('evocube-') && key !== VERSION) await caches.delete(key);
    await self.clients.claim();
  })());
});

const ISOLATION = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Embedder-Policy', 'require-corp'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

// a copy of a response with the isolation headers added (an error or opaque response as it is)
function isolated(response) {
  if (!response || response.type === 'error' || response.type === 'opaque' || response.type === 'opaqueredirect' || response.status === 0) return response;
  const headers = new Headers(response.headers);
  for (const [k, v] of ISOLATION) headers.set(k, v);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function fromCache(request) {
  const cache = await caches.open(VERSION);
  const hit = await cache.match(request, { ignoreSearch: request.mode === 'navigate' });
  if (hit) return hit;
  if (request.mode === 'navigate') {
    const index = await cache.match(new URL('index.html', self.registration.scope).href);
    if (index) return index;
  }
  return Response.error();
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(serve(event).then(isolated));
});

// a same-origin GET: from this version's cache first (built site) or the network first
// (development site), else the cached copy
async function serve(event) {
  const { request } = event;
  if (UPDATES === 'offer') {
    // a built site: this version's cached copy first (its files never change)
    const cache = await caches.open(VERSION);
    const key = manifestKey(request.url);
    const hit = await cache.match(request, { ignoreSearch: request.mode === 'navigate' })
      || (request.mode === 'navigate' && key === 'index.html' ? await cache.match(new URL('index.html', ROOT).href) : undefined);
    if (hit) return hit;
  }
  try {
    const response = await fetch(request);
    if (UPDATES !== 'offer' && response.ok && response.type === 'basic') {
      const copy = response.clone();
      const key = request.mode === 'navigate' ? new URL(request.url).pathname : request;
      event.waitUntil((async () => {
        if (await matchesBuild(request.url, copy)) await (await caches.open(VERSION)).put(key, copy);
      })().catch(() => {}));
    }
    return response;
  } catch {
    return fromCache(request);
  }
}
