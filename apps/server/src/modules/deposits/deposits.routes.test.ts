import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { uploadSample, verifyIdentity } from '../uploads/upload-test-support';
import { callWithKey, createChannel } from './deposit-test-support';
import { isValidStructured } from './payment-reference';

let testApp: TestApp;
let admin: StaffHeaders;
let finance: StaffHeaders;
let channelId: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  finance = await createStaff(testApp, admin, 'finance');
  channelId = await createChannel(testApp, finance);
});
afterAll(() => testApp.close());

type User = { token: string; account: string };

async function verifiedUser(): Promise<User> {
  const user = await signUp(testApp);
  await verifyIdentity(testApp, user, admin);
  return user;
}

const answer = (user: User, trigger: string) =>
  call(testApp.app, '/information/scamCheck', { trigger, wasToldByOnlineContact: false }, user);

async function announce(user: User, amount: string, key?: string, overrides: Record<string, unknown> = {}) {
  const proofImageId = await uploadSample(testApp, user);
  return callWithKey(
    testApp,
    '/recharge/submit',
    { channelId, amount, proofImageId, ...overrides },
    user,
    key,
  );
}

const balanceOf = async (user: User) =>
  (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data.balances[0];

describe('deposit channels', () => {
  it('shows the operator account, limits, hours and the demo statement', async () => {
    const user = await signUp(testApp);
    const response = await call(testApp.app, '/recharge/channels', {}, user);
    expect(response.json().data).toMatchObject({
      mode: 'demo',
      operator: null,
      hours: { opens: '08:30', closes: '22:00', timeZone: 'Europe/Brussels' },
    });
    // The demo channels of first start (one per currency), then the one staff opened.
    expect(response.json().data.channels).toEqual([
      expect.objectContaining({ kind: 'demo', currency: 'EUR', collectionAccount: 'DEMO - NO REAL MONEY' }),
      expect.objectContaining({ kind: 'demo', currency: 'USD', collectionAccount: 'DEMO - NO REAL MONEY' }),
      expect.objectContaining({
        id: channelId,
        kind: 'bank_transfer',
        collectionAccount: 'BE71096123456769',
        beneficiaryName: 'Beurs Demo NV',
        minimum: '10.00',
        maximum: '50000.00',
      }),
    ]);
  });

  it('is configured by finance or admin only, audited, and needs a valid IBAN', async () => {
    const reviewer = await createStaff(testApp, admin, 'reviewer');
    const forbidden = await callAdmin(
      testApp,
      '/deposit-channels/save',
      {
        kind: 'bank_transfer',
        name: 'x',
        currency: 'EUR',
        collectionAccount: 'BE71096123456769',
        beneficiaryName: 'x',
        minimum: '1.00',
        maximum: null,
        isEnabled: true,
        reason: 'not allowed',
      },
      reviewer,
    );
    expect(forbidden.statusCode).toBe(403);
    await expect(createChannel(testApp, finance, { collectionAccount: 'BE71096123456760' })).rejects.toThrow(
      /IBAN_INVALID/,
    );
    const log = await callAdmin(
      testApp,
      '/audit/list',
      { targetType: 'deposit_channel', targetId: channelId },
      admin,
    );
    expect(log.json().data.items[0]).toMatchObject({
      action: 'deposit_channel.create',
      reason: 'open the SEPA channel',
    });
  });

  it('keeps the institutional collection account at 1,000 or more per deposit', async () => {
    await expect(
      createChannel(testApp, finance, { kind: 'institutional', minimum: '999.99', maximum: null }),
    ).rejects.toThrow(/INSTITUTIONAL_MINIMUM_TOO_LOW/);
    const id = await createChannel(testApp, finance, {
      kind: 'institutional',
      minimum: '1000.00',
      maximum: null,
    });
    const channels = await call(testApp.app, '/recharge/channels', {}, await signUp(testApp));
    expect(channels.json().data.channels).toContainEqual(
      expect.objectContaining({ id, kind: 'institutional', minimum: '1000.00', maximum: null }),
    );
  });
});

describe('deposit refusals', () => {
  it('needs an idempotency key and a verified identity', async () => {
    const user = await signUp(testApp);
    const noKey = await call(
      testApp.app,
      '/recharge/submit',
      { channelId, amount: '100.00', proofImageId: '1' },
      user,
    );
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REQUIRED',
      params: { header: 'idempotency-key' },
    });
    expect((await announce(user, '100.00')).json().code).toBe('IDENTITY_REQUIRED');
  });

  it('checks the channel, its limits, the scam question and the proof', async () => {
    const user = await verifiedUser();
    expect((await announce(user, '100.00', undefined, { channelId: '999999' })).json().code).toBe(
      'DEPOSIT_CHANNEL_UNAVAILABLE',
    );
    expect((await announce(user, '9.99')).json()).toMatchObject({
      code: 'DEPOSIT_AMOUNT_OUT_OF_RANGE',
      params: { currency: 'EUR', minimum: '10.00', maximum: '50000.00' },
    });
    expect((await announce(user, '50000.01')).json().code).toBe('DEPOSIT_AMOUNT_OUT_OF_RANGE');
    expect((await announce(user, '100.00')).json()).toMatchObject({
      code: 'SCAM_CHECK_REQUIRED',
      params: { trigger: 'first_deposit' },
    });
    await answer(user, 'first_deposit');
    const stranger = await signUp(testApp);
    const othersProof = await uploadSample(testApp, stranger);
    expect((await announce(user, '100.00', undefined, { proofImageId: othersProof })).json().code).toBe(
      'UPLOAD_NOT_FOUND',
    );
    const first = await announce(user, '100.00');
    expect(first.json().data).toMatchObject({ state: 'pending', amount: '100.00', currency: 'EUR' });
    expect(isValidStructured(first.json().data.reference)).toBe(true);
    expect((await announce(user, '200.00')).json().code).toBe('DEPOSIT_PENDING');
  });

  it('replays the same key and request, refuses the same key with another request', async () => {
    const user = await verifiedUser();
    await answer(user, 'first_deposit');
    const proofImageId = await uploadSample(testApp, user);
    const payload = { channelId, amount: '250.00', proofImageId };
    const first = await callWithKey(testApp, '/recharge/submit', payload, user, 'deposit-key-0001');
    const again = await callWithKey(testApp, '/recharge/submit', payload, user, 'deposit-key-0001');
    expect(again.json().data).toEqual(first.json().data);
    const other = await callWithKey(
      testApp,
      '/recharge/submit',
      { ...payload, amount: '251.00' },
      user,
      'deposit-key-0001',
    );
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await call(testApp.app, '/recharge/list', {}, user)).json().data.total).toBe(1);
  });
});

