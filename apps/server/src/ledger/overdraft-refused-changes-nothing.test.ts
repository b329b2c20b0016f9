import { DomainError, formatCash, type Currency } from '@beurs/contract';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { houseAccount, userAccount } from './ledger-accounts';
import { queryRows } from './ledger.repository';
import {
  createFundedUser,
  createLedgerFixture,
  createUser,
  type LedgerFixture,
  propertyOptions,
  testKey,
  testSource,
} from './ledger-test-support';
import { verifyLedger } from './ledger-verify';

// A transfer that would overdraw is refused with INSUFFICIENT_BALANCE (the available amount as a
// decimal string) and changes nothing: no entry, no posting, no balance, no idempotency key used up.

let fixture: LedgerFixture;
beforeAll(async () => {
  fixture = await createLedgerFixture();
});
afterAll(() => fixture.database.close());

async function journalSize() {
  const rows = await queryRows<{ entries: string; postings: string; keys: string }>(
    fixture.database.db,
    sql`select (select count(*) from ledger_entries)::text as entries, (select count(*) from ledger_postings)::text as postings,
      (select count(*) from ledger_idempotency_keys)::text as keys`,
  );
  return rows[0];
}

it('refuses an overdrawing transfer and changes nothing', async () => {
  const { ledger, database } = fixture;
  const db = database.db;
  const scenario = fc.record({
    currency: fc.constantFrom<Currency>('EUR', 'USD'),
    funded: fc.bigInt({ min: 0n, max: 1_000_00n }),
    excess: fc.bigInt({ min: 1n, max: 1_000_00n }),
    fee: fc.bigInt({ min: 0n, max: 5_00n }),
  });
  await fc.assert(
    fc.asyncProperty(scenario, async ({ currency, funded, excess, fee }) => {
      const payer = await createFundedUser(db, ledger, { [currency]: funded });
      const payee = await createUser(db, ledger);
      const amount = funded + excess - fee > 0n ? funded + excess - fee : funded + excess;
      const payment = amount + (amount === funded + excess ? 0n : fee);
      const postings = [
        { account: userAccount(payer, currency), amountMinor: -payment },
        { account: userAccount(payee, currency), amountMinor: amount },
        ...(payment === amount ? [] : [{ account: houseAccount('fees', currency), amountMinor: fee }]),
      ];
      const before = { size: await journalSize(), payer: await ledger.getUserBalances(db, payer) };
      const key = `overdraft-${payer}`;
      const refusal = await ledger
        .transfer(db, {
          source: testSource(),
          idempotencyKey: key,
          kind: 'correction',
          memo: 'x',
          postings,
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({
        code: 'INSUFFICIENT_BALANCE',
        params: { currency, available: formatCash(funded) },
      });
      expect(await journalSize()).toEqual(before.size);
      expect(await ledger.getUserBalances(db, payer)).toEqual(before.payer);
      expect(await ledger.getUserBalances(db, payee)).toEqual([
        { asset: 'EUR', available: 0n, frozen: 0n },
        { asset: 'USD', available: 0n, frozen: 0n },
      ]);
    }),
    propertyOptions('overdraft refused', 30),
  );
  await ledger.seal(db);
  expect((await verifyLedger(db)).breaches).toEqual([]);
});

it('refuses a hold above the available balance and changes nothing', async () => {
  const { ledger, database } = fixture;
  const userId = await createFundedUser(database.db, ledger, { EUR: 5_00n });
  const before = await journalSize();
  await expect(
    ledger.hold(database.db, {
      idempotencyKey: testKey('hold'),
      source: testSource(),
      userId,
      asset: 'EUR',
      amountMinor: 5_01n,
      memo: 'subscription',
    }),
  ).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE', params: { currency: 'EUR', available: '5.00' } });
  expect(await journalSize()).toEqual(before);
  const holds = await queryRows(
    database.db,
    sql`select id from ledger_holds where owner_user_id = ${userId.toString()}::bigint`,
  );
  expect(holds).toEqual([]);
});

it('refuses zero, negative and absurd amounts with INVALID_AMOUNT', async () => {
  const { ledger, database } = fixture;
  const userId = await createFundedUser(database.db, ledger, { USD: 1_00n });
  for (const amountMinor of [0n, -1n, 10n ** 16n]) {
    await expect(
      ledger.hold(database.db, {
        idempotencyKey: testKey('hold'),
        source: testSource(),
        userId,
        asset: 'USD',
        amountMinor,
        memo: 'x',
      }),
    ).rejects.toMatchObject({
      code: 'INVALID_AMOUNT',
      params: { currency: 'USD' },
    });
  }
});

it('treats unbalanced postings as a bug (plain Error), never as a refusal', async () => {
  const { ledger, database } = fixture;
  const userId = await createFundedUser(database.db, ledger, { EUR: 10_00n });
  const attempt = ledger.transfer(database.db, {
    idempotencyKey: testKey('transfer'),
    source: testSource(),
    kind: 'correction',
    memo: 'unbalanced',
    postings: [
      { account: userAccount(userId, 'EUR'), amountMinor: -1_00n },
      { account: houseAccount('fees', 'EUR'), amountMinor: 99n },
    ],
  });
  await expect(attempt).rejects.toThrow(/do not balance in EUR/);
  await expect(attempt).rejects.not.toBeInstanceOf(DomainError);
});
