import { ADMIN_API_BASE_PATH, adminMarginSettingsEndpoints, adminMarginSettingsRoles } from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';

/** The back office's instruments' margin and lending settings (issue 15 item 4). */
export async function marginSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { settings } = app.services.margin;
  const staff = { basePath: ADMIN_API_BASE_PATH } as const;
  registerEndpoint(app, adminMarginSettingsEndpoints.marginSettingsList, async () => settings.list(), {
    ...staff,
    staffRoles: adminMarginSettingsRoles.marginSettingsList,
  });
  registerEndpoint(
    app,
    adminMarginSettingsEndpoints.marginSettingsSave,
    ({ session, body }) => settings.save(session, body),
    { ...staff, staffRoles: adminMarginSettingsRoles.marginSettingsSave },
  );
}
