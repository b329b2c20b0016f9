import { WATCHLIST_LIMIT } from '@beurs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';

// The market calls over HTTP: quote fields with source and time, sorted lists, candles and their
// refusals, search ranking, and the per-user watchlist.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set('2026-11-20T15:45:17Z'); // a Friday: Brussels, US regular hours and forex open
});
afterAll(() => testApp.close());

const post = async (path: string, payload?: unknown, session?: { token: string; account: string }) =>
  (await call(testApp.app, path, payload, session)).json();

describe('quotes', () => {
  it('answers the spec fields as decimal strings with source, delay and timestamp', async () => {
    const { status, data } = await post('/market/quote', { symbol: 'KBC.BR' });
    expect(status).toBe(1);
    expect(data).toMatchObject({
      symbol: 'KBC.BR',
      code: 'KBC',
      name: 'KBC Group',
      market: 'frank',
      currency: 'EUR',
      session: 'regular',
      source: 'Beurs simulator (demo)',
      delayMs: 0,
      timestamp: '2026-11-20T15:45:17.000Z',
      isSimulated: true,
    });
    for (const field of ['latest', 'open', 'previousClose', 'high', 'low', 'bid', 'ask']) {
      expect(data[field], field).toMatch(/^\d+\.\d{4}$/);
    }
    expect(data.marketCap).toMatch(/^\d+\.\d{2}$/);
    expect(Number(data.low)).toBeLessThanOrEqual(Number(data.latest));
    expect(Number(data.high)).toBeGreaterThanOrEqual(Number(data.latest));
  });

  it('refuses an unknown symbol with UNKNOWN_SYMBOL, alone or in a batch', async () => {
    expect(await post('/market/quote', { symbol: 'NOPE' })).toMatchObject({
      status: 0,
      code: 'UNKNOWN_SYMBOL',
      params: { symbol: 'NOPE' },
    });
    expect(await post('/market/quotes', { symbols: ['AAPL', 'NOPE'] })).toMatchObject({
      code: 'UNKNOWN_SYMBOL',
    });
  });

  it('serves forex at six decimals', async () => {
    const { data } = await post('/market/quote', { symbol: 'EURUSD' });
    expect(data.latest).toMatch(/^\d\.\d{6}$/);
    const rate = await post('/market/fxRate', { base: 'EUR', quote: 'USD' });
    expect(rate.data.rate).toBe(data.latest);
  });
});

describe('instrument and status', () => {
  it('describes an instrument with its calendar, and only the corporate actions already past', async () => {
    const { data } = await post('/market/instrument', { symbol: 'WMT' });
    expect(data).toMatchObject({
      lotSize: 1,
      tickSize: '0.0100',
      sector: 'Consumer Staples',
      timeZone: 'America/New_York',
      session: 'regular',
      nextSessionChangeAt: '2026-11-20T21:00:00.000Z',
    });
    expect(data.corporateActions).toContainEqual({
      kind: 'split',
      exDate: '2026-02-24',
      amount: null,
      ratioFrom: 1,
      ratioTo: 3,
    });
    expect(data.corporateActions.every((action: { exDate: string }) => action.exDate <= '2026-11-20')).toBe(
      true,
    );
  });

  it('names the source and says the prices are simulated (demo mode)', async () => {
    const { data } = await post('/market/status', {});
    expect(data).toMatchObject({ source: 'Beurs simulator (demo)', delayMs: 0, isSimulated: true });
    expect(data.calendars).toContainEqual({
      calendar: 'euronext',
      timeZone: 'Europe/Brussels',
      session: 'regular',
      nextSessionChangeAt: '2026-11-20T16:30:00.000Z',
    });
  });
});

describe('market lists', () => {
  it.each(['change', 'volume', 'turnover'] as const)(
    'sorts a tab by %s, descending by default',
    async (sort) => {
      const { data } = await post('/market/list', { market: 'usd', sort, limit: 200 });
      expect(data.total).toBeGreaterThanOrEqual(50);
      const key = (item: Record<string, string>) =>
        Number(sort === 'change' ? item.changePercent : sort === 'volume' ? item.volume : item.turnover);
      const keys = data.items.map(key);
      expect(keys).toEqual([...keys].sort((a, b) => b - a));
    },
  );

  it('pages through a tab and lists every stockType and tab', async () => {
    const first = await post('/market/list', { market: 'frank', limit: 5 });
    const second = await post('/market/list', { market: 'frank', limit: 5, offset: 5 });
    expect(first.data.items).toHaveLength(5);
    expect(second.data.items[0].symbol).not.toBe(first.data.items[0].symbol);
    for (const market of [
      'frank',
      'usd',
      'ETF-BEL',
      'ETF-USA',
      'pre_market',
      'after_hours',
      'forex',
      'crypto',
      'index',
    ]) {
      expect((await post('/market/list', { market })).data.total, market).toBeGreaterThan(3);
    }
  });

  it('refuses an unknown market with UNKNOWN_MARKET', async () => {
    expect(await post('/market/list', { market: 'nasdaq' })).toMatchObject({
      status: 0,
      code: 'UNKNOWN_MARKET',
    });
  });

  it('serves the index strip', async () => {
    const { data } = await post('/market/indices', {});
    expect(data.map((item: { code: string }) => item.code)).toEqual([
      'BEL 20',
      'CAC 40',
      'AEX',
      'S&P 500',
      'Nasdaq 100',
      'Dow Jones',
    ]);
  });
});

