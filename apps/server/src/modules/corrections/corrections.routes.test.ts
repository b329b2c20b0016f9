import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';

let testApp: TestApp;
let admin: StaffHeaders;
let financeA: StaffHeaders;
let financeB: StaffHeaders;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  financeA = await createStaff(testApp, admin, 'finance');
  financeB = await createStaff(testApp, admin, 'finance');
});
afterAll(() => testApp.close());

const available = async (user: { token: string; account: string }) =>
  (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data.balances[0].available;

describe('staff balance corrections', () => {
  it('up to the threshold apply at once as a journal entry the user sees with its reason', async () => {
    const user = await signUp(testApp);
    const applied = await callAdmin(
      testApp,
      '/corrections/propose',
      { account: user.account, currency: 'EUR', amount: '25.00', reason: 'Refund of a duplicated fee' },
      financeA,
    );
    expect(applied.json().data).toMatchObject({ state: 'applied', amount: '25.00' });
    expect(await available(user)).toBe('25.00');
    const records = (await call(testApp.app, '/fundRecord/list', {}, user)).json().data.items;
    expect(records[0]).toMatchObject({
      kind: 'correction',
      amount: '25.00',
      memo: 'Correction: Refund of a duplicated fee',
    });
    const debit = await callAdmin(
      testApp,
      '/corrections/propose',
      { account: user.account, currency: 'EUR', amount: '-30.00', reason: 'Reverse a wrong refund' },
      financeA,
    );
    expect(debit.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', params: { currency: 'EUR' } });
    expect(await available(user)).toBe('25.00');
  });

  it('above the threshold wait for a second staff member; the proposer cannot approve it', async () => {
    const user = await signUp(testApp);
    const proposed = await callAdmin(
      testApp,
      '/corrections/propose',
      {
        account: user.account,
        currency: 'EUR',
        amount: '5000.00',
        reason: 'Deposit booked twice on 1 March',
      },
      financeA,
    );
    expect(proposed.json().data).toMatchObject({
      state: 'pending',
      entryId: null,
      proposedBy: expect.any(String),
    });
    expect(await available(user)).toBe('0.00');
    const id = proposed.json().data.id;
    const self = await callAdmin(
      testApp,
      '/corrections/review',
      { id, decision: 'approve', reason: 'ok by me' },
      financeA,
    );
    expect(self.json()).toMatchObject({
      code: 'CORRECTION_NEEDS_SECOND_STAFF',
      params: { threshold: '100.00' },
    });
    const approved = await callAdmin(
      testApp,
      '/corrections/review',
      { id, decision: 'approve', reason: 'Checked against the bank statement' },
      financeB,
    );
    expect(approved.json().data).toMatchObject({ state: 'applied' });
    expect(await available(user)).toBe('5000.00');
    const twice = await callAdmin(
      testApp,
      '/corrections/review',
      { id, decision: 'approve', reason: 'again' },
      admin,
    );
    expect(twice.json().code).toBe('ALREADY_PROCESSED');
    const log = await callAdmin(testApp, '/audit/list', { pageSize: 5 }, admin);
    expect(log.json().data.items[0]).toMatchObject({
      action: 'correction.approve',
      reason: 'Checked against the bank statement',
    });
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });

  it('is refused to reviewers and support', async () => {
    const support = await createStaff(testApp, admin, 'support');
    const user = await signUp(testApp);
    const response = await callAdmin(
      testApp,
      '/corrections/propose',
      { account: user.account, currency: 'EUR', amount: '1.00', reason: 'not allowed' },
      support,
    );
    expect(response.statusCode).toBe(403);
  });
});
