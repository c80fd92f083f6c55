// outline.lazy.mjs - the stickers a core message names (web/page/input/painter.mjs outlines them on the
// net), and the message with its colours named as the net names them, loaded the first time
// the painter shows a fault.

// A face letter -> [axis, side] of its cubies' coordinate (x to R, y to U, z to F).
const FACE_AXIS = { R: [0, 1], L: [0, -1], U: [1, 1], D: [1, -1], F: [2, 1], B: [2, -1] };

// The facelet indices of the piece a name like "UR" or "DFR" denotes (one letter per axis),
// or [] for a name that is no piece. FACELETS: web/lib/geometry.mjs's (passed in, so this
// module imports nothing and the first load's modules do not split into chunks).
export function pieceStickers(name, FACELETS) {
  const cubie = [0, 0, 0];
  for (const f of name) {
    const a = FACE_AXIS[f];
    if (!a || cubie[a[0]]) return [];
    cubie[a[0]] = a[1];
  }
  return FACELETS.filter((s) => s.pos.every((v, k) => v === cubie[k])).map((s) => s.index);
}

// The stickers a core message names, as facelet indices in order, no repeats: pieces
// ("the edge at UR", "at UR and BR", "the corners at URF and UFL"), single stickers
// ("at position 5 (U5)") and centres ("the U and R centres").
export function stickersNamed(message, FACELETS) {
  const FACES = ['U', 'R', 'F', 'D', 'L', 'B'];
  const out = new Set();
  const text = String(message || '');
  for (const m of text.matchAll(/\(([URFDLB])([1-9])\)/g)) out.add(FACES.indexOf(m[1]) * 9 + Number(m[2]) - 1);
  const centres = /the ([URFDLB]) and ([URFDLB]) centres/.exec(text);
  if (centres) for (const f of [centres[1], centres[2]]) out.add(FACES.indexOf(f) * 9 + 4);
  for (const m of text.matchAll(/\b(?:at|and|,) ((?:[URFDLB]{2,3})(?:(?:, | and )[URFDLB]{2,3})*)\b/g)) {
    for (const name of m[1].split(/, | and /)) for (const i of pieceStickers(name, FACELETS)) out.add(i);
  }
  return [...out];
}

// The core's message with its colour letters named as the net names them ("colour U appears
// 8 times, R 10 times" -> "white appears 8 times, red 10"); sticker places (U5) stay.
// COLOR_NAMES: web/lib/geometry.mjs's (passed in, as FACELETS above).
export function colourWords(msg, COLOR_NAMES) {
  const n = (c) => COLOR_NAMES[c];
  return msg.replace(/colour ([URFDLB]) appears (\d+) times/, (_, c, k) => `${n(c)} appears ${k} times`)
    .replace(/, ([URFDLB]) (\d+) times/g, (_, c, k) => `, ${n(c)} ${k}`)
    .replace(/(colours? )([URFDLB](?:(?:, | and )[URFDLB])*)\b/g, (_, w, list) => w + list.replace(/[URFDLB]/g, n));
}
