// untrusted.test.mjs - links from strangers: script-injection attempts in every link field
// run nothing, become no markup, and the page says something about the rejected value.
import { setup, tid } from './helpers.mjs';

let env;
beforeAll(async () => { env = await setup(); });
afterAll(async () => { await env.close(); });

const PAYLOADS = [
  '<img src=x onerror="window.__pwned=1">',
  '"><script>window.__pwned=1</script>',
  "javascript:window.__pwned=1",
  "R U'); window.__pwned=1; ('",
];

test('script injection in every link field runs nothing and is explained', async () => {
  const fields = ['scramble', 'facelets', 'alg', 'setup', 'solver', 'seed', 'p.population', 'p.<b>x</b>'];
  for (const field of fields) {
    for (const payload of PAYLOADS) {
      const page = await env.open(`?${encodeURIComponent(field)}=${encodeURIComponent(payload)}`);
      let dialog = false;
      page.on('dialog', async (d) => { dialog = true; await d.dismiss(); });
      await page.waitForTimeout(50);
      expect(await page.evaluate(() => window.__pwned === undefined)).toBe(true);
      expect(dialog).toBe(false);
      // nothing from the link became markup
      expect(await page.evaluate(() => document.querySelectorAll('img[src="x"], b').length)).toBe(0);
      // the page says something about the rejected value (an inline error or a notice)
      const said = await page.evaluate(() => [...document.querySelectorAll('[role=alert], [role=status], .error, .notice, #scramble-error, #seed-error')]
        .filter((e) => !e.hidden && e.textContent.trim()).map((e) => e.textContent).join(' | '));
      if (field !== 'p.population' || !/^\d/.test(payload)) expect(said.length).toBeGreaterThan(0);
      await page.close();
    }
  }
  expect(env.errors).toEqual([]);
}, 180000);
