import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
  priceScenario,
  saveInstrument,
  userIdOf,
  type MarginUser,
} from './margin-test-support';
import { dailyBorrowFeeMinor, valueMinor } from './securities-lending';

// Short selling and securities lending (issue 16 item 3) through the API, on PGlite or PostgreSQL
// (TEST_DATABASE_URL): only lendable instruments with their channel open may be sold short, by a
// margin account; the shares are borrowed from the users who opted in, oldest opt-in first, never
// more than the pool holds (MARGIN_QUOTA_FULL); the borrow fee accrues daily through the ledger,
// half to the lenders; a lender's sale recalls what the pool cannot re-supply and the short is
// bought in at market once the published notice has passed (the injected clock); a dividend is
// charged to the short and paid to the lender; ledger:verify stays clean throughout.

let testApp: TestApp;
let admin: StaffHeaders;

const FRIDAY_AFTERNOON = '2026-11-20T15:45:17Z';
const SATURDAY = '2026-11-21T00:30:00Z';
const MONDAY_MORNING = '2026-11-23T10:00:00Z';
const NOTICE_MS = 1_440 * 60_000;

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set(FRIDAY_AFTERNOON);
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

const save = (symbol: string, body: Record<string, unknown>) => saveInstrument(testApp, admin, symbol, body);
const minor = (text: string) => BigInt(text.replace('.', ''));
const cash = async (user: MarginUser, kind: 'available' | 'margin' = 'available') => {
  const rows = await queryRows<{ balance: string }>(
    testApp.database.db,
    sql`select balance_minor::text as balance from ledger_accounts
        where owner_user_id = ${await userIdOf(testApp, user)} and asset = 'EUR' and kind = ${kind}`,
  );
  return BigInt(rows[0]?.balance ?? '0');
};
const taxesPayable = async () => {
  const rows = await queryRows<{ balance: string }>(
    testApp.database.db,
    sql`select coalesce(sum(posting.amount_minor), 0)::text as balance from ledger_postings posting
        join ledger_accounts account on account.id = posting.account_id
        where account.owner_user_id is null and account.kind = 'taxes_payable' and account.asset = 'EUR'`,
  );
  return BigInt(rows[0]?.balance ?? '0');
};
const shortOf = async (user: MarginUser, symbol: string) => {
  const rows = await queryRows<{ quantity: string; state: string }>(
    testApp.database.db,
    sql`select quantity_minor::text as quantity, state from positions
        where user_id = ${await userIdOf(testApp, user)} and symbol = ${symbol} and direction = 'short'
        order by id desc limit 1`,
  );
  return rows[0] ? { quantity: rows[0].quantity, state: rows[0].state } : null;
};
const allocations = async (symbol: string) =>
  queryRows<{
    lender: string;
    quantity: string;
    returned: string;
    recalled: boolean;
    outcome: string | null;
  }>(
    testApp.database.db,
    sql`select lender_user_id::text as lender, quantity_minor::text as quantity,
               returned_minor::text as returned, recalled_at is not null as recalled, recall_outcome as outcome
        from securities_loan_allocations where symbol = ${symbol} order by id`,
  );
const ordersOf = async (user: MarginUser) =>
  queryRows<{ side: string; direction: string; state: string; quantity: string }>(
    testApp.database.db,
    sql`select side, direction, state, quantity_minor::text as quantity from orders
        where user_id = ${await userIdOf(testApp, user)} order by id`,
  );
const short = (user: MarginUser, symbol: string, quantity: string, side: 'sell' | 'buy' = 'sell') =>
  placeOrder(testApp, user, { symbol, side, direction: 'short', type: 'market', quantity });
const optIn = (user: MarginUser, lend: boolean) => postData(testApp, '/margin/lendingOptIn', { lend }, user);

