import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildTestApp, signUp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';

// The four-eyes threshold of staff corrections is set per currency
// (CORRECTION_APPROVAL_THRESHOLD_EUR/_USD): a correction is compared with the threshold of its own
// currency, never with the other one's.

let testApp: TestApp;
let finance: StaffHeaders;

beforeAll(async () => {
  const { funds } = loadConfig({
    CORRECTION_APPROVAL_THRESHOLD_EUR: '100.00',
    CORRECTION_APPROVAL_THRESHOLD_USD: '50.00',
  });
  testApp = await buildTestApp({ config: { funds } });
  finance = await createStaff(testApp, await adminLogin(testApp), 'finance');
});
afterAll(() => testApp.close());

const propose = (account: string, currency: 'EUR' | 'USD', amount: string) =>
  callAdmin(
    testApp,
    '/corrections/propose',
    { account, currency, amount, reason: 'Refund of a duplicated fee' },
    finance,
  );

describe('correction threshold per currency', () => {
  it('applies 60.00 EUR at once but holds 60.00 USD for a second staff member', async () => {
    const user = await signUp(testApp);
    expect((await propose(user.account, 'EUR', '60.00')).json().data).toMatchObject({ state: 'applied' });
    expect((await propose(user.account, 'USD', '60.00')).json().data).toMatchObject({ state: 'pending' });
    expect((await propose(user.account, 'USD', '50.00')).json().data).toMatchObject({ state: 'applied' });
  });

  it('names the threshold of the correction’s currency when the proposer tries to approve it', async () => {
    const user = await signUp(testApp);
    const pending = (await propose(user.account, 'USD', '-75.00')).json().data;
    const ownApproval = await callAdmin(
      testApp,
      '/corrections/review',
      { id: pending.id, decision: 'approve', reason: 'checked' },
      finance,
    );
    expect(ownApproval.json()).toMatchObject({
      code: 'CORRECTION_NEEDS_SECOND_STAFF',
      params: { threshold: '50.00' },
    });
  });
});
