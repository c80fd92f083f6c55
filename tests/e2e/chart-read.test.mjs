// chart-read.test.mjs - the fitness chart reads, on a real run of every solver of this build
// (its defaults when the descriptor says it is quick, else its "fast" or "thesis" preset), in
// Chromium at 1280 x 800: the fitness axis's label fits the plot's height (measured in the
// chart's font), the phase labels' bounding boxes never overlap and every phase the run went
// through is labelled (the first one too), the legend has one best entry (no min / max pair)
// and its best and mean are the tiles' texts at the end of the run; the Watch panel's
// population histogram's labels never overlap (bounding boxes).
import { setup, tid, waitStatus } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

const LABEL_FONT = 'bold 12px system-ui, sans-serif'; // web/page/run/chart.mjs Y_LABEL_FONT

function presetOf(d) {
  if (d.quick) return '';
  const names = (d.presets || []).map((p) => p.name || p);
  return ['fast', 'thesis'].find((n) => names.includes(n)) || '';
}

// the chart as drawn: the axis label and its room, the phase labels' boxes, the legend
function readChart(page, font) {
  return page.evaluate((labelFont) => {
    const u = window.evocube.chart.plot;
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = labelFont;
    const label = u.axes[1].label;
    const boxes = [...document.querySelectorAll('[data-testid="phase-label"]')].map((e) => {
      const r = e.getBoundingClientRect();
      return { text: e.textContent, l: r.left, r: r.right, t: r.top, b: r.bottom };
    });
    const over = u.over.getBoundingClientRect();
    const legend = [...document.querySelectorAll('[data-testid="chart"] .u-legend .u-series')]
      .filter((tr) => getComputedStyle(tr).display !== 'none')
      .map((tr) => [tr.querySelector('.u-label').textContent, tr.querySelector('.u-value').textContent]);
    return {
      label, width: ctx.measureText(label).width, room: u.bbox.height / (window.devicePixelRatio || 1),
      boxes, over: { l: over.left, r: over.right }, legend,
      phases: window.evocube.chart.buckets.phases.map((p) => p.label),
      tiles: { best: document.querySelector('[data-testid="best-fitness"]').textContent.trim(), mean: document.querySelector('[data-testid="mean-fitness"]').textContent.trim() },
    };
  }, font);
}

const overlap = (a, b) => a.l < b.r && b.l < a.r && a.t < b.b && b.t < a.b;

test('the chart on a real run of every solver: axis label in, phase labels apart, the first one there, legend = tiles', async () => {
  const scramble = env.core.scrambleMoves(20, 9);
  for (const d of env.core.solvers()) {
    const preset = presetOf(d);
    const page = await env.open(`?scramble=${encodeURIComponent(scramble)}&solver=${d.name}&seed=1${preset ? `&preset=${preset}` : ''}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.click('#watch-box summary'); // the Watch views, for the population histogram
    await page.click(tid('solve'));
    await waitStatus(page, ['solved', 'gave up'], 120000);
    await page.waitForFunction(() => window.evocube.chart?.plot && document.querySelector('[data-testid="chart"] canvas'));
    await page.waitForTimeout(300);
    const c = await readChart(page, LABEL_FONT);
    const who = `${d.name}${preset ? ` (${preset})` : ''}`;
    // the fitness axis's label: there, and within the plot's height
    expect([who, c.label.length > 0, c.width <= c.room]).toEqual([who, true, true]);
    // phase labels: one per phase the run went through, the first included, none overlapping
    expect([who, c.boxes.map((b) => b.text)]).toEqual([who, c.phases]);
    for (let i = 0; i < c.boxes.length; i++) {
      for (let j = i + 1; j < c.boxes.length; j++) expect([who, c.boxes[i].text, c.boxes[j].text, overlap(c.boxes[i], c.boxes[j])]).toEqual([who, c.boxes[i].text, c.boxes[j].text, false]);
      expect([who, c.boxes[i].l >= c.over.l - 0.5 && c.boxes[i].r <= c.over.r + 0.5]).toEqual([who, true]);
    }
    // the legend: gen, best, mean (no best min / best max), best and mean as the tiles say
    expect([who, c.legend.map(([l]) => l)]).toEqual([who, ['gen', 'best', 'mean']]);
    const legend = Object.fromEntries(c.legend);
    expect([who, legend.best.split(' (')[0], legend.mean]).toEqual([who, c.tiles.best, c.tiles.mean]);
    // the population histogram (a solver whose records carry one): its labels' boxes apart
    const hist = await page.$$eval('[data-testid="hist-bar"] text', (ts) => ts.filter((t) => t.textContent).map((t) => {
      const r = t.getBoundingClientRect();
      return { text: t.textContent, l: r.left, r: r.right, t: r.top, b: r.bottom };
    }));
    for (let i = 1; i < hist.length; i++) expect([who, hist[i - 1].text, hist[i].text, overlap(hist[i - 1], hist[i])]).toEqual([who, hist[i - 1].text, hist[i].text, false]);
    await page.close();
  }
  expect(env.errors).toEqual([]);
}, 900000);
