import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARGIN_RULES } from '@beurs/contract';
import { queryRows } from '../../ledger/ledger.repository';
import { verifyLedger } from '../../ledger/ledger-verify';
import { MarketSimulator } from '../../market/simulator';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';
import { marginLevelOf } from './margin-level.service';
import { createBatchLiquidator, createLiquidator } from './margin-liquidation';
import {
  marginSymbols,
  openMargin,
  placeOrder,
  priceScenario,
  userIdOf,
  type MarginUser,
} from './margin-test-support';

// A tick's liquidations run in batches (createBatchLiquidator: the claims, the holdings, the market
// sales through trading.placeManyForRule, the logs, finishes and messages in multi-row statements).
// They must write exactly what the one-by-one liquidation (createLiquidator, a placeForRule per
// sale) writes. Two servers on two databases are given the same accounts and the same prices; one
// liquidates them one by one, the other in one batch; the orders, fills, positions, lots,
// settlements, ledger entries and postings, loan movements, liquidations, their logged sales and
// the messages they wrote are compared (ids replaced by what they name), and both ledgers verify.
// The accounts: one that needs two sales (largest loss first, a third position kept), one left
// with a shortfall (its only holding down 60 %), two that one sale brings back, one below the call level only (left alone).

const FRIDAY_AFTERNOON = '2026-11-20T14:45:17Z';

type Node = { app: TestApp; users: MarginUser[]; userIds: bigint[]; marks: Record<string, bigint> };
let one: Node;
let batch: Node;
let symbols: string[];

const tables = ['orders', 'fills', 'ledger_entries', 'user_messages', 'margin_loan_movements'] as const;

async function setUpNode(): Promise<Node> {
  const app = await buildTestApp();
  app.clock.set(FRIDAY_AFTERNOON);
  // No quote stream: its ticks would run the node's own (batched) liquidations beside the test's.
  const provider = app.app.services.market.provider;
  if (!(provider instanceof MarketSimulator)) throw new Error('the test runs on the simulator');
  await provider.close();
  const admin = await adminLogin(app);
  const probe = await fundedUser(app, admin, '100.00');
  symbols = (await marginSymbols(app, probe)).largeCaps.slice(0, 4);
  const [a, b, c, d] = symbols as [string, string, string, string];
  const accounts: { symbol: string; amount: string; leverage: string }[][] = [
    [
      { symbol: a, amount: '2000.00', leverage: '2.00' },
      { symbol: b, amount: '2000.00', leverage: '2.00' },
      { symbol: c, amount: '2000.00', leverage: '2.00' },
    ],
    [{ symbol: a, amount: '2000.00', leverage: '2.00' }],
    [{ symbol: d, amount: '2000.00', leverage: '2.00' }],
    [
      { symbol: d, amount: '1800.00', leverage: '2.00' },
      { symbol: c, amount: '200.00', leverage: '2.00' },
    ],
    [{ symbol: d, amount: '2000.00', leverage: '1.75' }],
  ];
  const users: MarginUser[] = [];
  for (const buys of accounts) {
    const user = await fundedUser(app, admin, '10000.00');
    await openMargin(app, user);
    for (const buy of buys) {
      const placed = await placeOrder(app, user, { ...buy, side: 'buy' });
      expect(placed.data?.state, JSON.stringify(placed)).toBe('filled');
    }
    users.push(user);
  }
  const userIds = await Promise.all(users.map((user) => userIdOf(app, user)));
  const marks: Record<string, bigint> = {};
  for (const table of tables) {
    const [row] = await queryRows<{ id: string }>(
      app.database.db,
      sql`select coalesce(max(id), 0)::text as id from ${sql.identifier(table)}`,
    );
    marks[table] = BigInt(row!.id);
  }
  return { app, users, userIds, marks };
}

beforeAll(async () => {
  one = await setUpNode();
  batch = await setUpNode();
}, 240_000);
afterAll(async () => {
  await one?.app.close();
  await batch?.app.close();
});

