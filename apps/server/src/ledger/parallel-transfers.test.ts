import { DomainError } from '@beurs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '../../test/helpers/test-database';
import { houseAccount, move, userAccount } from './ledger-accounts';
import {
  createFundedUser,
  createLedgerFixture,
  type LedgerFixture,
  testKey,
  testSource,
} from './ledger-test-support';
import { verifyLedger } from './ledger-verify';

// Concurrency on real PostgreSQL (skipped on PGlite, which has one connection): parallel transfers
// never overdraw, never deadlock, and leave a ledger that verifies.

let fixture: LedgerFixture;
beforeAll(async () => {
  if (isPostgres) fixture = await createLedgerFixture({ poolSize: 20 });
});
afterAll(() => fixture?.database.close());

describe.skipIf(!isPostgres)('parallel transfers on PostgreSQL', () => {
  it('200 parallel transfers of 1.00 out of 100.00: exactly 100 succeed, the balance ends at 0.00', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const payer = await createFundedUser(db, ledger, { EUR: 100_00n });
    const payee = await createFundedUser(db, ledger, {});
    const attempts = Array.from({ length: 200 }, (_, index) =>
      ledger
        .transfer(db, {
          source: testSource(),
          idempotencyKey: `parallel-${payer}-${index}`,
          kind: 'correction',
          memo: `payment ${index}`,
          postings: move(userAccount(payer, 'EUR'), userAccount(payee, 'EUR'), 1_00n),
        })
        .then(
          () => 'committed' as const,
          (error: unknown) => {
            if (error instanceof DomainError && error.code === 'INSUFFICIENT_BALANCE')
              return 'refused' as const;
            throw error;
          },
        ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((outcome) => outcome === 'committed')).toHaveLength(100);
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(100);
    expect((await ledger.getUserBalances(db, payer))[0]).toEqual({
      asset: 'EUR',
      available: 0n,
      frozen: 0n,
    });
    expect((await ledger.getUserBalances(db, payee))[0]).toEqual({
      asset: 'EUR',
      available: 100_00n,
      frozen: 0n,
    });
    await ledger.seal(db);
    const verification = await verifyLedger(db);
    expect(verification.breaches).toEqual([]);
    expect(verification.unsealedCount).toBe(0n);
  });

  it('criss-crossing transfers, holds and fees between a few users never deadlock', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const users = await Promise.all(
      Array.from({ length: 4 }, () => createFundedUser(db, ledger, { USD: 20_00n })),
    );
    const work = Array.from({ length: 300 }, async (_, index) => {
      const from = users[index % 4] as bigint;
      const to = users[(index * 7 + 1) % 4] as bigint;
      if (index % 5 === 0) {
        const { holdId } = await ledger.hold(db, {
          idempotencyKey: testKey('hold'),
          source: testSource(),
          userId: from,
          asset: 'USD',
          amountMinor: 50n,
          memo: 'order',
        });
        return ledger.postHold(db, {
          idempotencyKey: testKey('postHold'),
          source: testSource(),
          holdId,
          kind: 'trade_fill',
          memo: 'fill',
          destinations: [{ account: houseAccount('market_settlement', 'USD'), amountMinor: 30n }],
          isFinal: true,
        });
      }
      return ledger.transfer(db, {
        idempotencyKey: testKey('transfer'),
        source: testSource(),
        kind: 'correction',
        memo: 'criss-cross',
        postings: [
          { account: userAccount(from, 'USD'), amountMinor: -1_01n },
          { account: userAccount(to, 'USD'), amountMinor: 1_00n },
          { account: houseAccount('fees', 'USD'), amountMinor: 1n },
        ],
      });
    });
    const outcomes = await Promise.allSettled(work);
    const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(failures.filter((reason) => !(reason instanceof DomainError))).toEqual([]);
    await ledger.seal(db);
    expect((await verifyLedger(db)).breaches).toEqual([]);
  });

  it('parallel holds never reserve more than is available', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const userId = await createFundedUser(db, ledger, { EUR: 100_00n });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        ledger.hold(db, {
          idempotencyKey: testKey('hold'),
          source: testSource(),
          userId,
          asset: 'EUR',
          amountMinor: 3_00n,
          memo: 'order',
        }),
      ),
    );
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(
      refusals.every((reason) => reason instanceof DomainError && reason.code === 'INSUFFICIENT_BALANCE'),
    ).toBe(true);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(33);
    expect((await ledger.getUserBalances(db, userId))[0]).toEqual({
      asset: 'EUR',
      available: 1_00n,
      frozen: 99_00n,
    });
  });

  it('several sealers at once, while transfers commit, still build one unbroken chain', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const payer = await createFundedUser(db, ledger, { USD: 1_000_00n });
    const transfers = Array.from({ length: 120 }, (_, index) =>
      ledger.transfer(db, {
        idempotencyKey: testKey('transfer'),
        source: testSource(),
        kind: 'withdrawal',
        memo: `withdrawal ${index}`,
        postings: move(userAccount(payer, 'USD'), houseAccount('bank_cash', 'USD'), 1_00n),
      }),
    );
    const sealers = Array.from({ length: 4 }, async () => {
      for (let pass = 0; pass < 10; pass += 1) await ledger.seal(db);
    });
    await Promise.all([...transfers, ...sealers]);
    await ledger.seal(db);
    const verification = await verifyLedger(db);
    expect(verification.breaches).toEqual([]);
    expect(verification.unsealedCount).toBe(0n);
  });
});
