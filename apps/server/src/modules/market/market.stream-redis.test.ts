import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';

// Two server nodes sharing Redis (REDIS_URL): one node holds the publishing lease and turns ticks
// into quote updates; clients of both nodes get every update exactly once. Real Redis; runs where
// TEST_REDIS_URL is set, as in `npm run test:pg` and CI.

const redisUrl = process.env.TEST_REDIS_URL;
type Quote = { symbol: string; timestamp: string };

async function listen(node: TestApp): Promise<string> {
  const address = await node.app.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace('http', 'ws')}/api/ws`;
}

async function subscriber(url: string, symbols: string[]) {
  const socket = new WebSocket(url);
  const quotes: Quote[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.type === 'quotes') quotes.push(...message.data);
  });
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ op: 'subscribe', symbols }));
  return { socket, quotes };
}

async function until(predicate: () => boolean, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  if (!redisUrl) return;
  first = await buildTestApp({ config: { redisUrl } });
  second = await buildTestApp({ config: { redisUrl } });
  for (const node of [first, second]) node.clock.set('2026-11-20T15:45:00Z');
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

describe.skipIf(!redisUrl)('quote fan-out through Redis', () => {
  it('delivers each update once to the clients of both nodes', async () => {
    const [a, b] = [
      await subscriber(await listen(first), ['AAPL']),
      await subscriber(await listen(second), ['AAPL']),
    ];
    await until(() => a.quotes.length >= 1 && b.quotes.length >= 1); // snapshots
    const expected = ['2026-11-20T15:45:01.000Z', '2026-11-20T15:45:02.000Z', '2026-11-20T15:45:03.000Z'];
    for (const time of expected) {
      first.clock.advance(1000);
      second.clock.advance(1000);
      const arrived = (client: { quotes: Quote[] }) =>
        client.quotes.some((quote) => quote.timestamp === time);
      await until(() => arrived(a) && arrived(b));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const client of [a, b]) {
      // Exactly once each: a second publishing node would double every update.
      const times = client.quotes
        .map((quote) => quote.timestamp)
        .filter((time) => time > '2026-11-20T15:45:00.000Z');
      expect(times).toEqual(expected);
      client.socket.close();
    }
  });
});
