// view3d.test.mjs - the 3D view's moves, read from the rendered scene (sticker meshes' world
// positions and colours, helpers.mjs) in real Chromium with WebGL: mid-turn, each moving
// sticker's observed rotation (axis and sense, from its positions, not from the view's own
// tables) carried on to a full turn must put every colour where the core's state after the
// move has it. A turn animated the wrong way (or the wrong layers) lands stickers where the
// core disagrees. The landed view also shows the core's state (Kociemba's order, read here).
import { setup, readStickers, shownFacelets, faceletAt } from './helpers.mjs';

let env, page;
beforeAll(async () => { env = await setup(); page = await env.open(); });
afterAll(async () => { await env.close(); });

// In the page: from state `start`, animate `token` over ms ending at `after`; the stickers
// at rest before, on the first frame where some sticker has moved by 10^-6 or more (a tiny
// angle, whose sense is still exact in double precision), and after the
// turn has been finished at once (the view's flush). The turn is long (ms) so that a frame
// comes while it runs however slow the machine; it is then cut short.
function animate(page, token, start, after, ms) {
  return page.evaluate(async ({ token, start, after, ms }) => {
    const v = window.evocube.view;
    const read = () => {
      v.scene.updateMatrixWorld(true);
      return v.stickers.map((m) => ({ p: [12, 13, 14].map((k) => m.matrixWorld.elements[k]), c: m.material.color.getHexString() }));
    };
    await v.flush();
    v.setState(start);
    const before = read();
    const moved = (s) => s.some((x, i) => Math.hypot(...x.p.map((c, k) => c - before[i].p[k])) > 1e-6);
    const landed = v.turn(token, after, ms);
    let mid = null;
    await new Promise((resolve) => {
      const tick = () => {
        const s = read();
        if (moved(s)) { mid = s; resolve(); } else if (!v.busy) resolve(); else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await v.flush();
    await landed;
    return { before, mid, after: read() };
  }, { token, start, after, ms });
}

const AXES = [0, 1, 2];
// p rotated by angle (radians, right-handed) about axis a
function rotate(p, a, angle) {
  const [i, j] = AXES.filter((k) => k !== a);
  // right-handed about x: (y, z); about y: (z, x); about z: (x, y)
  const [u, w] = a === 1 ? [j, i] : [i, j];
  const c = Math.round(Math.cos(angle)), s = Math.round(Math.sin(angle));
  const q = [...p];
  q[u] = c * p[u] - s * p[w];
  q[w] = s * p[u] + c * p[w];
  return q;
}

// Where each sticker lands if the rotation seen mid-turn is carried on to a whole turn of
// `quarters` quarter turns: index -> facelet index
function predictedLanding(before, mid, quarters) {
  const ds = before.map((b, i) => mid[i].p.map((v, k) => v - b.p[k]));
  // the axis: the coordinate the turn keeps, i.e. the one that moved least over all stickers
  // (a sticker alone can be ambiguous: one beside the axis moves by angle^2 along a second
  // coordinate, about as little as rounding)
  const spread = AXES.map((k) => Math.max(...ds.map((d) => Math.abs(d[k]))));
  const a = AXES.reduce((best, k) => (spread[k] < spread[best] ? k : best), 0);
  return before.map((b, i) => {
    const m = mid[i].p;
    const d = ds[i];
    if (Math.hypot(...d) < 1e-12) return faceletAt(b.p); // not moving (or on the axis)
    const [u, w] = a === 1 ? [2, 0] : AXES.filter((k) => k !== a);
    const sense = Math.sign(b.p[u] * m[w] - b.p[w] * m[u]); // + : right-handed about axis a
    return faceletAt(rotate(b.p, a, sense * quarters * Math.PI / 2));
  });
}

const MOVES = ['U', "U'", 'R', "F'", 'D', 'L', "B'", 'U2', 'M', "E'", 'S', 'x', "y'", 'Rw', "u'"];

test.each(MOVES)('%s turns the right way: the rotation seen mid-turn lands each colour where the core has it', async (token) => {
  if (!(await readStickers(page))) throw new Error('the 3D view is not available: these tests need WebGL');
  const start = env.core.apply("R U2 F' L D' B2"); // a scrambled cube: every face shows several colours
  const after = env.core.apply(token, start);
  const { before, mid, after: landed } = await animate(page, token, start, after, 20000);
  expect(shownFacelets(before)).toBe(start);
  expect(shownFacelets(landed)).toBe(after);
  expect(mid).not.toBeNull(); // the turn was animated
  const quarters = /2/.test(token) ? 2 : 1;
  const where = predictedLanding(before, mid, quarters);
  const predicted = Array(54).fill('?');
  before.forEach((b, i) => { if (where[i] >= 0) predicted[where[i]] = start[faceletAt(b.p)]; });
  expect(predicted.join('')).toBe(after);
}, 30000);

test('no console errors', () => { expect(env.errors).toEqual([]); });
