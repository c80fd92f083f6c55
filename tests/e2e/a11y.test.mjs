// a11y.test.mjs - accessibility of the page in real Chromium:
// - WCAG AA contrast computed from the page's computed styles: every visible text at least
//   4.5:1 against the background it sits on (backgrounds walked up and alpha-blended), every
//   enabled control's border at least 3:1 against what surrounds the control;
// - prefers-reduced-motion: a playback turn lands at once (no eased animation), no CSS
//   transitions, no smooth scrolling, no gliding of the 3D view after a drag;
// - focus after Solve stays on a control (Pause during the run, Play once solved), never
//   falls to <body>;
// - the chart and the 3D canvas have roles and labels (the canvas says what it shows).
import { setup, tid, pickSolver, waitStatus, waitReady } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

// In the page: [{what, ratio}] for every text and control border below its minimum.
function contrastFailures(page) {
  return page.evaluate(() => {
    const rgba = (s) => {
      const m = s.match(/rgba?\(([^)]+)\)/);
      if (!m) return null;
      const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return [r, g, b, a];
    };
    const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat(1);
    // the opaque colour behind element e (its own background included when self)
    const behind = (e, self) => {
      const layers = [];
      for (let n = self ? e : e.parentElement; n; n = n.parentElement) {
        const c = rgba(getComputedStyle(n).backgroundColor);
        if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
      }
      let col = [255, 255, 255, 1]; // the canvas default under everything
      for (let i = layers.length - 1; i >= 0; i--) col = over(layers[i], col);
      return col;
    };
    const lum = ([r, g, b]) => {
      const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    const visible = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
    const name = (e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.split(' ').join('.')}` : ''} "${(e.textContent || '').trim().slice(0, 30)}"`;
    const out = [];
    let texts = 0, controls = 0;
    for (const e of document.querySelectorAll('body *')) {
      if (!visible(e) || e.closest('[hidden], .uplot, .net, .palette, .logo') || e.disabled || e.closest('button:disabled')) continue;
      const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      const cs = getComputedStyle(e);
      if (own) {
        texts++;
        const fg = rgba(cs.color);
        const bg = behind(e, true);
        const r = ratio(over(fg, bg), bg);
        if (r < 4.5) out.push({ what: `text ${name(e)}`, ratio: Math.round(r * 100) / 100 });
      }
      if (e.matches('input:not([type=checkbox]):not([type=range]), select, textarea, button')) {
        const w = parseFloat(cs.borderTopWidth);
        const bc = rgba(cs.borderTopColor);
        if (w > 0 && bc && bc[3] > 0) {
          controls++;
          const around = behind(e, false);
          const r = ratio(over(bc, around), around);
          if (r < 3) out.push({ what: `border ${name(e)}`, ratio: Math.round(r * 100) / 100 });
        }
      }
    }
    return { out, texts, controls };
  });
}

test('text contrast is at least 4.5:1 and control borders at least 3:1, from the computed styles', async () => {
  const solver = pickSolver(env.core, ['twophase', 'hugo']);
  const page = await env.open(`?scramble=${encodeURIComponent("R U F' L2")}&solver=${solver}&seed=1`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.click('#about-solver summary');
  await page.waitForFunction(() => document.querySelector('#about-body dl'));
  await page.click(tid('solve'));
  await waitStatus(page, 'solved');
  const { out, texts, controls } = await contrastFailures(page);
  console.log(`a11y: contrast checked on ${texts} texts and ${controls} control borders`);
  expect(texts).toBeGreaterThan(60);
  expect(controls).toBeGreaterThan(10);
  expect(out).toEqual([]);
  await page.close();
});

test('prefers-reduced-motion: turns land at once, no transitions, no smooth scroll, no glide', async () => {
  const page = await env.open('?scramble=R%20U&solver=twophase', { ready: false });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await waitReady(page);
  expect(await page.evaluate(() => window.evocube.view.available)).toBe(true);
  await page.click(tid('solve'));
  await waitStatus(page, 'solved');
  // a playback step: the turn is done within a frame or two, not the eased ~400 ms
  const ms = await page.evaluate(async () => {
    const t0 = performance.now();
    await window.evocube.playback.stepForward();
    return performance.now() - t0;
  });
  expect(ms).toBeLessThan(100);
  const css = await page.evaluate(() => ({
    transition: getComputedStyle(document.querySelector('[data-testid="solve"]')).transitionDuration,
    scroll: getComputedStyle(document.documentElement).scrollBehavior,
    damping: window.evocube.view.controls.enableDamping,
  }));
  expect(css).toEqual({ transition: '0s', scroll: 'auto', damping: false });
  // the same step with motion allowed takes the animation's time (the check can fail)
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const slow = await page.evaluate(async () => {
    const t0 = performance.now();
    await window.evocube.playback.stepForward();
    return performance.now() - t0;
  });
  expect(slow).toBeGreaterThan(150);
  await page.close();
});

test('focus stays on a control after Solve; the chart and the canvas have roles and labels', async () => {
  const solver = pickSolver(env.core, ['hugo', 'twes', 'twophase']);
  const page = await env.open(`?scramble=${encodeURIComponent("R U F' D")}&solver=${solver}&seed=3`);
  await page.focus(tid('solve'));
  await page.keyboard.press('Enter');
  // during the run (or at once, if it already ended) the focus is on a run control
  const during = await page.evaluate(() => document.activeElement.dataset.testid || document.activeElement.tagName);
  expect(['pause', 'play', 'solve']).toContain(during);
  await waitStatus(page, 'solved');
  await page.waitForFunction(() => document.activeElement !== document.body && !document.activeElement.disabled);
  expect(await page.evaluate(() => document.activeElement.dataset.testid)).toBe('play');
  const roles = await page.evaluate(() => {
    const chart = document.querySelector('[data-testid="chart"]');
    const canvas = document.querySelector('[data-testid="cube-canvas"]');
    return { chart: [chart.getAttribute('role'), chart.getAttribute('aria-label')], canvas: [canvas.getAttribute('role'), canvas.getAttribute('aria-label')] };
  });
  expect(roles.chart[0]).toBe('img');
  expect(roles.chart[1]).toMatch(/fitness/);
  expect(roles.canvas[0]).toBe('img');
  expect(roles.canvas[1]).toMatch(/^3D cube, solution playback/);
  await page.close();
  expect(env.errors).toEqual([]);
});
