import { DomainError, securityAsset } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseAccount, userAccount, type AccountRef } from './ledger-accounts';
import {
  createFundedUser,
  createLedgerFixture,
  testKey,
  testSource,
  type LedgerFixture,
} from './ledger-test-support';
import { verifyLedger } from './ledger-verify';
import { queryRows } from './ledger.repository';

// A position is a balance in the ledger (ADR 0004): a buy fill is one entry across cash, fee, tax
// and shares, posted from the cash hold with the shares as `otherPostings`; a sale holds the shares
// and posts them back to the house inventory. Every share line sums to zero against the inventory.

const ABI = securityAsset('ABI.BR');

let fixture: LedgerFixture;
beforeAll(async () => {
  fixture = await createLedgerFixture();
});
afterAll(() => fixture.database.close());

/** Buys `quantity` ABI at `priceMinor` with a fee and a tax: one entry from the cash hold. */
async function buy(userId: bigint, quantity: bigint, priceMinor: bigint, orderId: string) {
  const { ledger, database } = fixture;
  const cost = quantity * priceMinor;
  const fee = 2_00n;
  const tax = (cost * 35n) / 10_000n;
  const { holdId } = await ledger.hold(database.db, {
    idempotencyKey: `order:${orderId}:hold`,
    userId,
    asset: 'EUR',
    amountMinor: cost + fee + tax + 10_00n,
    source: { type: 'order', id: orderId },
    memo: `Buy ${quantity} ABI.BR`,
  });
  const fill = await ledger.postHold(database.db, {
    idempotencyKey: `fill:${orderId}:1`,
    holdId,
    kind: 'trade_fill',
    source: { type: 'fill', id: `${orderId}-1` },
    memo: `Bought ${quantity} ABI.BR`,
    destinations: [
      { account: houseAccount('market_settlement', 'EUR'), amountMinor: cost },
      { account: houseAccount('fees', 'EUR'), amountMinor: fee },
      { account: houseAccount('taxes_payable', 'EUR'), amountMinor: tax },
    ],
    otherPostings: [
      { account: houseAccount('inventory', ABI), amountMinor: -quantity },
      { account: userAccount(userId, ABI), amountMinor: quantity },
    ],
    isFinal: true,
  });
  return { holdId, entryId: fill.entryId, cost, fee, tax };
}

