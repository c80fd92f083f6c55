// geometry.mjs - where each of the 54 facelets sits in space, and which layers a move
// turns, for the 3D view and the flat net. Axes: x to R, y to U, z to F; cubie
// coordinates are -1, 0, 1. Facelet i is face FACES[i / 9 | 0], row (i % 9) / 3, column
// i % 3, each face read as in Kociemba's order (U seen from above with B at the top, D from
// below with F at the top, the side faces with U at the top). No state; all tables are
// built once at import (54 entries).

export const FACES = ['U', 'R', 'F', 'D', 'L', 'B'];
export const COLORS = { U: '#f4f4f0', R: '#c41e3a', F: '#009e60', D: '#ffd500', L: '#ff5800', B: '#0051ba' };
export const COLOR_NAMES = { U: 'white', R: 'red', F: 'green', D: 'yellow', L: 'orange', B: 'blue' };

// [x, y, z] of facelet (face, row r, column c) and its outward normal.
function place(face, r, c) {
  switch (face) {
    case 'U': return { pos: [c - 1, 1, r - 1], normal: [0, 1, 0] };
    case 'R': return { pos: [1, 1 - r, 1 - c], normal: [1, 0, 0] };
    case 'F': return { pos: [c - 1, 1 - r, 1], normal: [0, 0, 1] };
    case 'D': return { pos: [c - 1, -1, 1 - r], normal: [0, -1, 0] };
    case 'L': return { pos: [-1, 1 - r, c - 1], normal: [-1, 0, 0] };
    case 'B': return { pos: [1 - c, 1 - r, -1], normal: [0, 0, -1] };
    default: throw new Error(face);
  }
}

export const FACELETS = Array.from({ length: 54 }, (_, i) => {
  const face = FACES[(i / 9) | 0];
  const k = i % 9;
  return { index: i, face, row: (k / 3) | 0, col: k % 3, ...place(face, (k / 3) | 0, k % 3) };
});

// How a base move turns: axis index (0 x, 1 y, 2 z), the sign of a clockwise quarter turn
// as a right-handed rotation about that axis, and the layers (coordinates) it moves.
const BASES = {
  U: [1, -1, [1]], D: [1, 1, [-1]], R: [0, -1, [1]], L: [0, 1, [-1]], F: [2, -1, [1]], B: [2, 1, [-1]],
  M: [0, 1, [0]], E: [1, 1, [0]], S: [2, -1, [0]],
  x: [0, -1, [-1, 0, 1]], y: [1, -1, [-1, 0, 1]], z: [2, -1, [-1, 0, 1]],
};
for (const f of 'URFDLB') {
  const [axis, sign, [layer]] = BASES[f];
  BASES[f + 'w'] = [axis, sign, [layer, 0]];
  BASES[f.toLowerCase()] = [axis, sign, [layer, 0]];
}

// One canonical move token ("R", "U2", "Rw'", "M", "x2", "r'") -> {axis, layers, angle}
// with angle in radians (signed), or null for a token the view does not know.
export function moveTurn(token) {
  const m = /^([URFDLBMESxyz]w?|[urfdlb])(2'|2|3|')?$/.exec(token);
  if (!m || !BASES[m[1]]) return null;
  const [axis, sign, layers] = BASES[m[1]];
  const suffix = m[2] || '';
  const quarters = suffix === "'" || suffix === '3' ? -1 : suffix.startsWith('2') ? 2 : 1;
  return { axis, layers, angle: sign * quarters * Math.PI / 2, token };
}

// The 26 visible cubie positions.
export const CUBIES = [];
for (let x = -1; x <= 1; x++)
  for (let y = -1; y <= 1; y++)
    for (let z = -1; z <= 1; z++) if (x || y || z) CUBIES.push([x, y, z]);
