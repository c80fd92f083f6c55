// engines.mjs - one small browser API over three engines, so a test is written once and runs in
// each: Chromium through playwright-core (scripts/browser.mjs's flags), Firefox ESR through
// puppeteer-core over WebDriver BiDi (no geckodriver), and WebKitGTK through W3C WebDriver over
// HTTP against WebKitWebDriver, which drives MiniBrowser under its own Xvfb display (plain
// fetch() to the driver's endpoints).
//
//   const b = await launchEngine('webkit', { language: 'C' });
//   await b.goto(url); await b.waitFor(sel); await b.click(sel); await b.fill(sel, 'R U');
//   await b.text(sel); await b.attr(sel, 'href'); await b.evaluate((x) => x + 1, 1);
//   await b.waitForFunction(fn, arg); await b.setViewport(w, h); await b.screenshot(path);
//   b.errors() (console errors and uncaught exceptions so far); await b.close();
//   await b.settle() (the page's loads in flight have ended; goto and reload call it first)
//
// One tab per launched browser; its profile is fresh and lives until close(), so the service
// worker, its caches and IndexedDB survive goto() and reload() within it.
// Deviations by engine, each deliberate:
// - select() sets a <select>'s value and fires input and change in the page (the same in every
//   engine; WebDriver has no select command);
// - waitFor/waitForFunction poll evaluate() every 100 ms in every engine (one behaviour);
// - WebKit over classic WebDriver has no console events: a recorder (console.error, 'error' and
//   'unhandledrejection' listeners) is installed right after each navigation, so an error thrown
//   while the page boots is seen only through the boot's own result (body[data-ready]);
// - goto() and reload() first wait until the page has no load in flight (settle(): Chromium's
//   and Firefox's drivers report each request's start and end). A page left mid-load is a
//   test of navigation, not of the page: Firefox then logs each load it cut short, served by
//   the service worker, as an error of the page ("A ServiceWorker intercepted the request and
//   encountered an unexpected error"), and the page's own handlers may log the failed load
//   too. WebKit over classic WebDriver reports no requests, so settle() returns at once there
//   (its errors are read from the page before each navigation, so what a page logs while it
//   is being left is not seen);
// - language: what navigator.language reports. Chromium: --lang and LANG, and an init script
//   that reports the tag as asked (Chromium maps --lang to a tag it knows); Firefox: the pref
//   intl.accept_languages (and intl.locale.requested); WebKit: LANG and LC_ALL of the driver
//   and browser. null leaves the engine's default; '' asks for none (an empty preference,
//   LANG unset).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from './browser.mjs';

export const ENGINES = ['chromium', 'firefox', 'webkit'];
export const BINARIES = {
  chromium: process.env.CHROMIUM || '/usr/bin/chromium',
  firefox: process.env.FIREFOX || '/usr/bin/firefox-esr',
  webkit: process.env.WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver',
};
export const MINIBROWSER = process.env.WEBKIT_BROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

// The engines whose binaries this machine has (scripts/setup.sh --test installs all three).
export function availableEngines() {
  return ENGINES.filter((e) => existsSync(BINARIES[e]) && (e !== 'webkit' || (existsSync(MINIBROWSER) && onPath('Xvfb'))));
}
function onPath(cmd) {
  return (process.env.PATH || '').split(':').some((d) => d && existsSync(join(d, cmd)));
}

const VIEWPORT = { width: 1360, height: 1000 };

// The page-side recorder of errors (WebKit): idempotent, kept in window.__engineErrors.
const RECORDER = `if (!window.__engineErrors) {
  const list = window.__engineErrors = [];
  const text = (x) => (x && x.message) ? x.message : String(x);
  const error = console.error.bind(console);
  console.error = (...a) => { list.push('console: ' + a.map(text).join(' ')); error(...a); };
  // "ResizeObserver loop completed with undelivered notifications" is the browser noting that
  // it deferred observations to the next frame, not an exception (it has no error object;
  // Chromium's and Firefox's drivers do not report it either)
  addEventListener('error', (e) => {
    if (!e.error && /^ResizeObserver loop/.test(e.message || '')) return;
    list.push('pageerror: ' + (e.message || text(e.error)));
  });
  addEventListener('unhandledrejection', (e) => list.push('pageerror: ' + text(e.reason)));
}`;