describe('a user holds shares', () => {
  it('a buy fill opens the share accounts, holds the shares and releases the unused cash', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const userId = await createFundedUser(db, ledger, { EUR: 1_000_00n });
    const { entryId, cost, fee, tax } = await buy(userId, 3n, 55_00n, 'buy-1');

    expect(await ledger.getUserBalances(db, userId)).toEqual([
      { asset: 'EUR', available: 1_000_00n - cost - fee - tax, frozen: 0n },
      { asset: 'USD', available: 0n, frozen: 0n },
      { asset: ABI, available: 3n, frozen: 0n },
    ]);
    expect(await ledger.getCashBalances(db, userId)).toEqual([
      { currency: 'EUR', available: 1_000_00n - cost - fee - tax, frozen: 0n },
      { currency: 'USD', available: 0n, frozen: 0n },
    ]);
    const inventory = (await ledger.getHouseBalances(db)).find(
      (row) => row.kind === 'inventory' && row.asset === ABI,
    );
    expect(inventory?.balanceMinor).toBe(-3n);

    // The fill is one entry, with its source, across two assets.
    const [entry] = await queryRows<{ kind: string; source_type: string; source_id: string; assets: string }>(
      db,
      sql`select entry.kind, entry.source_type, entry.source_id, string_agg(distinct posting.asset, ',') as assets
        from ledger_entries entry join ledger_postings posting on posting.entry_id = entry.id
        where entry.id = ${entryId.toString()}::bigint group by entry.id`,
    );
    expect(entry).toEqual({
      kind: 'trade_fill',
      source_type: 'fill',
      source_id: 'buy-1-1',
      assets: `EUR,${ABI}`,
    });

    await ledger.seal(db);
    const verification = await verifyLedger(db);
    expect(verification.breaches).toEqual([]);
    expect(verification.totalsByAsset).toContainEqual({ asset: ABI, sumMinor: 0n });
  });

  it('a sale holds the shares, refuses selling more than held, and posts them back to inventory', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const userId = await createFundedUser(db, ledger, { EUR: 1_000_00n });
    await buy(userId, 5n, 40_00n, 'buy-2');

    const tooMany = await ledger
      .hold(db, {
        idempotencyKey: testKey('sell-hold'),
        userId,
        asset: ABI,
        amountMinor: 6n,
        source: { type: 'order', id: 'sell-too-many' },
        memo: 'Sell 6 ABI.BR',
      })
      .catch((error: unknown) => error);
    expect(tooMany).toBeInstanceOf(DomainError);
    expect(tooMany).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      params: { currency: ABI, available: '5' },
    });

    const { holdId } = await ledger.hold(db, {
      idempotencyKey: 'order:sell-2:hold',
      userId,
      asset: ABI,
      amountMinor: 4n,
      source: { type: 'order', id: 'sell-2' },
      memo: 'Sell 4 ABI.BR',
      expiresAt: new Date('2026-11-21T22:00:00.000Z'),
    });
    expect((await ledger.getUserBalances(db, userId)).find((row) => row.asset === ABI)).toEqual({
      asset: ABI,
      available: 1n,
      frozen: 4n,
    });
    await ledger.postHold(db, {
      idempotencyKey: 'fill:sell-2:1',
      holdId,
      kind: 'trade_fill',
      source: { type: 'fill', id: 'sell-2-1' },
      memo: 'Sold 4 ABI.BR',
      destinations: [{ account: houseAccount('inventory', ABI), amountMinor: 4n }],
      otherPostings: [
        { account: houseAccount('market_settlement', 'EUR'), amountMinor: -180_00n },
        { account: userAccount(userId, 'EUR'), amountMinor: 180_00n },
      ],
      isFinal: true,
    });
    const balances = await ledger.getUserBalances(db, userId);
    expect(balances.find((row) => row.asset === ABI)).toEqual({ asset: ABI, available: 1n, frozen: 0n });
    await ledger.seal(db);
    expect((await verifyLedger(db)).breaches).toEqual([]);
  });

  it('refuses malformed assets, unknown kinds and sources, a missing key and a frozen account in otherPostings', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const userId = await createFundedUser(db, ledger, { EUR: 100_00n });
    const shares = (account: AccountRef, amountMinor: bigint) => ({ account, amountMinor });
    const base = {
      idempotencyKey: testKey('bad'),
      kind: 'corporate_action' as const,
      source: testSource('corporate_action'),
      memo: 'bad',
      postings: [shares(houseAccount('inventory', ABI), -1n), shares(userAccount(userId, ABI), 1n)],
    };
    const bad = [
      {
        ...base,
        postings: [
          shares(houseAccount('inventory', 'sec:abi' as never), -1n),
          shares(userAccount(userId, 'sec:abi' as never), 1n),
        ],
      },
      { ...base, kind: 'order_fill' as never },
      { ...base, source: { type: 'orders' as never, id: '1' } },
      { ...base, source: { type: 'order' as const, id: '' } },
      { ...base, idempotencyKey: undefined as never },
      {
        ...base,
        postings: [
          shares(houseAccount('inventory', ABI), -1n),
          shares(userAccount(userId, 'crypto:BTC'), 1n),
        ],
      },
    ];
    for (const input of bad) {
      const error = await ledger.transfer(db, input).catch((caught: unknown) => caught);
      expect(
        error,
        JSON.stringify(input, (_, v) => (typeof v === 'bigint' ? `${v}` : v)),
      ).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(DomainError);
    }
    const { holdId } = await ledger.hold(db, {
      idempotencyKey: testKey('hold'),
      userId,
      asset: 'EUR',
      amountMinor: 10_00n,
      source: { type: 'order', id: 'frozen-other' },
      memo: 'order',
    });
    await expect(
      ledger.postHold(db, {
        idempotencyKey: testKey('post'),
        holdId,
        kind: 'trade_fill',
        source: { type: 'fill', id: 'frozen-other-1' },
        memo: 'fill',
        destinations: [{ account: houseAccount('market_settlement', 'EUR'), amountMinor: 10_00n }],
        otherPostings: [
          { account: houseAccount('inventory', ABI), amountMinor: -1n },
          { account: userAccount(userId, ABI, 'frozen'), amountMinor: 1n },
        ],
      }),
    ).rejects.toThrow(/frozen balances move only through holds/);
  });

  it('ledger:verify reports a share line that does not match the house inventory', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const userId = await createFundedUser(db, ledger, { EUR: 500_00n });
    await buy(userId, 2n, 30_00n, 'buy-tamper');
    await ledger.seal(db);
    expect((await verifyLedger(db)).breaches).toEqual([]);
    // A hand-written entry moves inventory to another house account: the asset still sums to zero,
    // but the users' 2 shares are no longer matched by −2 in inventory.
    const [entry] = await queryRows<{ id: string }>(
      db,
      sql`insert into ledger_entries (kind, memo, idempotency_key, source_type, source_id, created_at)
        values ('correction', 'by hand', 'tamper-1', 'correction', 'tamper', now()) returning id::text`,
    );
    await ledger.openAssetAccounts(db, userId, ABI);
    await db.execute(sql`insert into ledger_accounts (asset, kind, created_at) values (${ABI}, 'corrections', now())
      on conflict do nothing`);
    await db.execute(sql`insert into ledger_postings (entry_id, account_id, asset, amount_minor)
      select ${entry!.id}::bigint, id, asset, case kind when 'inventory' then 2 else -2 end from ledger_accounts
      where owner_user_id is null and asset = ${ABI} and kind in ('inventory', 'corrections')`);
    const verification = await verifyLedger(db);
    expect(verification.breaches).toContainEqual({
      check: 'user holdings differ from house inventory',
      detail: expect.stringContaining(ABI) as string,
    });
    expect(verification.breaches.filter((breach) => breach.check === 'zero sum')).toEqual([]);
  });
});
