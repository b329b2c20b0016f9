import { marketEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';
import { marketStream } from './market.stream';

export async function marketRoutes(app: FastifyInstance): Promise<void> {
  const { market } = app.services;
  registerEndpoint(app, marketEndpoints.status, async () => market.status());
  registerEndpoint(app, marketEndpoints.quote, ({ body }) => market.quote(body.symbol));
  registerEndpoint(app, marketEndpoints.quotes, ({ body }) => market.quotes(body.symbols));
  registerEndpoint(app, marketEndpoints.list, ({ body }) => market.list(body));
  registerEndpoint(app, marketEndpoints.indices, () => market.indices());
  registerEndpoint(app, marketEndpoints.instrument, async ({ body }) => market.instrument(body.symbol));
  registerEndpoint(app, marketEndpoints.candles, ({ body }) => market.candles(body));
  registerEndpoint(app, marketEndpoints.search, async ({ body }) => market.search(body.query, body.limit));
  registerEndpoint(app, marketEndpoints.fxRate, ({ body }) => market.fxRate(body.base, body.quote));
  registerEndpoint(app, marketEndpoints.watchlist, ({ session }) => market.watchlist(session.userId));
  registerEndpoint(app, marketEndpoints.watchlistAdd, async ({ session, body }) => {
    await market.addToWatchlist(session.userId, body.symbol);
    return null;
  });
  registerEndpoint(app, marketEndpoints.watchlistRemove, async ({ session, body }) => {
    await market.removeFromWatchlist(session.userId, [body.symbol]);
    return null;
  });
  registerEndpoint(app, marketEndpoints.watchlistRemoveMany, async ({ session, body }) => ({
    removed: await market.removeFromWatchlist(session.userId, body.symbols),
  }));
  await app.register(marketStream);
}
