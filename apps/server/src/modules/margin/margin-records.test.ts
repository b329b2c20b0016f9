import type { RecordDetail } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../ledger/ledger.repository';
import type { RecordEntry } from '../../ledger/record-sources';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';
import {
  breaches,
  marginSymbols,
  openMargin,
  placeOrder,
  postData,
  saveInstrument,
  userIdOf,
  type MarginUser,
} from './margin-test-support';
import { describeMarginRecords } from './margin-records';
import { dailyBorrowFeeMinor, valueMinor } from './securities-lending';

// The records of the margin account (issue 16) through the API, on PGlite or PostgreSQL
// (TEST_DATABASE_URL): a sale's loan repayment, a day's interest, the capital transfers, a short's
// collateral return, its borrow fee day and manufactured dividend each carry their structured
// detail, from the borrower's side and from the lender's. The borrower's fee and dividend are paid
// from their margin account and a day's interest is added to what they owe (loan_book → interest,
// no posting of theirs): their records list shows each, with the margin account's change or what
// they owe more; the margin module describes them only to the users they concern.

let testApp: TestApp;
let admin: StaffHeaders;

const FRIDAY_AFTERNOON = '2026-11-20T15:45:17Z';
const SATURDAY = '2026-11-21T00:30:00Z';
const MONDAY_MORNING = '2026-11-23T10:00:00Z';

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set(FRIDAY_AFTERNOON);
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

type RecordItem = {
  id: string;
  kind: string;
  currency: string;
  amount: string;
  availableChange: string;
  marginChange: string;
  owedChange: string;
  detail: RecordDetail | null;
};

const recordsOf = async (user: MarginUser): Promise<RecordItem[]> =>
  (await postData(testApp, '/fundRecord/list', { tab: 'all', pageSize: 100 }, user)).data.items;
const cents = (value: bigint) => {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};
const minor = (text: string) => BigInt(text.replace('.', ''));

/** The journal's entries of a source, as the records module hands them to their describer. */
const entriesOf = (sourceType: 'margin_loan' | 'securities_loan', kind: string) =>
  queryRows<{ id: string; kind: string; source_id: string; idempotency_key: string | null }>(
    testApp.database.db,
    sql`select id::text as id, kind, source_id, idempotency_key from ledger_entries
        where source_type = ${sourceType} and kind = ${kind} order by id`,
  ).then((rows) =>
    rows.map((row): RecordEntry => ({
      id: BigInt(row.id),
      kind: row.kind as RecordEntry['kind'],
      sourceType,
      sourceId: row.source_id,
      idempotencyKey: row.idempotency_key,
    })),
  );
const describeFor = async (user: MarginUser, entries: readonly RecordEntry[]) =>
  testApp.app.services.margin.describeRecords(await userIdOf(testApp, user), entries);

