import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser } from '../withdrawals/withdrawal-test-support';

// /trade/preview over HTTP: every cost before confirming, from the market source's current quote,
// and every refusal of a ticket from a real request. A preview writes nothing.

let testApp: TestApp;
let admin: StaffHeaders;
type User = { token: string; account: string };
let user: User;

const FRIDAY_AFTERNOON = '2026-11-20T15:45:17Z'; // Brussels 16:45, New York 10:45: both open
const SATURDAY = '2026-11-21T12:00:00Z';

beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set(FRIDAY_AFTERNOON);
  admin = await adminLogin(testApp);
  user = await fundedUser(testApp, admin, '5000.00');
});
afterAll(() => testApp.close());

const post = async (path: string, payload: unknown, session: User | undefined = user) =>
  (await call(testApp.app, path, payload, session)).json();
const preview = (ticket: Record<string, unknown>) => post('/trade/preview', ticket);
const minor = (text: string) => BigInt(text.replace('.', ''));
const quoteOf = async (symbol: string) => (await post('/market/quote', { symbol })).data;

describe('a market buy priced from the current quote', () => {
  it('shows quantity × ask, fee, TOB, total and the cash left, with the quote it used', async () => {
    const quote = await quoteOf('KBC.BR');
    const { status, data } = await preview({ symbol: 'KBC.BR', side: 'buy', type: 'market', quantity: '10' });
    expect(status).toBe(1);
    expect(data).toMatchObject({
      symbol: 'KBC.BR',
      market: 'frank',
      currency: 'EUR',
      payCurrency: 'EUR',
      quantity: '10',
      price: quote.ask,
      priceBasis: 'ask',
      quote: { ask: quote.ask, bid: quote.bid, source: 'Beurs simulator (demo)', timestamp: quote.timestamp },
      fx: null,
      available: '5000.00',
      willQueueForOpen: false,
      session: { isOpen: true, phase: 'regular', timeZone: 'Europe/Brussels' },
      settlementDays: 2,
      sellLock: { days: 0, minutes: 0 },
      tob: { class: 'shares', rateBasisPoints: 35, capEur: '1600.00' },
    });
    // gross = 10 × ask (prices have 4 decimals, cash 2; half-up), then fee and TOB on it.
    const gross = (minor(quote.ask) * 10n + 50n) / 100n;
    expect(minor(data.gross)).toBe(gross);
    const fee = (gross * 10n + 5_000n) / 10_000n;
    expect(minor(data.fee.amount)).toBe(fee > 250n ? fee : 250n);
    expect(minor(data.tob.amount)).toBe((gross * 35n + 5_000n) / 10_000n);
    expect(minor(data.total)).toBe(gross + minor(data.fee.amount) + minor(data.tob.amount));
    expect(minor(data.cashLeft)).toBe(500_000n - minor(data.total));
    expect(data.reserve).toBe(data.total);
    expect(data.expiresAt).toBe('2026-11-20T16:30:00.000Z'); // a day order: Euronext's close
  });

  it('a sell uses the bid and receives gross − fee − TOB', async () => {
    const quote = await quoteOf('KBC.BR');
    const { data } = await preview({ symbol: 'KBC.BR', side: 'sell', quantity: '10' });
    expect(data).toMatchObject({ price: quote.bid, priceBasis: 'bid' });
    expect(minor(data.total)).toBe(minor(data.gross) - minor(data.fee.amount) - minor(data.tob.amount));
    expect(minor(data.cashLeft)).toBe(500_000n + minor(data.total));
  });

  it('a US share paid from the EUR account shows the conversion with rate, spread and source', async () => {
    const rate = (await post('/market/fxRate', { base: 'EUR', quote: 'USD' })).data;
    const { data } = await preview({ symbol: 'AAPL', side: 'buy', quantity: '3', payCurrency: 'EUR' });
    expect(data).toMatchObject({
      currency: 'USD',
      payCurrency: 'EUR',
      settlementDays: 1,
      fx: { from: 'EUR', to: 'USD', marketRate: rate.rate, spreadBasisPoints: 50, source: rate.source },
    });
    expect(data.fx.converted).toBe(data.totalInTradeCurrency);
    expect(data.total).toBe(data.fx.amount);
    // The EUR paid, converted at the applied rate, covers the USD total.
    expect(minor(data.total) * minor(data.fx.appliedRate)).toBeGreaterThanOrEqual(
      minor(data.totalInTradeCurrency) * 1_000_000n,
    );
  });

  it('an ETF on Euronext carries the reduced TOB, crypto none and the crypto fee', async () => {
    const etf = await preview({ symbol: 'IWDA.AS', side: 'buy', quantity: '5' });
    expect(etf.data.tob).toMatchObject({ class: 'fund_reduced', rateBasisPoints: 12 });
    const crypto = await preview({ symbol: 'BTCUSD', side: 'buy', quantity: '0.015', payCurrency: 'EUR' });
    expect(crypto.data).toMatchObject({
      quantity: '0.01500000',
      quantityScale: 8,
      settlementDays: 0,
      tob: { class: 'none', amount: '0.00' },
      fee: { basisPoints: 50 },
    });
  });

  it('buys for an amount, rounded down to whole lots, and says so', async () => {
    const { data } = await preview({ symbol: 'KBC.BR', side: 'buy', amount: '1000.00' });
    expect(data.requestedAmount).toBe('1000.00');
    expect(data.isRoundedDown).toBe(true);
    expect(minor(data.total)).toBeLessThanOrEqual(100_000n);
    const oneMore = await preview({
      symbol: 'KBC.BR',
      side: 'buy',
      quantity: String(Number(data.quantity) + 1),
    });
    expect(minor(oneMore.data.total)).toBeGreaterThan(100_000n);
  });

  it('writes nothing: no record, no balance change', async () => {
    const before = (await post('/fundRecord/list', { tab: 'all' })).data.total;
    await preview({ symbol: 'KBC.BR', side: 'buy', quantity: '10' });
    await preview({ symbol: 'AAPL', side: 'buy', quantity: '1', payCurrency: 'EUR' });
    expect((await post('/fundRecord/list', { tab: 'all' })).data.total).toBe(before);
    const info = (await post('/user/getUserinfo', undefined)).data.balances;
    expect(info).toContainEqual(
      expect.objectContaining({ currency: 'EUR', available: '5000.00', frozen: '0.00' }),
    );
  });
});