// poll `check()` every 100 ms until it gives a truthy value (returned), or throw after `timeout`
async function poll(check, timeout, what) {
  const t0 = Date.now();
  let last;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() - t0 > timeout) throw new Error(`timed out after ${timeout} ms waiting for ${what}${last ? ` (last error: ${last.message})` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// The page's requests in flight, from the driver's request events (playwright-core and
// puppeteer-core name them alike); settle() resolves once none has been in flight for
// QUIET_MS, or throws after `timeout` naming the loads still open.
const QUIET_MS = 250;
function loadTracker(page) {
  const open = new Set();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return async ({ timeout = 30000 } = {}) => {
    const t0 = Date.now();
    let quietSince = null;
    for (;;) {
      if (open.size) quietSince = null;
      else if (quietSince == null) quietSince = Date.now();
      else if (Date.now() - quietSince >= QUIET_MS) return;
      if (Date.now() - t0 > timeout) throw new Error(`timed out after ${timeout} ms waiting for the page's loads to end: ${[...open].map((r) => r.url()).join(', ')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
}

// The engine-neutral methods, over an engine's evaluate(); goto and reload settle first.
function common(b) {
  const { goto, reload } = b;
  b.settle ??= async () => {};
  b.goto = (url) => b.settle().then(() => goto(url));
  b.reload = () => b.settle().then(() => reload());
  b.waitForFunction = (fn, arg, { timeout = 60000 } = {}) => poll(() => b.evaluate(fn, arg), timeout, `${String(fn).slice(0, 120)}`);
  b.waitFor = (sel, { timeout = 60000 } = {}) => poll(() => b.evaluate((s) => document.querySelector(s) !== null, sel), timeout, `selector ${sel}`);
  b.select = (sel, value) => b.evaluate(([s, v]) => {
    const el = document.querySelector(s);
    if (!el) throw new Error(`no element ${s}`);
    el.value = v;
    if (el.value !== v) throw new Error(`${s} has no option ${v}`);
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }, [sel, value]);
  return b;
}

async function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => ok(port)); });
  });
}

// ---- Chromium (playwright-core)
async function chromiumEngine({ language }) {
  const { chromium } = await import('playwright-core');
  const dir = mkdtempSync(join(tmpdir(), 'evocube-chromium-'));
  const env = { ...process.env };
  const args = [...CHROMIUM_ARGS];
  if (language != null) {
    if (language) { args.push(`--lang=${language}`); env.LANG = language; env.LANGUAGE = language; } else { delete env.LANG; delete env.LANGUAGE; delete env.LC_ALL; }
  }
  const context = await chromium.launchPersistentContext(dir, { executablePath: BINARIES.chromium, headless: true, args, env, viewport: VIEWPORT });
  // Chromium maps --lang to a tag it knows ("C" becomes "en-US"): the page is told the asked
  // language itself, as the other engines report it
  if (language != null) {
    await context.addInitScript((tag) => {
      Object.defineProperty(Navigator.prototype, 'language', { get: () => tag, configurable: true });
      Object.defineProperty(Navigator.prototype, 'languages', { get: () => (tag ? [tag] : []), configurable: true });
    }, language);
  }
  const page = context.pages()[0] || await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  return common({
    engine: 'chromium', raw: page, settle: loadTracker(page),
    goto: (url) => page.goto(url).then(() => {}),
    reload: () => page.reload().then(() => {}),
    click: (sel) => page.click(sel),
    fill: (sel, v) => page.fill(sel, v),
    text: (sel) => page.textContent(sel),
    attr: (sel, name) => page.getAttribute(sel, name),
    value: (sel) => page.inputValue(sel),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    setViewport: (width, height) => page.setViewportSize({ width, height }),
    screenshot: (path) => page.screenshot({ path }).then(() => {}),
    errors: () => [...errors],
    async close() {
      await context.close().catch((e) => console.warn(`engines: closing chromium: ${e.message}`));
      rmSync(dir, { recursive: true, force: true });
    },
  });
}

