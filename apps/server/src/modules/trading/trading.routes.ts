import { tradeEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerAdminEndpoint } from '../../http/admin-route';
import { registerEndpoint } from '../../http/endpoint-route';
import { onTickedSymbols } from '../../market/ticked-symbols';
import { idempotencyKey } from '../../http/request-headers';

// The user's trading calls. Staff have none but reading the published fee schedule: nobody can
// create, edit or fill an order by hand (DESIGN.md §1 rule 14).
export async function tradingRoutes(app: FastifyInstance): Promise<void> {
  const { trading, market } = app.services;
  // Resting orders are evaluated on the quote stream: every node sees the same ticks; claiming an
  // order with SKIP LOCKED makes exactly one node fill it. Ticks are coalesced per turn.
  const stopTicks = onTickedSymbols(
    market.provider,
    (symbols) => trading.onQuotes(symbols),
    (error) => app.log.error({ err: error }, 'resting order evaluation failed'),
  );
  app.addHook('onClose', async () => stopTicks());
  registerEndpoint(app, tradeEndpoints.preview, ({ session, body }) => trading.preview(session.userId, body));
  registerEndpoint(app, tradeEndpoints.fees, async () => trading.fees());
  registerAdminEndpoint(app, 'feeSchedule', async () => trading.fees());
  registerEndpoint(app, tradeEndpoints.place, ({ session, body, request }) =>
    trading.place(session.userId, body, idempotencyKey(request)),
  );
  registerEndpoint(app, tradeEndpoints.cancel, ({ session, body }) =>
    trading.cancel(session.userId, BigInt(body.id)),
  );
  registerEndpoint(app, tradeEndpoints.orders, ({ session, body }) => trading.orders(session.userId, body));
  registerEndpoint(app, tradeEndpoints.order, ({ session, body }) =>
    trading.order(session.userId, BigInt(body.id)),
  );
  registerEndpoint(app, tradeEndpoints.positions, ({ session, body }) =>
    trading.positions(session.userId, body),
  );
  registerEndpoint(app, tradeEndpoints.position, ({ session, body }) =>
    trading.position(session.userId, BigInt(body.id)),
  );
  registerEndpoint(app, tradeEndpoints.summary, ({ session }) => trading.summary(session.userId));
  registerEndpoint(app, tradeEndpoints.report, ({ session, body }) =>
    trading.report(session.userId, body.year),
  );
  registerEndpoint(app, tradeEndpoints.reportPdf, ({ session, body }) =>
    trading.reportPdf(session.userId, session.account, body.year),
  );
}