describe('candles', () => {
  it('serves one year of daily candles ending today, oldest first', async () => {
    const { data } = await post('/market/candles', { symbol: 'AAPL', period: 'day', range: '1y' });
    expect(data.candles.length).toBeGreaterThan(240);
    expect(data.candles.at(-1).time).toBe(Date.parse('2026-11-20T00:00:00Z') / 1000);
    expect(data.candles[0].time).toBeLessThan(data.candles[1].time);
  });

  it('keeps the daily candles up to date within a trading day (only settled days are reused)', async () => {
    const request = { symbol: 'NVDA', period: 'day', range: '3m' };
    const before = (await post('/market/candles', request)).data.candles;
    testApp.clock.advance(10 * 60_000);
    const after = (await post('/market/candles', request)).data.candles;
    const quote = (await post('/market/quote', { symbol: 'NVDA' })).data;
    testApp.clock.advance(-10 * 60_000);
    expect(after.slice(0, -1)).toEqual(before.slice(0, -1));
    expect(after.at(-1).close).toBe(quote.latest);
    expect(after.at(-1)).not.toEqual(before.at(-1));
    expect(after.at(-1).volume).toBe(quote.volume);
  });

  it('serves the time-share line of today up to the current minute', async () => {
    const { data } = await post('/market/candles', { symbol: 'KBC.BR', period: 'time_share', range: '1d' });
    expect(data.candles[0].time).toBe(Date.parse('2026-11-20T08:00:00Z') / 1000);
    expect(data.candles.at(-1).time).toBe(Date.parse('2026-11-20T15:45:00Z') / 1000);
    const quote = (await post('/market/quote', { symbol: 'KBC.BR' })).data;
    expect(data.candles.at(-1).close).toBe(quote.latest);
  });

  it('aggregates 5-minute candles from the same ticks as the time-share line', async () => {
    const minutes = (await post('/market/candles', { symbol: 'AAPL', period: 'time_share', range: '1d' }))
      .data.candles;
    const fives = (await post('/market/candles', { symbol: 'AAPL', period: '5m', range: '1d' })).data.candles;
    const firstFive = minutes.slice(0, 5);
    expect(fives[0]).toMatchObject({
      open: firstFive[0].open,
      close: firstFive[4].close,
      high: firstFive
        .map((candle: { high: string }) => candle.high)
        .sort((a: string, b: string) => Number(b) - Number(a))[0],
      volume: String(
        firstFive.reduce((sum: number, candle: { volume: string }) => sum + Number(candle.volume), 0),
      ),
    });
  });

  it('builds half-year and year candles from the daily ones (January and July; calendar years)', async () => {
    const request = { symbol: 'KBC.BR', range: '2y' };
    const days = (await post('/market/candles', { ...request, period: 'day' })).data.candles;
    const halves = (await post('/market/candles', { ...request, period: 'half_year' })).data.candles;
    const years = (await post('/market/candles', { ...request, period: 'year' })).data.candles;
    const utc = (seconds: number) => new Date(seconds * 1000);
    for (const candle of halves) {
      expect([0, 6]).toContain(utc(candle.time).getUTCMonth());
      expect(utc(candle.time).getUTCDate()).toBe(1);
    }
    for (const candle of years) expect(utc(candle.time).getUTCMonth()).toBe(0);
    // Two years ending 2026-11-20: the halves of 2024 (from November), 2025 and 2026, and 2024–2026.
    expect(halves.map((candle: { time: number }) => utc(candle.time).toISOString().slice(0, 7))).toEqual([
      '2024-07',
      '2025-01',
      '2025-07',
      '2026-01',
      '2026-07',
    ]);
    expect(years.map((candle: { time: number }) => utc(candle.time).getUTCFullYear())).toEqual([
      2024, 2025, 2026,
    ]);
    // The last year is this year's days: first open, last close, the highest high, the summed volume.
    const thisYear = days.filter((candle: { time: number }) => utc(candle.time).getUTCFullYear() === 2026);
    expect(years.at(-1)).toMatchObject({
      open: thisYear[0].open,
      close: thisYear.at(-1).close,
      high: thisYear
        .map((candle: { high: string }) => candle.high)
        .sort((a: string, b: string) => Number(b) - Number(a))[0],
      volume: String(
        thisYear.reduce((sum: number, candle: { volume: string }) => sum + Number(candle.volume), 0),
      ),
    });
    expect(halves.at(-1).close).toBe(years.at(-1).close);
  });

  it('adjusts for the 3-for-1 split: forward-adjusted history before it is about a third of the raw', async () => {
    const raw = (await post('/market/candles', { symbol: 'WMT', period: 'month', range: '2y' })).data.candles;
    const forward = (
      await post('/market/candles', { symbol: 'WMT', period: 'month', range: '2y', adjustment: 'forward' })
    ).data.candles;
    expect(forward.at(-1).close).toBe(raw.at(-1).close);
    expect(Number(forward[0].close) / Number(raw[0].close)).toBeLessThan(0.34);
  });

  it.each([
    [{ symbol: 'NOPE', period: 'day', range: '1y' }, 'UNKNOWN_SYMBOL', { symbol: 'NOPE' }],
    [{ symbol: 'AAPL', period: '7m', range: '1y' }, 'UNKNOWN_PERIOD', { period: '7m' }],
    [{ symbol: 'AAPL', period: 'day', range: '5y' }, 'UNKNOWN_RANGE', { range: '5y' }],
    [
      { symbol: 'AAPL', period: 'day', range: '1y', adjustment: 'sideways' },
      'UNKNOWN_ADJUSTMENT',
      { adjustment: 'sideways' },
    ],
    [
      { symbol: 'AAPL', period: '5m', range: '1y' },
      'PERIOD_RANGE_UNSUPPORTED',
      { period: '5m', range: '1y', longestRange: '1m' },
    ],
  ])('refuses %j with %s', async (payload, code, params) => {
    expect(await post('/market/candles', payload)).toMatchObject({ status: 0, code, msg: code, params });
  });
});

