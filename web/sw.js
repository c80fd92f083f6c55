// sw.js - the service worker that makes evocube work offline. It lives in web/ but
// controls the site root (registered with scope '../'; the server sends
// Service-Worker-Allowed). Install precaches the app shell below (every asset the page,
// the worker and the 3D view load; all served from this site). Fetches of this origin are
// network-first: a fresh response is stored over the cached one, so a new build replaces
// the cache as soon as it is loaded online; offline, the cached copy answers (navigations
// to index.html?... fall back to the cached index.html). Caches of other versions are
// deleted on activate. Bump VERSION when the list of files changes.
const VERSION = 'evocube-v1';
// Paths relative to web/; the site root is the registration's scope, so this script also
// works if a host needs it imported by a one-line sw.js at the root (importScripts).
const SHELL = [
  '../', '../index.html',
  'main.mjs', 'dom.mjs', 'geometry.mjs', 'net.mjs', 'alg-input.mjs', 'solver-panel.mjs', 'client.mjs',
  'worker.mjs', 'core.mjs', 'chart.mjs', 'live-panel.mjs', 'result-panel.mjs', 'playback.mjs', 'share.mjs', 'painter.mjs', 'race.mjs',
  'sw-register.mjs', 'cube3d.mjs', 'app.css', 'manifest.webmanifest',
  'icons/icon.svg', 'icons/icon-192.png', 'icons/icon-512.png',
  'gen/evocube.mjs', 'gen/evocube.wasm',
  'vendor/three.module.js', 'vendor/addons/OrbitControls.js', 'vendor/uPlot.esm.js', 'vendor/uPlot.min.css',
];
const OPTIONAL = ['vendor/three.core.js'];
const WEB = new URL('web/', self.registration.scope).href;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(VERSION);
    const url = (p) => new URL(p, WEB).href;
    await cache.addAll(SHELL.map((p) => new Request(url(p), { cache: 'reload' })));
    for (const p of OPTIONAL) {
      try {
        const r = await fetch(new Request(url(p), { cache: 'reload' }));
        if (r.ok) await cache.put(url(p), r);
      } catch { /* optional */ }
    }
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key.startsWith('evocube-') && key !== VERSION) await caches.delete(key);
    await self.clients.claim();
  })());
});

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
  event.respondWith((async () => {
    try {
      const response = await fetch(request);
      if (response.ok && response.type === 'basic') {
        const copy = response.clone();
        const key = request.mode === 'navigate' ? new URL(request.url).pathname : request;
        event.waitUntil(caches.open(VERSION).then((c) => c.put(key, copy)).catch(() => {}));
      }
      return response;
    } catch {
      return fromCache(request);
    }
  })());
});