// ---- Firefox (puppeteer-core, WebDriver BiDi)
async function firefoxEngine({ language }) {
  const { default: puppeteer } = await import('puppeteer-core');
  const dir = mkdtempSync(join(tmpdir(), 'evocube-firefox-'));
  const prefs = {
    // no first-run pages, updates or telemetry: a quiet, fresh profile
    'browser.shell.checkDefaultBrowser': false,
    'app.update.enabled': false,
    'datareporting.policy.dataSubmissionEnabled': false,
    'toolkit.telemetry.enabled': false,
  };
  if (language != null) {
    prefs['intl.accept_languages'] = language;
    prefs['intl.locale.requested'] = language;
  }
  const browser = await puppeteer.launch({
    browser: 'firefox', executablePath: BINARIES.firefox, headless: true, userDataDir: dir,
    extraPrefsFirefox: prefs, defaultViewport: VIEWPORT,
  });
  const page = (await browser.pages())[0] || await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  const el = async (sel) => {
    const h = await page.$(sel);
    if (!h) throw new Error(`no element ${sel}`);
    return h;
  };
  return common({
    engine: 'firefox', raw: page, settle: loadTracker(page),
    goto: (url) => page.goto(url).then(() => {}),
    reload: () => page.reload().then(() => {}),
    click: (sel) => page.click(sel),
    fill: (sel, v) => page.locator(sel).fill(v),
    text: async (sel) => (await el(sel)).evaluate((e) => e.textContent),
    attr: async (sel, name) => (await el(sel)).evaluate((e, n) => e.getAttribute(n), name),
    value: async (sel) => (await el(sel)).evaluate((e) => e.value),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    setViewport: (width, height) => page.setViewport({ width, height }),
    screenshot: (path) => page.screenshot({ path }).then(() => {}),
    errors: () => [...errors],
    async close() {
      await browser.close().catch((e) => console.warn(`engines: closing firefox: ${e.message}`));
      rmSync(dir, { recursive: true, force: true });
    },
  });
}

// ---- WebKit (WebKitWebDriver, W3C WebDriver over HTTP; MiniBrowser under Xvfb)
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf'; // the W3C web element identifier

function startXvfb() {
  return new Promise((ok, fail) => {
    // -displayfd: Xvfb picks a free display and writes its number on fd 3
    const x = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1400x1100x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    x.stderr.on('data', (d) => { err += d; });
    x.stdio[3].on('data', (d) => {
      out += d;
      if (out.includes('\n')) ok({ proc: x, display: `:${out.trim()}` });
    });
    x.on('exit', (code) => fail(new Error(`Xvfb exited (${code}) before giving a display: ${err.trim().slice(-300)}`)));
  });
}