describe('short selling and securities lending', () => {
  let symbol: string;
  let other: string;
  let lenderA: MarginUser;
  let lenderB: MarginUser;
  let shorter: MarginUser;
  let cashOnly: MarginUser;

  beforeAll(async () => {
    lenderA = await fundedUser(testApp, admin, '5000.00');
    lenderB = await fundedUser(testApp, admin, '5000.00');
    shorter = await fundedUser(testApp, admin, '5000.00');
    cashOnly = await fundedUser(testApp, admin, '5000.00');
    const { largeCaps } = await marginSymbols(testApp, shorter);
    [symbol, other] = largeCaps as [string, string];
    expect((await save(symbol, { lendable: true })).status).toBe(1);
    await openMargin(testApp, shorter);
    // Lender A opts in first, B second: A lends first. A's 10 shares are paid in cash; B's 5 too,
    // and B's 4 more bought at 2.00× on margin are not fully paid and never lent.
    expect(
      (await placeOrder(testApp, lenderA, { symbol, side: 'buy', type: 'market', quantity: '10' })).status,
    ).toBe(1);
    expect(
      (await placeOrder(testApp, lenderB, { symbol, side: 'buy', type: 'market', quantity: '5' })).status,
    ).toBe(1);
    await openMargin(testApp, lenderB);
    expect(
      (
        await placeOrder(testApp, lenderB, {
          symbol,
          side: 'buy',
          type: 'market',
          quantity: '4',
          leverage: '2.00',
        })
      ).status,
    ).toBe(1);
    expect((await optIn(lenderA, true)).data.isOptedIn).toBe(true);
    testApp.clock.advance(1_000);
    expect((await optIn(lenderB, true)).data.isOptedIn).toBe(true);
  });

  it('publishes the lendable list: the marginable instruments staff marked lendable', async () => {
    const { lendable } = (await postData(testApp, '/margin/lending', {}, shorter)).data;
    expect(lendable.map((row: { symbol: string }) => row.symbol)).toEqual([symbol]);
    expect(lendable[0]).toMatchObject({
      isChannelOpen: true,
      borrowFeeBasisPoints: 300,
      initialBasisPoints: 5_000,
    });
  });

  it('refuses a short without a margin account, off the lendable list, or with the channel paused; writes nothing', async () => {
    expect((await short(cashOnly, symbol, '1')).code).toBe('MARGIN_NOT_ENABLED');
    expect((await short(shorter, other, '1')).code).toBe('SHORT_NOT_LENDABLE');
    expect((await save(symbol, { lendable: true, lendingPaused: true })).status).toBe(1);
    const closed = await short(shorter, symbol, '1');
    expect(closed.code).toBe('LENDING_CHANNEL_CLOSED');
    expect((await save(symbol, { lendable: true, lendingPaused: false })).status).toBe(1);
    expect(await ordersOf(shorter)).toEqual([]);
    expect(await ordersOf(cashOnly)).toEqual([]);
  });

  it('shows the initial margin and the borrow fee before confirming', async () => {
    const preview = (
      await postData(
        testApp,
        '/trade/preview',
        { symbol, side: 'sell', direction: 'short', type: 'market', quantity: '12' },
        shorter,
      )
    ).data;
    const gross = minor(preview.gross);
    expect(preview.margin.short).toEqual({
      initialMarginBasisPoints: 5_000,
      initialMargin: preview.margin.marginUsed,
      borrowFeeBasisPoints: 300,
      dailyBorrowFee: expect.any(String),
      poolAvailable: '15',
    });
    expect(minor(preview.margin.short.initialMargin)).toBe((gross + 1n) / 2n);
    expect(minor(preview.margin.short.dailyBorrowFee)).toBe(dailyBorrowFeeMinor(gross, 300));
  });

  it('borrows from the oldest opt-in first; more than the pool holds is MARGIN_QUOTA_FULL', async () => {
    const cashBefore = await cash(shorter);
    const placed = await short(shorter, symbol, '12');
    expect(placed.status).toBe(1);
    expect(placed.data.state).toBe('filled');
    const a = (await userIdOf(testApp, lenderA)).toString();
    const b = (await userIdOf(testApp, lenderB)).toString();
    expect((await allocations(symbol)).map((row) => [row.lender, row.quantity])).toEqual([
      [a, '10'],
      [b, '2'],
    ]);
    expect(await shortOf(shorter, symbol)).toEqual({ quantity: '12', state: 'holding' });
    // The initial margin left the cash; it and the proceeds sit in the margin account.
    const held = cashBefore - (await cash(shorter));
    expect(held).toBeGreaterThan(0n);
    expect(await cash(shorter, 'margin')).toBeGreaterThan(held);
    // Three fully paid shares are left in the pool (B's margin-bought four are not lendable).
    const refused = await short(shorter, symbol, '4');
    expect(refused.code).toBe('MARGIN_QUOTA_FULL');
    expect((await allocations(symbol)).length).toBe(2);
    expect(await breaches(testApp)).toEqual([]);
  });

  it('counts the short as a liability on the margin side', async () => {
    const summary = (await postData(testApp, '/margin/summary', {}, shorter)).data;
    expect(minor(summary.holdingsValue)).toBeLessThan(0n);
    expect(minor(summary.maintenanceRequirement)).toBeGreaterThan(0n);
    expect(minor(summary.equity)).toBeLessThan(minor(summary.marginCash));
    // The position gains what the shares lose: proceeds received (its cost) − value now.
    const items = (await postData(testApp, '/trade/positions', {}, shorter)).data.items as {
      direction: string;
      costBasis: string;
      marketValue: string;
      unrealisedPnl: string;
    }[];
    const position = items.find((item) => item.direction === 'short')!;
    expect(minor(position.unrealisedPnl)).toBe(minor(position.costBasis) - minor(position.marketValue));
  });

  it('accrues the borrow fee daily through the ledger, half to the lenders, once a day', async () => {
    const [lenderABefore, lenderBBefore, marginBefore] = [
      await cash(lenderA),
      await cash(lenderB),
      await cash(shorter, 'margin'),
    ];
    testApp.clock.set(SATURDAY);
    expect(await testApp.app.services.margin.lending.accrueFees(new Date(SATURDAY))).toBe(1);
    expect(await testApp.app.services.margin.lending.accrueFees(new Date(SATURDAY))).toBe(0);
    const [borrow] = await queryRows<{ price: string }>(
      testApp.database.db,
      sql`select price_minor::text as price from securities_borrows order by id limit 1`,
    );
    const fee = dailyBorrowFeeMinor(valueMinor(12n, 0, BigInt(borrow!.price)), 300);
    expect(fee).toBeGreaterThan(0n);
    expect(marginBefore - (await cash(shorter, 'margin'))).toBe(fee);
    const lenders = fee / 2n;
    expect((await cash(lenderA)) - lenderABefore).toBe((lenders * 10n) / 12n);
    expect((await cash(lenderB)) - lenderBBefore).toBe((lenders * 2n) / 12n);
    const [charge] = await queryRows<{ day: string; amount: string }>(
      testApp.database.db,
      sql`select day::text as day, amount_minor::text as amount from securities_lending_charges where kind = 'borrow_fee'`,
    );
    expect(charge).toEqual({ day: '2026-11-20', amount: fee.toString() });
    const earned = (await postData(testApp, '/margin/lending', {}, lenderA)).data;
    expect(earned.earnings).toEqual([
      { currency: 'EUR', borrowFees: expect.any(String), manufacturedDividends: '0.00' },
    ]);
    expect(minor(earned.earnings[0].borrowFees)).toBe((lenders * 10n) / 12n);
    expect(await breaches(testApp)).toEqual([]);
  });

  it('charges a dividend on the borrowed shares to the short and pays it to the lenders', async () => {
    const exDate = '2026-11-23';
    const perShare = 1_5000n; // 1.50 a share
    const provider = testApp.app.services.market.provider;
    const original = provider.corporateActions.bind(provider);
    const spy = vi
      .spyOn(provider, 'corporateActions')
      .mockImplementation((asked: string) =>
        asked === symbol ? [{ kind: 'dividend', symbol, exDate, amountMinor: perShare }] : original(asked),
      );
    const [aBefore, bBefore, marginBefore, taxesBefore] = [
      await cash(lenderA),
      await cash(lenderB),
      await cash(shorter, 'margin'),
      await taxesPayable(),
    ];
    testApp.clock.set(MONDAY_MORNING);
    await testApp.app.services.trading.processCorporateActions(new Date(MONDAY_MORNING));
    await testApp.app.services.trading.processCorporateActions(new Date(MONDAY_MORNING));
    spy.mockRestore();
    // The short pays 12 × 1.50 gross. A is paid 10 × 1.50 for the lent shares less the Belgian
    // withholding (30 %: 4.50), as the issuer's dividend would be (and nothing from the issuer: all
    // ten are lent); B 2 × 1.50 less 0.90, plus the issuer's net on the 7 not lent. What is withheld
    // goes to the house's taxes payable: 5.40 on the manufactured dividend and the issuer's on B's 7.
    expect(marginBefore - (await cash(shorter, 'margin'))).toBe(18_00n);
    expect((await cash(lenderA)) - aBefore).toBe(10_50n);
    const [bIssuer] = await queryRows<{ quantity: string; net: string; withheld: string }>(
      testApp.database.db,
      sql`select quantity_minor::text as quantity, net_minor::text as net,
                 withholding_belgian_minor::text as withheld from corporate_action_payments
          where user_id = ${await userIdOf(testApp, lenderB)} and symbol = ${symbol}`,
    );
    expect(bIssuer!.quantity).toBe('7');
    expect((await cash(lenderB)) - bBefore).toBe(2_10n + BigInt(bIssuer!.net));
    expect((await taxesPayable()) - taxesBefore).toBe(5_40n + BigInt(bIssuer!.withheld));
    const dividends = await queryRows<{ amount: string; lenders: string }>(
      testApp.database.db,
      sql`select amount_minor::text as amount, lenders_minor::text as lenders
          from securities_lending_charges where kind = 'manufactured_dividend'`,
    );
    expect(dividends).toEqual([{ amount: '1800', lenders: '1260' }]);
    expect(await breaches(testApp)).toEqual([]);
  });

  it('recalls what a lender sells and the pool cannot re-supply; buys the short in at the published time', async () => {
    // A sells all ten: B's three free shares re-supply three, seven are recalled.
    const sold = await placeOrder(testApp, lenderA, { symbol, side: 'sell', type: 'market', quantity: '10' });
    expect(sold.status).toBe(1);
    const rows = await allocations(symbol);
    const recalled = rows.filter((row) => row.recalled);
    expect(recalled.map((row) => row.quantity)).toEqual(['7']);
    const a = (await userIdOf(testApp, lenderA)).toString();
    const b = (await userIdOf(testApp, lenderB)).toString();
    const active = (lender: string) =>
      rows
        .filter((row) => row.lender === lender)
        .reduce((sum, row) => sum + BigInt(row.quantity) - BigInt(row.returned), 0n);
    expect(active(b)).toBe(5n);
    expect(active(a)).toBe(7n);
    const [message] = await queryRows<{ params: Record<string, string> }>(
      testApp.database.db,
      sql`select params from user_messages where kind = 'short_recall' and user_id = ${await userIdOf(testApp, shorter)}`,
    );
    const buyInAt = new Date(Date.parse(MONDAY_MORNING) + NOTICE_MS).toISOString();
    expect(message!.params).toEqual({ symbol, quantity: '7', buyInAt });
    // One second before the notice has passed nothing is bought; at its end the seven are.
    const lending = testApp.app.services.margin.lending;
    testApp.clock.set(new Date(Date.parse(buyInAt) - 1_000).toISOString());
    expect(await lending.processRecalls(testApp.clock.now())).toBe(0);
    expect(await shortOf(shorter, symbol)).toEqual({ quantity: '12', state: 'holding' });
    testApp.clock.set(buyInAt);
    await Promise.all([
      lending.processRecalls(testApp.clock.now()),
      lending.processRecalls(testApp.clock.now()),
    ]);
    expect(await shortOf(shorter, symbol)).toEqual({ quantity: '5', state: 'holding' });
    const covers = (await ordersOf(shorter)).filter((order) => order.side === 'buy');
    expect(covers).toEqual([{ side: 'buy', direction: 'short', state: 'filled', quantity: '7' }]);
    expect((await allocations(symbol)).filter((row) => row.recalled)[0]).toMatchObject({
      returned: '7',
      outcome: 'bought_in',
    });
    expect(await breaches(testApp)).toEqual([]);
  });

  it('a buy-to-cover closes the short, returns the shares and the collateral', async () => {
    const covered = await short(shorter, symbol, '5', 'buy');
    expect(covered.status).toBe(1);
    expect(await shortOf(shorter, symbol)).toEqual({ quantity: '0', state: 'closed' });
    const rows = await allocations(symbol);
    expect(rows.every((row) => row.returned === row.quantity)).toBe(true);
    expect(await cash(shorter, 'margin')).toBeGreaterThanOrEqual(0n);
    expect((await short(shorter, symbol, '1', 'buy')).code).toBe('INSUFFICIENT_POSITION');
    expect(await breaches(testApp)).toEqual([]);
  });

  it('counts a short in the margin level: a 30 % rise calls and liquidates it by a buy-to-cover', async () => {
    admin = await adminLogin(testApp); // the staff session of Friday has ended
    // Staff set this instrument's borrow fee (5.00 % a year) instead of the configuration's 3.00 %.
    expect((await save(other, { lendable: true, borrowFeeBasisPoints: 500 })).status).toBe(1);
    testApp.clock.advance(31_000);
    const lenderC = await fundedUser(testApp, admin, '5000.00');
    const shorterB = await fundedUser(testApp, admin, '5000.00');
    await openMargin(testApp, shorterB);
    expect(
      (await placeOrder(testApp, lenderC, { symbol: other, side: 'buy', type: 'market', quantity: '10' }))
        .status,
    ).toBe(1);
    expect((await optIn(lenderC, true)).status).toBe(1);
    // A save without the field (the back office's form) keeps it.
    expect((await save(other, { lendable: true })).status).toBe(1);
    testApp.clock.advance(6_000);
    const { lendable } = (await postData(testApp, '/margin/lending', {}, shorterB)).data;
    expect(lendable.find((row: { symbol: string }) => row.symbol === other).borrowFeeBasisPoints).toBe(500);
    expect((await short(shorterB, other, '5')).status).toBe(1);
    const [fee] = await queryRows<{ fee: number }>(
      testApp.database.db,
      sql`select fee_basis_points::int as fee from securities_borrows where symbol = ${other}`,
    );
    expect(fee).toEqual({ fee: 500 });
    // The margin level's index of who holds what, read again now (it is every 30 s).
    await testApp.app.services.marginLevel.reload();
    const prices = priceScenario([testApp]);
    try {
      // Up 10 %: equity (1.50 − 1.10) / requirement (0.30 × 1.10) ≈ 121 %: nothing happens.
      prices.set(other, 110n);
      await testApp.app.services.marginLevel.onQuotes([other]);
      expect(await shortOf(shorterB, other)).toEqual({ quantity: '5', state: 'holding' });
      // Up 30 %: (1.50 − 1.30) / 0.39 ≈ 51 %, below the liquidation level (80 %): bought back.
      prices.set(other, 130n);
      await testApp.app.services.marginLevel.onQuotes([other]);
    } finally {
      prices.restore();
    }
    expect(await shortOf(shorterB, other)).toEqual({ quantity: '0', state: 'closed' });
    const sales = await queryRows<{ symbol: string }>(
      testApp.database.db,
      sql`select symbol from margin_liquidation_sales where user_id = ${await userIdOf(testApp, shorterB)}`,
    );
    expect(sales).toEqual([{ symbol: other }]);
    expect(await breaches(testApp)).toEqual([]);
  });
  it('an opt-out ends what the lender lends: re-supplied by the next lender, the rest recalled with notice', async () => {
    // `other` is lendable; lender C (10 shares, opted in) lends first. D opts in after C with 6.
    const lenderD = await fundedUser(testApp, admin, '5000.00');
    const shorterC = await fundedUser(testApp, admin, '5000.00');
    await openMargin(testApp, shorterC);
    expect(
      (await placeOrder(testApp, lenderD, { symbol: other, side: 'buy', type: 'market', quantity: '6' }))
        .status,
    ).toBe(1);
    testApp.clock.advance(1_000);
    expect((await optIn(lenderD, true)).status).toBe(1);
    // Shorts 12: 10 from C, 2 from D.
    expect((await short(shorterC, other, '12')).status).toBe(1);
    const lenderC = (await allocations(other)).find(
      (row) => row.quantity === '10' && row.returned === '0',
    )!.lender;
    // C opts out: D's 4 free shares re-supply 4 of C's 10, the other 6 are recalled.
    await testApp.app.services.margin.lending.setOptIn(BigInt(lenderC), false);
    const rows = await allocations(other);
    const active = (lender: string) =>
      rows
        .filter((row) => row.lender === lender && !row.recalled)
        .reduce((sum, row) => sum + BigInt(row.quantity) - BigInt(row.returned), 0n);
    const d = (await userIdOf(testApp, lenderD)).toString();
    expect(active(d)).toBe(6n);
    expect(active(lenderC)).toBe(0n);
    expect(
      rows.filter((row) => row.recalled && row.outcome === null).map((row) => [row.lender, row.quantity]),
    ).toEqual([[lenderC, '6']]);
    const [message] = await queryRows<{ params: Record<string, string> }>(
      testApp.database.db,
      sql`select params from user_messages where kind = 'short_recall' and user_id = ${await userIdOf(testApp, shorterC)}`,
    );
    expect(message!.params).toMatchObject({ symbol: other, quantity: '6' });
    const [audit] = await queryRows<{ reason: string }>(
      testApp.database.db,
      sql`select reason from audit_log where action = 'margin.lending_opt_out' and target_id = ${lenderC} order by id desc limit 1`,
    );
    expect(audit!.reason).toContain('recalled');
    // At the end of the notice the six are bought in.
    testApp.clock.advance(NOTICE_MS);
    await testApp.app.services.margin.lending.processRecalls(testApp.clock.now());
    expect(await shortOf(shorterC, other)).toEqual({ quantity: '6', state: 'holding' });
    expect(await breaches(testApp)).toEqual([]);
  });
});
