import { tradeEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';

// The user's trading calls. Staff have none: nobody can create, edit or fill an order by hand
// (DESIGN.md §1 rule 14).
export async function tradingRoutes(app: FastifyInstance): Promise<void> {
  const { trading } = app.services;
  registerEndpoint(app, tradeEndpoints.preview, ({ session, body }) => trading.preview(session.userId, body));
  registerEndpoint(app, tradeEndpoints.fees, async () => trading.fees());
}
