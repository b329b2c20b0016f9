import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocatePlacement } from './placement-allocation';

// The published placement rule (docs/placements.md): pro-rata in whole lots, the lots left over
// by largest remainder, ties to the earlier subscription id.

const requests = fc
  .array(fc.integer({ min: 1, max: 500 }), { minLength: 0, maxLength: 60 })
  .map((lots) => lots.map((count, index) => ({ id: String(index + 1), lots: count })));

describe('allocatePlacement', () => {
  it('never allocates above the block nor above a request, fills the block when oversubscribed, and is pro-rata within one lot', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000 }), requests, (offered, asked) => {
        const outcome = allocatePlacement(offered, asked);
        const requested = asked.reduce((sum, request) => sum + request.lots, 0);
        let total = 0;
        for (const request of asked) {
          const lots = outcome.lotsAllocated.get(request.id);
          expect(Number.isInteger(lots)).toBe(true);
          expect(lots).toBeGreaterThanOrEqual(0);
          expect(lots).toBeLessThanOrEqual(request.lots);
          if (requested > offered) {
            const exact = (request.lots * offered) / requested;
            expect(lots).toBeGreaterThanOrEqual(Math.floor(exact));
            expect(lots).toBeLessThanOrEqual(Math.floor(exact) + 1);
          } else {
            expect(lots).toBe(request.lots);
          }
          total += lots!;
        }
        expect(total).toBeLessThanOrEqual(offered);
        expect(total).toBe(Math.min(offered, requested));
        expect(outcome.lotsAllocatedTotal).toBe(total);
        expect(outcome.isOversubscribed).toBe(requested > offered);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the lots left over to the largest remainders, ties to the earlier id', () => {
    // 10 lots for 3 + 3 + 3 + 3 = 12 requested: quotas 2.5 each, 2 lots left, all remainders tie.
    const tied = allocatePlacement(10, [
      { id: '9', lots: 3 },
      { id: '10', lots: 3 },
      { id: '2', lots: 3 },
      { id: '11', lots: 3 },
    ]);
    expect(Object.fromEntries(tied.lotsAllocated)).toEqual({ '2': 3, '9': 3, '10': 2, '11': 2 });
    // 5 lots for 4 + 2 + 1 = 7: exact 2.857, 1.429, 0.714 → floors 2, 1, 0; 2 left to the remainders 6 and 5 (of 7).
    const ranked = allocatePlacement(5, [
      { id: '1', lots: 4 },
      { id: '2', lots: 2 },
      { id: '3', lots: 1 },
    ]);
    expect(Object.fromEntries(ranked.lotsAllocated)).toEqual({ '1': 3, '2': 1, '3': 1 });
  });

  it('allocates every request in full when the block covers them', () => {
    const outcome = allocatePlacement(10, [
      { id: '1', lots: 4 },
      { id: '2', lots: 6 },
    ]);
    expect(Object.fromEntries(outcome.lotsAllocated)).toEqual({ '1': 4, '2': 6 });
    expect(outcome.isOversubscribed).toBe(false);
  });
});
