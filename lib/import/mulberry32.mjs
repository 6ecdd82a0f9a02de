// mulberry32: a tiny 32-bit PRNG, good enough for test data and identical on every platform. Plain
// JS: the generator (generate-menus.ts) and the growth benchmark (bench/growth.mjs, run by node
// without a build) draw from the same one.

/**
 * A generator of numbers in [0, 1) from `seed`: the same seed draws the same values.
 *
 * @param {number} seed
 * @returns {() => number}
 */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
