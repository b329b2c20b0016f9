import { DomainError } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseAccount, userAccount } from './ledger-accounts';
import { queryRows } from './ledger.repository';
import {
  createFundedUser,
  createLedgerFixture,
  type LedgerFixture,
  testKey,
  testSource,
} from './ledger-test-support';
import { verifyLedger } from './ledger-verify';

// Two-phase holds: reserve available → frozen; post in part or whole; release the rest or void.

let fixture: LedgerFixture;
beforeAll(async () => {
  fixture = await createLedgerFixture();
});
afterAll(() => fixture.database.close());

const eurOf = async (userId: bigint) =>
  (await fixture.ledger.getUserBalances(fixture.database.db, userId))[0];
const settlement = houseAccount('market_settlement', 'EUR');

async function holdRow(holdId: bigint) {
  const rows = await queryRows(
    fixture.database.db,
    sql`select state, posted_minor::text as posted, released_minor::text as released, closed_at is not null as is_closed
      from ledger_holds where id = ${holdId.toString()}::bigint`,
  );
  return rows[0];
}

describe('holds', () => {
  it('posts in parts, then releases the rest in the final posting', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const userId = await createFundedUser(db, ledger, { EUR: 100_00n });
    const { holdId } = await ledger.hold(db, {
      idempotencyKey: testKey('hold'),
      source: testSource(),
      userId,
      asset: 'EUR',
      amountMinor: 60_00n,
      memo: 'buy order',
    });
    expect(await eurOf(userId)).toEqual({ asset: 'EUR', available: 40_00n, frozen: 60_00n });

    await ledger.postHold(db, {
      idempotencyKey: testKey('postHold'),
      source: testSource(),
      holdId,
      kind: 'trade_fill',
      memo: 'partial fill',
      destinations: [
        { account: settlement, amountMinor: 20_00n },
        { account: houseAccount('fees', 'EUR'), amountMinor: 1_00n },
      ],
    });
    expect(await eurOf(userId)).toEqual({ asset: 'EUR', available: 40_00n, frozen: 39_00n });
    expect(await holdRow(holdId)).toMatchObject({
      state: 'pending',
      posted: '2100',
      released: '0',
      is_closed: false,
    });

    await ledger.postHold(db, {
      idempotencyKey: testKey('postHold'),
      source: testSource(),
      holdId,
      kind: 'trade_fill',
      memo: 'last fill',
      destinations: [{ account: settlement, amountMinor: 30_00n }],
      isFinal: true,
    });
    expect(await eurOf(userId)).toEqual({ asset: 'EUR', available: 49_00n, frozen: 0n });
    expect(await holdRow(holdId)).toMatchObject({
      state: 'posted',
      posted: '5100',
      released: '900',
      is_closed: true,
    });
  });

  it('voids a hold, releasing what remains, and refuses to touch it again', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const userId = await createFundedUser(db, ledger, { EUR: 10_00n });
    const { holdId } = await ledger.hold(db, {
      idempotencyKey: testKey('hold'),
      source: testSource(),
      userId,
      asset: 'EUR',
      amountMinor: 7_00n,
      memo: 'IPO subscription',
    });
    await ledger.postHold(db, {
      idempotencyKey: testKey('postHold'),
      source: testSource(),
      holdId,
      kind: 'ipo_allocation',
      memo: 'allocated 2 shares',
      destinations: [{ account: settlement, amountMinor: 2_00n }],
    });
    await ledger.voidHold(db, {
      idempotencyKey: testKey('voidHold'),
      source: testSource(),
      holdId,
      memo: 'allocation done, rest released',
    });
    expect(await eurOf(userId)).toEqual({ asset: 'EUR', available: 8_00n, frozen: 0n });
    expect(await holdRow(holdId)).toMatchObject({ state: 'voided', posted: '200', released: '500' });

    const again = await ledger
      .voidHold(db, { idempotencyKey: testKey('voidHold'), source: testSource(), holdId, memo: 'twice' })
      .catch((error: unknown) => error);
    expect(again).toBeInstanceOf(DomainError);
    expect(again).toMatchObject({ code: 'ALREADY_PROCESSED' });
    await expect(
      ledger.postHold(db, {
        idempotencyKey: testKey('postHold'),
        source: testSource(),
        holdId,
        kind: 'trade_fill',
        memo: 'late',
        destinations: [{ account: settlement, amountMinor: 1n }],
      }),
    ).rejects.toMatchObject({ code: 'ALREADY_PROCESSED' });
  });

  it('treats posting more than the hold as a bug and changes nothing', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const userId = await createFundedUser(db, ledger, { EUR: 10_00n });
    const { holdId } = await ledger.hold(db, {
      idempotencyKey: testKey('hold'),
      source: testSource(),
      userId,
      asset: 'EUR',
      amountMinor: 3_00n,
      memo: 'order',
    });
    const attempt = ledger.postHold(db, {
      idempotencyKey: testKey('postHold'),
      source: testSource(),
      holdId,
      kind: 'trade_fill',
      memo: 'too much',
      destinations: [{ account: settlement, amountMinor: 3_01n }],
    });
    await expect(attempt).rejects.toThrow(/exceeds what remains/);
    await expect(attempt).rejects.not.toBeInstanceOf(DomainError);
    expect(await eurOf(userId)).toEqual({ asset: 'EUR', available: 7_00n, frozen: 3_00n });
  });

  it('keeps frozen money out of plain transfers', async () => {
    const { ledger, database } = fixture;
    const userId = await createFundedUser(database.db, ledger, { EUR: 1_00n });
    await expect(
      ledger.transfer(database.db, {
        idempotencyKey: testKey('transfer'),
        source: testSource(),
        kind: 'correction',
        memo: 'sneaky',
        postings: [
          { account: userAccount(userId, 'EUR', 'frozen'), amountMinor: 1n },
          { account: userAccount(userId, 'EUR'), amountMinor: -1n },
        ],
      }),
    ).rejects.toThrow(/only through holds/);
  });

  it('leaves a ledger that verifies, with frozen balances equal to open holds', async () => {
    await fixture.ledger.seal(fixture.database.db);
    const verification = await verifyLedger(fixture.database.db);
    expect(verification.breaches).toEqual([]);
    expect(verification.sealedCount).toBe(verification.entryCount);
  });
});