/** What the liquidations wrote on a node, ids replaced by the user, order and liquidation they name. */
async function written(node: Node) {
  const db = node.app.database.db;
  const ids = sql.join(
    node.userIds.map((id) => sql`${id.toString()}::bigint`),
    sql`, `,
  );
  const userOf = new Map(node.userIds.map((id, index) => [id.toString(), `user${index}`]));
  const orderRows = await queryRows<Record<string, unknown> & { id: string; user_id: string }>(
    db,
    sql`select id::text as id, user_id::text as user_id, symbol, side, type, time_in_force, direction,
          leverage_hundredths, state, reason, quantity_minor::text as quantity, reserved_minor::text as reserved,
          filled_quantity_minor::text as filled, idempotency_key, request_hash, is_queued_for_open,
          pay_currency, (hold_id is not null) as has_hold
        from orders where user_id in (${ids}) and id > ${node.marks.orders!} order by id`,
  );
  const liquidations = await queryRows<Record<string, unknown> & { id: string; user_id: string }>(
    db,
    sql`select id::text as id, user_id::text as user_id, state, level_basis_points, equity_minor::text as equity,
          maintenance_minor::text as maintenance, end_level_basis_points,
          shortfall_minor::text as shortfall
        from margin_liquidations where user_id in (${ids}) order by user_id`,
  );
  const orderName = new Map(
    orderRows.map((row) => [row.id, `${userOf.get(row.user_id)}:${row.symbol}:${row.side}`]),
  );
  const liquidationName = new Map(liquidations.map((row) => [row.id, `liq-${userOf.get(row.user_id)}`]));
  const named = (text: unknown) =>
    String(text)
      .replace(
        /order([: ])(\d+)/g,
        (_, sep: string, id: string) => `order${sep}${orderName.get(id) ?? `?${id}`}`,
      )
      .replace(
        /margin-liquidation:(\d+)/g,
        (_, id: string) => `margin-liquidation:${liquidationName.get(id) ?? `?${id}`}`,
      );
  type Row = Record<string, unknown>;
  const byName = (rows: Row[], key: (row: Row) => string) =>
    [...rows].sort((x, y) => key(x).localeCompare(key(y)));
  const text = (value: unknown) => String(value);

  const orders = byName(
    orderRows.map(({ id, user_id, idempotency_key, ...rest }) => ({
      order: orderName.get(id),
      user: userOf.get(user_id),
      key: named(idempotency_key),
      ...rest,
    })),
    (row) => String(row.order),
  );
  const fills = byName(
    (
      await queryRows<Record<string, unknown> & { order_id: string }>(
        db,
        sql`select order_id::text as order_id, quantity_minor::text as quantity, price_minor::text as price,
              price_basis, quote_source, quote_timestamp, gross_minor::text as gross, fee_minor::text as fee,
              tob_minor::text as tob, total_trade_minor::text as total_trade, total_pay_minor::text as total_pay,
              realised_pnl_minor::text as realised, realised_pnl_eur_minor::text as realised_eur, settles_on,
              created_at
            from fills where user_id in (${ids}) and id > ${node.marks.fills!}`,
      )
    ).map(({ order_id, ...rest }) => ({ order: orderName.get(order_id), ...rest })),
    (row) => String(row.order),
  );
  const positions = byName(
    (
      await queryRows<Record<string, unknown> & { user_id: string }>(
        db,
        sql`select user_id::text as user_id, symbol, direction, state, quantity_minor::text as quantity,
              cost_minor::text as cost, realised_pnl_minor::text as realised,
              realised_pnl_eur_minor::text as realised_eur, closed_at
            from positions where user_id in (${ids})`,
      )
    ).map(({ user_id, ...rest }) => ({ user: userOf.get(user_id), ...rest })),
    (row) => [row.user, row.symbol, row.direction].map(text).join(':'),
  );
  const lots = byName(
    (
      await queryRows<Record<string, unknown> & { user_id: string }>(
        db,
        sql`select p.user_id::text as user_id, p.symbol, l.quantity_minor::text as quantity,
              l.remaining_minor::text as remaining, l.price_minor::text as price, l.locked_until
            from position_lots l join positions p on p.id = l.position_id where p.user_id in (${ids})`,
      )
    ).map(({ user_id, ...rest }) => ({ user: userOf.get(user_id), ...rest })),
    (row) => [row.user, row.symbol, row.quantity, row.remaining].map(text).join(':'),
  );
  const settlements = byName(
    (
      await queryRows<Record<string, unknown> & { user_id: string }>(
        db,
        sql`select user_id::text as user_id, currency, amount_minor::text as amount, settles_on
            from settlements where user_id in (${ids})`,
      )
    ).map(({ user_id, ...rest }) => ({ user: userOf.get(user_id), ...rest })),
    (row) => [row.user, row.amount].map(text).join(':'),
  );
  const entries = byName(
    await Promise.all(
      (
        await queryRows<{
          id: string;
          kind: string;
          memo: string;
          key: string | null;
          source_type: string;
          source_id: string;
        }>(
          db,
          sql`select id::text as id, kind, memo, idempotency_key as key, source_type, source_id
              from ledger_entries where id > ${node.marks.ledger_entries!}`,
        )
      ).map(async (entry) => ({
        kind: entry.kind,
        memo: named(entry.memo),
        key: named(entry.key),
        source: `${entry.source_type}:${
          entry.source_type === 'order'
            ? orderName.get(entry.source_id)
            : (userOf.get(entry.source_id) ?? entry.source_id)
        }`,
        postings: (
          await queryRows<{ owner: string | null; asset: string; kind: string; amount: string }>(
            db,
            sql`select a.owner_user_id::text as owner, p.asset, a.kind, p.amount_minor::text as amount
                from ledger_postings p join ledger_accounts a on a.id = p.account_id
                where p.entry_id = ${entry.id}`,
          )
        )
          .map(
            (posting) =>
              `${posting.owner === null ? 'house' : userOf.get(posting.owner)}/${posting.kind}/${posting.asset} ${posting.amount}`,
          )
          .sort(),
      })),
    ),
    (row) => [row.key, row.memo].map(text).join(':'),
  );
  const movements = byName(
    (
      await queryRows<Record<string, unknown> & { user_id: string; order_id: string | null }>(
        db,
        sql`select user_id::text as user_id, currency, kind, amount_minor::text as amount, order_id::text as order_id
            from margin_loan_movements where user_id in (${ids}) and id > ${node.marks.margin_loan_movements!}`,
      )
    ).map(({ user_id, order_id, ...rest }) => ({
      user: userOf.get(user_id),
      order: order_id === null ? null : orderName.get(order_id),
      ...rest,
    })),
    (row) => [row.user, row.kind, row.order].map(text).join(':'),
  );
  const sales = byName(
    (
      await queryRows<Record<string, unknown> & { liquidation_id: string; order_id: string }>(
        db,
        sql`select liquidation_id::text as liquidation_id, order_id::text as order_id, symbol, currency, quantity,
              cost_minor::text as cost, value_minor::text as value, loss_eur_minor::text as loss_eur,
              last_minor::text as last, bid_minor::text as bid, ask_minor::text as ask, quote_at
            from margin_liquidation_sales where user_id in (${ids}) order by id`,
      )
    ).map(({ liquidation_id, order_id, ...rest }) => ({
      liquidation: liquidationName.get(liquidation_id),
      order: orderName.get(order_id),
      ...rest,
    })),
    (row) => String(row.order),
  );
  const messages = byName(
    (
      await queryRows<{ user_id: string; kind: string; params: unknown }>(
        db,
        sql`select user_id::text as user_id, kind, params from user_messages
            where user_id in (${ids}) and id > ${node.marks.user_messages!}`,
      )
    ).map(({ user_id, kind, params }) => ({
      user: userOf.get(user_id),
      kind,
      params: JSON.stringify(params),
    })),
    (row) => [row.user, row.kind, row.params].map(text).join(':'),
  );
  return {
    orders,
    fills,
    positions,
    lots,
    settlements,
    entries,
    movements,
    liquidations: liquidations.map(({ id, user_id, ...rest }): Row => ({
      liquidation: liquidationName.get(id),
      user: userOf.get(user_id),
      ...rest,
    })),
    sales,
    messages,
  };
}

