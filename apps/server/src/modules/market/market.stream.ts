import fastifyWebsocket from '@fastify/websocket';
import { STREAM_LIMITS, STREAM_PATH } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { LocalQuoteBus, RedisQuoteBus, type QuoteBus, type QuoteUpdate } from '../../market/stream/quote-bus';
import { QuoteHub } from '../../market/stream/quote-hub';

// The live quote stream at /api/ws. Ticks from the provider become quote updates on the
// publishing node, travel over the bus (in process, or Redis between nodes when REDIS_URL is set)
// and fan out to the clients of every node.

export async function marketStream(app: FastifyInstance): Promise<void> {
  const { market } = app.services;
  const { provider } = market;
  if (!app.hasDecorator('websocketServer')) {
    await app.register(fastifyWebsocket, { options: { maxPayload: STREAM_LIMITS.messageBytesMax } });
  }
  const bus = await createBus(app.config.redisUrl);
  const hub = new QuoteHub({
    clock: market.clock,
    isKnownSymbol: (symbol) => provider.instrument(symbol) !== undefined,
    snapshot: (symbols) => market.quotes(symbols),
    limits: { connectionsPerAddress: app.config.streamConnectionsPerAddress },
  });
  bus.onUpdates((updates) => hub.deliver(updates));

  const ticked = new Set<string>();
  let isPublishing = false;
  const stopTicks = provider.onTick((tick) => {
    if (!bus.isPublisher()) return;
    ticked.add(tick.symbol);
    if (isPublishing) return;
    isPublishing = true;
    setImmediate(() => {
      const symbols = [...ticked];
      ticked.clear();
      isPublishing = false;
      void publishQuotes(symbols);
    });
  });
  async function publishQuotes(symbols: string[]): Promise<void> {
    const quotes = await market.quotes(symbols).catch(() => []);
    const updates: QuoteUpdate[] = quotes.map((quote) => ({
      symbol: quote.symbol,
      json: JSON.stringify(quote),
    }));
    bus.publish(updates);
  }

  // request.ip is the address the HTTP rate limits key on: X-Forwarded-For only with TRUST_PROXY.
  app.get(STREAM_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    hub.connect(socket, request.ip);
  });
  provider.start();
  app.addHook('onClose', async () => {
    stopTicks();
    hub.close();
    await bus.close();
    await provider.close();
  });
}

async function createBus(redisUrl: string | undefined): Promise<QuoteBus> {
  if (!redisUrl) return new LocalQuoteBus();
  const bus = new RedisQuoteBus({ url: redisUrl, nodeId: randomUUID() });
  await bus.ready();
  return bus;
}
