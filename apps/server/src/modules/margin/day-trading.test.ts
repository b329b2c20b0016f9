import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_TRADING_RULES, formatCash } from '@beurs/contract';
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
  userIdOf,
  type MarginUser,
} from './margin-test-support';

// Day trading (issue 16 item 5) through the API on two nodes sharing one database and one clock:
// a day trade is a market buy marked intraday, up to 1 / the intraday margin (25 %: 4.00×), on an
// eligible instrument (the large caps), before the auto-close time (Euronext Brussels closes at
// 17:30 Brussels, 16:30 UTC in November; auto-close 16:15 UTC). At that time the job closes
// exactly the positions opened intraday, once, the sale repaying the margin loan; ledger:verify
// finds nothing after.

let first: TestApp;
let second: TestApp;
let admin: StaffHeaders;

const BEFORE_CUTOFF = '2026-11-20T15:45:17Z';
const LAST_SECOND = '2026-11-20T16:14:59Z';
const AUTO_CLOSE = '2026-11-20T16:15:00Z';

beforeAll(async () => {
  first = await buildTestApp();
  first.clock.set(BEFORE_CUTOFF);
  second = await buildTestApp({ sharedDatabase: first.database, clock: first.clock });
  admin = await adminLogin(first);
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const dayTrades = (userId: bigint) =>
  queryRows<{
    order_id: string;
    symbol: string;
    closed: boolean;
    outcome: string | null;
    close_order: string | null;
  }>(
    first.database.db,
    sql`select order_id::text as order_id, symbol, closed_at is not null as closed, close_outcome as outcome,
          close_order_id::text as close_order from margin_day_trades where user_id = ${userId} order by order_id`,
  );

const sellsOf = (userId: bigint) =>
  queryRows<{ id: string; symbol: string; quantity: string; state: string }>(
    first.database.db,
    sql`select id::text as id, symbol, quantity_minor::text as quantity, state from orders
        where user_id = ${userId} and side = 'sell' order by id`,
  );

const holding = async (userId: bigint, symbol: string) => {
  const balances = await first.app.services.ledger.getUserBalances(first.database.db, userId);
  return (balances.find((balance) => balance.asset === `sec:${symbol}`)?.available ?? 0n).toString();
};

const owedOf = async (userId: bigint) =>
  (await first.app.services.margin.owed(first.database.db, userId, 'EUR')) as bigint;

describe('day trading', () => {
  let trader: MarginUser;
  let holder: MarginUser;
  let cashOnly: MarginUser;
  let largeCap: string;
  let otherLargeCap: string;
  let standard: string;

  beforeAll(async () => {
    [trader, holder, cashOnly] = await Promise.all([
      fundedUser(first, admin, '5000.00'),
      fundedUser(first, admin, '5000.00'),
      fundedUser(first, admin, '5000.00'),
    ]);
    await openMargin(first, trader);
    await openMargin(first, holder);
    const symbols = await marginSymbols(first, trader);
    [largeCap, otherLargeCap] = symbols.largeCaps as [string, string];
    standard = symbols.standard[0] as string;
  });

  it('publishes the rules: 25 % intraday margin (4.00×), the large caps, 15 minutes before the close', async () => {
    const { data } = await postData(first, '/margin/dayTrading', {}, trader);
    expect(data.rules).toMatchObject({
      intradayInitialBasisPoints: DAY_TRADING_RULES.intradayInitialBasisPointsDefault,
      intradayLeverageMax: '4.00',
      autoCloseMinutesBeforeClose: 15,
    });
    const listed = (data.instruments as { symbol: string; autoCloseAt: string | null }[]).map(
      (row) => row.symbol,
    );
    expect(listed).toContain(largeCap);
    expect(listed).not.toContain(standard);
    const row = (data.instruments as { symbol: string; autoCloseAt: string }[]).find(
      (instrument) => instrument.symbol === largeCap,
    );
    expect(row?.autoCloseAt).toBe(new Date(AUTO_CLOSE).toISOString());
  });

  it('refuses a day trade above the intraday cap, on an instrument not listed, or without a margin account', async () => {
    const above = await placeOrder(first, trader, {
      symbol: largeCap,
      side: 'buy',
      type: 'market',
      quantity: '1',
      leverage: '4.01',
      intraday: true,
    });
    expect(above.code).toBe('MARGIN_LEVERAGE_ABOVE_CAP');
    expect(above.params).toMatchObject({ leverageMax: '4.00' });
    const notListed = await placeOrder(first, trader, {
      symbol: standard,
      side: 'buy',
      type: 'market',
      quantity: '1',
      leverage: '1.50',
      intraday: true,
    });
    expect(notListed.code).toBe('DAY_TRADE_NOT_ELIGIBLE');
    const notEnabled = await placeOrder(first, cashOnly, {
      symbol: largeCap,
      side: 'buy',
      type: 'market',
      quantity: '1',
      leverage: '2.00',
      intraday: true,
    });
    expect(notEnabled.code).toBe('MARGIN_NOT_ENABLED');
    // Without the intraday mark, 4.00 is above the large cap's own cap (2.00).
    const notIntraday = await placeOrder(first, trader, {
      symbol: largeCap,
      side: 'buy',
      type: 'market',
      quantity: '1',
      leverage: '4.00',
    });
    expect(notIntraday.code).toBe('MARGIN_LEVERAGE_ABOVE_CAP');
    expect(await dayTrades(await userIdOf(first, trader))).toEqual([]);
    expect(await sellsOf(await userIdOf(first, trader))).toEqual([]);
  });

  it('takes day trades at 4.00× until the auto-close time, then closes exactly them at market, once', async () => {
    const traderId = await userIdOf(first, trader);
    const holderId = await userIdOf(first, holder);
    // Kept overnight: a margin buy of the same large cap at 2.00 (not intraday), more than the
    // intraday quantity (so that a second auto-close sale would not be refused for lack of shares),
    // and another user's holding.
    const kept = await placeOrder(first, trader, {
      symbol: largeCap,
      side: 'buy',
      type: 'market',
      quantity: '12',
      leverage: '2.00',
    });
    expect(kept.data.state).toBe('filled');
    const held = await placeOrder(first, holder, {
      symbol: largeCap,
      side: 'buy',
      type: 'market',
      quantity: '4',
      leverage: '2.00',
    });
    expect(held.data.state).toBe('filled');
    const owedBefore = await owedOf(traderId);
    // Two day trades of one symbol and one of another, at 4.00× (only a quarter from the user's cash).
    for (const [symbol, quantity] of [
      [largeCap, '5'],
      [largeCap, '2'],
      [otherLargeCap, '6'],
    ] as const) {
      const placed = await placeOrder(first, trader, {
        symbol,
        side: 'buy',
        type: 'market',
        quantity,
        leverage: '4.00',
        intraday: true,
      });
      expect(placed.data).toMatchObject({ state: 'filled', leverageRatio: '4.00' });
    }
    expect(await owedOf(traderId)).toBeGreaterThan(owedBefore);
    expect((await dayTrades(traderId)).map((row) => [row.symbol, row.closed])).toEqual([
      [largeCap, false],
      [largeCap, false],
      [otherLargeCap, false],
    ]);

    // The last second before the auto-close: still taken, nothing closed yet.
    first.clock.set(LAST_SECOND);
    const late = await placeOrder(first, trader, {
      symbol: largeCap,
      side: 'buy',
      type: 'market',
      quantity: '1',
      leverage: '3.00',
      intraday: true,
    });
    expect(late.data.state).toBe('filled');
    expect(
      await first.app.services.margin.dayTrading.closeDue(
        first.app.services.trading,
        first.app.services.ledger,
      ),
    ).toEqual([]);
    expect(await sellsOf(traderId)).toEqual([]);
    const before = (await postData(first, '/margin/dayTrading', {}, trader)).data;
    expect(
      before.positions.map((row: { symbol: string; quantity: string; state: string }) => [
        row.symbol,
        row.quantity,
        row.state,
      ]),
    ).toEqual([
      [largeCap, '8', 'open'],
      [otherLargeCap, '6', 'open'],
    ]);
    expect(before.positions.every((row: { unrealised: string | null }) => row.unrealised !== null)).toBe(
      true,
    );

    // From the auto-close time: refused, and the job closes them — two nodes, twice each, at once.
    first.clock.set(AUTO_CLOSE);
    const tooLate = await placeOrder(first, trader, {
      symbol: largeCap,
      side: 'buy',
      type: 'market',
      quantity: '1',
      leverage: '2.00',
      intraday: true,
    });
    expect(tooLate.code).toBe('DAY_TRADE_CUTOFF_PASSED');
    expect(tooLate.params).toMatchObject({ autoCloseAt: new Date(AUTO_CLOSE).toISOString() });
    const close = (node: TestApp) =>
      node.app.services.margin.dayTrading.closeDue(node.app.services.trading, node.app.services.ledger);
    const runs = await Promise.all([
      first.app.jobs.runDue(),
      second.app.jobs.runDue(),
      close(first),
      close(second),
      close(first),
      close(second),
    ]);
    // Across the four direct runs: each group sold by exactly one, none failed (the job's runs too).
    const outcomes = runs.slice(2).flatMap((closes) => (Array.isArray(closes) ? closes : []));
    expect(outcomes.filter((close) => close.outcome === 'failed')).toEqual([]);
    expect(outcomes.filter((close) => close.outcome === 'sold').length).toBeLessThanOrEqual(2);

    // One market sale per symbol, of exactly the intraday quantity (5 + 2 + 1 and 6), filled.
    const sells = await sellsOf(traderId);
    expect(sells.map((row) => [row.symbol, row.quantity, row.state]).sort()).toEqual(
      [
        [largeCap, '8', 'filled'],
        [otherLargeCap, '6', 'filled'],
      ].sort(),
    );
    const rows = await dayTrades(traderId);
    expect(rows.every((row) => row.closed && row.outcome === 'sold')).toBe(true);
    expect(new Set(rows.map((row) => row.close_order))).toEqual(new Set(sells.map((row) => row.id)));
    // The overnight positions stay: the trader's 12 and the holder's 4, no sale for the holder.
    expect(await holding(traderId, largeCap)).toBe('12');
    expect(await holding(traderId, otherLargeCap)).toBe('0');
    expect(await holding(holderId, largeCap)).toBe('4');
    expect(await sellsOf(holderId)).toEqual([]);
    // The sales repaid the loan first: what is owed fell back to about the overnight buy's loan.
    const repaid = await queryRows<{ count: number }>(
      first.database.db,
      sql`select count(*)::int as count from margin_loan_movements
          where user_id = ${traderId} and kind = 'repay' and order_id in (${sql.join(
            sells.map((row) => sql`${BigInt(row.id)}`),
            sql`, `,
          )})`,
    );
    expect(repaid[0]?.count).toBe(2);
    expect(await owedOf(traderId)).toBeLessThan(owedBefore + 1n);

    // The screen: both closed by the auto-close, today's P&L realised (proceeds − cost), none unrealised.
    const after = (await postData(first, '/margin/dayTrading', {}, trader)).data;
    expect(after.positions.map((row: { state: string }) => row.state)).toEqual(['sold', 'sold']);
    const realised = after.positions.reduce(
      (sum: bigint, row: { realised: string }) => sum + BigInt(row.realised.replace('.', '')),
      0n,
    );
    expect(after.totals).toEqual([
      {
        currency: 'EUR',
        realised: formatCash(realised),
        unrealised: '0.00',
        total: formatCash(realised),
      },
    ]);

    // Later runs close nothing again.
    first.clock.set('2026-11-20T16:20:00Z');
    expect(await close(first)).toEqual([]);
    expect(await first.app.services.margin.dayTrading.openCount()).toBe(0);
    expect(await breaches(first)).toEqual([]);
  });
});

describe('day trading where sales are locked', () => {
  it('lists no instrument of a market with a sell lock and refuses a day trade there', async () => {
    const { testConfig } = await import('../../config');
    const defaults = testConfig().trading;
    const locked = await buildTestApp({
      config: {
        trading: { ...defaults, sellLocks: { ...defaults.sellLocks, frank: { days: 0, minutes: 30 } } },
      },
    });
    try {
      locked.clock.set(BEFORE_CUTOFF);
      const staff = await adminLogin(locked);
      const user = await fundedUser(locked, staff, '2000.00');
      await openMargin(locked, user);
      const { largeCaps } = await marginSymbols(locked, user);
      const brussels = largeCaps.find((symbol) => symbol.endsWith('.BR')) as string;
      const { data } = await postData(locked, '/margin/dayTrading', {}, user);
      const listed = (data.instruments as { symbol: string }[]).map((row) => row.symbol);
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.some((symbol) => symbol.endsWith('.BR'))).toBe(false);
      const refused = await placeOrder(locked, user, {
        symbol: brussels,
        side: 'buy',
        type: 'market',
        quantity: '1',
        leverage: '2.00',
        intraday: true,
      });
      expect(refused.code).toBe('DAY_TRADE_NOT_ELIGIBLE');
    } finally {
      await locked.close();
    }
  });
});
