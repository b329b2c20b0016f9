import { randomBytes, randomInt } from 'node:crypto';

// Business rules never call Math.random(): a random source is injected so draws can be replayed.
export interface RandomSource {
  bytes(length: number): Buffer;
  /** A uniform integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
}

export const cryptoRandom: RandomSource = {
  bytes: (length) => randomBytes(length),
  int: (maxExclusive) => randomInt(maxExclusive),
};
