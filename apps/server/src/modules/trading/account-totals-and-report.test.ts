import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEFAULT_PASSWORD, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';
import { minor4 } from './price-test-support';

// Account totals from positions and the ledger, and the year's report as CSV and PDF.
// Totals: after a buy, as the price moves, total assets = cash + quantity × the live last price
// and profit = the position's P&L, in /trade/summary and in the account overview (getUserinfo)
// alike; a dividend counts as profit, net of withholding. Report: the dividend and its withholding
// are a line of the CSV and of the PDF, and every CSV line is a line of the PDF.
// The clock only moves forward (staff two-factor codes are drawn from it).

let testApp: TestApp;
type User = { token: string; account: string };

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const post = async (path: string, payload: unknown, user: User) =>
  (await call(testApp.app, path, payload, user)).json();
const place = async (user: User, ticket: Record<string, unknown>) =>
  (await callWithKey(testApp, '/trade/place', { fundPassword: FUND_PASSWORD, ...ticket }, user)).json();
const cents = (text: string | undefined) => {
  if (text === undefined) throw new Error('no amount');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return text.startsWith('-') ? -value : value;
};
/** A price (4 decimals) in 1/10,000 units. */
type Row = Record<string, string>;
const rowOf = (rows: Row[], currency: string) => rows.find((row) => row.currency === currency) as Row;
const signIn = async (account: string) =>
  (await call(testApp.app, '/user/login', { account, password: DEFAULT_PASSWORD })).json().data
    .token as string;

/** RFC 4180 with every field quoted, as the report writes it. */
const parseCsv = (csv: string) =>
  csv
    .trim()
    .split('\r\n')
    .map((line) => line.slice(1, -1).split('","'));