describe('deposit review', () => {
  it('approval credits the available balance once through the ledger; rejection carries the reason', async () => {
    const user = await verifiedUser();
    await answer(user, 'first_deposit');
    const deposit = (await announce(user, '1500.00')).json().data;
    const pending = await callAdmin(testApp, '/deposits/list', { state: 'pending', pageSize: 100 }, finance);
    expect(pending.json().data.items.find((item: { id: string }) => item.id === deposit.id)).toMatchObject({
      account: user.account,
      realname: 'Jan Peeters',
      amount: '1500.00',
      reference: deposit.reference,
    });
    const approved = await callAdmin(
      testApp,
      '/deposits/review',
      { id: deposit.id, decision: 'approve', reason: 'SEPA credit received from own account' },
      finance,
    );
    expect(approved.json().data).toEqual({ id: deposit.id, state: 'approved' });
    expect(await balanceOf(user)).toMatchObject({ currency: 'EUR', available: '1500.00', frozen: '0.00' });
    const twice = await callAdmin(
      testApp,
      '/deposits/review',
      { id: deposit.id, decision: 'approve', reason: 'again' },
      admin,
    );
    expect(twice.json().code).toBe('ALREADY_PROCESSED');
    expect(await balanceOf(user)).toMatchObject({ available: '1500.00' });

    // Far above the usual (more than five times the largest approved): the question again.
    expect((await announce(user, '7500.01')).json()).toMatchObject({
      code: 'SCAM_CHECK_REQUIRED',
      params: { trigger: 'large_deposit' },
    });
    await answer(user, 'large_deposit');
    const large = (await announce(user, '7500.01')).json().data;
    const rejected = await callAdmin(
      testApp,
      '/deposits/review',
      { id: large.id, decision: 'reject', reason: 'No transfer with this reference arrived' },
      finance,
    );
    expect(rejected.json().data.state).toBe('rejected');
    const mine = (await call(testApp.app, '/recharge/list', {}, user)).json().data.items;
    expect(mine[0]).toMatchObject({
      id: large.id,
      state: 'rejected',
      reason: 'No transfer with this reference arrived',
    });
    expect(await balanceOf(user)).toMatchObject({ available: '1500.00' });
    expect(
      (
        await callAdmin(
          testApp,
          '/deposits/review',
          { id: '987654', decision: 'approve', reason: 'none' },
          admin,
        )
      ).json().code,
    ).toBe('RECORD_NOT_FOUND');
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });
});
