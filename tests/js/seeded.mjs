// seeded.mjs - the test suites' own deterministic generator (a 32-bit LCG, not the core's
// PRNG on purpose: a cross-check should not depend on the code under test) and a pick from a
// list with it. Used by tests only.

// lcg(seed)(): the next number in [0, 1)
export function lcg(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

export const pick = (rand, list) => list[Math.floor(rand() * list.length)];
