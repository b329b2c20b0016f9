import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../ledger/ledger.repository';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';
import {
  breaches,
  marginSymbols,
  openMargin,
  placeOrder,
  postData,
  saveInstrument,
  type MarginUser,
} from './margin-test-support';

// Parallel short sales against a small lending pool (issue 16 item 3), on two server nodes sharing
// one database (PostgreSQL with TEST_DATABASE_URL): eight users each short 3 shares at once, on
// both nodes, against a pool of 10 (two lenders). Exactly three succeed (9 shares), the others are
// refused MARGIN_QUOTA_FULL, the allocations never exceed what each lender holds fully paid, and
// ledger:verify is clean.

let first: TestApp;
let second: TestApp;
let admin: StaffHeaders;

beforeAll(async () => {
  first = await buildTestApp();
  first.clock.set('2026-11-20T15:45:17Z');
  second = await buildTestApp({ sharedDatabase: first.database, clock: first.clock });
  admin = await adminLogin(first);
});
afterAll(async () => {
  await second.close();
  await first.close();
});

describe('parallel shorts against a small pool', () => {
  it('never borrows more than the pool holds', async () => {
    const lenders = [await fundedUser(first, admin, '5000.00'), await fundedUser(first, admin, '5000.00')];
    const { largeCaps } = await marginSymbols(first, lenders[0]!);
    const symbol = largeCaps[0]!;
    expect((await saveInstrument(first, admin, symbol, { lendable: true })).status).toBe(1);
    for (const [index, lender] of lenders.entries()) {
      const quantity = index === 0 ? '6' : '4';
      expect(
        (await placeOrder(first, lender, { symbol, side: 'buy', type: 'market', quantity })).status,
      ).toBe(1);
      expect((await postData(first, '/margin/lendingOptIn', { lend: true }, lender)).status).toBe(1);
    }
    const shorts: MarginUser[] = [];
    for (let index = 0; index < 8; index += 1) {
      const user = await fundedUser(first, admin, '5000.00');
      await openMargin(first, user);
      shorts.push(user);
    }
    // The second node reads the staff setting within seconds (margin-settings.ts).
    first.clock.advance(6_000);
    const answers = await Promise.all(
      shorts.map((user, index) =>
        placeOrder(index % 2 === 0 ? first : second, user, {
          symbol,
          side: 'sell',
          direction: 'short',
          type: 'market',
          quantity: '3',
        }),
      ),
    );
    const codes = answers.map((answer) => (answer.status === 1 ? 'filled' : answer.code)).sort();
    expect(codes).toEqual([...Array(5).fill('MARGIN_QUOTA_FULL'), 'filled', 'filled', 'filled']);
    const lent = await queryRows<{ lender: string; lent: string }>(
      first.database.db,
      sql`select lender_user_id::text as lender, sum(quantity_minor - returned_minor)::text as lent
          from securities_loan_allocations where symbol = ${symbol} group by lender_user_id order by 1`,
    );
    expect(lent.reduce((sum, row) => sum + BigInt(row.lent), 0n)).toBe(9n);
    expect(lent.map((row) => row.lent).sort()).toEqual(['3', '6']);
    expect(await breaches(first)).toEqual([]);
  });
});
