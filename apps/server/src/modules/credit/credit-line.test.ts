import { adminApi } from '@beurs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyRecords } from '../../ledger/ledger-record-checks';
import { verifyLedger } from '../../ledger/ledger-verify';
import { recordChecks } from '../../record-checks';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey, createChannel, depositAndApprove } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { verifyIdentity } from '../uploads/upload-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';

// The credit line through the API on a real database: the score and its factors, a loan paid
// through the ledger, each refusal from a real request, daily interest posted by the job once,
// repayment without fee, and withdrawals of free funds open with a loan outstanding.

let testApp: TestApp;
let admin: StaffHeaders;
let channelId: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  channelId = await createChannel(testApp, admin);
});
afterAll(() => testApp.close());

type User = { token: string; account: string };

const score = async (user: User) => (await call(testApp.app, '/loan/score', {}, user)).json().data;
const factorPoints = async (user: User) =>
  Object.fromEntries(
    (await score(user)).factors.map((factor: { name: string; points: number }) => [
      factor.name,
      factor.points,
    ]),
  );
const available = async (user: User) =>
  (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data.balances[0].available as string;
const borrow = (user: User, amount: string, key?: string) =>
  callWithKey(testApp, '/loan/borrow', { amount }, user, key);
const repay = (user: User, loanId: string, amount: string, key?: string) =>
  callWithKey(testApp, '/loan/repay', { loanId, amount }, user, key);
const additional = (user: User, loanId: string, amount: string) =>
  callWithKey(testApp, '/loan/additional', { loanId, amount }, user);

async function expectLedgerHolds() {
  const report = await verifyLedger(testApp.database.db);
  expect(report.breaches).toEqual([]);
  expect(await verifyRecords(testApp.database.db, recordChecks)).toEqual([]);
}

describe('the credit score', () => {
  it('shows each factor with its points; identity and a month with a deposit count', async () => {
    const fresh = await signUp(testApp);
    expect(await factorPoints(fresh)).toEqual({
      identity_verified: 0,
      account_age: 0,
      deposit_months: 0,
      repayments: 0,
      current_debt: 0,
    });
    const data = await score(fresh);
    expect(data).toMatchObject({ score: 0, tier: null, available: '0.00', maxScore: 920 });
    expect(data.tiers[0]).toMatchObject({ minScore: 300, limit: '1000.00', rateBasisPoints: 1200 });

    await verifyIdentity(testApp, fresh, admin, 'Marie Dubois');
    expect((await factorPoints(fresh)).identity_verified).toBe(300);
    await depositAndApprove(testApp, fresh, admin, channelId, '200.00');
    expect(await score(fresh)).toMatchObject({
      score: 325,
      tier: { limit: '1000.00', rateBasisPoints: 1200, aprBasisPoints: 1268 },
      available: '1000.00',
    });
  });

  it('no staff call sets it: no back-office path names it, and a staff balance correction leaves it as it was', async () => {
    const staffPaths = Object.keys(adminApi);
    expect(staffPaths.filter((path) => /score|credit|loan/i.test(path))).toEqual([]);
    const user = await fundedUser(testApp, admin, '100.00', channelId);
    const before = await score(user);
    const finance = await createStaff(testApp, admin, 'finance');
    const corrected = await callAdmin(
      testApp,
      '/corrections/propose',
      { account: user.account, currency: 'EUR', amount: '50.00', reason: 'Refund of a duplicated fee' },
      finance,
    );
    expect(corrected.json().status).toBe(1);
    expect(await score(user)).toEqual(before);
  });
});

describe('borrowing and repaying', () => {
  it('previews amount, rate, APR, schedule and total cost before borrowing, and moves nothing', async () => {
    const user = await fundedUser(testApp, admin, '100.00', channelId);
    const preview = (await call(testApp.app, '/loan/preview', { amount: '600.00' }, user)).json().data;
    expect(preview).toMatchObject({
      amount: '600.00',
      rateBasisPoints: 1200,
      aprBasisPoints: 1268,
      termMonths: 12,
      dueOn: '2027-03-02',
    });
    expect(preview.schedule).toHaveLength(12);
    const interest = preview.schedule.reduce(
      (sum: bigint, line: { interest: string }) => sum + BigInt(line.interest.replace('.', '')),
      0n,
    );
    expect(preview.totalInterest).toBe(`${interest / 100n}.${String(interest % 100n).padStart(2, '0')}`);
    expect(BigInt(preview.totalRepayable.replace('.', ''))).toBe(60_000n + interest);
    expect(await available(user)).toBe('100.00');
    expect((await call(testApp.app, '/loan/list', {}, user)).json().data.total).toBe(0);
  });

  it('pays a loan into the available balance through the ledger, within the limit; each refusal is catalogued', async () => {
    const user = await fundedUser(testApp, admin, '100.00', channelId);
    expect((await borrow(user, '1000.01')).json()).toMatchObject({
      code: 'INSUFFICIENT_CREDIT_LIMIT',
      params: { limit: '1000.00' },
    });
    const noKey = await call(testApp.app, '/loan/borrow', { amount: '100.00' }, user);
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');

    const opened = await borrow(user, '500.00', 'loan-open-0001');
    const loan = opened.json().data;
    expect(loan).toMatchObject({ state: 'open', borrowed: '500.00', owed: '500.00', rateBasisPoints: 1200 });
    expect(await available(user)).toBe('600.00');
    // The same key and body answers the first loan; nothing moves twice.
    expect((await borrow(user, '500.00', 'loan-open-0001')).json().data.id).toBe(loan.id);
    expect(await available(user)).toBe('600.00');
    expect((await borrow(user, '100.00', 'loan-open-0001')).json().code).toBe('IDEMPOTENCY_KEY_REUSED');

    expect((await borrow(user, '100.00')).json().code).toBe('UNPAID_LOAN');
    expect((await additional(user, loan.id, '10.50')).json().code).toBe('CREDIT_AMOUNT_NOT_WHOLE');
    expect((await additional(user, loan.id, '0')).json().code).toBe('CREDIT_AMOUNT_NOT_WHOLE');
    expect((await additional(user, loan.id, '-5')).json().code).toBe('CREDIT_AMOUNT_NOT_WHOLE');
    // Owing 500.00 costs 25 points (325 → 300): still the first band, 1,000.00 in all.
    expect((await additional(user, loan.id, '501')).json()).toMatchObject({
      code: 'INSUFFICIENT_CREDIT_LIMIT',
      params: { limit: '1000.00' },
    });
    const more = (await additional(user, loan.id, '200')).json().data;
    expect(more).toMatchObject({ borrowed: '700.00', owed: '700.00' });
    // Owing 700.00 costs 50 points: 275 is below the first band.
    expect((await additional(user, loan.id, '1')).json()).toMatchObject({
      code: 'INSUFFICIENT_CREDIT_SCORE',
      params: { required: '300' },
    });
    const stranger = await fundedUser(testApp, admin, '100.00', channelId);
    expect((await repay(stranger, loan.id, '1.00')).json().code).toBe('LOAN_NOT_FOUND');
    await expectLedgerHolds();
  });

  it('interest accrues once a day through the ledger; repayment pays interest first, without fee; over-repayment is refused', async () => {
    const user = await fundedUser(testApp, admin, '100.00', channelId);
    const loan = (await borrow(user, '1000.00')).json().data;
    expect(loan.owed).toBe('1000.00');
    expect((await repay(user, loan.id, '1000.01')).json()).toMatchObject({
      code: 'REPAYMENT_EXCEEDS_LOAN',
      params: { outstanding: '1000.00' },
    });

    await testApp.app.jobs.runDue(); // queues the periodic jobs one period ahead
    testApp.clock.advance(2 * 86_400_000);
    expect(await testApp.app.jobs.runDue()).toBeGreaterThan(0);
    const accrued = (await call(testApp.app, '/loan/detail', { id: loan.id }, user)).json().data;
    // Two days (the day of borrowing and the next) at 0.33 a day on 1,000.00.
    expect(accrued).toMatchObject({ interestAccrued: '0.66', owed: '1000.66', interestOwed: '0.66' });
    await testApp.app.jobs.runDue();
    expect((await call(testApp.app, '/loan/detail', { id: loan.id }, user)).json().data.owed).toBe('1000.66');

    const partial = (await repay(user, loan.id, '100.00')).json().data;
    expect(partial).toMatchObject({
      repaid: '100.00',
      owed: '900.66',
      interestOwed: '0.00',
      principalOwed: '900.66',
    });
    expect(partial.movements.at(-1)).toMatchObject({
      kind: 'repayment',
      interest: '0.66',
      principal: '99.34',
    });
    expect(await available(user)).toBe('1000.00');
    const records = (await call(testApp.app, '/fundRecord/list', { tab: 'all' }, user)).json().data.items;
    expect(records.slice(0, 4)).toMatchObject([
      {
        kind: 'loan_repayment',
        amount: '-100.00',
        detail: {
          type: 'loan',
          loanId: loan.id,
          movement: 'repayment',
          interest: '0.66',
          principal: '99.34',
        },
      },
      // Each day's interest moved no cash but added to what is owed: a record of its own, newest first.
      ...['2026-03-03', '2026-03-02'].map((day) => ({
        kind: 'interest',
        amount: '0.00',
        availableChange: '0.00',
        owedChange: '0.33',
        detail: { type: 'loan_interest', loanId: loan.id, day, rateBasisPoints: 1200 },
      })),
      {
        kind: 'loan',
        amount: '1000.00',
        owedChange: '1000.00',
        detail: { type: 'loan', movement: 'draw', rateBasisPoints: 1200 },
      },
    ]);
    expect(records[0].owedChange).toBe('-100.00');

    expect((await repay(user, loan.id, '900.67')).json()).toMatchObject({
      code: 'REPAYMENT_EXCEEDS_LOAN',
      params: { outstanding: '900.66' },
    });
    const done = (await repay(user, loan.id, '900.66')).json().data;
    expect(done).toMatchObject({ state: 'repaid', owed: '0.00' });
    expect(await available(user)).toBe('99.34');
    expect((await repay(user, loan.id, '1.00')).json().code).toBe('LOAN_NOT_OPEN');
    // Repaid in full before the due date: the repayments factor counts it.
    expect((await factorPoints(user)).repayments).toBe(50);
    await expectLedgerHolds();
  });

  it('ledger:verify finds each loan entry on its record, and an edited movement is a breach', async () => {
    admin = await adminLogin(testApp); // the clock moved past the staff session
    const user = await fundedUser(testApp, admin, '100.00', channelId);
    const loan = (await borrow(user, '300.00')).json().data;
    await expectLedgerHolds();
    const withoutCredit = recordChecks.filter((check) => check.sourceType !== 'loan');
    const unchecked = await verifyRecords(testApp.database.db, withoutCredit);
    expect(unchecked.some((breach) => breach.detail.includes('no record of type loan'))).toBe(true);
    const db = testApp.database.db;
    await db.execute(
      sql`update loan_movements set amount_minor = amount_minor + 1, principal_minor = principal_minor + 1 where loan_id = ${loan.id}::bigint`,
    );
    const breaches = await verifyRecords(db, recordChecks);
    expect(breaches.map((breach) => breach.detail)).toEqual([
      expect.stringContaining(`no loan ${loan.id} movement`),
    ]);
    await db.execute(
      sql`update loan_movements set amount_minor = amount_minor - 1, principal_minor = principal_minor - 1 where loan_id = ${loan.id}::bigint`,
    );
    await expectLedgerHolds();
  });
});

describe('total assets with a loan outstanding', () => {
  it('are what the user would have after repaying everything: principal and interest due are owed', async () => {
    const user = await fundedUser(testApp, admin, '100.00', channelId);
    const eur = async () =>
      (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data.balances[0];
    const loan = (await borrow(user, '1000.00')).json().data;
    // The loan's cash is in available; the loan is owed, so total assets stay the user's 100.00.
    expect(await eur()).toMatchObject({
      currency: 'EUR',
      available: '1100.00',
      owed: '1000.00',
      owedMarginLoan: '0.00',
      owedCredit: '1000.00',
      totalAssets: '100.00',
    });
    // Two days on, before the daily job posts their interest (0.33 a day; a repayment posts it first).
    testApp.clock.advance(2 * 86_400_000);
    // The overview is cached for a second of real time (users.service); nothing moved, so wait it out.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const before = await eur();
    expect(before).toMatchObject({ owed: '1000.66', owedCredit: '1000.66', totalAssets: '99.34' });
    const summary = (await call(testApp.app, '/trade/summary', {}, user)).json().data;
    expect(summary.currencies[0]).toMatchObject({
      currency: 'EUR',
      owed: '1000.66',
      owedMarginLoan: '0.00',
      owedCredit: '1000.66',
      totalAssets: '99.34',
    });
    expect(summary.totalAssetsEur).toBe('99.34');
    // Repaying everything leaves exactly the total assets shown before, as cash.
    expect((await repay(user, loan.id, before.owedCredit)).json().data).toMatchObject({
      state: 'repaid',
      owed: '0.00',
    });
    expect(await eur()).toMatchObject({
      available: before.totalAssets,
      owed: '0.00',
      owedCredit: '0.00',
      totalAssets: before.totalAssets,
    });
    await expectLedgerHolds();
  });
});

describe('withdrawals with a loan outstanding', () => {
  it('free funds stay withdrawable whatever the loan and the score', async () => {
    testApp.clock.set('2026-03-09T10:00:00Z');
    admin = await adminLogin(testApp);
    const user = await fundedUser(testApp, admin, '300.00', channelId);
    const loan = (await borrow(user, '900.00')).json().data;
    expect(loan.owed).toBe('900.00');
    expect((await score(user)).tier).toBeNull();
    const withdrawn = await callWithKey(
      testApp,
      '/cashOut/submit',
      { currency: 'EUR', amount: '1100.00', cardId: user.cardId, fundPassword: FUND_PASSWORD },
      user,
    );
    expect(withdrawn.json()).toMatchObject({ status: 1, data: { amount: '1100.00' } });
    expect(await available(user)).toBe('100.00');
  });
});