describe('margin loan records', () => {
  let user: MarginUser;
  let symbol: string;

  beforeAll(async () => {
    user = await fundedUser(testApp, admin, '5000.00');
    await openMargin(testApp, user);
    symbol = (await marginSymbols(testApp, user)).largeCaps[0]!;
  });

  it('a repayment names the sale and what is still owed; a transfer its direction; an interest day its day', async () => {
    const bought = await placeOrder(testApp, user, { symbol, side: 'buy', quantity: '10', leverage: '2.00' });
    expect(bought.data.state).toBe('filled');
    // One day of interest (the 20th), then both transfers, then a sale of 2 of the 10 shares.
    await testApp.app.services.margin.accrueInterest(new Date(Date.parse(FRIDAY_AFTERNOON) + 86_400_000));
    const transfer = (direction: string, amount: string) =>
      callWithKey(testApp, '/margin/transfer', { direction, currency: 'EUR', amount }, user).then(
        (response) => response.json(),
      );
    expect((await transfer('to_margin', '100.00')).status).toBe(1);
    expect((await transfer('to_cash', '40.00')).status).toBe(1);
    const sold = await placeOrder(testApp, user, { symbol, side: 'sell', quantity: '2' });
    expect(sold.data.state).toBe('filled');
    const movements = await queryRows<{ kind: string; amount: string }>(
      testApp.database.db,
      sql`select kind, amount_minor::text as amount from margin_loan_movements
          where user_id = ${await userIdOf(testApp, user)} order by id`,
    );
    const amountOf = (kind: string) => BigInt(movements.find((row) => row.kind === kind)!.amount);
    const [borrowed, interest, repaid] = [amountOf('borrow'), amountOf('interest'), amountOf('repay')];
    expect(interest).toBeGreaterThan(0n);
    expect(repaid).toBeLessThan(borrowed); // 2 of 10 shares do not repay the whole loan

    const records = await recordsOf(user);
    const detailOf = (kind: string) => records.filter((record) => record.kind === kind).map((r) => r.detail);
    // The 2× buy's fill names what the margin loan paid of its total: the loan's borrow row.
    const fills = detailOf('trade_fill') as { side: string; borrowed: string | null }[];
    expect(fills.find((fill) => fill.side === 'buy')?.borrowed).toBe(cents(borrowed));
    expect(fills.find((fill) => fill.side === 'sell')?.borrowed).toBeNull();
    expect(detailOf('loan_repayment')).toEqual([
      {
        type: 'margin_loan',
        event: 'repayment',
        currency: 'EUR',
        amount: cents(repaid),
        day: null,
        orderId: sold.data.id,
        symbol,
        owedAfter: cents(borrowed + interest - repaid),
      },
    ]);
    // Newest first: the transfer to the cash side, then the one to the margin side; owed unchanged.
    expect(detailOf('margin_transfer')).toEqual([
      {
        type: 'margin_loan',
        event: 'transfer_to_cash',
        currency: 'EUR',
        amount: '40.00',
        day: null,
        orderId: null,
        symbol: null,
        owedAfter: cents(borrowed + interest),
      },
      {
        type: 'margin_loan',
        event: 'transfer_to_margin',
        currency: 'EUR',
        amount: '100.00',
        day: null,
        orderId: null,
        symbol: null,
        owedAfter: cents(borrowed + interest),
      },
    ]);
    // The repayment's amount is what left the cash.
    expect(records.find((record) => record.kind === 'loan_repayment')?.amount).toBe(cents(-repaid));
    // The transfers moved cash between the user's own sides: the margin account's change beside it.
    expect(
      records
        .filter((record) => record.kind === 'margin_transfer')
        .map((record) => [record.amount, record.marginChange, record.owedChange]),
    ).toEqual([
      ['40.00', '-40.00', '0.00'],
      ['-100.00', '100.00', '0.00'],
    ]);
    // An interest day moves no cash of the user (loan_book → interest) but adds to what they owe:
    // a record of theirs, with that day's interest as what they owe more.
    const interestDetail = {
      type: 'margin_loan',
      event: 'interest',
      currency: 'EUR',
      amount: cents(interest),
      day: '2026-11-20',
      orderId: null,
      symbol: null,
      owedAfter: cents(borrowed + interest),
    };
    expect(records.filter((record) => record.kind === 'interest')).toMatchObject([
      {
        currency: 'EUR',
        amount: '0.00',
        availableChange: '0.00',
        marginChange: '0.00',
        owedChange: cents(interest),
        detail: interestDetail,
      },
    ]);
    const [interestEntry] = await entriesOf('margin_loan', 'interest');
    expect((await describeFor(user, [interestEntry!])).get(interestEntry!.id)).toEqual(interestDetail);
    // Another user is told nothing of this user's loan, nor lists its interest.
    const stranger = await fundedUser(testApp, admin, '10.00');
    expect((await describeFor(stranger, [interestEntry!])).size).toBe(0);
    expect((await recordsOf(stranger)).some((record) => record.kind === 'interest')).toBe(false);
    expect(await breaches(testApp)).toEqual([]);
  });
});

