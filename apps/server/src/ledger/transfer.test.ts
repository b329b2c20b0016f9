import { DomainError } from '@beurs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { houseAccount, move, userAccount } from './ledger-accounts';
import {
  createFundedUser,
  createLedgerFixture,
  type LedgerFixture,
  testKey,
  testSource,
} from './ledger-test-support';
import { verifyLedger } from './ledger-verify';

let fixture: LedgerFixture;
beforeAll(async () => {
  fixture = await createLedgerFixture();
});
afterAll(() => fixture.database.close());

describe('transfer', () => {
  it('moves money between users, with a fee to the house, and keeps every invariant', async () => {
    const { ledger, database } = fixture;
    const alice = await createFundedUser(database.db, ledger, { EUR: 100_00n });
    const bob = await createFundedUser(database.db, ledger, {});
    const result = await ledger.transfer(database.db, {
      idempotencyKey: testKey('transfer'),
      source: testSource(),
      kind: 'correction',
      memo: 'rent',
      postings: [
        { account: userAccount(alice, 'EUR'), amountMinor: -25_50n },
        { account: userAccount(bob, 'EUR'), amountMinor: 25_00n },
        { account: houseAccount('fees', 'EUR'), amountMinor: 50n },
      ],
    });
    expect(result.isReplay).toBe(false);
    expect(await ledger.getUserBalances(database.db, alice)).toEqual([
      { asset: 'EUR', available: 74_50n, frozen: 0n },
      { asset: 'USD', available: 0n, frozen: 0n },
    ]);
    expect((await ledger.getUserBalances(database.db, bob))[0]).toEqual({
      asset: 'EUR',
      available: 25_00n,
      frozen: 0n,
    });
    const fees = (await ledger.getHouseBalances(database.db)).find(
      (row) => row.kind === 'fees' && row.asset === 'EUR',
    );
    expect(fees?.balanceMinor).toBe(50n);
    await ledger.seal(database.db);
    const verification = await verifyLedger(database.db);
    expect(verification.breaches).toEqual([]);
    expect(verification.unsealedCount).toBe(0n);
  });

  it('refuses an overdraft with INSUFFICIENT_BALANCE and the available amount', async () => {
    const { ledger, database } = fixture;
    const carol = await createFundedUser(database.db, ledger, { USD: 10_00n });
    const attempt = ledger.transfer(database.db, {
      idempotencyKey: testKey('transfer'),
      source: testSource(),
      kind: 'withdrawal',
      memo: 'too much',
      postings: move(userAccount(carol, 'USD'), houseAccount('bank_cash', 'USD'), 10_01n),
    });
    await expect(attempt).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      params: { currency: 'USD', available: '10.00' },
    });
    await expect(attempt).rejects.toBeInstanceOf(DomainError);
  });
});
