import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Executor } from '../../db/database';
import { queryRows } from '../../ledger/ledger.repository';

// What a batch of allotments wrote (an IPO draw, a placement's allocation), read back without the
// ids and times that depend on the order of the writes: the tests that compare a batched settlement
// with the one-by-one one read both databases with this and compare the two.

const read = (db: Executor, query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(db, query);

/** The fills, holdings, lots, balances, holds and ledger entries (deposits left out) in a database. */
export async function allotmentWrites(db: Executor) {
  return {
    fills: await read(
      db,
      sql`
      select o.idempotency_key, f.quantity_minor::text, f.price_minor::text, f.price_basis, f.quote_source,
        f.fee_minor::text, f.tob_minor::text, f.total_pay_minor::text
      from fills f join orders o on o.id = f.order_id order by o.idempotency_key`,
    ),
    holdings: await read(
      db,
      sql`
      select user_id::text, symbol, state, quantity_minor::text, cost_minor::text
      from positions order by user_id, symbol`,
    ),
    lots: await read(
      db,
      sql`
      select p.user_id::text, o.idempotency_key, l.quantity_minor::text, l.remaining_minor::text,
        l.price_minor::text
      from position_lots l join positions p on p.id = l.position_id join fills f on f.id = l.fill_id
        join orders o on o.id = f.order_id order by o.idempotency_key`,
    ),
    balances: await read(
      db,
      sql`
      select owner_user_id::text, asset, kind, balance_minor::text from ledger_accounts
      order by owner_user_id nulls first, asset, kind`,
    ),
    holds: await read(
      db,
      sql`select id::text, state, posted_minor::text, released_minor::text from ledger_holds order by id`,
    ),
    entries: await read(
      db,
      sql`
      select e.idempotency_key, e.kind, e.memo, e.source_type, e.source_id, e.hold_id::text,
        k.operation, k.request_hash,
        (select json_agg(json_build_object('account', a.owner_user_id::text || '/' || a.asset || '/' || a.kind,
          'amount', p.amount_minor::text) order by a.owner_user_id, a.asset, a.kind, p.amount_minor)
          from ledger_postings p join ledger_accounts a on a.id = p.account_id where p.entry_id = e.id)::text
          as postings
      from ledger_entries e left join ledger_idempotency_keys k on k.key = e.idempotency_key
      where e.idempotency_key not like 'deposit:%' order by e.idempotency_key`,
    ),
  };
}

/**
 * The subscriptions (or requests) of `table` with their allotment orders: allocation, payment,
 * release, whether settled (`settledColumn`), and the order's quantity, state, type, key and hold.
 */
export function subscriptionsWithOrders(
  db: Executor,
  table: 'ipo_subscriptions' | 'placement_subscriptions',
  settledColumn: 'settled_at',
) {
  return read(
    db,
    sql`
    select s.id::text, s.user_id::text, s.allocated_quantity::text, s.paid_minor::text,
      s.released_minor::text, s.${sql.identifier(settledColumn)} is not null as settled,
      o.quantity_minor::text as order_quantity, o.state as order_state, o.type as order_type,
      o.idempotency_key as order_key, o.hold_id::text as order_hold, o.reserved_minor::text as order_reserved
    from ${sql.identifier(table)} s left join orders o on o.id = s.order_id order by s.id`,
  );
}

type Written = Awaited<ReturnType<typeof allotmentWrites>> & {
  subscriptions: Record<string, unknown>[];
};

/**
 * Checks a batched settlement against the one-by-one one: oversubscribed (some subscriptions get
 * nothing, more than `users / 2` get shares, a user gets shares more than once), then every table
 * the same, each subscription's hold then its fill or its release in the ledger.
 */
export function expectSameAllotments(after: Written, expected: Written, users: number) {
  const allocated = after.subscriptions.map((row) => row.allocated_quantity);
  expect(allocated).toContain('0');
  expect(allocated.filter((quantity) => quantity !== '0').length).toBeGreaterThan(users / 2);
  expect(after.lots.length).toBeGreaterThan(after.holdings.length);
  expect(after.subscriptions).toEqual(expected.subscriptions);
  expect(after.fills).toEqual(expected.fills);
  expect(after.holdings).toEqual(expected.holdings);
  expect(after.lots).toEqual(expected.lots);
  expect(after.balances).toEqual(expected.balances);
  expect(after.holds).toEqual(expected.holds);
  expect(after.entries).toHaveLength(2 * after.subscriptions.length);
  expect(after.entries).toEqual(expected.entries);
}
