import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';
import { breaches, openMargin, placeOrder } from './margin-test-support';

// Margin interest with two server nodes on one database (PostgreSQL under test:pg): the
// margin.accrue-interest job and direct passes run on both nodes at once, and each day's interest
// is posted once per user and currency — one movement row and one ledger entry per day.

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  first = await buildTestApp();
  second = await buildTestApp({ sharedDatabase: first.database, clock: first.clock });
  first.clock.set('2026-11-20T10:00:00Z');
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

describe('margin interest on two nodes', () => {
  it('posts each day once for each borrower however many passes run on both nodes', async () => {
    const admin = await adminLogin(first);
    const users = [await fundedUser(first, admin, '3000.00'), await fundedUser(first, admin, '3000.00')];
    for (const user of users) {
      await openMargin(first, user);
      const placed = await placeOrder(first, user, {
        symbol: 'KBC.BR',
        side: 'buy',
        quantity: '20',
        leverage: '2.00',
      });
      expect(placed.data.state).toBe('filled');
    }
    // Four days on: the job is due on both nodes, and two more passes run on each at the same time.
    first.clock.set('2026-11-24T10:30:00Z');
    const now = first.clock.now();
    await Promise.all([
      first.app.jobs.runDue(),
      second.app.jobs.runDue(),
      first.app.services.margin.accrueInterest(now),
      second.app.services.margin.accrueInterest(now),
      first.app.services.margin.accrueInterest(now),
      second.app.services.margin.accrueInterest(now),
    ]);
    const rows = (await first.database.db.execute(
      sql`select user_id::text as user_id, interest_day::text as day, count(*)::int as count
          from margin_loan_movements where kind = 'interest' group by user_id, interest_day order by user_id, interest_day`,
    )) as unknown as { rows: { user_id: string; day: string; count: number }[] };
    expect(rows.rows).toHaveLength(2 * 4);
    expect(new Set(rows.rows.map((row) => row.day))).toEqual(
      new Set(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']),
    );
    expect(rows.rows.every((row) => row.count === 1)).toBe(true);
    const entries = (await first.database.db.execute(
      sql`select count(*)::int as count from ledger_entries where source_type = 'margin_loan' and kind = 'interest'`,
    )) as unknown as { rows: { count: number }[] };
    expect(entries.rows[0]?.count).toBe(2 * 4);
    expect(await breaches(first)).toEqual([]);
  });
});
