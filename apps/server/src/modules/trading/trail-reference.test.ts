import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLedgerFixture,
  createUser,
  testKey,
  type LedgerFixture,
} from '../../ledger/ledger-test-support';
import { setTrailReference } from './trading.repository';
import { orders } from './trading.tables';

// A trailing stop's stored reference only moves the way it trails. Every node evaluates the same
// ticks and writes the moves it sees, so two nodes' writes can land in either order: the older,
// lesser move landing last must not pull the reference back.

let fixture: LedgerFixture;
let userId: bigint;

beforeAll(async () => {
  fixture = await createLedgerFixture();
  userId = await createUser(fixture.database.db, fixture.ledger);
});
afterAll(() => fixture.database.close());

async function trailingStop(side: 'buy' | 'sell', referenceMinor: bigint | null) {
  const now = new Date('2026-11-20T10:00:00Z');
  const [row] = await fixture.database.db
    .insert(orders)
    .values({
      userId,
      symbol: 'KBC.BR',
      asset: 'sec:KBC.BR',
      market: 'frank',
      currency: 'EUR',
      payCurrency: 'EUR',
      side,
      type: 'trailing_stop',
      timeInForce: 'gtc',
      quantityMinor: 1n,
      quantityScale: 0,
      trailBasisPoints: 500,
      trailReferenceMinor: referenceMinor,
      state: 'pending',
      reservedMinor: 0n,
      idempotencyKey: testKey('trail'),
      requestHash: 'test',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id });
  return row!.id;
}

const referenceOf = async (id: bigint) =>
  (await fixture.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.trailReferenceMinor;

describe('a trailing stop reference', () => {
  it('of a sale only rises: a lower move written after a higher one is ignored', async () => {
    const id = await trailingStop('sell', 60_0000n);
    await setTrailReference(fixture.database.db, id, 62_0000n);
    await setTrailReference(fixture.database.db, id, 61_0000n);
    expect(await referenceOf(id)).toBe(62_0000n);
  });

  it('of a buy only falls: a higher move written after a lower one is ignored', async () => {
    const id = await trailingStop('buy', 60_0000n);
    await setTrailReference(fixture.database.db, id, 58_0000n);
    await setTrailReference(fixture.database.db, id, 59_0000n);
    expect(await referenceOf(id)).toBe(58_0000n);
  });

  it('is set when none is stored yet, and not on an order that is no longer pending', async () => {
    const id = await trailingStop('sell', null);
    await setTrailReference(fixture.database.db, id, 61_0000n);
    expect(await referenceOf(id)).toBe(61_0000n);
    await fixture.database.db.update(orders).set({ state: 'cancelled' }).where(eq(orders.id, id));
    await setTrailReference(fixture.database.db, id, 63_0000n);
    expect(await referenceOf(id)).toBe(61_0000n);
  });
});
