import { runDraw, seedCommitment, sha256Hex } from '@beurs/contract/ipo-draw';
import { describe, expect, it } from 'vitest';
import type { IpoOffering, IpoSubscription } from './queries';
import { checkDraw } from './verify-draw';

// The app's check of a draw: "verified" only when the published seed hashes to the commitment and
// gives exactly the allocation; a swapped seed, a changed allocation or a changed cutoff fail.

const seed = sha256Hex('screen test seed');
const subscriptions = Array.from({ length: 30 }, (_, index) => ({
  id: String(100 + index),
  lots: 1 + (index % 3),
}));
const outcome = runDraw(seed, 25, subscriptions);

const offering = (overrides: Partial<IpoOffering['draw']> = {}, commitment = seedCommitment(seed)) =>
  ({
    lotSize: '1000',
    seedCommitment: commitment,
    draw: {
      seed,
      drawnAt: '2026-11-24T09:00:00.000Z',
      isOversubscribed: true,
      fullRounds: outcome.fullRounds,
      cutoffTicket: outcome.cutoffTicket,
      lotsOffered: 25,
      lotsRequested: outcome.lotsRequested,
      lotsAllocated: 25,
      subscriptionCount: 30,
      winningRatePercent: '41.66',
      ...overrides,
    },
  }) as unknown as IpoOffering;

const subscription = (id: string, allocatedLots: number | null) => {
  const lots = subscriptions.find((item) => item.id === id)?.lots ?? 1;
  return {
    id,
    lots,
    allocatedQuantity: allocatedLots === null ? null : String(allocatedLots * 1000),
    ticket: null,
  } as unknown as IpoSubscription;
};

describe('checkDraw', () => {
  it('verifies every subscription of a real draw and nothing before it', () => {
    for (const item of subscriptions) {
      expect(checkDraw(offering(), subscription(item.id, outcome.lotsWon.get(item.id) ?? 0))).toBe(
        'verified',
      );
    }
    expect(checkDraw(offering({ seed: null }), subscription('100', null))).toBe('not_drawn');
  });

  it('does not match with a seed changed after the commitment, another allocation or another cutoff', () => {
    const [first] = subscriptions;
    const won = outcome.lotsWon.get(first!.id) ?? 0;
    const forged = sha256Hex('another seed');
    expect(checkDraw(offering({ seed: forged }), subscription(first!.id, won))).toBe('mismatch');
    expect(checkDraw(offering({}, seedCommitment(forged)), subscription(first!.id, won))).toBe('mismatch');
    expect(checkDraw(offering(), subscription(first!.id, won === 0 ? 1 : won - 1))).toBe('mismatch');
    const moved = subscriptions.some((item) => {
      const lots = outcome.lotsWon.get(item.id) ?? 0;
      return (
        checkDraw(offering({ cutoffTicket: '0'.repeat(64) }), subscription(item.id, lots)) === 'mismatch'
      );
    });
    expect(moved).toBe(true);
  });
});