describe('limit, stop and trailing tickets', () => {
  it('a limit inside the collar is estimated at the limit; beyond it PRICE_LIMIT_EXCEEDED names the band', async () => {
    const quote = await quoteOf('KBC.BR');
    const last = minor(quote.latest);
    const inside = (last * 95n) / 100n;
    const format = (value: bigint) => `${value / 10_000n}.${String(value % 10_000n).padStart(4, '0')}`;
    const ok = await preview({
      symbol: 'KBC.BR',
      side: 'buy',
      type: 'limit',
      limitPrice: format(inside),
      quantity: '2',
    });
    expect(ok.data).toMatchObject({
      price: format(inside),
      priceBasis: 'limit',
      collar: { percent: 10, reference: quote.latest },
    });
    const beyond = await preview({
      symbol: 'KBC.BR',
      side: 'buy',
      type: 'limit',
      limitPrice: format((last * 12n) / 10n),
      quantity: '2',
    });
    expect(beyond).toMatchObject({
      status: 0,
      code: 'PRICE_LIMIT_EXCEEDED',
      params: { low: ok.data.collar.low, high: ok.data.collar.high },
    });
  });

  it('refuses a price at or below 0 with PRICE_NOT_POSITIVE', async () => {
    for (const limitPrice of ['0', '-5.00']) {
      expect(
        await preview({ symbol: 'KBC.BR', side: 'buy', type: 'limit', limitPrice, quantity: '1' }),
      ).toMatchObject({
        status: 0,
        code: 'PRICE_NOT_POSITIVE',
      });
    }
    expect(
      await preview({
        symbol: 'KBC.BR',
        side: 'sell',
        type: 'trailing_stop',
        trailAmount: '0',
        quantity: '1',
      }),
    ).toMatchObject({
      code: 'PRICE_NOT_POSITIVE',
    });
  });

  it('a trailing stop sell is estimated at last − trail', async () => {
    const quote = await quoteOf('KBC.BR');
    const { data } = await preview({
      symbol: 'KBC.BR',
      side: 'sell',
      type: 'trailing_stop',
      trailPercent: '5',
      quantity: '1',
    });
    const last = minor(quote.latest);
    expect(minor(data.price)).toBe(last - (last * 500n + 5_000n) / 10_000n);
    expect(data.priceBasis).toBe('stop');
  });

  it('GTC expires at the close of its last day; more than 90 days ahead is refused', async () => {
    const quote = await quoteOf('KBC.BR');
    const ticket = {
      symbol: 'KBC.BR',
      side: 'buy',
      type: 'limit',
      limitPrice: quote.latest,
      quantity: '1',
      timeInForce: 'gtc',
    };
    expect((await preview({ ...ticket, expiresOn: '2026-12-31' })).data.expiresAt).toBe(
      '2026-12-31T13:05:00.000Z',
    );
    expect((await preview(ticket)).data.expiresAt).toBe('2027-02-18T16:30:00.000Z');
    expect(await preview({ ...ticket, expiresOn: '2027-03-01' })).toMatchObject({
      code: 'ORDER_EXPIRY_OUT_OF_RANGE',
      params: { latest: '2027-02-18' },
    });
    expect(await preview({ ...ticket, expiresOn: '2026-11-19' })).toMatchObject({
      code: 'ORDER_EXPIRY_OUT_OF_RANGE',
    });
  });
});