async function webkitEngine({ language }) {
  const xvfb = await startXvfb();
  const port = await freePort();
  const env = { ...process.env, DISPLAY: xvfb.display };
  if (language != null) {
    delete env.LANGUAGE;
    if (language) { env.LANG = language; env.LC_ALL = language; } else { delete env.LANG; delete env.LC_ALL; }
  }
  const driver = spawn(BINARIES.webkit, [`--port=${port}`, '--host=127.0.0.1'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let driverLog = '';
  driver.stderr.on('data', (d) => { driverLog = (driverLog + d).slice(-2000); });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => { driver.kill(); xvfb.proc.kill(); };
  async function cmd(method, path, body) {
    const r = await fetch(base + path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const j = await r.json();
    if (!r.ok) throw new Error(`WebKitWebDriver ${method} ${path}: ${j.value?.error}: ${j.value?.message}`);
    return j.value;
  }
  let id;
  try {
    await poll(() => fetch(`${base}/status`).then((r) => r.ok, () => false), 15000, `WebKitWebDriver on port ${port} ${driverLog}`);
    const s = await cmd('POST', '/session', {
      capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] }, timeouts: { script: 120000, pageLoad: 120000 } } },
    });
    id = s.sessionId;
    await cmd('POST', `/session/${id}/window/rect`, { width: VIEWPORT.width, height: VIEWPORT.height });
  } catch (e) {
    stop();
    throw e;
  }
  const S = `/session/${id}`;
  const kept = [];
  const find = async (sel) => {
    const r = await cmd('POST', `${S}/element`, { using: 'css selector', value: sel });
    if (!r || !r[ELEMENT]) throw new Error(`WebKitWebDriver: no element reference for ${sel} in ${JSON.stringify(r).slice(0, 200)}`);
    return r[ELEMENT];
  };
  // the page's errors so far (read before a navigation replaces the page)
  const pageErrors = () => cmd('POST', `${S}/execute/sync`, { script: 'return window.__engineErrors || []', args: [] }).catch(() => []);
  const arm = () => cmd('POST', `${S}/execute/sync`, { script: RECORDER, args: [] });
  const navigate = async (go) => {
    kept.push(...await pageErrors());
    await go();
    await arm();
  };
  const evaluate = async (fn, arg) => {
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve().then(() => (${String(fn)})(arguments[0]))
        .then((v) => done({ ok: v === undefined ? null : v }), (e) => done({ err: String(e && e.stack || e) }));`;
    const r = await cmd('POST', `${S}/execute/async`, { script, args: [arg === undefined ? null : arg] });
    if (r && r.err) throw new Error(`in the page: ${r.err}`);
    return r ? r.ok : r;
  };
  let current = [];
  const b = common({
    engine: 'webkit',
    goto: (url) => navigate(() => cmd('POST', `${S}/url`, { url })),
    reload: () => navigate(() => cmd('POST', `${S}/refresh`, {})),
    click: async (sel) => cmd('POST', `${S}/element/${await find(sel)}/click`, {}),
    async fill(sel, v) {
      const e = await find(sel);
      await cmd('POST', `${S}/element/${e}/clear`, {});
      if (v) await cmd('POST', `${S}/element/${e}/value`, { text: v });
    },
    text: async (sel) => cmd('GET', `${S}/element/${await find(sel)}/property/textContent`),
    attr: async (sel, name) => cmd('GET', `${S}/element/${await find(sel)}/attribute/${encodeURIComponent(name)}`),
    value: async (sel) => cmd('GET', `${S}/element/${await find(sel)}/property/value`),
    evaluate,
    setViewport: (width, height) => cmd('POST', `${S}/window/rect`, { width, height }),
    async screenshot(path) { writeFileSync(path, Buffer.from(await cmd('GET', `${S}/screenshot`), 'base64')); },
    // synchronous like the other engines' lists: the last refresh (refreshErrors) plus what
    // earlier pages had
    errors: () => [...kept, ...current],
    async close() {
      await cmd('DELETE', S).catch((e) => console.warn(`engines: closing webkit: ${e.message}`));
      stop();
    },
  });
  // WebKit's errors come from the page: refresh them before reading errors()
  b.refreshErrors = async () => { current = await pageErrors(); };
  return b;
}

const LAUNCH = { chromium: chromiumEngine, firefox: firefoxEngine, webkit: webkitEngine };

// launchEngine(name, {language}) -> the browser API above (one tab, a fresh profile)
export async function launchEngine(name, { language = null } = {}) {
  if (!LAUNCH[name]) throw new Error(`unknown engine "${name}" (known: ${ENGINES.join(', ')})`);
  const b = await LAUNCH[name]({ language });
  b.refreshErrors ??= async () => {};
  return b;
}