describe('search', () => {
  it('ranks an exact code first, then code prefixes, then names', async () => {
    const { data } = await post('/market/search', { query: 'ab' });
    expect(data.slice(0, 3).map((item: { code: string }) => item.code)).toEqual(['ABI', 'ABT', 'ABBV']);
    expect((await post('/market/search', { query: 'KBC' })).data[0].symbol).toBe('KBC.BR');
  });

  it('finds names without accents or case, and by a later word', async () => {
    expect((await post('/market/search', { query: 'dieteren' })).data[0].symbol).toBe('DIE.BR');
    expect((await post('/market/search', { query: 'bitcoin' })).data[0].symbol).toBe('BTCUSD');
    expect((await post('/market/search', { query: 'lilly' })).data[0].symbol).toBe('LLY');
  });

  it('answers nothing for a query that matches nothing', async () => {
    expect((await post('/market/search', { query: 'zzzzqq' })).data).toEqual([]);
  });
});

describe('watchlist', () => {
  it('needs a session', async () => {
    const response = await call(testApp.app, '/market/watchlist/list', {});
    expect(response.statusCode).toBe(401);
  });

  it('adds, lists with quotes (newest first), removes, and removes many', async () => {
    const session = await signUp(testApp);
    for (const symbol of ['AAPL', 'KBC.BR', 'BTCUSD', 'AAPL']) {
      expect(await post('/market/watchlist/add', { symbol }, session)).toMatchObject({ status: 1 });
      testApp.clock.advance(1000);
    }
    const listed = (await post('/market/watchlist/list', {}, session)).data;
    expect(listed.map((item: { symbol: string }) => item.symbol)).toEqual(['BTCUSD', 'KBC.BR', 'AAPL']);
    expect(listed[0].quote.source).toBe('Beurs simulator (demo)');

    await post('/market/watchlist/remove', { symbol: 'KBC.BR' }, session);
    const removed = await post(
      '/market/watchlist/removeMany',
      { symbols: ['AAPL', 'BTCUSD', 'MSFT'] },
      session,
    );
    expect(removed.data).toEqual({ removed: 2 });
    expect((await post('/market/watchlist/list', {}, session)).data).toEqual([]);
  });

  it('keeps each user’s watchlist apart', async () => {
    const alice = await signUp(testApp);
    const bob = await signUp(testApp);
    await post('/market/watchlist/add', { symbol: 'NVDA' }, alice);
    expect((await post('/market/watchlist/list', {}, bob)).data).toEqual([]);
  });

  it('refuses an unknown symbol and a full watchlist', async () => {
    const session = await signUp(testApp);
    expect(await post('/market/watchlist/add', { symbol: 'NOPE' }, session)).toMatchObject({
      code: 'UNKNOWN_SYMBOL',
    });
    const symbols = testApp.app.services.market.provider.instruments().map((instrument) => instrument.symbol);
    expect(symbols.length).toBeLessThan(WATCHLIST_LIMIT); // the catalogue alone cannot fill it: use the database
    const { watchlistItems } = await import('./market.tables');
    const userId = (await testApp.app.services.sessions.authenticate(session.token, session.account)).userId;
    await testApp.database.db.insert(watchlistItems).values(
      Array.from({ length: WATCHLIST_LIMIT }, (_, index) => ({
        userId,
        symbol: `OLD${index}`,
        addedAt: new Date(0),
      })),
    );
    expect(await post('/market/watchlist/add', { symbol: 'AAPL' }, session)).toMatchObject({
      code: 'WATCHLIST_FULL',
      params: { limit: WATCHLIST_LIMIT },
    });
  });
});
