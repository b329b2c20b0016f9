// A counter-based pseudo-random source: every draw is a pure function of integer keys (seed,
// instrument, day, minute, …), so any point of the simulated history can be recomputed alone,
// identically, without replaying what came before. Only IEEE-exact operations (+ − × ÷ √) are
// used, so results do not depend on the platform's Math.log/Math.cos approximations.

/** Mixes up to five 32-bit integers into one 32-bit unsigned hash (murmur3 finaliser). */
export function hash32(a: number, b = 0, c = 0, d = 0, e = 0): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  for (const value of [b, c, d, e]) {
    h = Math.imul(h ^ (h >>> 15), 0xc2b2ae35) ^ value;
    h = Math.imul(h ^ (h >>> 13), 0x27d4eb2f);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a hash of a string, for turning a symbol into a key. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    h ^= text.charCodeAt(index);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) from integer keys. */
export function uniform(a: number, b = 0, c = 0, d = 0, e = 0): number {
  return hash32(a, b, c, d, e) / 4_294_967_296;
}

const IRWIN_HALL_SCALE = Math.sqrt(3);

/**
 * An approximately standard-normal number from integer keys: the sum of four uniforms, centred
 * and scaled to unit variance (Irwin–Hall). Bounded to ±2√3, which keeps the walk free of freak
 * jumps.
 */
export function normal(a: number, b = 0, c = 0, d = 0): number {
  const sum =
    uniform(a, b, c, d, 1) + uniform(a, b, c, d, 2) + uniform(a, b, c, d, 3) + uniform(a, b, c, d, 4);
  return (sum - 2) * IRWIN_HALL_SCALE;
}