describe('securities lending records', () => {
  let symbol: string;
  let lender: MarginUser;
  let shorter: MarginUser;
  let stranger: MarginUser;
  let priceMinor: bigint;
  let feeMinor: bigint;

  beforeAll(async () => {
    lender = await fundedUser(testApp, admin, '5000.00');
    shorter = await fundedUser(testApp, admin, '5000.00');
    stranger = await fundedUser(testApp, admin, '10.00');
    // A large cap the margin loan records above did not trade.
    symbol = (await marginSymbols(testApp, shorter)).largeCaps[1]!;
    expect((await saveInstrument(testApp, admin, symbol, { lendable: true })).status).toBe(1);
    await openMargin(testApp, shorter);
    expect(
      (await placeOrder(testApp, lender, { symbol, side: 'buy', type: 'market', quantity: '10' })).status,
    ).toBe(1);
    expect((await postData(testApp, '/margin/lendingOptIn', { lend: true }, lender)).data.isOptedIn).toBe(
      true,
    );
    testApp.clock.advance(6_000); // the lendable list is read again after 5 s
  });

  it('a borrow fee day and a manufactured dividend: the lender is paid, the short is charged', async () => {
    const sold = await placeOrder(testApp, shorter, {
      symbol,
      side: 'sell',
      direction: 'short',
      type: 'market',
      quantity: '5',
    });
    expect(sold.data.state).toBe('filled');
    const [borrow] = await queryRows<{ price: string }>(
      testApp.database.db,
      sql`select price_minor::text as price from securities_borrows where symbol = ${symbol}`,
    );
    priceMinor = BigInt(borrow!.price);
    feeMinor = dailyBorrowFeeMinor(valueMinor(5n, 0, priceMinor), 300);
    testApp.clock.set(SATURDAY);
    expect(await testApp.app.services.margin.lending.accrueFees(new Date(SATURDAY))).toBe(1);
    // A dividend of 1.50 a share, ex-date Monday: the short pays 5 × 1.50, the lender is paid it (net).
    const provider = testApp.app.services.market.provider;
    const original = provider.corporateActions.bind(provider);
    const spy = vi
      .spyOn(provider, 'corporateActions')
      .mockImplementation((asked: string) =>
        asked === symbol
          ? [{ kind: 'dividend', symbol, exDate: '2026-11-23', amountMinor: 1_5000n }]
          : original(asked),
      );
    testApp.clock.set(MONDAY_MORNING);
    try {
      await testApp.app.services.trading.processCorporateActions(new Date(MONDAY_MORNING));
    } finally {
      spy.mockRestore();
    }
    const price = `${priceMinor / 10_000n}.${String(priceMinor % 10_000n).padStart(4, '0')}`;
    const fee = {
      type: 'securities_loan',
      event: 'borrow_fee',
      symbol,
      currency: 'EUR',
      quantity: '5',
      day: '2026-11-20',
      feeBasisPoints: 300,
      price,
      charged: cents(feeMinor),
      orderId: null,
    };
    const dividend = {
      type: 'securities_loan',
      event: 'manufactured_dividend',
      symbol,
      currency: 'EUR',
      quantity: '5',
      day: '2026-11-23',
      feeBasisPoints: null,
      price: null,
      charged: '7.50',
      orderId: null,
    };
    // The lender's records: their part of the fee (half) and the whole dividend, from their side.
    const lenderRecords = await recordsOf(lender);
    const lenderFee = lenderRecords.find((record) => record.kind === 'borrow_fee')!;
    expect(lenderFee.detail).toEqual({ ...fee, role: 'lender' });
    expect(minor(lenderFee.amount)).toBe(feeMinor / 2n);
    const lenderDividend = lenderRecords.find((record) => record.kind === 'manufactured_dividend')!;
    expect(lenderDividend.detail).toEqual({ ...dividend, role: 'lender' });
    // The lender is paid the dividend less withholding, as the issuer's would be; `charged` is the gross.
    const [charge] = await queryRows<{ lenders: string }>(
      testApp.database.db,
      sql`select lenders_minor::text as lenders from securities_lending_charges where kind = 'manufactured_dividend'`,
    );
    expect(lenderDividend.amount).toBe(cents(BigInt(charge!.lenders)));
    expect(minor(lenderDividend.amount)).toBeLessThan(7_50n);
    // The short pays both from the margin account, not the cash: each is in their records list with
    // what left the margin account, described from the borrower's side.
    const shorterRecords = await recordsOf(shorter);
    const charged = (kind: string) =>
      shorterRecords
        .filter((record) => record.kind === kind)
        .map(({ amount, availableChange, marginChange, owedChange, detail }) => ({
          amount,
          availableChange,
          marginChange,
          owedChange,
          detail,
        }));
    const unmoved = { amount: '0.00', availableChange: '0.00', owedChange: '0.00' };
    expect(charged('borrow_fee')).toEqual([
      { ...unmoved, marginChange: cents(-feeMinor), detail: { ...fee, role: 'borrower' } },
    ]);
    expect(charged('manufactured_dividend')).toEqual([
      { ...unmoved, marginChange: '-7.50', detail: { ...dividend, role: 'borrower' } },
    ]);
    // The lender's records: their part, into their available cash, nothing on a margin account.
    expect(lenderFee).toMatchObject({ marginChange: '0.00', owedChange: '0.00' });
    const [feeEntry] = await entriesOf('securities_loan', 'borrow_fee');
    const [dividendEntry] = await entriesOf('securities_loan', 'manufactured_dividend');
    const asShort = await describeFor(shorter, [feeEntry!, dividendEntry!]);
    expect(asShort.get(feeEntry!.id)).toEqual({ ...fee, role: 'borrower' });
    expect(asShort.get(dividendEntry!.id)).toEqual({ ...dividend, role: 'borrower' });
    // Someone neither short nor lending is told nothing of it.
    expect((await describeFor(stranger, [feeEntry!, dividendEntry!])).size).toBe(0);
    expect(await breaches(testApp)).toEqual([]);
  });

  it('a buy-to-cover returns the collateral: the record names the cover and the shares bought back', async () => {
    const covered = await placeOrder(testApp, shorter, {
      symbol,
      side: 'buy',
      direction: 'short',
      type: 'market',
      quantity: '5',
    });
    expect(covered.data.state).toBe('filled');
    const records = await recordsOf(shorter);
    const returned = records.filter((record) => record.kind === 'short_collateral');
    expect(returned.map((record) => record.detail)).toEqual([
      {
        type: 'securities_loan',
        event: 'collateral_return',
        role: 'borrower',
        symbol,
        currency: 'EUR',
        quantity: '5',
        day: null,
        feeBasisPoints: null,
        price: null,
        charged: null,
        orderId: covered.data.id,
      },
    ]);
    expect(minor(returned[0]!.amount)).toBeGreaterThan(0n);
    const [entry] = await entriesOf('securities_loan', 'short_collateral');
    expect((await describeFor(stranger, [entry!])).size).toBe(0);
    expect(await breaches(testApp)).toEqual([]);
  });

  it('describes a page in a fixed number of queries, whatever its size (no query per entry)', async () => {
    const entries = [
      ...(await entriesOf('margin_loan', 'loan_repayment')),
      ...(await entriesOf('margin_loan', 'margin_transfer')),
      ...(await entriesOf('margin_loan', 'interest')),
      ...(await entriesOf('securities_loan', 'borrow_fee')),
      ...(await entriesOf('securities_loan', 'manufactured_dividend')),
      ...(await entriesOf('securities_loan', 'short_collateral')),
    ];
    expect(entries.length).toBeGreaterThanOrEqual(7);
    const db = testApp.database.db;
    let selects = 0;
    let orderCalls = 0;
    const counted = new Proxy(db, {
      get: (target, property) =>
        property === 'select'
          ? (...args: Parameters<typeof db.select>) => {
              selects += 1;
              return target.select(...args);
            }
          : Reflect.get(target, property),
    });
    const trading = testApp.app.services.trading;
    const market = testApp.app.services.market;
    const describeAs = (user: MarginUser) =>
      userIdOf(testApp, user).then((userId) =>
        describeMarginRecords(
          {
            db: counted,
            orders: (id, orderIds) => {
              orderCalls += 1;
              return trading.recordOrders(id, orderIds);
            },
            currencyOf: (symbol) => market.instrumentOf(symbol).currency as 'EUR' | 'USD',
            quantityScaleOf: (symbol) => market.instrumentOf(symbol).quantityScale,
          },
          userId,
          entries,
        ),
      );
    // The short: its fee, dividend and collateral return; three reads (the loan's movements as a
    // running sum and its subquery, the charges) and one call to Trading for the orders.
    const details = await describeAs(shorter);
    expect(details.size).toBe(3);
    expect(selects).toBeLessThanOrEqual(3);
    expect(orderCalls).toBe(1);
  });
});