const servicesOf = (node: Node) => {
  const { services } = node.app.app;
  return {
    db: node.app.database.db,
    clock: node.app.clock,
    margin: services.margin,
    messages: services.messages,
    trading: services.trading,
    levelOf: marginLevelOf,
  };
};

describe('liquidations in batches', () => {
  it('write exactly what the one-by-one liquidation writes', async () => {
    const [a, b, c, d] = symbols as [string, string, string, string];
    const scenario = priceScenario([one.app, batch.app]);
    try {
      scenario.set(a, 40n);
      scenario.set(b, 60n);
      scenario.set(c, 90n);
      scenario.set(d, 60n);
      for (const node of [one, batch]) node.app.clock.set('2026-11-20T14:50:03Z');
      const sidesOf = async (node: Node) =>
        new Map(
          await Promise.all(
            node.userIds.map(
              async (userId) => [userId, await node.app.app.services.margin.sideNow(userId)] as const,
            ),
          ),
        );
      const levels = [...(await sidesOf(batch)).values()].map(
        (side) => marginLevelOf(side.equityEur, side.maintenanceEur).levelBasisPoints ?? 0,
      );
      // Four below the liquidation level, the last below the call level only.
      expect(
        levels.slice(0, 4).every((level) => level < MARGIN_RULES.liquidationLevelBasisPoints),
        levels.join(', '),
      ).toBe(true);
      expect(levels[4]).toBeGreaterThanOrEqual(MARGIN_RULES.liquidationLevelBasisPoints);
      expect(levels[4]).toBeLessThan(MARGIN_RULES.callLevelBasisPoints);

      const liquidate = createLiquidator(servicesOf(one));
      const closedOneByOne = [];
      for (const [userId, side] of await sidesOf(one)) closedOneByOne.push(await liquidate(userId, side));
      const readBefore = await sidesOf(batch);
      const outcomes = await createBatchLiquidator(servicesOf(batch))(readBefore);
      // Every sale written by a batch (none placed alone after a failed batch): four, then one.
      expect(batch.app.app.services.trading.rulePlacementStats()).toEqual({
        batches: 2,
        batched: 5,
        alone: 0,
        failedBatches: 0,
      });
      expect(closedOneByOne).toEqual([2, 1, 1, 1, 0]);
      expect(batch.userIds.map((userId) => outcomes.get(userId)?.closed ?? 0)).toEqual(closedOneByOne);

      const expected = await written(one);
      const actual = await written(batch);
      // Not vacuous: five sales (a then b for the first account), their fills, entries and logs.
      expect(expected.sales.map((sale) => sale.order)).toEqual([
        `user0:${a}:sell`,
        `user0:${b}:sell`,
        `user1:${a}:sell`,
        `user2:${d}:sell`,
        `user3:${d}:sell`,
      ]);
      expect(expected.fills).toHaveLength(5);
      expect(expected.liquidations.map((row) => row.state)).toEqual(['done', 'done', 'done', 'done']);
      expect(Number(expected.liquidations[1]!.shortfall)).toBeGreaterThan(0);
      expect(expected.messages.filter((row) => row.kind === 'margin_liquidation')).toHaveLength(4);
      expect(expected.entries.length).toBeGreaterThanOrEqual(10);
      for (const part of Object.keys(expected) as (keyof typeof expected)[])
        expect(actual[part], part).toEqual(expected[part]);

      // Another node's tick that read these sides before the liquidations above and claims once
      // they are done: it reads the sides again after its claim, as the one-by-one liquidation
      // does, and sells nothing more (the first account keeps its third position, back above
      // maintenance). The account left with a shortfall is not in its tick (it holds nothing).
      const late = await createBatchLiquidator(servicesOf(batch))(
        new Map([...readBefore].filter(([userId]) => userId !== batch.userIds[1])),
      );
      expect([...late.values()].map((outcome) => outcome.closed)).toEqual([0, 0, 0]);
      const after = await written(batch);
      expect(after.orders).toEqual(actual.orders);
      expect(after.liquidations).toEqual(actual.liquidations);

      expect((await verifyLedger(one.app.database.db)).breaches).toEqual([]);
      expect((await verifyLedger(batch.app.database.db)).breaches).toEqual([]);
    } finally {
      scenario.restore();
    }
  });
});
