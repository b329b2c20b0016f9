import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { move, userAccount } from './ledger-accounts';
import { queryRows } from './ledger.repository';
import { userStatement } from './ledger-statement';
import {
  createFundedUser,
  createLedgerFixture,
  type LedgerFixture,
  testKey,
  testSource,
} from './ledger-test-support';

let fixture: LedgerFixture;
beforeAll(async () => {
  fixture = await createLedgerFixture();
});
afterAll(() => fixture.database.close());

async function accountOf(userId: bigint): Promise<string> {
  const rows = await queryRows<{ account: string }>(
    fixture.database.db,
    sql`select account from users where id = ${userId.toString()}::bigint`,
  );
  return rows[0]?.account ?? '';
}

describe('userStatement', () => {
  it('lists balance rows beside their postings and every entry that touched the user', async () => {
    const { ledger, database } = fixture;
    const db = database.db;
    const userId = await createFundedUser(db, ledger, { EUR: 100_00n });
    const other = await createFundedUser(db, ledger, { EUR: 5_00n });
    await ledger.transfer(db, {
      idempotencyKey: testKey('transfer'),
      source: testSource(),
      kind: 'correction',
      memo: 'lunch',
      postings: move(userAccount(userId, 'EUR'), userAccount(other, 'EUR'), 12_34n),
    });
    await ledger.hold(db, {
      idempotencyKey: testKey('hold'),
      source: testSource(),
      userId,
      asset: 'EUR',
      amountMinor: 40_00n,
      memo: 'withdrawal',
    });

    const statement = await userStatement(db, await accountOf(userId));
    expect(statement?.userId).toBe(userId);
    const eur = statement?.balances.filter((balance) => balance.asset === 'EUR');
    expect(eur?.find((balance) => balance.kind === 'available')).toMatchObject({
      balanceMinor: 47_66n,
      postedMinor: 47_66n,
    });
    expect(eur?.find((balance) => balance.kind === 'frozen')).toMatchObject({
      balanceMinor: 40_00n,
      postedMinor: 40_00n,
    });
    expect(statement?.entries.map((entry) => [entry.kind, entry.changes])).toEqual([
      ['deposit', [{ asset: 'EUR', accountKind: 'available', amountMinor: 100_00n }]],
      ['correction', [{ asset: 'EUR', accountKind: 'available', amountMinor: -12_34n }]],
      [
        'hold_reserve',
        [
          { asset: 'EUR', accountKind: 'available', amountMinor: -40_00n },
          { asset: 'EUR', accountKind: 'frozen', amountMinor: 40_00n },
        ],
      ],
    ]);
    // The other user's deposit is not in this statement.
    expect(statement?.entries).toHaveLength(3);
    expect(statement?.entries[0]?.createdAt.toISOString()).toBe('2026-11-21T12:00:00.000Z');
  });

  it('answers null for an unknown phone number', async () => {
    expect(await userStatement(fixture.database.db, '32000000000')).toBeNull();
  });
});
