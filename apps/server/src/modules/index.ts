import type { FastifyInstance } from 'fastify';
import { commonRoutes } from './common/common.routes';
import { marketRoutes } from './market/market.routes';
import { usersRoutes } from './users/users.routes';
import { restrictionsRoutes } from './restrictions/restrictions.routes';
import { staffAuthRoutes } from './staff-auth/staff-auth.routes';
import { staffRoutes } from './staff/staff.routes';
import { uploadsRoutes } from './uploads/uploads.routes';
import { identityRoutes } from './identity/identity.routes';
import { fundPasswordRoutes } from './fund-password/fund-password.routes';
import { paymentMethodsRoutes } from './payment-methods/payment-methods.routes';
import { depositsRoutes } from './deposits/deposits.routes';
import { withdrawalsRoutes } from './withdrawals/withdrawals.routes';
import { exchangeRoutes } from './exchange/exchange.routes';
import { recordsRoutes } from './records/records.routes';
import { correctionsRoutes } from './corrections/corrections.routes';
import { tradingRoutes } from './trading/trading.routes';
import { supportRoutes } from './support/support.routes';
import { messagesRoutes } from './messages/messages.routes';
import { priceAlertsRoutes } from './price-alerts/price-alerts.routes';
import { creditRoutes } from './credit/credit.routes';
import { checkInRoutes } from './check-in/check-in.routes';
import { professionalRoutes } from './professional/professional.routes';

// Every feature module's routes, registered in one place (one line per module).
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(usersRoutes);
  await app.register(commonRoutes);
  await app.register(marketRoutes);
  await app.register(staffAuthRoutes);
  await app.register(staffRoutes);
  await app.register(restrictionsRoutes);
  await app.register(uploadsRoutes);
  await app.register(identityRoutes);
  await app.register(fundPasswordRoutes);
  await app.register(paymentMethodsRoutes);
  await app.register(depositsRoutes);
  await app.register(withdrawalsRoutes);
  await app.register(exchangeRoutes);
  await app.register(recordsRoutes);
  await app.register(correctionsRoutes);
  await app.register(tradingRoutes);
  await app.register(supportRoutes);
  await app.register(messagesRoutes);
  await app.register(priceAlertsRoutes);
  await app.register(creditRoutes);
  await app.register(checkInRoutes);
  await app.register(professionalRoutes);
}
