import { fundsEndpoints } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';

export async function paymentMethodsRoutes(app: FastifyInstance): Promise<void> {
  const { paymentMethods, scamChecks } = app.services;
  registerEndpoint(app, fundsEndpoints.scamCheck, ({ session, body }) =>
    scamChecks.record(session.userId, body),
  );
  registerEndpoint(app, fundsEndpoints.bankList, ({ session }) => paymentMethods.listCards(session.userId));
  registerEndpoint(app, fundsEndpoints.addBankCard, ({ session, body }) =>
    paymentMethods.addCard(session.userId, body),
  );
  registerEndpoint(app, fundsEndpoints.deleteBankCard, ({ session, body }) =>
    paymentMethods.deleteCard(session.userId, body.id),
  );
  registerEndpoint(app, fundsEndpoints.walletList, ({ session }) => paymentMethods.wallet(session.userId));
  registerEndpoint(app, fundsEndpoints.addWallet, ({ session, body }) =>
    paymentMethods.addWallet(session.userId, body),
  );
  registerEndpoint(app, fundsEndpoints.deleteWallet, ({ session, body }) =>
    paymentMethods.deleteWallet(session.userId, body.id),
  );
}
