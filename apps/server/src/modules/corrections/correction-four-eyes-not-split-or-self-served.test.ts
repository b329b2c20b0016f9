import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import {
  adminLogin,
  callAdmin,
  createStaff,
  staffLogin,
  type StaffHeaders,
} from '../staff-auth/admin-test-support';

// Four-eyes on staff corrections cannot be split or self-served (DESIGN.md §1.3, §1.10). Seen:
// ten corrections of 100.00 by one staff member all applied without a second approval; an
// administrator created a second staff account and approved their own 500.00 correction with it.
// Now what one staff member applies alone within 24 hours is limited per currency, in all and per
// user (CORRECTION_DAILY_LIMIT_PER_STAFF_*, _PER_USER_*; defaults 500.00 and 200.00), and the
// approver is neither the author nor an account the author created or re-enabled in 30 days.

const DAY_MS = 24 * 60 * 60 * 1000;
const STAFF_PASSWORD = 'staff-password-long-enough';

let testApp: TestApp;
let admin: StaffHeaders;

beforeAll(async () => {
  testApp = await buildTestApp();
});
// Tests move the clock on by days: a fresh admin session for each.
beforeEach(async () => {
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

const propose = (staff: StaffHeaders, account: string, amount: string, currency = 'EUR') =>
  callAdmin(testApp, '/corrections/propose', { account, currency, amount, reason: 'Fee refund' }, staff);

const review = (staff: StaffHeaders, id: string, decision: 'approve' | 'reject' = 'approve') =>
  callAdmin(testApp, '/corrections/review', { id, decision, reason: 'checked' }, staff);

let staffCounter = 0;
/** A staff member created by `creator`, with the username and id a test needs to act on it. */
async function namedStaff(creator: StaffHeaders, role: 'admin' | 'finance') {
  staffCounter += 1;
  const username = `four-eyes-${role}-${staffCounter}`;
  const created = await callAdmin(
    testApp,
    '/staff/create',
    { username, password: STAFF_PASSWORD, role, reason: 'test staff member' },
    creator,
  );
  if (created.json().status !== 1) throw new Error(`create staff failed: ${created.body}`);
  return {
    username,
    id: created.json().data.id as string,
    login: () => staffLogin(testApp, username, STAFF_PASSWORD),
  };
}

const statesOf = (answers: Array<{ json(): { data: { state: string } } }>) =>
  answers.map((answer) => answer.json().data.state);

describe('the daily limit per staff member', () => {
  it('holds the sixth of ten 100.00 corrections by one staff member for a second approval', async () => {
    const member = await namedStaff(admin, 'finance');
    const finance = await member.login();
    const users = await Promise.all(Array.from({ length: 10 }, () => signUp(testApp)));
    const answers = [];
    for (const user of users) answers.push(await propose(finance, user.account, '100.00'));
    expect(statesOf(answers)).toEqual([...Array(5).fill('applied'), ...Array(5).fill('pending')]);

    // The other currency has its own limit; after 24 hours the window has moved on.
    expect((await propose(finance, users[0]?.account ?? '', '100.00', 'USD')).json().data.state).toBe(
      'applied',
    );
    testApp.clock.advance(DAY_MS + 1000);
    const nextDay = await member.login();
    expect((await propose(nextDay, users[9]?.account ?? '', '100.00')).json().data.state).toBe('applied');
  });

  it('lets only five of ten parallel 100.00 corrections through alone', async () => {
    const finance = await createStaff(testApp, admin, 'finance');
    const users = await Promise.all(Array.from({ length: 10 }, () => signUp(testApp)));
    const answers = await Promise.all(users.map((user) => propose(finance, user.account, '100.00')));
    const states = statesOf(answers);
    expect(states.filter((state) => state === 'applied')).toHaveLength(5);
    expect(states.filter((state) => state === 'pending')).toHaveLength(5);
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });
});

describe('the daily limit per user', () => {
  it('counts credits and debits to one user from different staff members together', async () => {
    const user = await signUp(testApp);
    const first = await createStaff(testApp, admin, 'finance');
    const second = await createStaff(testApp, admin, 'finance');
    const answers = [
      await propose(first, user.account, '100.00'),
      await propose(second, user.account, '-60.00'),
      await propose(first, user.account, '50.00'),
    ];
    // 100.00 + 60.00 applied; 50.00 more would make 210.00 of the 200.00 per user.
    expect(statesOf(answers)).toEqual(['applied', 'applied', 'pending']);
    expect((await propose(second, user.account, '40.00')).json().data.state).toBe('applied');
    const info = (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data;
    expect(info.balances[0]).toMatchObject({ currency: 'EUR', available: '80.00' });
  });
});

describe('the approver', () => {
  it('is refused when the author created the account (self-approval through a second account)', async () => {
    const user = await signUp(testApp);
    const pending = (await propose(admin, user.account, '500.00')).json().data;
    expect(pending.state).toBe('pending');
    const own = await review(admin, pending.id);
    expect(own.json()).toMatchObject({ code: 'CORRECTION_NEEDS_SECOND_STAFF' });
    const puppet = await createStaff(testApp, admin, 'finance');
    const refused = await review(puppet, pending.id);
    expect(refused.json()).toMatchObject({
      code: 'CORRECTION_APPROVER_NOT_INDEPENDENT',
      params: { days: '30' },
    });
    const info = (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data;
    expect(info.balances[0]).toMatchObject({ available: '0.00' });

    // An account the author did not create approves it, once.
    const author = await createStaff(testApp, admin, 'finance');
    const independent = await createStaff(testApp, admin, 'finance');
    const other = (await propose(author, user.account, '500.00')).json().data;
    expect((await review(independent, other.id)).json().data).toMatchObject({ state: 'applied' });
  });

  it('is refused when the author re-enabled the account in the last 30 days, and accepted after', async () => {
    const user = await signUp(testApp);
    // Both created by the first admin: only the re-enabling ties the finance member to the second admin.
    const secondAdmin = await createStaff(testApp, admin, 'admin');
    const finance = await namedStaff(admin, 'finance');
    await finance.login();
    const disabled = await callAdmin(testApp, '/staff/disable', { id: finance.id, reason: 'leave' }, admin);
    expect(disabled.json().status).toBe(1);
    const enabled = await callAdmin(
      testApp,
      '/staff/enable',
      { id: finance.id, reason: 'back' },
      secondAdmin,
    );
    expect(enabled.json().status).toBe(1);

    const pending = (await propose(secondAdmin, user.account, '300.00')).json().data;
    expect((await review(await finance.login(), pending.id)).json()).toMatchObject({
      code: 'CORRECTION_APPROVER_NOT_INDEPENDENT',
    });

    testApp.clock.advance(31 * DAY_MS);
    expect((await review(await finance.login(), pending.id)).json().data).toMatchObject({ state: 'applied' });
  });
});

describe('the configuration', () => {
  it('caps the daily limits and reads them per currency', () => {
    const { funds } = loadConfig({
      CORRECTION_DAILY_LIMIT_PER_STAFF_USD: '1000.00',
      CORRECTION_DAILY_LIMIT_PER_USER_EUR: '50.00',
    });
    expect(funds.correctionDailyLimitMinor).toEqual({
      perStaff: { EUR: 500_00n, USD: 1000_00n },
      perUser: { EUR: 50_00n, USD: 200_00n },
    });
    expect(() => loadConfig({ CORRECTION_DAILY_LIMIT_PER_STAFF_EUR: '999999999.99' })).toThrow(ConfigError);
    expect(() => loadConfig({ CORRECTION_DAILY_LIMIT_PER_USER_USD: '50000.01' })).toThrow(
      /CORRECTION_DAILY_LIMIT_PER_USER_USD/,
    );
    expect(() => loadConfig({ CORRECTION_APPROVAL_THRESHOLD_EUR: '999999999.99' })).toThrow(
      /CORRECTION_APPROVAL_THRESHOLD_EUR/,
    );
  });
});
