import { inboxEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';
import { onTickedSymbols } from '../../market/ticked-symbols';

export async function priceAlertsRoutes(app: FastifyInstance): Promise<void> {
  const { priceAlerts, market } = app.services;
  // Alerts are evaluated on the quote stream: every node sees the same ticks; firing an alert is a
  // conditional update of its state, so exactly one node fires it. Ticks are coalesced per turn.
  const stopTicks = onTickedSymbols(
    market.provider,
    (symbols) => priceAlerts.onQuotes(symbols),
    (error) => app.log.error({ err: error }, 'price alert evaluation failed'),
  );
  app.addHook('onClose', async () => stopTicks());
  registerEndpoint(app, inboxEndpoints.alertList, ({ session }) => priceAlerts.list(session.userId));
  registerEndpoint(app, inboxEndpoints.alertCreate, ({ session, body }) =>
    priceAlerts.create(session.userId, body),
  );
  registerEndpoint(app, inboxEndpoints.alertCancel, ({ session, body }) =>
    priceAlerts.cancel(session.userId, BigInt(body.id)),
  );
}
