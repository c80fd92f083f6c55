// camera.mjs - `npm run bench -- camera [cubes] [seed]`: the camera's colour reader
// (web/lib/scan-colours.mjs) on the camera test set (scripts/camera-set.mjs): `cubes` random
// cubes (default 200: 1,200 faces), half clean (square-on, plain light) and half hard (tilt,
// roll, colour temperature, brightness, cast, glare, blur, noise), sticker schemes bright,
// pastel and dark plastic in turn. Prints, for docs/BENCHMARKS.md section "## camera", the
// share of cubes and stickers read exactly per half and per scheme, the wrong cubes the
// core's check caught, the least confidence a rightly read sticker got (the margin left), the
// baseline of reading each sticker alone (nearest centre, same calibration), and the
// confusion table of the hard half's colours.
import { loadCoreNode } from '../../web/lib/core-node.mjs';
import { COLOR_NAMES, FACES } from '../../web/lib/geometry.mjs';
import { runSet, tally } from '../camera-set.mjs';

const pct = (a, b) => `${(100 * a / b).toFixed(2)}%`;

export default async function camera(args) {
  const cubes = Number(args[0] || 200), seed = Number(args[1] || 1);
  if (!Number.isInteger(cubes) || cubes < 2 || cubes > 2000) throw new Error(`camera: cubes must be a whole number from 2 to 2000 (got ${args[0]})`);
  const core = await loadCoreNode();
  const { cubes: read, ms } = await runSet(core, { cubes, seed });
  const renderMs = ms.render, readMs = ms.read;
  console.log(`## camera\n\n${cubes} cubes (${cubes * 6} faces, seed ${seed}); render ${(renderMs / 1000).toFixed(1)} s in Chromium, photograph + read ${(readMs / 1000).toFixed(1)} s in Node (${(readMs / read.length).toFixed(0)} ms a cube)\n`);
  console.log('| half | scheme | cubes | cubes exact | stickers exact | wrong cubes the core refused | least confidence of a right sticker | baseline: each sticker alone to the nearest centre, cubes / stickers exact |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const hard of [false, true]) {
    for (const scheme of ['all', 'bright', 'pastel', 'dark']) {
      const part = read.filter((c) => c.hard === hard && (scheme === 'all' || c.scheme === scheme));
      const s = tally(part);
      const wrong = part.filter((c) => c.wrong.length);
      const least = Math.min(...part.flatMap((c) => c.confidence.filter((_, i) => i % 9 !== 4 && !c.wrong.includes(i))));
      const base = part.map((c) => [...c.nearest].filter((x, i) => x === c.truth[i]).length);
      console.log(`| ${hard ? 'hard' : 'clean'} | ${scheme} | ${s.cubes} | ${s.correct} (${pct(s.correct, s.cubes)}) | ${pct(s.stickersCorrect, s.stickers)} | ${wrong.filter((c) => !c.check.ok).length} of ${wrong.length} | ${least.toFixed(2)} | ${pct(base.filter((n) => n === 54).length, part.length)} / ${pct(base.reduce((a, b) => a + b, 0), 54 * part.length)} |`);
    }
  }
  for (const [title, key] of [['the joint reading', 'read'], ['the baseline (each sticker alone to the nearest centre)', 'nearest']]) {
    const confusion = Object.fromEntries(FACES.map((f) => [f, Object.fromEntries(FACES.map((g) => [g, 0]))]));
    for (const c of read.filter((x) => x.hard)) for (let i = 0; i < 54; i++) confusion[c.truth[i]][c[key][i]]++;
    console.log(`\nConfusion of the hard half, ${title} (rows: true colour, columns: read as):\n`);
    console.log(`| true \\ read | ${FACES.map((f) => COLOR_NAMES[f]).join(' | ')} |`);
    console.log(`|---|${FACES.map(() => '---:').join('|')}|`);
    for (const f of FACES) console.log(`| ${COLOR_NAMES[f]} | ${FACES.map((g) => confusion[f][g]).join(' | ')} |`);
  }
}
