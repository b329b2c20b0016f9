import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregate, bridge, distribute, shapeToRange } from './price-path';

describe('shapeToRange', () => {
  it('keeps the endpoints and reaches exactly the high and the low (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 3, max: 400 }), // two interior points at least: one for the high, one for the low
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: -3000, max: 3000 }),
        fc.integer(),
        (base, steps, up, down, move, seed) => {
          const open = base + 5000;
          const close = Math.max(1, open + move);
          const high = Math.max(open, close) + up;
          const low = Math.max(1, Math.min(open, close) - down);
          const path = bridge(
            { seed, instrument: 1, day: 2 },
            3,
            open,
            close,
            steps,
            Math.max(1, base / 200),
          );
          const shaped = shapeToRange(path, high, low);
          expect(shaped[0]).toBe(open);
          expect(shaped[steps]).toBe(close);
          expect(Math.max(...shaped)).toBe(high);
          expect(Math.min(...shaped)).toBe(low);
        },
      ),
    );
  });
});

describe('distribute', () => {
  it('splits a whole number into whole shares that sum to it exactly (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.array(fc.double({ min: 0.01, max: 10, noNaN: true }), { minLength: 1, maxLength: 200 }),
        (total, weights) => {
          const shares = distribute(total, Float64Array.from(weights));
          expect(shares.every((share) => Number.isInteger(share) && share >= 0)).toBe(true);
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
        },
      ),
    );
  });
});

describe('aggregate', () => {
  it('takes the first open, the last close, the extremes and the summed volume', () => {
    expect(
      aggregate([
        { open: 10, high: 12, low: 9, close: 11, volume: 5 },
        { open: 11, high: 15, low: 10, close: 14, volume: 7 },
        { open: 14, high: 14, low: 8, close: 9, volume: 1 },
      ]),
    ).toEqual({ open: 10, high: 15, low: 8, close: 9, volume: 13 });
    expect(aggregate([])).toBeNull();
  });
});