describe('the venue closed', () => {
  it('refuses a market order with MARKET_CLOSED and the next open, unless queued for the open', async () => {
    testApp.clock.set(SATURDAY);
    try {
      expect(await preview({ symbol: 'KBC.BR', side: 'buy', quantity: '1' })).toMatchObject({
        status: 0,
        code: 'MARKET_CLOSED',
        params: { opensAt: '2026-11-23T08:00:00.000Z' },
      });
      const queued = await preview({ symbol: 'KBC.BR', side: 'buy', quantity: '10', queueForOpen: true });
      expect(queued.data).toMatchObject({
        willQueueForOpen: true,
        priceBasis: 'last',
        session: { isOpen: false },
      });
      // Waiting for the open, a market buy reserves more than its estimate (the buffer).
      expect(minor(queued.data.reserve)).toBeGreaterThan(minor(queued.data.total));
      const limit = await preview({
        symbol: 'KBC.BR',
        side: 'buy',
        type: 'limit',
        limitPrice: queued.data.price,
        quantity: '1',
      });
      expect(limit.data).toMatchObject({ willQueueForOpen: true, expiresAt: '2026-11-23T16:30:00.000Z' });
      // Crypto trades every day.
      expect((await preview({ symbol: 'ETHUSD', side: 'buy', quantity: '0.5' })).data.session.isOpen).toBe(
        true,
      );
    } finally {
      testApp.clock.set(FRIDAY_AFTERNOON);
    }
  });

  it('without any price (before the source has history) refuses with PRICE_UNAVAILABLE', async () => {
    testApp.clock.set('2023-12-15T12:00:00Z');
    try {
      expect(
        await preview({ symbol: 'KBC.BR', side: 'buy', type: 'limit', limitPrice: '50.00', quantity: '1' }),
      ).toMatchObject({
        status: 0,
        code: 'PRICE_UNAVAILABLE',
      });
    } finally {
      testApp.clock.set(FRIDAY_AFTERNOON);
    }
  });
});

