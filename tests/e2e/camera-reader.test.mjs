// camera-reader.test.mjs - the camera's colour reader (web/lib/scan-colours.mjs) on the camera
// test set (scripts/camera-set.mjs): 52 random cubes, 312 faces rendered by the app's own
// three.js cube in headless Chromium in three sticker schemes (bright, pastel, dark plastic),
// half square-on in plain light, half tilted and rolled under a photographed light
// (temperature 2,700-6,500 K, brightness, cast, glare, blur, noise). Targets: every clean cube
// read exactly; at least 98% of hard cubes and 99.8% of their stickers; every wrong cube is
// caught by the core's check or names its wrong stickers among the least confident.
// `npm run bench -- camera` runs a larger set and prints the confusion table.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { ROOT } from './helpers.mjs';
import { tally } from '../../scripts/camera-set.mjs';

let core, result;
beforeAll(async () => {
  core = await loadCoreNode();
  // in its own Node process: Jest's module sandbox runs the pixel loops about 9x slower
  const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, 'scripts', 'camera-set.mjs'), '52', '1'], { maxBuffer: 1 << 26 });
  result = JSON.parse(stdout);
}, 300000);

test('the set is what it says: 312 faces, three schemes, half of them hard', () => {
  expect(result.cubes).toHaveLength(52);
  expect(new Set(result.cubes.map((c) => c.scheme))).toEqual(new Set(['bright', 'pastel', 'dark']));
  expect(result.cubes.filter((c) => c.hard)).toHaveLength(26);
  // the truth is a legal cube of 9 stickers a colour (the core's own check)
  for (const c of result.cubes) expect(core.validate(c.truth)).toBe('ok');
});

test('every clean cube is read exactly', () => {
  const clean = tally(result.cubes.filter((c) => !c.hard));
  expect(clean.correct).toBe(clean.cubes);
});

test('hard cubes: at least 98% of cubes and 99.8% of stickers read exactly', () => {
  const hard = tally(result.cubes.filter((c) => c.hard));
  expect(hard.correct / hard.cubes).toBeGreaterThanOrEqual(0.98);
  expect(hard.stickersCorrect / hard.stickers).toBeGreaterThanOrEqual(0.998);
});

test('a wrong reading is flagged: the core refuses it or its wrong stickers are among the least confident', () => {
  for (const c of result.cubes.filter((x) => x.wrong.length)) {
    if (c.check.ok) {
      const order = [...c.confidence.keys()].sort((a, b) => c.confidence[a] - c.confidence[b]);
      for (const i of c.wrong) expect(order.indexOf(i)).toBeLessThan(6);
    } else {
      expect(c.check.message).toMatch(/cannot be solved|must|colour|twisted|flipped|swapped/);
    }
  }
  // the confidences mean something: right stickers are on the whole surer than wrong ones
  const right = result.cubes.flatMap((c) => c.confidence.filter((_, i) => !c.wrong.includes(i) && i % 9 !== 4));
  expect(right.filter((v) => v > 0.5).length / right.length).toBeGreaterThan(0.95);
});
