import { describe, expect, it } from 'vitest';
import {
  drawTicket,
  lotsWonBy,
  runDraw,
  seedCommitment,
  seedMatchesCommitment,
  sha256Hex,
  type DrawSubscription,
} from './ipo-draw';

// The draw the server runs and the app re-runs (docs/ipo-draw.md): deterministic from the seed and
// the subscriptions, never more lots than offered, round by round (nobody gets a second lot while
// someone asking got none), and each user's lots follow from the two published numbers alone.

const SEED = 'a3'.repeat(32);

/** A small deterministic generator for the property runs (not the draw's randomness). */
function generator(start: number) {
  let state = start >>> 0;
  return (max: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % max;
  };
}

describe('IPO draw', () => {
  it('commits to the seed with SHA-256 of its hex; another seed does not match', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const commitment = seedCommitment(SEED);
    expect(seedMatchesCommitment(SEED, commitment)).toBe(true);
    expect(seedMatchesCommitment(`b${SEED.slice(1)}`, commitment)).toBe(false);
    expect(seedMatchesCommitment('not a seed', commitment)).toBe(false);
  });

  it('gives everyone what they asked when it fits', () => {
    const outcome = runDraw(SEED, 10, [
      { id: '2', lots: 3 },
      { id: '1', lots: 7 },
    ]);
    expect(Object.fromEntries(outcome.lotsWon)).toEqual({ '1': 7, '2': 3 });
    expect(outcome.lotsAllocated).toBe(10);
  });

  it('does not depend on the order the subscriptions come in', () => {
    const subscriptions = Array.from({ length: 50 }, (_, index) => ({
      id: String(index + 1),
      lots: 1 + (index % 4),
    }));
    const forward = runDraw(SEED, 40, subscriptions);
    const backward = runDraw(SEED, 40, [...subscriptions].reverse());
    expect([...backward.lotsWon.entries()].sort()).toEqual([...forward.lotsWon.entries()].sort());
    expect(backward.cutoffTicket).toBe(forward.cutoffTicket);
  });

  it('property: never over-allocates, fills rounds in order, and lotsWonBy agrees for every subscription', () => {
    const next = generator(17);
    for (let run = 0; run < 200; run += 1) {
      const count = 1 + next(60);
      const subscriptions: DrawSubscription[] = Array.from({ length: count }, (_, index) => ({
        id: String(1 + index * (1 + next(5))),
        lots: 1 + next(12),
      }));
      const unique = [...new Map(subscriptions.map((item) => [item.id, item])).values()];
      const requested = unique.reduce((sum, item) => sum + item.lots, 0);
      const offered = next(requested + 20);
      const seed = sha256Hex(`seed ${run}`);
      const outcome = runDraw(seed, offered, unique);
      const won = unique.map((item) => outcome.lotsWon.get(item.id) ?? 0);
      const total = won.reduce((sum, lots) => sum + lots, 0);
      expect(total).toBe(Math.min(offered, requested));
      unique.forEach((item, index) => {
        expect(won[index]).toBeGreaterThanOrEqual(0);
        expect(won[index]).toBeLessThanOrEqual(item.lots);
      });
      // Round by round: a subscription short of what it asked got at least as many as any other got minus one.
      const maxWon = Math.max(0, ...won);
      unique.forEach((item, index) => {
        if ((won[index] ?? 0) < item.lots) expect(won[index]).toBeGreaterThanOrEqual(maxWon - 1);
      });
      const published = {
        fullRounds: outcome.fullRounds,
        cutoffTicket: outcome.cutoffTicket,
        isOversubscribed: requested > offered,
      };
      for (const item of unique) expect(lotsWonBy(seed, item, published)).toBe(outcome.lotsWon.get(item.id));
    }
  });

  it('a changed seed changes the tickets and, in general, the winners', () => {
    const subscriptions = Array.from({ length: 100 }, (_, index) => ({ id: String(index + 1), lots: 1 }));
    const one = runDraw(SEED, 10, subscriptions);
    const other = runDraw('b4'.repeat(32), 10, subscriptions);
    expect(drawTicket(SEED, '1')).not.toBe(drawTicket('b4'.repeat(32), '1'));
    const winners = (outcome: typeof one) =>
      [...outcome.lotsWon.entries()].filter(([, lots]) => lots > 0).map(([id]) => id);
    expect(winners(one)).not.toEqual(winners(other));
  });

  // Its speed is measured by bench/ipo-draw.bench.ts, not asserted here (the CI machine is shared).
  it('draws 100,000 subscriptions: exactly the lots offered, none above what was asked', () => {
    const subscriptions = Array.from({ length: 100_000 }, (_, index) => ({
      id: String(index + 1),
      lots: 1 + (index % 10),
    }));
    const outcome = runDraw(SEED, 200_000, subscriptions);
    expect(outcome.lotsAllocated).toBe(200_000);
    let total = 0;
    for (const item of subscriptions) {
      const won = outcome.lotsWon.get(item.id) ?? 0;
      expect(won).toBeLessThanOrEqual(item.lots);
      total += won;
    }
    expect(total).toBe(200_000);
  }, 60_000);
});