describe('bad tickets', () => {
  it('unknown and untradable symbols', async () => {
    expect(await preview({ symbol: 'NOPE', side: 'buy', quantity: '1' })).toMatchObject({
      code: 'UNKNOWN_SYMBOL',
      params: { symbol: 'NOPE' },
    });
    expect(await preview({ symbol: '^BEL20', side: 'buy', quantity: '1' })).toMatchObject({
      code: 'INSTRUMENT_NOT_TRADABLE',
    });
    expect(await preview({ symbol: 'EURUSD', side: 'buy', quantity: '1000' })).toMatchObject({
      code: 'INSTRUMENT_NOT_TRADABLE',
    });
  });

  it('lots not whole, and crypto beyond 8 decimals: QUANTITY_NOT_WHOLE_LOTS (400)', async () => {
    const response = await call(
      testApp.app,
      '/trade/preview',
      { symbol: 'KBC.BR', side: 'buy', quantity: '1.5' },
      user,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'QUANTITY_NOT_WHOLE_LOTS',
      params: { lotSize: 1, decimals: 0 },
    });
  });

  it.each([
    ['a negative quantity', { quantity: '-1' }],
    ['zero', { quantity: '0' }],
    ['an absurd quantity', { quantity: '99999999999' }],
    ['an exponent', { quantity: '1e3' }],
    ['nine decimals', { quantity: '0.123456789' }],
    ['a number instead of a string', { quantity: 10 }],
    ['both quantity and amount', { quantity: '1', amount: '100.00' }],
    ['neither', {}],
    ['a limit order without a limit', { type: 'limit', quantity: '1' }],
    ['a market order with a limit', { quantity: '1', limitPrice: '50.00' }],
    ['an amount on a sell', { side: 'sell', amount: '100.00' }],
    ['an unknown side', { side: 'short', quantity: '1' }],
    ['a GTC market order', { quantity: '1', timeInForce: 'gtc' }],
    ['a trail over 50 %', { type: 'trailing_stop', trailPercent: '75', quantity: '1' }],
    ['an unknown field', { quantity: '1', leverage: 10 }],
  ])('%s: VALIDATION_FAILED (400)', async (_name, fields) => {
    const response = await call(
      testApp.app,
      '/trade/preview',
      { symbol: 'KBC.BR', side: 'buy', ...fields },
      user,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 0, code: 'VALIDATION_FAILED' });
  });

  it('an amount that buys not even one share: BELOW_PRODUCT_MINIMUM with the cost of one', async () => {
    const result = await preview({ symbol: 'KBC.BR', side: 'buy', amount: '5.00' });
    expect(result).toMatchObject({ status: 0, code: 'BELOW_PRODUCT_MINIMUM' });
    expect(minor(result.params.minimum)).toBeGreaterThan(500n);
  });

  it('a sale whose costs exceed it: BELOW_PRODUCT_MINIMUM', async () => {
    expect(await preview({ symbol: 'XRPUSD', side: 'sell', quantity: '0.00000001' })).toMatchObject({
      code: 'BELOW_PRODUCT_MINIMUM',
    });
  });

  it('needs a session', async () => {
    const response = await call(testApp.app, '/trade/preview', {
      symbol: 'KBC.BR',
      side: 'buy',
      quantity: '1',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('/trade/fees', () => {
  it('publishes the schedule, TOB classes and each market’s terms', async () => {
    const { data } = await post('/trade/fees', {});
    expect(data.schedule).toEqual([
      {
        assetClass: 'security',
        basisPoints: 10,
        minimum: [
          { currency: 'EUR', amount: '2.50' },
          { currency: 'USD', amount: '2.50' },
        ],
      },
      { assetClass: 'crypto', basisPoints: 50, minimum: [{ currency: 'USD', amount: '1.00' }] },
    ]);
    expect(data.tob).toEqual([
      { class: 'shares', rateBasisPoints: 35, capEur: '1600.00' },
      { class: 'fund_reduced', rateBasisPoints: 12, capEur: '1300.00' },
      { class: 'fund_accumulating', rateBasisPoints: 132, capEur: '4000.00' },
    ]);
    expect(data.markets).toEqual([
      {
        market: 'frank',
        settlementDays: 2,
        sellLock: { days: 0, minutes: 0 },
        collarPercent: 10,
        tobClasses: ['shares'],
      },
      {
        market: 'usd',
        settlementDays: 1,
        sellLock: { days: 0, minutes: 0 },
        collarPercent: 10,
        tobClasses: ['shares'],
      },
      {
        market: 'ETF-BEL',
        settlementDays: 2,
        sellLock: { days: 0, minutes: 0 },
        collarPercent: 10,
        tobClasses: ['fund_reduced'],
      },
      {
        market: 'ETF-USA',
        settlementDays: 1,
        sellLock: { days: 0, minutes: 0 },
        collarPercent: 10,
        tobClasses: ['shares'],
      },
      {
        market: 'crypto',
        settlementDays: 0,
        sellLock: { days: 0, minutes: 0 },
        collarPercent: 10,
        tobClasses: ['none'],
      },
    ]);
  });

  it('follows the configuration', async () => {
    const configured = await buildTestApp({
      config: {
        trading: {
          ...testConfig().trading,
          sellLocks: {
            frank: { days: 1, minutes: 0 },
            usd: { days: 0, minutes: 30 },
            'ETF-BEL': { days: 0, minutes: 0 },
            'ETF-USA': { days: 0, minutes: 0 },
            crypto: { days: 0, minutes: 0 },
          },
        },
      },
    });
    try {
      const other = await signUp(configured);
      const { data } = (await call(configured.app, '/trade/fees', {}, other)).json();
      expect(data.markets[0].sellLock).toEqual({ days: 1, minutes: 0 });
      expect(data.markets[1].sellLock).toEqual({ days: 0, minutes: 30 });
    } finally {
      await configured.close();
    }
  });
});
