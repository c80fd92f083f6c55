// sw-register.mjs - registers the service worker (web/sw.js) for the whole site, so the
// app loads and solves offline after one visit, and reports its state in one line.
// The worker lives in web/ but controls the site root; the server sends
// `Service-Worker-Allowed: /` for it (scripts/serve.mjs).
export async function registerServiceWorker(report = () => {}) {
  if (!('serviceWorker' in navigator)) { report('offline use needs service workers, which this browser lacks'); return null; }
  const scope = new URL('../', import.meta.url).pathname;
  try {
    const reg = await navigator.serviceWorker.register(new URL('./sw.js', import.meta.url), { scope, type: 'classic' });
    const done = () => report(navigator.serviceWorker.controller ? 'ready for offline use' : 'offline copy installed; active from the next load');
    if (reg.active) done();
    else {
      const w = reg.installing || reg.waiting;
      if (w) w.addEventListener('statechange', () => { if (w.state === 'activated') done(); });
    }
    return reg;
  } catch (e) {
    report(`offline use unavailable (${e.message})`);
    return null;
  }
}
