import {
  ADMIN_API_BASE_PATH,
  adminMarginEndpoints,
  adminMarginRoles,
  dayTradingEndpoints,
  lendingEndpoints,
  marginEndpoints,
} from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';
import { idempotencyKey } from '../../http/request-headers';
import { onTickedSymbols } from '../../market/ticked-symbols';

export async function marginRoutes(app: FastifyInstance): Promise<void> {
  const { margin, marginLevel, market, trading } = app.services;
  // Margin levels are recomputed on the quote stream, for the accounts holding a symbol that ticked;
  // every node sees the same ticks, and one open call per user (a unique index) tells the user once.
  const stopTicks = onTickedSymbols(
    market.provider,
    (symbols) => marginLevel.onQuotes(symbols),
    (error) => app.log.error({ err: error }, 'margin level evaluation failed'),
  );
  app.addHook('onClose', async () => stopTicks());
  registerEndpoint(app, marginEndpoints.status, ({ session, body }) =>
    margin.status(session.userId, body.language),
  );
  registerEndpoint(app, marginEndpoints.submitTest, ({ session, body }) =>
    margin.submitTest(session.userId, body.answers),
  );
  registerEndpoint(app, marginEndpoints.accept, ({ session, body }) => margin.accept(session.userId, body));
  registerEndpoint(app, marginEndpoints.parameters, async () => ({
    ...margin.parameters(),
    levels: marginLevel.levels,
  }));
  registerEndpoint(app, marginEndpoints.summary, async ({ session }) =>
    marginLevel.withLevel(session.userId, await margin.summary(session.userId)),
  );
  registerEndpoint(app, marginEndpoints.history, ({ session }) => marginLevel.history(session.userId));
  registerEndpoint(app, marginEndpoints.transfer, async ({ session, body, request }) =>
    marginLevel.withLevel(
      session.userId,
      await margin.transfer(
        session.userId,
        { direction: body.direction, currency: body.currency, amountMinor: body.amount },
        idempotencyKey(request),
      ),
    ),
  );
  registerEndpoint(app, marginEndpoints.repay, async ({ session, body, request }) =>
    marginLevel.withLevel(
      session.userId,
      await margin.repay(
        session.userId,
        { currency: body.currency, amountMinor: body.amount },
        idempotencyKey(request),
      ),
    ),
  );
  registerEndpoint(app, dayTradingEndpoints.dayTrading, async ({ session }) =>
    margin.dayTrading.overview(session.userId, {
      isMarginOpen: await margin.isOpen(session.userId),
      trading,
    }),
  );
  // Securities lending (issue 16 item 3): the lendable list, the user's lending and earnings, opting in.
  registerEndpoint(app, lendingEndpoints.lending, ({ session }) => margin.lending.status(session.userId));
  registerEndpoint(app, lendingEndpoints.lendingOptIn, async ({ session, body }) => {
    await margin.lending.setOptIn(session.userId, body.lend);
    return margin.lending.status(session.userId);
  });
  registerEndpoint(app, adminMarginEndpoints.userMargin, ({ body }) => margin.staffSummary(body.account), {
    basePath: ADMIN_API_BASE_PATH,
    staffRoles: adminMarginRoles.userMargin,
  });
}