describe('a dividend in the totals and in the report', () => {
  let holder: User;

  it('counts the dividend net of withholding as profit', async () => {
    testApp.clock.set('2026-10-02T15:00:00Z');
    const admin = await adminLogin(testApp);
    holder = await fundedUser(testApp, admin, '5000.00');
    expect(
      (await place(holder, { symbol: 'AAPL', side: 'buy', quantity: '10', payCurrency: 'EUR' })).data,
    ).toMatchObject({ state: 'filled' });
    // 10 × 0.24 = 2.40; 15 % at source = 0.36; 30 % of 2.04 = 0.61; net 1.43.
    testApp.clock.set('2026-10-06T15:00:00Z');
    expect(await testApp.app.services.trading.processCorporateActions(new Date('2026-10-06T15:00:00Z'))).toBe(
      1,
    );

    const summary = (await post('/trade/summary', {}, holder)).data;
    const usd = rowOf(summary.currencies, 'USD');
    expect(usd.dividends).toBe('1.43');
    expect(cents(usd.totalProfit)).toBe(cents(usd.unrealisedPnl) + cents(usd.realisedPnl) + 143n);
    const [position] = (await post('/trade/positions', {}, holder)).data.items;
    expect(cents(usd.totalProfit)).toBe(cents(position.unrealisedPnl) + 143n);
    const info = rowOf((await post('/user/getUserinfo', undefined, holder)).data.balances, 'USD');
    expect(info).toMatchObject({ available: '1.43', withdrawable: '1.43', profit: usd.totalProfit });
  });

  it('lists the dividend with its withholding in the CSV, the totals and the PDF, and every CSV line in the PDF', async () => {
    testApp.clock.set('2026-10-07T09:00:00Z');
    holder = { ...holder, token: await signIn(holder.account) };
    const report = (await post('/trade/report', { year: 2026 }, holder)).data;
    const [header = [], ...lines] = parseCsv(report.csv);
    const column = (line: string[], name: string) => line[header.indexOf(name)] ?? '';
    expect(lines.map((line) => column(line, 'kind'))).toEqual(['fill', 'dividend']);
    const dividend = lines[1] ?? [];
    expect({
      symbol: column(dividend, 'symbol'),
      quantity: column(dividend, 'quantity'),
      perShare: column(dividend, 'dividend_per_share'),
      gross: column(dividend, 'gross'),
      foreign: column(dividend, 'withholding_foreign'),
      belgian: column(dividend, 'withholding_belgian'),
      net: column(dividend, 'total_paid_or_received'),
      exDate: column(dividend, 'ex_date'),
    }).toEqual({
      symbol: 'AAPL',
      quantity: '10',
      perShare: '0.2400',
      gross: '2.40',
      foreign: '0.36',
      belgian: '0.61',
      net: '1.43',
      exDate: '2026-10-05',
    });
    expect(column(dividend, 'ledger_entry')).toMatch(/^\d+$/);
    expect(report.totals).toEqual([
      expect.objectContaining({
        currency: 'USD',
        fills: 1,
        dividends: 1,
        dividendsGross: '2.40',
        withholdingForeign: '0.36',
        withholdingBelgian: '0.61',
        dividendsNet: '1.43',
      }),
    ]);

    const answer = (await post('/trade/reportPdf', { year: 2026 }, holder)).data;
    expect(answer).toMatchObject({
      year: 2026,
      fileName: 'beurs-trades-2026.pdf',
      contentType: 'application/pdf',
    });
    const bytes = Buffer.from(answer.pdf, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    const pdfLines = text.split('\n');
    expect(text).toContain(`Account: ${holder.account} (Marie Dubois)`);
    expect(text).toContain('Beurs — trade report 2026');
    expect(text).toContain('Generated: 2026-10-07T09:00:00.000Z');
    expect(text).toContain('prices from Beurs simulator (demo)');
    expect(text).toContain('Demo — simulated prices, no real money.');
    // Each CSV line is one PDF line with its date, kind, symbol, quantity, amounts and entry, in order.
    const found = lines.map((line) => {
      const date = column(line, 'date_utc');
      const cells = [
        `${date.slice(0, 10)} ${date.slice(11, 16)}`,
        column(line, 'kind') === 'fill' ? column(line, 'side') : 'dividend',
        column(line, 'symbol'),
        column(line, 'quantity'),
        column(line, 'price') || column(line, 'dividend_per_share'),
        column(line, 'currency'),
        column(line, 'gross'),
        ...(column(line, 'kind') === 'fill'
          ? [
              column(line, 'fee'),
              column(line, 'tob_class') === 'none'
                ? 'none'
                : `${column(line, 'tob_amount')} (${column(line, 'tob_rate_percent')} %)`,
            ]
          : [`${column(line, 'withholding_foreign')} / ${column(line, 'withholding_belgian')}`]),
        `${column(line, 'total_paid_or_received')} ${column(line, 'pay_currency')}`,
      ];
      const index = pdfLines.findIndex(
        (pdfLine) =>
          pdfLine.startsWith(cells.join(' ')) && pdfLine.endsWith(` ${column(line, 'ledger_entry')}`),
      );
      expect(index, `CSV line ${cells.join(' ')} in the PDF`).toBeGreaterThanOrEqual(0);
      return index;
    });
    expect(found).toEqual([...found].sort((a, b) => a - b));
    // The totals: bought, fees, TOB and the dividend figures of the CSV's totals.
    const totals = report.totals[0];
    expect(text).toContain(
      `USD 1 ${totals.bought} ${totals.sold} ${totals.fees} ${totals.tob} ${totals.realisedPnl} 1 2.40 0.36 0.61 1.43`,
    );
  });
});

describe('totals after a buy at a moving price', () => {
  it('total assets = cash + quantity × the live price; profit = the position’s P&L', async () => {
    const start = Date.parse('2026-11-20T10:00:00Z'); // Euronext open
    testApp.clock.set(new Date(start));
    const admin = await adminLogin(testApp);
    const user = await fundedUser(testApp, admin, '5000.00');
    const bought = await place(user, { symbol: 'KBC.BR', side: 'buy', quantity: '10' });
    expect(bought.data.state).toBe('filled');
    const fillPrice = bought.data.fills[0].price as string;

    let checked = 0;
    for (let minute = 7; minute <= 300 && checked < 3; minute += 7) {
      testApp.clock.set(new Date(start + minute * 60_000));
      const quote = (await post('/market/quote', { symbol: 'KBC.BR' }, user)).data;
      if (quote.latest === fillPrice) continue;
      const value = (10n * minor4(quote.latest) + 50n) / 100n;
      const [position] = (await post('/trade/positions', {}, user)).data.items;
      const summary = (await post('/trade/summary', {}, user)).data;
      const eur = rowOf(summary.currencies, 'EUR');
      expect(cents(eur.positionsValue)).toBe(value);
      expect(cents(eur.totalAssets)).toBe(cents(eur.available) + cents(eur.frozen) + value);
      expect(cents(eur.totalAssets)).toBe(500_000n - cents(bought.data.fills[0].total) + value);
      expect(cents(eur.totalProfit)).toBe(value - cents(position.costBasis));
      expect(eur.totalProfit).toBe(position.unrealisedPnl);
      expect(eur.withdrawable).toBe(eur.available);
      // The account overview says the same (its cache lives a second; the clock here is not time).
      await new Promise((resolve) => setTimeout(resolve, 1_050));
      const info = rowOf((await post('/user/getUserinfo', undefined, user)).data.balances, 'EUR');
      expect(info).toEqual({
        currency: 'EUR',
        totalAssets: eur.totalAssets,
        available: eur.available,
        frozen: eur.frozen,
        withdrawable: eur.withdrawable,
        positionsValue: eur.positionsValue,
        marginCash: '0.00',
        owed: '0.00',
        owedMarginLoan: '0.00',
        owedCredit: '0.00',
        profit: eur.totalProfit,
      });
      checked += 1;
    }
    expect(checked).toBe(3);
  });
});
