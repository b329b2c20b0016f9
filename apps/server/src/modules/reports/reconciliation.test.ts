import { formatCash } from '@beurs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { ledgerVerifyJob } from '../../jobs/ledger-verify.job';
import { callWithKey, createChannel } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';

// Reconciliation for the back-office: a withdrawal paid out is counted on its day (in the funds
// time zone) with its amount, fee and payout; a buy's TOB is counted in its month and class with
// the fill's own figure; the ledger checks run on request; other days and months count nothing.
// Ledger health (issue 15): the hourly `ledger.verify` job keeps its result and the screen shows
// the last run, the chain's head and the house balances, the ledger's own figures.

let testApp: TestApp;
let admin: StaffHeaders;
let auditor: StaffHeaders;
let tob: string;

const report = async (body: Record<string, unknown>) => {
  const response = await callAdmin(testApp, '/reports/reconciliation', body, auditor);
  return response.json();
};

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  auditor = await createStaff(testApp, admin, 'auditor');
  const user = await fundedUser(testApp, admin, '2000.00', await createChannel(testApp, admin));
  const withdrawal = await callWithKey(
    testApp,
    '/cashOut/submit',
    { currency: 'EUR', amount: '150.00', cardId: user.cardId, fundPassword: FUND_PASSWORD },
    user,
  );
  await callAdmin(
    testApp,
    '/withdrawals/review',
    { id: withdrawal.json().data.id, decision: 'approve', reason: 'paid to the card' },
    admin,
  );
  const bought = await callWithKey(
    testApp,
    '/trade/place',
    { symbol: 'KBC.BR', side: 'buy', quantity: '10', fundPassword: FUND_PASSWORD },
    user,
  );
  expect(bought.json().data).toMatchObject({ state: 'filled' });
  tob = bought.json().data.fills[0].tob.amount as string;
});
afterAll(() => testApp.close());

describe('reconciliation', () => {
  it('counts the withdrawal paid on its day and the TOB of the buy in its month, with the ledger sound', async () => {
    const body = await report({ from: '2026-03-01', to: '2026-03-31', verifyLedger: true });
    expect(body.status).toBe(1);
    expect(body.data.withdrawalsPaid).toEqual([
      { day: '2026-03-02', currency: 'EUR', count: 1, amount: '150.00', fee: '0.00', payout: '150.00' },
    ]);
    expect(Number(tob)).toBeGreaterThan(0);
    expect(body.data.tobCollected).toEqual([
      expect.objectContaining({ month: '2026-03', currency: 'EUR', tobClass: 'shares', count: 1, tob }),
    ]);
    expect(body.data.ledger).toMatchObject({ isOk: true, breachCount: 0, checks: [] });
    expect(body.data.ledger.entryCount).toBeGreaterThan(0);
  });

  it('counts nothing outside the period, and runs the ledger checks only when asked', async () => {
    const body = await report({ from: '2026-03-03', to: '2026-04-30' });
    expect(body.data).toMatchObject({ withdrawalsPaid: [], tobCollected: [], ledger: null });
  });

  it('refuses a period that ends before it starts or is longer than a year', async () => {
    expect((await report({ from: '2026-03-02', to: '2026-03-01' })).status).toBe(0);
    expect((await report({ from: '2025-01-01', to: '2026-03-01' })).status).toBe(0);
  });
});

describe('ledger health', () => {
  it('shows the last scheduled verification, the head and the house balances as the ledger has them', async () => {
    const before = await report({ from: '2026-03-01', to: '2026-03-31' });
    expect(before.data.ledgerHealth.lastScheduledRun).toBeNull();

    // The run the server queues at start (server.ts), then the hourly ones.
    await testApp.app.jobs.enqueue(ledgerVerifyJob, {}, { key: 'ledger.verify.at-start' });
    await testApp.app.jobs.runDue();
    const ranAt = testApp.clock.now().toISOString();
    const body = await report({ from: '2026-03-01', to: '2026-03-31', verifyLedger: true });
    const health = body.data.ledgerHealth;
    expect(health.lastScheduledRun).toMatchObject({
      isOk: true,
      breachCount: 0,
      checks: [],
      checkedAt: ranAt,
    });
    expect(health.lastScheduledRun.entryCount).toBe(body.data.ledger.entryCount);
    expect(health.lastScheduledRun.entryCount).toBeGreaterThan(0);

    // An hour later the next run replaces the one shown.
    testApp.clock.advance(61 * 60_000);
    await testApp.app.jobs.runDue();
    const later = await report({ from: '2026-03-01', to: '2026-03-31' });
    expect(later.data.ledgerHealth.lastScheduledRun.checkedAt).toBe(testApp.clock.now().toISOString());

    // The chain's head and the house balances are the ledger's own (the sealer has run by now).
    const head = (await testApp.app.inject({ method: 'GET', url: '/api/ledger/head' })).json().data;
    expect(later.data.ledgerHealth.headSequence).toBe(head.sequence);
    expect(Number(later.data.ledgerHealth.headSequence)).toBeGreaterThan(0);

    const balances = await testApp.app.services.ledger.getHouseBalances(testApp.database.db);
    expect(later.data.ledgerHealth.houseBalances).toHaveLength(balances.length);
    const fees = balances.find((row) => row.asset === 'EUR' && row.balanceMinor !== 0n);
    expect(fees).toBeDefined();
    expect(later.data.ledgerHealth.houseBalances).toContainEqual({
      kind: fees?.kind,
      asset: 'EUR',
      balance: formatCash(fees?.balanceMinor ?? 0n),
    });
  });
});
