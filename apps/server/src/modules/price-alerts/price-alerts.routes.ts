import { inboxEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';

export async function priceAlertsRoutes(app: FastifyInstance): Promise<void> {
  const { priceAlerts, market } = app.services;
  // Alerts are evaluated on the quote stream: every node sees the same ticks; firing an alert is a
  // conditional update of its state, so exactly one node fires it. Ticks are coalesced per turn.
  const ticked = new Set<string>();
  let isEvaluating = false;
  const stopTicks = market.provider.onTick((tick) => {
    ticked.add(tick.symbol);
    if (isEvaluating) return;
    isEvaluating = true;
    setImmediate(() => {
      const symbols = [...ticked];
      ticked.clear();
      void priceAlerts
        .onQuotes(symbols)
        .catch((error: unknown) => app.log.error({ err: error }, 'price alert evaluation failed'))
        .finally(() => {
          isEvaluating = false;
        });
    });
  });
  app.addHook('onClose', async () => stopTicks());
  registerEndpoint(app, inboxEndpoints.alertList, ({ session }) => priceAlerts.list(session.userId));
  registerEndpoint(app, inboxEndpoints.alertCreate, ({ session, body }) =>
    priceAlerts.create(session.userId, body),
  );
  registerEndpoint(app, inboxEndpoints.alertCancel, ({ session, body }) =>
    priceAlerts.cancel(session.userId, BigInt(body.id)),
  );
}
