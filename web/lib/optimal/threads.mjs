// threads.mjs - how many search threads the page's optimal search may use, and the words
// that say so beside its controls (no DOM: the page hands in what it reads from the browser).
// Threads need shared wasm memory: SharedArrayBuffer, which a browser gives only to a
// cross-origin isolated page; the site's service worker (web/sw.js) makes the pages it
// controls isolated (COOP/COEP on its responses), so the first visit, before it controls
// the page, runs one thread until a reload. And more than one core.
// Interface: searchThreads({isolated, shared, cores, serviceWorker}) ->
// {threads, text}; hereThreads(g = globalThis): the same for what this context reports (its
// isolation, SharedArrayBuffer, navigator's cores and service worker: fixed until a reload),
// for every part of the page that starts an optimal search; MAX_PAGE_THREADS.

// the most threads a page starts (each is a Web Worker on the one table)
export const MAX_PAGE_THREADS = 8;

export function searchThreads({ isolated = false, shared = false, cores = 1, serviceWorker = false } = {}) {
  // isolation is fixed when the page loads: a page loaded before the service worker took
  // control stays unisolated until it is loaded again
  if (!isolated || !shared) {
    const why = !isolated && serviceWorker ? 'this page is not cross-origin isolated yet (reload once)'
      : !isolated ? 'this browser gives the page no service worker, so no cross-origin isolation and no shared memory'
        : 'this browser has no shared memory (SharedArrayBuffer)';
    return { threads: 1, text: `one search thread: ${why}` };
  }
  const n = Math.max(1, Math.min(MAX_PAGE_THREADS, Math.floor(Number(cores) || 1)));
  if (n < 2) return { threads: 1, text: 'one search thread: this device reports one core' };
  return { threads: n, text: `${n} search threads on one shared table` };
}

export const hereThreads = (g = globalThis) => searchThreads({
  isolated: g.crossOriginIsolated === true,
  shared: typeof g.SharedArrayBuffer === 'function',
  cores: g.navigator?.hardwareConcurrency,
  serviceWorker: !!g.navigator && 'serviceWorker' in g.navigator,
});
