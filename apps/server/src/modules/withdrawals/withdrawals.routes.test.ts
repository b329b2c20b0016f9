import { barWithdrawals } from '../restrictions/withdrawal-bar-test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey, createChannel } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { uploadSample, verifyIdentity } from '../uploads/upload-test-support';
import { FUND_PASSWORD, fundedUser, nextBelgianIban } from './withdrawal-test-support';

let testApp: TestApp;
let admin: StaffHeaders;
let finance: StaffHeaders;
let channelId: string;

beforeAll(async () => {
  testApp = await buildTestApp({
    config: { funds: { ...testConfig().funds, withdrawalFeeMinor: { EUR: 2_50n, USD: 0n } } },
  });
  admin = await adminLogin(testApp);
  finance = await createStaff(testApp, admin, 'finance');
  channelId = await createChannel(testApp, finance);
});
afterAll(() => testApp.close());

type Funded = Awaited<ReturnType<typeof fundedUser>>;

const withdraw = (user: Funded, overrides: Record<string, unknown> = {}, key?: string) =>
  callWithKey(
    testApp,
    '/cashOut/submit',
    { currency: 'EUR', amount: '150.00', cardId: user.cardId, fundPassword: FUND_PASSWORD, ...overrides },
    user,
    key,
  );

const balance = async (user: { token: string; account: string }) =>
  (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data.balances[0];

describe('withdrawal rules, listed before the user types', () => {
  it('shows each rule, met or not, with the minimum, fee, hours and decision time', async () => {
    const fresh = await signUp(testApp);
    const rules = (await call(testApp.app, '/cashOut/rules', {}, fresh)).json().data;
    expect(rules).toMatchObject({
      currency: 'EUR',
      minimum: '100.00',
      fee: '2.50',
      withdrawable: '0.00',
      hours: { opens: '09:00', closes: '17:30', timeZone: 'Europe/Brussels', businessDaysOnly: true },
      decisionWithinHours: 24,
    });
    const met = Object.fromEntries(
      rules.rules.map((rule: { id: string; isMet: boolean }) => [rule.id, rule.isMet]),
    );
    expect(met).toEqual({
      identity_verified: false,
      fund_password_set: false,
      fund_password_not_locked: true,
      own_card: false,
      not_barred: true,
      minimum: false,
      hours: true,
      no_pending_operation: true,
      funds_free: false,
    });
    const user = await fundedUser(testApp, admin, '1000.00', channelId);
    const ready = (await call(testApp.app, '/cashOut/rules', {}, user)).json().data;
    expect(ready.rules.every((rule: { isMet: boolean }) => rule.isMet)).toBe(true);
    expect(ready.withdrawable).toBe('1000.00');
  });
});

describe('withdrawal refusals', () => {
  it('needs a key, a verified identity, the minimum, the hours, an own card and the fund password', async () => {
    const user = await fundedUser(testApp, admin, '1000.00', channelId);
    const noKey = await call(
      testApp.app,
      '/cashOut/submit',
      { amount: '150.00', cardId: user.cardId, fundPassword: FUND_PASSWORD },
      user,
    );
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    const unverified = await signUp(testApp);
    expect((await withdraw({ ...unverified, cardId: user.cardId })).json().code).toBe('IDENTITY_REQUIRED');
    expect((await withdraw(user, { amount: '99.99' })).json()).toMatchObject({
      code: 'WITHDRAWAL_BELOW_MINIMUM',
      params: { currency: 'EUR', minimum: '100.00' },
    });
    const other = await fundedUser(testApp, admin, '500.00', channelId);
    expect((await withdraw(user, { cardId: other.cardId })).json().code).toBe('CARD_NOT_FOUND');
    expect((await withdraw(user, { fundPassword: '000000' })).json()).toMatchObject({
      code: 'WRONG_FUND_PASSWORD',
      params: { attemptsLeft: 4 },
    });
    expect((await withdraw(user, { amount: '1000.01' })).json()).toMatchObject({
      code: 'INSUFFICIENT_WITHDRAWABLE',
      params: { currency: 'EUR', withdrawable: '1000.00' },
    });

    testApp.clock.set('2026-03-02T17:00:00Z'); // 18:00 in Brussels
    try {
      expect((await withdraw(user)).json()).toMatchObject({
        code: 'WITHDRAWAL_OUTSIDE_HOURS',
        params: { opens: '09:00', closes: '17:30', timeZone: 'Europe/Brussels' },
      });
      testApp.clock.set('2026-03-07T10:00:00Z'); // Saturday
      expect((await withdraw(user)).json().code).toBe('WITHDRAWAL_OUTSIDE_HOURS');
    } finally {
      testApp.clock.set('2026-03-02T10:00:00Z');
    }
    expect(await balance(user)).toMatchObject({ available: '1000.00', frozen: '0.00' });
  });

  it('refuses without a fund password, and while locked after five wrong entries', async () => {
    const user = await fundedUser(testApp, admin, '300.00', channelId);
    const noPassword = await signUp(testApp);
    await verifyIdentity(testApp, noPassword, admin, 'Marie Dubois');
    await call(
      testApp.app,
      '/information/scamCheck',
      { trigger: 'first_payout_method', wasToldByOnlineContact: false },
      noPassword,
    );
    const card = await call(
      testApp.app,
      '/information/addBankCard',
      { holderName: 'Marie Dubois', iban: nextBelgianIban(), bic: 'GEBABEBB', bankName: 'Belfius' },
      noPassword,
    );
    expect((await withdraw({ ...noPassword, cardId: card.json().data.id })).json().code).toBe(
      'FUND_PASSWORD_NOT_SET',
    );
    for (let attempt = 0; attempt < 5; attempt += 1) await withdraw(user, { fundPassword: '999999' });
    expect((await withdraw(user)).json().code).toBe('FUND_PASSWORD_LOCKED');
    const rules = (await call(testApp.app, '/cashOut/rules', {}, user)).json().data.rules;
    expect(rules.find((rule: { id: string }) => rule.id === 'fund_password_not_locked').isMet).toBe(false);
  });

  it('refuses a barred account with the listed reason and the end of the bar, never the staff note', async () => {
    const user = await fundedUser(testApp, admin, '300.00', channelId);
    const support = await createStaff(testApp, admin, 'support');
    const { expiresAt } = await barWithdrawals(
      testApp,
      { proposer: support, approver: admin },
      user.account,
      {
        barReason: 'sanctions_screening',
        note: 'Name match on the EU list, checking',
      },
    );
    const refused = (await withdraw(user)).json();
    expect(refused).toMatchObject({
      code: 'WITHDRAWAL_BARRED',
      params: { barReason: 'sanctions_screening', until: expiresAt },
    });
    expect(JSON.stringify(refused)).not.toContain('EU list');
  });

  it('allows one pending fund operation at a time; same key replays, another request is refused', async () => {
    const user = await fundedUser(testApp, admin, '800.00', channelId);
    const first = await withdraw(user, {}, 'withdraw-key-0001');
    expect(first.json().data).toMatchObject({
      state: 'pending',
      amount: '150.00',
      fee: '2.50',
      payout: '147.50',
      waitingFor: 'staff_review',
      decideBy: '2026-03-03T10:00:00.000Z',
    });
    expect((await withdraw(user, {}, 'withdraw-key-0001')).json().data).toEqual(first.json().data);
    expect((await withdraw(user, { amount: '151.00' }, 'withdraw-key-0001')).json().code).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect((await withdraw(user, { amount: '100.00' })).json().code).toBe('FUND_OPERATION_IN_PROGRESS');
    const proofImageId = await uploadSample(testApp, user);
    const deposit = await callWithKey(
      testApp,
      '/recharge/submit',
      { channelId, amount: '50.00', proofImageId },
      user,
    );
    expect(deposit.json().code).toBe('FUND_OPERATION_IN_PROGRESS');
    expect(await balance(user)).toMatchObject({
      available: '650.00',
      frozen: '150.00',
      totalAssets: '800.00',
    });
    expect((await call(testApp.app, '/cashOut/list', {}, user)).json().data.total).toBe(1);
  });
});

describe('a pending deposit holds no money', () => {
  it('never blocks a withdrawal of other free funds (issue 12, item 3)', async () => {
    const user = await fundedUser(testApp, admin, '500.00', channelId);
    const proofImageId = await uploadSample(testApp, user);
    const deposit = await callWithKey(
      testApp,
      '/recharge/submit',
      { channelId, amount: '50.00', proofImageId },
      user,
    );
    expect(deposit.json().data).toMatchObject({ state: 'pending' });
    const rules = (await call(testApp.app, '/cashOut/rules', {}, user)).json().data;
    expect(rules.rules).toContainEqual({ id: 'no_pending_operation', isMet: true });

    const withdrawal = await withdraw(user, { amount: '200.00' });
    expect(withdrawal.json()).toMatchObject({ status: 1, data: { state: 'pending', amount: '200.00' } });
    expect(await balance(user)).toMatchObject({ available: '300.00', frozen: '200.00' });
    // The hold still guards the money: a second withdrawal waits for the first.
    expect((await withdraw(user, { amount: '100.00' })).json().code).toBe('FUND_OPERATION_IN_PROGRESS');
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });
});

describe('withdrawal review', () => {
  it('approval pays out the frozen amount, the fee only from the amount withdrawn', async () => {
    const user = await fundedUser(testApp, admin, '500.00', channelId);
    const submitted = (await withdraw(user, { amount: '200.00' })).json().data;
    const pending = (await callAdmin(testApp, '/withdrawals/list', { pageSize: 100 }, finance)).json().data
      .items;
    expect(pending.find((item: { id: string }) => item.id === submitted.id)).toMatchObject({
      holderName: 'Marie Dubois',
      amount: '200.00',
      payout: '197.50',
    });
    const approved = await callAdmin(
      testApp,
      '/withdrawals/review',
      { id: submitted.id, decision: 'approve', reason: 'paid by SEPA batch 2026-03-02' },
      finance,
    );
    expect(approved.json().data.state).toBe('approved');
    expect(await balance(user)).toMatchObject({ available: '300.00', frozen: '0.00' });
    const again = await callAdmin(
      testApp,
      '/withdrawals/review',
      { id: submitted.id, decision: 'reject', reason: 'too late' },
      finance,
    );
    expect(again.json().code).toBe('ALREADY_PROCESSED');
    const mine = (await call(testApp.app, '/cashOut/list', {}, user)).json().data.items[0];
    expect(mine).toMatchObject({ state: 'approved', waitingFor: 'nothing' });
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });

  it('rejection returns the whole amount with the reason', async () => {
    const user = await fundedUser(testApp, admin, '500.00', channelId);
    const submitted = (await withdraw(user, { amount: '400.00' })).json().data;
    expect(await balance(user)).toMatchObject({ available: '100.00', frozen: '400.00' });
    await callAdmin(
      testApp,
      '/withdrawals/review',
      { id: submitted.id, decision: 'reject', reason: 'The card was closed by its bank' },
      finance,
    );
    expect(await balance(user)).toMatchObject({ available: '500.00', frozen: '0.00' });
    const mine = (await call(testApp.app, '/cashOut/list', {}, user)).json().data.items[0];
    expect(mine).toMatchObject({ state: 'rejected', reason: 'The card was closed by its bank' });
    const reviewer = await createStaff(testApp, admin, 'reviewer');
    expect((await callAdmin(testApp, '/withdrawals/list', {}, reviewer)).statusCode).toBe(403);
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });
});
