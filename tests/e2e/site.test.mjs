// site.test.mjs - the parts of the site that need no browser: the static server (MIME
// types, CSP header, Service-Worker-Allowed, no escape from the root), the service
// worker's precache list (every module the page loads is in it), and the share-link
// format (round trips, aliases, bounds on untrusted input).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import { ROOT } from './helpers.mjs';
import { startServer, resolveRequestPath } from '../../scripts/serve.mjs';
import { shellManifest } from '../../scripts/shell-manifest.mjs';
import { readShare, buildShare, encodeAlg, decodeAlg, twizzleUrl, MAX_QUERY } from '../../web/lib/share-link.mjs';

function get(url, path) {
  return new Promise((ok, fail) => {
    const u = new URL(url);
    const req = request({ host: u.hostname, port: u.port, path, method: 'GET' }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => ok({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('scripts/serve.mjs', () => {
  let s;
  beforeAll(async () => { s = await startServer({ root: ROOT, port: 0 }); });
  afterAll(async () => { await s.close(); });

  test('serves the site with the right types and the CSP', async () => {
    const page = await get(s.url, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect((await get(s.url, '/web/main.mjs')).headers['content-type']).toMatch(/^text\/javascript/);
    expect((await get(s.url, '/web/gen/evocube.wasm')).headers['content-type']).toBe('application/wasm');
    expect((await get(s.url, '/web/manifest.webmanifest')).headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect((await get(s.url, '/web/sw.js')).headers['service-worker-allowed']).toBe('/');
    expect((await get(s.url, '/index.html?scramble=R_U')).status).toBe(200);
    expect((await get(s.url, '/nope.js')).status).toBe(404);
  });

  test('refuses paths that leave the root', async () => {
    for (const p of ['/../package.json', '/web/%2e%2e/%2e%2e/etc/passwd', '/%2e%2e%2fpackage.json', '/web/..%5c..%5cx', '/a%00b', '/%E0%A4%A']) {
      const r = await get(s.url, p);
      expect([400, 404]).toContain(r.status);
      expect(r.body.toString()).not.toContain('"name"');
    }
    expect(resolveRequestPath(ROOT, '/web/../../etc/passwd')).toBeNull();
    expect(resolveRequestPath(ROOT, '/index.html')).toBe(join(ROOT, 'index.html'));
  });

  test('a busy port falls back to a free one', async () => {
    const other = await startServer({ root: ROOT, port: s.port });
    expect(other.port).not.toBe(s.port);
    await other.close();
  });
});

test('the service worker precaches every module and stylesheet the page loads', () => {
  // the development site's list is the build manifest's files (web/sw.js's devShell) but DEV_SKIP
  const sw = readFileSync(join(ROOT, 'web', 'sw.js'), 'utf8');
  expect(sw).toMatch(/^const SHELL = null;$/m);
  const skip = JSON.parse(/^const DEV_SKIP = (\[.*\]);$/m.exec(sw)[1].replace(/'/g, '"'));
  expect(skip.sort()).toEqual(['web/lib/core-node.mjs', 'web/sw.js']);
  const list = Object.keys(shellManifest(ROOT).files).filter((k) => !skip.includes(k));
  const sources = (d) => readdirSync(join(ROOT, d), { withFileTypes: true }).flatMap((e) => (e.isDirectory()
    ? (['gen', 'vendor', 'icons'].includes(e.name) && d === 'web' ? [] : sources(`${d}/${e.name}`))
    : /\.(mjs|css)$/.test(e.name) ? [`${d}/${e.name}`] : []));
  const wanted = sources('web').filter((f) => !skip.includes(f));
  expect(wanted.length).toBeGreaterThan(40);
  for (const f of wanted) expect(list).toContain(f);
  for (const f of ['gen/evocube.mjs', 'gen/evocube.wasm', 'vendor/three.module.js',
    'vendor/uPlot.esm.js', 'vendor/uPlot.min.css', 'manifest.webmanifest']) expect(list).toContain(`web/${f}`);
  expect(list).toContain('index.html');
  // and index.html names no other origin and carries no inline script or style
  const html = readFileSync(join(ROOT, 'index.html'), 'utf8');
  expect(html).not.toMatch(/(src|href)="(https?:)?\/\/(?!alpha\.twizzle\.net)/);
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(html).not.toMatch(/<style|\sstyle="/);
});

describe('share links', () => {
  test('round trip of a scramble with settings', () => {
    const q = buildShare({ scramble: "R U R' U'\nF2 // x", solver: 'hugo', seed: '42', preset: 'fast', params: { population: '50' } });
    expect(q).toBe("?scramble=R_U_R-_U-%0AF2_%2F%2F_x&solver=hugo&seed=42&preset=fast&p.population=50");
    const r = readShare(q);
    expect(r).toEqual({ scramble: "R U R' U'\nF2 // x", solver: 'hugo', seed: '42', preset: 'fast', params: { population: '50' }, problems: [] });
  });

  test('DESIGN.md forms and aliases', () => {
    expect(readShare('?scramble=R_U_R-_F2&solver=hugo&seed=42&p.population=50'))
      .toEqual({ scramble: "R U R' F2", solver: 'hugo', seed: '42', params: { population: '50' }, problems: [] });
    // alg= is a solution (alg.cubing.net, Twizzle); alone, its cube is the one it solves
    expect(readShare("?alg=R+U'+F")).toMatchObject({ solution: "R U' F", algOnly: true });
    expect(readShare("?setup-alg=R+U'+F&alg=F-")).toMatchObject({ scramble: "R U' F", solution: "F'" });
    expect(readShare('?setup=R%20U%27').scramble).toBe("R U'");
    const f = 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB';
    expect(readShare(`?facelets=${f}`).facelets).toBe(f);
    expect(buildShare({ facelets: f, solver: 'twophase', seed: 1 })).toBe(`?facelets=${f}&solver=twophase&seed=1`);
    expect(decodeAlg(encodeAlg("(R U')3 D2"))).toBe("(R U')3 D2");
  });

  test('untrusted input is bounded and shape-checked', () => {
    expect(readShare(`?scramble=${'R_'.repeat(MAX_QUERY)}`).scramble).toBeUndefined();
    const r = readShare('?solver=<img>&seed=-1&p.__proto__=1&p.x=a,b=c&facelets=' + 'U'.repeat(100));
    expect(r.solver).toBeUndefined();
    expect(r.seed).toBeUndefined();
    expect(r.facelets).toBeUndefined();
    expect(r.params).toEqual({});
    expect(Object.getPrototypeOf(r.params)).toBe(Object.prototype);
    expect(r.problems.length).toBe(5);
    const many = Array.from({ length: 40 }, (_, i) => `p.k${i}=1`).join('&');
    expect(Object.keys(readShare(`?${many}`).params)).toHaveLength(32);
  });

  test('the Twizzle link carries setup and phases as // comments', () => {
    const u = new URL(twizzleUrl("R U'", [{ name: 'G0 -> G1', solution: 'U', length: 1 }, { name: 'G1 -> G2', solution: "R'", length: 1 }], "U R'"));
    expect(u.origin + u.pathname).toBe('https://alpha.twizzle.net/edit/');
    expect(u.searchParams.get('setup-alg')).toBe("R U'");
    expect(u.searchParams.get('alg')).toBe("U // G0 -> G1 (1)\nR' // G1 -> G2 (1)");
  });
});
