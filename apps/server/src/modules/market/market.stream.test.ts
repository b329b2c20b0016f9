import { STREAM_LIMITS } from '@beurs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';

// The live stream with real WebSocket clients on a real port: subscriptions, one update per
// second per open instrument, closed markets silent, and clients that send garbage, flood or ask
// for 10,000 symbols are refused or capped while a well-behaved client keeps receiving.

type Message = { type: string; [key: string]: unknown };
type Quote = { symbol: string; timestamp: string; latest: string; session: string };

class Client {
  readonly socket: WebSocket;
  readonly messages: Message[] = [];
  closeCode: number | null = null;
  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on('message', (data) => this.messages.push(JSON.parse(data.toString())));
    this.socket.on('close', (code) => (this.closeCode = code));
  }
  async open(): Promise<this> {
    await new Promise((resolve, reject) => {
      this.socket.once('open', resolve);
      this.socket.once('error', reject);
    });
    return this;
  }
  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }
  quotes(symbol: string): Quote[] {
    return this.messages
      .filter((message) => message.type === 'quotes')
      .flatMap((message) => message.data as Quote[])
      .filter((quote) => quote.symbol === symbol);
  }
  async waitFor(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > deadline)
        throw new Error(`timed out; got ${JSON.stringify(this.messages).slice(0, 500)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  close(): void {
    this.socket.close();
  }
}

let testApp: TestApp;
let url: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  testApp.clock.set('2026-11-20T15:45:00Z'); // Friday: Brussels, US and forex open
  const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/api/ws`;
});
afterAll(() => testApp.close());

const connect = () => new Client(url).open();

describe('subscriptions', () => {
  it('acknowledges, sends a snapshot at once, then one update per second of market time', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', symbols: ['AAPL', 'KBC.BR', 'NOPE'] });
    await client.waitFor(() => client.quotes('KBC.BR').length >= 1);
    expect(client.messages[0]).toEqual({
      type: 'subscribed',
      symbols: ['AAPL', 'KBC.BR'],
      rejected: ['NOPE'],
    });
    const expected = ['2026-11-20T15:45:01.000Z', '2026-11-20T15:45:02.000Z', '2026-11-20T15:45:03.000Z'];
    for (const time of expected) {
      testApp.clock.advance(1000);
      const arrived = (symbol: string) => client.quotes(symbol).some((quote) => quote.timestamp === time);
      await client.waitFor(() => arrived('AAPL') && arrived('KBC.BR'));
    }
    // One update per second each, in order, none repeated (the 15:45:00 tick may follow the snapshot).
    for (const symbol of ['AAPL', 'KBC.BR']) {
      const times = client.quotes(symbol).map((quote) => quote.timestamp);
      expect(times.slice(-3)).toEqual(expected);
      expect(times.filter((time) => time > '2026-11-20T15:45:00.000Z')).toEqual(expected);
    }
    client.close();
  });

  it('stops sending a symbol after unsubscribe', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', symbols: ['MSFT', 'EURUSD'] });
    await client.waitFor(() => client.quotes('MSFT').length >= 1);
    client.send({ op: 'unsubscribe', symbols: ['MSFT'] });
    await client.waitFor(() => client.messages.some((message) => message.type === 'unsubscribed'));
    testApp.clock.advance(1000);
    const next = testApp.clock.now().toISOString();
    await client.waitFor(() => client.quotes('EURUSD').some((quote) => quote.timestamp === next));
    expect(client.quotes('MSFT').filter((quote) => quote.timestamp >= next)).toEqual([]);
    client.close();
  });

  it('sends no movement for a market that is closed, while crypto keeps moving', async () => {
    testApp.clock.set('2026-11-21T12:00:00Z'); // Saturday
    const client = await connect();
    try {
      client.send({ op: 'subscribe', symbols: ['AAPL', 'BTCUSD'] });
      await client.waitFor(() => client.quotes('AAPL').length >= 1 && client.quotes('BTCUSD').length >= 1);
      for (const time of ['2026-11-21T12:00:01.000Z', '2026-11-21T12:00:02.000Z']) {
        testApp.clock.advance(1000);
        await client.waitFor(() => client.quotes('BTCUSD').some((quote) => quote.timestamp === time));
      }
      // Whatever reached the client for AAPL is Friday's last price, unchanged and marked closed.
      const apple = client.quotes('AAPL');
      expect(new Set(apple.map((quote) => `${quote.session} ${quote.latest} ${quote.timestamp}`)).size).toBe(
        1,
      );
      expect(apple[0]?.session).toBe('closed');
      expect(apple[0]?.timestamp).toBe('2026-11-21T00:59:59.000Z'); // the last second of Friday's after-hours
    } finally {
      client.close();
      testApp.clock.set('2026-11-20T15:50:00Z');
    }
  });

  it('answers ping with pong', async () => {
    const client = await connect();
    client.send({ op: 'ping' });
    await client.waitFor(() => client.messages.some((message) => message.type === 'pong'));
    client.close();
  });
});

describe('bad clients', () => {
  it('caps a client asking for 10,000 symbols at the limit and says so', async () => {
    const client = await connect();
    const real = testApp.app.services.market.provider.instruments().map((instrument) => instrument.symbol);
    const fake = Array.from({ length: 10_000 - real.length }, (_, index) => `X${index}`);
    client.send({ op: 'subscribe', symbols: [...real, ...fake] });
    await client.waitFor(() => client.messages.some((message) => message.type === 'subscribed'));
    const error = client.messages.find((message) => message.type === 'error');
    expect(error).toEqual({
      type: 'error',
      code: 'STREAM_SUBSCRIPTION_LIMIT',
      params: { limit: STREAM_LIMITS.symbolsPerClient },
    });
    const ack = client.messages.find((message) => message.type === 'subscribed') as unknown as {
      symbols: string[];
    };
    expect(ack.symbols).toHaveLength(STREAM_LIMITS.symbolsPerClient);
    client.close();
  });

  it('answers garbage with STREAM_MESSAGE_INVALID and closes after repeated garbage; others are unaffected', async () => {
    const good = await connect();
    good.send({ op: 'subscribe', symbols: ['NVDA'] });
    const bad = await connect();
    bad.send('not json at all');
    await bad.waitFor(() => bad.messages.length === 1);
    expect(bad.messages[0]).toEqual({ type: 'error', code: 'STREAM_MESSAGE_INVALID', params: {} });
    for (const garbage of ['{"op":"subscribe"}', '[1,2,3]', '{"op":"explode","symbols":["AAPL"]}', 'null'])
      bad.send(garbage);
    await bad.waitFor(() => bad.closeCode !== null);
    expect(bad.closeCode).toBe(1008);
    const before = good.quotes('NVDA').length;
    testApp.clock.advance(1000);
    await good.waitFor(() => good.quotes('NVDA').length > before);
    good.close();
  });

  it('disconnects a client that floods messages', async () => {
    const flooder = await connect();
    for (let index = 0; index < STREAM_LIMITS.messagesPerSecond * 3; index += 1) flooder.send({ op: 'ping' });
    await flooder.waitFor(() => flooder.closeCode !== null);
    expect(flooder.closeCode).toBe(1008);
    expect(flooder.messages.some((message) => message.code === 'STREAM_RATE_LIMITED')).toBe(true);
  });
});
