import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { ManualClock } from '../../core/clock';
import { buildTestApp, call, signUp } from '../../../test/helpers/build-app';
import { ConfigError, loadConfig } from '../../config';
import { createMarketProvider } from '../create-provider';
import type { Tick } from '../provider';
import { FinnhubProvider } from './finnhub-provider';

// The Finnhub adapter against a local fake that speaks Finnhub's documented REST and WebSocket
// formats (https://finnhub.io/docs/api: /quote, /stock/candle, /forex/rates, wss trades), checks
// the API key like Finnhub does, and lets the test push trades and drop the connection.

const API_KEY = 'test-key';
const NOW_S = Date.parse('2026-11-20T15:45:00Z') / 1000;

class FakeFinnhub {
  readonly server: Server;
  readonly sockets: WebSocketServer;
  readonly subscriptions: string[] = [];
  readonly requests: string[] = [];
  connections = 0;
  /** What /forex/rates answers for USD per EUR; a test may forge it. */
  eurUsdRate = 1.08123;
  /** What /quote answers for AAPL's last price; a test may forge it. */
  aaplLast = 261.74;

  constructor() {
    this.server = createServer((request, response) => this.rest(request, response));
    this.sockets = new WebSocketServer({ noServer: true });
    this.server.on('upgrade', (request, socket, head) => {
      if (new URL(request.url ?? '', 'http://x').searchParams.get('token') !== API_KEY)
        return socket.destroy();
      this.sockets.handleUpgrade(request, socket, head, (client) => {
        this.connections += 1;
        client.on('message', (data) => {
          const message = JSON.parse(data.toString()) as { type: string; symbol: string };
          if (message.type === 'subscribe') this.subscriptions.push(message.symbol);
        });
      });
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as { port: number };
    return `127.0.0.1:${port}`;
  }

  broadcast(message: unknown): void {
    for (const client of this.sockets.clients)
      client.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  dropConnections(): void {
    for (const client of this.sockets.clients) client.terminate();
  }

  private rest(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '', 'http://x');
    this.requests.push(`${url.pathname}?${url.searchParams}`);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers['x-finnhub-token'] !== API_KEY) return send(401, { error: 'Invalid API key' });
    const symbol = url.searchParams.get('symbol');
    if (url.pathname === '/api/v1/quote' && symbol === 'AAPL') {
      return send(200, {
        c: this.aaplLast,
        d: 2.29,
        dp: 0.8826,
        h: 263.31,
        l: 260.68,
        o: 261.07,
        pc: 259.45,
        t: NOW_S - 60,
      });
    }
    if (url.pathname === '/api/v1/quote' && symbol === 'OANDA:EUR_USD') {
      return send(200, { c: 1.0815, d: 0, dp: 0, h: 1.0841, l: 1.0797, o: 1.0802, pc: 1.0806, t: NOW_S - 5 });
    }
    if (url.pathname === '/api/v1/quote')
      return send(200, { c: 0, d: null, dp: null, h: 0, l: 0, o: 0, pc: 0, t: 0 });
    if (url.pathname === '/api/v1/stock/candle' && symbol === 'AAPL') {
      return send(200, {
        s: 'ok',
        t: [NOW_S - 172_800, NOW_S - 86_400],
        o: [250.1, 251.335],
        h: [252, 253.999],
        l: [249.5, 250.01],
        c: [251.2, 253.5],
        v: [51234567, 48123456],
      });
    }
    if (url.pathname.endsWith('/candle')) return send(200, { s: 'no_data' });
    if (url.pathname === '/api/v1/forex/rates')
      return send(200, { base: 'EUR', quote: { USD: this.eurUsdRate, GBP: 0.85 } });
    send(404, { error: 'not found' });
  }
}

let fake: FakeFinnhub;
let host: string;
const providers: FinnhubProvider[] = [];
beforeAll(async () => {
  fake = new FakeFinnhub();
  host = await fake.listen();
});
afterEach(async () => {
  await Promise.all(providers.splice(0).map((provider) => provider.close()));
});
afterAll(() => {
  fake.sockets.close();
  fake.server.close();
});

function finnhub(apiKey = API_KEY): FinnhubProvider {
  const provider = new FinnhubProvider({
    apiKey,
    clock: new ManualClock(new Date(NOW_S * 1000)),
    restUrl: `http://${host}/api/v1`,
    socketUrl: `ws://${host}`,
  });
  providers.push(provider);
  return provider;
}

async function until(predicate: () => boolean): Promise<void> {
  for (let waited = 0; !predicate(); waited += 10) {
    if (waited > 5000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('Finnhub REST', () => {
  it('turns /quote into a quote in minor units, named Finnhub, timed by Finnhub', async () => {
    const quote = await finnhub().quote('AAPL');
    expect(quote).toMatchObject({
      lastMinor: 2_617_400n,
      openMinor: 2_610_700n,
      highMinor: 2_633_100n,
      lowMinor: 2_606_800n,
      previousCloseMinor: 2_594_500n,
      source: `Finnhub (${host})`,
      timestamp: new Date((NOW_S - 60) * 1000),
    });
  });

  it('turns /stock/candle arrays into candles, rounding half-up once to the price scale', async () => {
    const candles = await finnhub().candles('AAPL', 'day', (NOW_S - 200_000) * 1000, NOW_S * 1000);
    expect(
      candles.map((candle) => [candle.openMinor, candle.highMinor, candle.closeMinor, candle.volume]),
    ).toEqual([
      [2_501_000n, 2_520_000n, 2_512_000n, 51_234_567n],
      [2_513_350n, 2_539_990n, 2_535_000n, 48_123_456n],
    ]);
    expect(fake.requests.at(-1)).toContain('resolution=D');
    expect(await finnhub().candles('EURUSD', 'minute', 0, NOW_S * 1000)).toEqual([]);
    expect(fake.requests.at(-1)).toContain('/api/v1/forex/candle?symbol=OANDA%3AEUR_USD&resolution=1');
  });

  it('reads FX rates from /forex/rates at six decimals', async () => {
    expect((await finnhub().fxRate('EUR', 'USD')).rateMinor).toBe(1_081_230n);
  });

  it('fails loudly on a refused key or a missing price', async () => {
    await expect(finnhub('wrong').quote('AAPL')).rejects.toThrow('HTTP 401');
    await expect(finnhub().quote('MSFT')).rejects.toThrow('no price');
  });
});

describe('Finnhub trade stream', () => {
  it('subscribes to every instrument, turns trades into ticks and into the quote’s last price', async () => {
    const provider = finnhub();
    const ticks: Tick[] = [];
    provider.onTick((tick) => ticks.push(tick));
    provider.start();
    await until(() => fake.subscriptions.includes('BINANCE:BTCUSDT'));
    expect(fake.subscriptions).toEqual(
      expect.arrayContaining(['AAPL', 'KBC.BR', 'OANDA:EUR_USD', 'BINANCE:BTCUSDT']),
    );

    fake.broadcast({ type: 'ping' });
    fake.broadcast('{not json');
    fake.broadcast({
      type: 'trade',
      data: [{ s: 'AAPL', p: 262.015, t: NOW_S * 1000 - 500, v: 100, c: null }],
    });
    fake.broadcast({
      type: 'trade',
      data: [{ s: 'BINANCE:BTCUSDT', p: 97_123.45, t: NOW_S * 1000, v: 0.5 }],
    });
    await until(() => ticks.length === 2);
    expect(ticks[0]).toEqual({
      symbol: 'AAPL',
      priceMinor: 2_620_150n,
      size: 100n,
      timestampMs: NOW_S * 1000 - 500,
    });
    expect(ticks[1]?.symbol).toBe('BTCUSD');

    const quote = await provider.quote('AAPL');
    expect(quote.lastMinor).toBe(2_620_150n);
    expect(quote.volume).toBe(100n);
    expect(quote.timestamp).toEqual(new Date(NOW_S * 1000 - 500));
  });

  it('reconnects after the connection drops and subscribes again', async () => {
    const provider = finnhub();
    provider.start();
    await until(() => fake.connections >= 1 && fake.subscriptions.length > 0);
    const before = fake.connections;
    const subscribed = fake.subscriptions.length;
    fake.dropConnections();
    await until(() => fake.connections > before && fake.subscriptions.length >= subscribed * 2);
  });
});

const OPERATOR = { OPERATOR_NAME: 'Test Broker NV', OPERATOR_LICENCE: 'FSMA 0403.227.515' };

/** The configuration a hostile operator would write: Finnhub's name, someone else's server. */
const fakeVendorEnvironment = (nodeEnvironment: 'test' | 'production') => ({
  NODE_ENV: nodeEnvironment,
  MARKET_PROVIDER: 'finnhub',
  FINNHUB_API_KEY: API_KEY,
  FINNHUB_REST_URL: `http://${host}/api/v1`,
  FINNHUB_WS_URL: `ws://${host}`,
  ...OPERATOR,
});

describe('selection by configuration', () => {
  it('needs FINNHUB_API_KEY and a known provider name', () => {
    expect(() => loadConfig({ ...OPERATOR, MARKET_PROVIDER: 'finnhub' })).toThrow(/FINNHUB_API_KEY: /);
    expect(() => loadConfig({ ...OPERATOR, MARKET_PROVIDER: 'bloomberg' })).toThrow(/MARKET_PROVIDER: /);
  });

  it('keeps the vendor at its own endpoints: another host is refused outside tests', () => {
    expect(() => loadConfig(fakeVendorEnvironment('production'))).toThrow(ConfigError);
    expect(() => loadConfig(fakeVendorEnvironment('production'))).toThrow(/FINNHUB_REST_URL: /);
    expect(() => loadConfig({ ...fakeVendorEnvironment('production'), FINNHUB_REST_URL: '' })).toThrow(
      /FINNHUB_WS_URL: /,
    );
    const real = loadConfig({ MARKET_PROVIDER: 'finnhub', FINNHUB_API_KEY: API_KEY, ...OPERATOR });
    expect(real.mode).toBe('live');
    const provider = createMarketProvider({ market: real.market, clock: new ManualClock(new Date()) });
    expect(provider.source).toBe('Finnhub (finnhub.io)');
  });

  it('stays in demo mode with a test vendor, and names its host as the source', () => {
    const config = loadConfig(fakeVendorEnvironment('test'));
    expect(config.mode).toBe('demo');
    const provider = createMarketProvider({ market: config.market, clock: new ManualClock(new Date()) });
    expect(provider.source).toBe(`Finnhub (${host})`);
  });

  it.each([
    ['FSMA-0000', 'OPERATOR_LICENCE'],
    ['FSMA 0403.227.516', 'OPERATOR_LICENCE'],
    ['licence 12345', 'OPERATOR_LICENCE'],
    ['LEI 5493001KJTIIGC8Y1R13', 'OPERATOR_LICENCE'],
  ])('refuses the licence %s for live mode', (licence, variable) => {
    const environment = { MARKET_PROVIDER: 'finnhub', FINNHUB_API_KEY: API_KEY, ...OPERATOR };
    expect(() => loadConfig({ ...environment, OPERATOR_LICENCE: licence })).toThrow(
      new RegExp(`${variable}: `),
    );
  });

  it.each(['x', 'https://broker.example', 'Broker\u0000NV', 'a@b.example', '  '])(
    'refuses the operator name %j',
    (name) => {
      const environment = { MARKET_PROVIDER: 'finnhub', FINNHUB_API_KEY: API_KEY, ...OPERATOR };
      expect(() => loadConfig({ ...environment, OPERATOR_NAME: name })).toThrow(/OPERATOR_NAME: /);
    },
  );

  it('accepts an FSMA enterprise number or an ESMA-listed LEI, normalised for display', () => {
    const live = {
      MARKET_PROVIDER: 'finnhub',
      FINNHUB_API_KEY: API_KEY,
      OPERATOR_NAME: 'Banque Dupont & Fils SA',
    };
    expect(loadConfig({ ...live, OPERATOR_LICENCE: 'fsma 0403227515' }).operator).toEqual({
      name: 'Banque Dupont & Fils SA',
      licence: 'FSMA 0403.227.515',
    });
    expect(loadConfig({ ...live, OPERATOR_LICENCE: 'LEI 5493001kjtiigc8y1r12' }).operator?.licence).toBe(
      'LEI 5493001KJTIIGC8Y1R12',
    );
  });
});

describe('a vendor sending invented prices (issue 12: "seen" an exchange at 5.0)', () => {
  let testApp: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    const config = loadConfig(fakeVendorEnvironment('test'));
    testApp = await buildTestApp({
      config: { market: config.market, mode: config.mode, operator: config.operator },
    });
  });
  afterAll(() => testApp.close());
  afterEach(() => {
    fake.eurUsdRate = 1.08123;
    fake.aaplLast = 261.74;
  });

  it('keeps the demo banner on and shows the fake host as the source', async () => {
    const site = (await call(testApp.app, '/common/config', { type: 'all' })).json().data as Array<{
      name: string;
      value: string;
    }>;
    expect(site.find((entry) => entry.name === 'mode')?.value).toBe('demo');
    const quote = (await call(testApp.app, '/market/quote', { symbol: 'AAPL' })).json();
    expect(quote.data).toMatchObject({ latest: '261.7400', source: `Finnhub (${host})` });
  });

  it('refuses an EUR/USD rate of 5.0 as PRICE_UNAVAILABLE: no quote, no exchange', async () => {
    const user = await signUp(testApp);
    expect((await call(testApp.app, '/market/fxRate', { base: 'EUR', quote: 'USD' })).json().data.rate).toBe(
      '1.081230',
    );
    fake.eurUsdRate = 5.0;
    for (const [path, body] of [
      ['/market/fxRate', { base: 'EUR', quote: 'USD' }],
      ['/market/fxRate', { base: 'USD', quote: 'EUR' }],
      ['/exChange/quote', { from: 'EUR', to: 'USD', amount: '100.00' }],
    ] as const) {
      expect((await call(testApp.app, path, body, user)).json()).toMatchObject({
        status: 0,
        code: 'PRICE_UNAVAILABLE',
      });
    }
  });

  it('refuses a rate near the vendor’s own previous close when it leaves the configured band', async () => {
    const config = loadConfig({ ...fakeVendorEnvironment('test'), FX_RATE_BAND_EUR_USD: '1.10-1.40' });
    const provider = createMarketProvider({
      market: config.market,
      clock: new ManualClock(new Date(NOW_S * 1000)),
    });
    try {
      await expect(provider.fxRate('EUR', 'USD')).rejects.toThrow(/configured band/);
    } finally {
      await provider.close();
    }
  });

  it('refuses a share price a hundred times its previous close', async () => {
    fake.aaplLast = 26_174;
    testApp.clock.advance(60_000);
    expect((await call(testApp.app, '/market/quote', { symbol: 'AAPL' })).json()).toMatchObject({
      status: 0,
      code: 'PRICE_UNAVAILABLE',
    });
  });

  it('drops streamed trades outside the band and passes those inside', async () => {
    const config = loadConfig(fakeVendorEnvironment('test'));
    const provider = createMarketProvider({
      market: config.market,
      clock: new ManualClock(new Date(NOW_S * 1000)),
    });
    const ticks: Tick[] = [];
    provider.onTick((tick) => ticks.push(tick));
    const subscribedBefore = fake.subscriptions.filter((symbol) => symbol === 'BINANCE:BTCUSDT').length;
    provider.start();
    try {
      await until(
        () => fake.subscriptions.filter((symbol) => symbol === 'BINANCE:BTCUSDT').length > subscribedBefore,
      );
      await provider.quote('AAPL');
      const trade = (price: number, offsetMs: number) => ({
        type: 'trade',
        data: [{ s: 'AAPL', p: price, t: NOW_S * 1000 + offsetMs, v: 10 }],
      });
      fake.broadcast(trade(5, 1));
      fake.broadcast(trade(2_620, 2));
      fake.broadcast(trade(262.5, 3));
      await until(() => ticks.length >= 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ticks.map((tick) => tick.priceMinor)).toEqual([2_625_000n]);
    } finally {
      await provider.close();
    }
  });
});
