import assert from 'node:assert/strict';
import { isSessionOpen, nextWeekdayMorning, type staffApi } from './fixtures';
import { startServer, type RunningServer } from './server';

// The start of the trading walks: a fresh server whose clock is on a weekday morning while
// Euronext is in its regular session, and the bank-transfer channel their deposits go through.

/** A server at 10:00 in Brussels on the next weekday on which Euronext trades (a holiday moves a day on). */
export async function startServerAtEuronextOpen(environment: Record<string, string>): Promise<RunningServer> {
  const server = await startServer(environment, { clockStart: nextWeekdayMorning(new Date()) });
  for (let attempt = 1; !(await isSessionOpen(server.baseUrl, 'euronext')); attempt++) {
    assert.ok(attempt < 7, `no Euronext session found near ${server.now().toISOString()}`);
    await server.restart({}, { clockStart: nextWeekdayMorning(server.now()) });
  }
  return server;
}

/** The EUR bank-transfer deposit channel (10.00–5,000.00), saved by a staff member. */
export async function openBankTransferChannel(staffCall: ReturnType<typeof staffApi>): Promise<void> {
  await staffCall('/deposit-channels/save', {
    kind: 'bank_transfer',
    name: 'Bank transfer',
    currency: 'EUR',
    collectionAccount: 'BE71096123456769',
    beneficiaryName: 'Beurs Demo NV',
    bic: 'GKCCBEBB',
    minimum: '10.00',
    maximum: '5000.00',
    isEnabled: true,
    reason: 'e2e deposit channel',
  });
}
