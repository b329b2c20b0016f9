import type { FastifyInstance } from 'fastify';
import { commonRoutes } from './common/common.routes';
import { marketRoutes } from './market/market.routes';
import { usersRoutes } from './users/users.routes';

// Every feature module's routes, registered in one place (one line per module).
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(usersRoutes);
  await app.register(commonRoutes);
  await app.register(marketRoutes);
}
