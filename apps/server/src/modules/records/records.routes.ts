import {
  ADMIN_API_BASE_PATH,
  LEDGER_HEAD_PATH,
  adminRecordsEndpoints,
  adminRecordsRoles,
  fundsEndpoints,
  ledgerHeadData,
  successEnvelope,
} from '@beurs/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint-route';

export async function recordsRoutes(app: FastifyInstance): Promise<void> {
  const { records } = app.services;
  registerEndpoint(app, fundsEndpoints.fundRecord, ({ session, body }) => records.list(session.userId, body));
  registerEndpoint(app, fundsEndpoints.fundRecordReceipt, ({ session, body }) =>
    records.receipt(session.userId, body.entryId),
  );
  registerEndpoint(app, adminRecordsEndpoints.userRecords, ({ body }) => records.listOf(body.account, body), {
    basePath: ADMIN_API_BASE_PATH,
    staffRoles: adminRecordsRoles.userRecords,
  });
  // Public: anyone may note the head, to check later that the journal still extends it (ADR 0007).
  app.get(
    LEDGER_HEAD_PATH,
    {
      schema: {
        summary:
          "The journal's chain head: the newest seal's sequence, hash, time and Ed25519 signature, and the public key that signs seals, heads and receipts.",
        tags: ['ledger'],
        response: { 200: successEnvelope(ledgerHeadData) },
      },
    },
    async () => ({ status: 1 as const, msg: '' as const, data: await records.head() }),
  );
}
