// sw-register.mjs - registers the service worker for the whole site, so the app loads and
// solves offline after one visit, reports its state in one line, and offers a new version
// instead of switching to it silently.
// A built site (scripts/build-site.mjs defines EVOCUBE_SITE): sw.js sits at the site's root
// beside index.html, so its scope is the site with no header needed. When a new build has
// installed beside the running one, offerUpdate(reload) is called; reload() tells the new
// worker to take over and reloads the page once it has.
// The repository root as a site (development): the worker is web/sw.js with scope '../';
// the server sends `Service-Worker-Allowed: /` for it (scripts/serve.mjs), and a new worker
// takes over at once (web/sw.js, UPDATES 'immediate').
/* global EVOCUBE_SITE */
const BUILT = typeof EVOCUBE_SITE !== 'undefined' && EVOCUBE_SITE === true;
const UPDATE_CHECK_MS = 60 * 60 * 1000; // a tab left open asks for a new build hourly

export async function registerServiceWorker(report = () => {}, offerUpdate = () => {}) {
  if (!('serviceWorker' in navigator)) { report('offline use needs service workers, which this browser lacks'); return null; }
  const base = new URL('./', document.baseURI);
  const script = BUILT ? new URL('sw.js', base) : new URL('./sw.js', import.meta.url);
  const scope = BUILT ? base.pathname : new URL('../', import.meta.url).pathname;
  try {
    const reg = await navigator.serviceWorker.register(script, { scope, type: 'classic' });
    const done = () => report(navigator.serviceWorker.controller ? 'ready for offline use' : 'offline copy installed; active from the next load');
    if (reg.active) done();
    else {
      const w = reg.installing || reg.waiting;
      if (w) {
        w.addEventListener('statechange', () => {
          if (w.state === 'activated') done();
          // the install failed (a file did not load or did not match the build's manifest): said
          // in the offline line; the next load tries again
          else if (w.state === 'redundant') {
            console.warn('evocube: the offline copy could not be installed (its service worker became redundant)');
            report('offline copy not installed (a file did not load); the next load tries again');
          }
        });
      }
    }
    if (BUILT) watchUpdates(reg, offerUpdate);
    return reg;
  } catch (e) {
    // no service worker here (a private window, a blocked origin): the app works online, and
    // the offline line says why offline use is off; a warning, not an error, since the
    // browser's settings decide it and the next load tries again
    console.warn(`evocube: offline use unavailable: ${e.message}`);
    report(`offline use unavailable (${e.message})`);
    return null;
  }
}

// A new build's worker that has installed while this page is controlled waits; offer it once.
function watchUpdates(reg, offerUpdate) {
  let offered = null;
  let accepted = false;
  const offer = (w) => {
    if (offered === w || !navigator.serviceWorker.controller) return;
    offered = w;
    offerUpdate(() => { accepted = true; w.postMessage('evocube:skip-waiting'); });
  };
  const watch = (w) => {
    if (!w) return;
    if (w.state === 'installed') offer(w);
    else w.addEventListener('statechange', () => { if (w.state === 'installed') offer(w); });
  };
  watch(reg.waiting);
  watch(reg.installing);
  reg.addEventListener('updatefound', () => watch(reg.installing));
  navigator.serviceWorker.addEventListener('controllerchange', () => { if (accepted) location.reload(); });
  // an hourly check that fails (offline, the server down) changes nothing: the running build
  // stays, and the next check tries again; nothing to tell the user
  setInterval(() => reg.update().catch(() => {}), UPDATE_CHECK_MS);
}
