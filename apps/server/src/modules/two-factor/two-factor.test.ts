import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEFAULT_PASSWORD, signUp, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, nextTotpCode, type StaffHeaders } from '../staff-auth/admin-test-support';
import { verifyIdentity } from '../uploads/upload-test-support';
import { FUND_PASSWORD, fundedUser, nextBelgianIban } from '../withdrawals/withdrawal-test-support';

// Issue 12, item 6: two-factor sign-in with TOTP (RFC 6238) and ten single-use recovery codes;
// asked again for withdrawals and new payout cards; required for staff. The test plays the
// authenticator app: it computes codes from the secret the server handed out, at the server's
// (manual) clock.

let testApp: TestApp;
let admin: StaffHeaders;
beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

type User = { token: string; account: string };
const codeOf = (response: { json(): { status: number; code?: string } }) => {
  const body = response.json();
  return body.status === 1 ? 'ok' : body.code;
};

/** Turns two-factor sign-in on for the user; answers the secret and the recovery codes. */
async function enable(user: User) {
  const setup = (
    await call(testApp.app, '/user/twoFactor/setup', { password: DEFAULT_PASSWORD }, user)
  ).json();
  expect(setup.status).toBe(1);
  const secret = setup.data.secret as string;
  const enabled = await call(
    testApp.app,
    '/user/twoFactor/enable',
    { code: nextTotpCode(testApp, `user:${user.account}`, secret) },
    user,
  );
  expect(enabled.json().status).toBe(1);
  return { secret, recoveryCodes: enabled.json().data.recoveryCodes as string[] };
}

const login = (user: User, twoFactorCode?: string, password = DEFAULT_PASSWORD) =>
  call(testApp.app, '/user/login', {
    account: user.account,
    password,
    ...(twoFactorCode ? { twoFactorCode } : {}),
  });

describe('turning two-factor sign-in on', () => {
  it('hands out a secret and its otpauth URI, and turns on only with a right code and the password', async () => {
    const user = await signUp(testApp);
    const wrongPassword = await call(testApp.app, '/user/twoFactor/setup', { password: 'not mine' }, user);
    expect(codeOf(wrongPassword)).toBe('WRONG_ORIGINAL_PASSWORD');
    const setup = (
      await call(testApp.app, '/user/twoFactor/setup', { password: DEFAULT_PASSWORD }, user)
    ).json().data;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(setup.secret);
    expect(uri.searchParams.get('issuer')).toBe('Beurs');
    expect(decodeURIComponent(uri.pathname)).toContain(user.account);
    // Not on before it is confirmed: sign-in needs no code yet.
    expect(codeOf(await login(user))).toBe('ok');
    const wrongCode = await call(testApp.app, '/user/twoFactor/enable', { code: '000000' }, user);
    expect(codeOf(wrongCode)).toBe('WRONG_TWO_FACTOR_CODE');
    // An authenticator app computes the same code from the URI's secret.
    const code = TOTP.generate({
      secret: Secret.fromBase32(setup.secret),
      timestamp: testApp.clock.now().getTime(),
    });
    const enabled = (await call(testApp.app, '/user/twoFactor/enable', { code }, user)).json().data;
    expect(enabled.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.recoveryCodes).size).toBe(10);
    for (const recovery of enabled.recoveryCodes) expect(recovery).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect((await call(testApp.app, '/user/twoFactor/status', {}, user)).json().data).toEqual({
      isEnabled: true,
      recoveryCodesLeft: 10,
    });
    const again = await call(testApp.app, '/user/twoFactor/setup', { password: DEFAULT_PASSWORD }, user);
    expect(codeOf(again)).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });
});

describe('signing in with two-factor on', () => {
  it('asks for a code without counting it, counts wrong codes toward the lock, and takes a code once', async () => {
    const user = await signUp(testApp);
    const { secret } = await enable(user);
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect(codeOf(await login(user))).toBe('TWO_FACTOR_REQUIRED');
    }
    // A wrong password with no code says only that the credentials are wrong.
    expect(codeOf(await login(user, undefined, 'wrong password'))).toBe('WRONG_CREDENTIALS');
    const code = nextTotpCode(testApp, `user:${user.account}`, secret);
    const signedIn = await login(user, code);
    expect(codeOf(signedIn)).toBe('ok');
    expect(typeof signedIn.json().data.token).toBe('string');
    // The same code again (seen over a shoulder) is refused.
    expect(codeOf(await login(user, code))).toBe('WRONG_TWO_FACTOR_CODE');
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(codeOf(await login(user, '123456'))).toBe('WRONG_TWO_FACTOR_CODE');
    }
    expect(codeOf(await login(user, '123456'))).toBe('LOGIN_LOCKED');
    expect(codeOf(await login(user, nextTotpCode(testApp, `user:${user.account}`, secret)))).toBe(
      'LOGIN_LOCKED',
    );
  });

  it('takes each recovery code once', async () => {
    const user = await signUp(testApp);
    const { recoveryCodes } = await enable(user);
    const recovery = recoveryCodes[3] ?? '';
    expect(codeOf(await login(user, recovery.toLowerCase()))).toBe('ok');
    expect(codeOf(await login(user, recovery))).toBe('WRONG_TWO_FACTOR_CODE');
    expect((await call(testApp.app, '/user/twoFactor/status', {}, user)).json().data.recoveryCodesLeft).toBe(
      9,
    );
  });

  it('turns off only with the password and a code', async () => {
    const user = await signUp(testApp);
    const { secret } = await enable(user);
    const noCode = await call(
      testApp.app,
      '/user/twoFactor/disable',
      { password: DEFAULT_PASSWORD, code: '000000' },
      user,
    );
    expect(codeOf(noCode)).toBe('WRONG_TWO_FACTOR_CODE');
    const off = await call(
      testApp.app,
      '/user/twoFactor/disable',
      { password: DEFAULT_PASSWORD, code: nextTotpCode(testApp, `user:${user.account}`, secret) },
      user,
    );
    expect(off.json().data).toEqual({ isEnabled: false, recoveryCodesLeft: 0 });
    expect(codeOf(await login(user))).toBe('ok');
  });
});

describe('asked again for money leaving the account', () => {
  it('asks for a code for a new payout card and wallet, and for a withdrawal', async () => {
    const user = await fundedUser(testApp, admin, '500.00');
    const { secret } = await enable(user);
    const card = {
      holderName: 'Marie Dubois',
      iban: nextBelgianIban(),
      bic: 'GEBABEBB',
      bankName: 'BNP Paribas Fortis',
    };
    expect(codeOf(await call(testApp.app, '/information/addBankCard', card, user))).toBe(
      'TWO_FACTOR_REQUIRED',
    );
    const wrong = await call(
      testApp.app,
      '/information/addBankCard',
      { ...card, twoFactorCode: '000000' },
      user,
    );
    expect(codeOf(wrong)).toBe('WRONG_TWO_FACTOR_CODE');
    const added = await call(
      testApp.app,
      '/information/addBankCard',
      { ...card, twoFactorCode: nextTotpCode(testApp, `user:${user.account}`, secret) },
      user,
    );
    expect(codeOf(added)).toBe('ok');
    const wallet = { network: 'ETH', address: '0x52908400098527886E0F7030069857D2E4169EE7' };
    expect(codeOf(await call(testApp.app, '/information/addWallet', wallet, user))).toBe(
      'TWO_FACTOR_REQUIRED',
    );

    const withdrawal = {
      currency: 'EUR',
      amount: '100.00',
      cardId: user.cardId,
      fundPassword: FUND_PASSWORD,
    };
    const withoutCode = await callWithKey(testApp, '/cashOut/submit', withdrawal, user);
    expect(codeOf(withoutCode)).toBe('TWO_FACTOR_REQUIRED');
    const withCode = await callWithKey(
      testApp,
      '/cashOut/submit',
      { ...withdrawal, twoFactorCode: nextTotpCode(testApp, `user:${user.account}`, secret) },
      user,
    );
    expect(codeOf(withCode)).toBe('ok');
    const balances = (await call(testApp.app, '/user/getUserinfo', {}, user)).json().data.balances;
    expect(balances.find((balance: { currency: string }) => balance.currency === 'EUR')).toMatchObject({
      available: '400.00',
      frozen: '100.00',
    });
  });
});

describe('a code is used up only by the step it lets through', () => {
  it('survives a refused IBAN and the safety question before the first card, then is spent', async () => {
    const user = await signUp(testApp);
    await verifyIdentity(testApp, user, admin, 'Marie Dubois');
    const { secret } = await enable(user);
    const card = {
      holderName: 'Marie Dubois',
      iban: nextBelgianIban(),
      bic: 'GEBABEBB',
      bankName: 'BNP Paribas Fortis',
      twoFactorCode: nextTotpCode(testApp, `user:${user.account}`, secret),
    };
    const add = (body: typeof card) => call(testApp.app, '/information/addBankCard', body, user);
    expect(codeOf(await add({ ...card, iban: 'BE00539007547034' }))).toBe('IBAN_INVALID');
    expect(codeOf(await add(card))).toBe('SCAM_CHECK_REQUIRED');
    const answer = { trigger: 'first_payout_method', wasToldByOnlineContact: false };
    expect(codeOf(await call(testApp.app, '/information/scamCheck', answer, user))).toBe('ok');
    expect(codeOf(await add(card))).toBe('ok');
    expect(codeOf(await add({ ...card, iban: nextBelgianIban() }))).toBe('WRONG_TWO_FACTOR_CODE');
  });
});

describe('sign-in history', () => {
  it('lists every sign-in with its time, device and address, newest first, signed-out ones too', async () => {
    const user = await signUp(testApp);
    const phone = await testApp.app.inject({
      method: 'POST',
      url: '/api/vue/user/login',
      remoteAddress: '198.51.100.7',
      headers: { 'user-agent': 'Beurs test phone' },
      payload: { account: user.account, password: DEFAULT_PASSWORD },
    });
    const phoneSession = { token: phone.json().data.token as string, account: user.account };
    await call(testApp.app, '/user/logout', {}, phoneSession);
    testApp.clock.advance(60_000);
    const current = (await login(user)).json().data;
    const history = (
      await call(testApp.app, '/user/signInHistory', {}, { token: current.token, account: user.account })
    ).json().data as Array<{ signedInAt: string; userAgent: string; ipAddress: string; isCurrent: boolean }>;
    expect(history).toHaveLength(3);
    expect(history[0]).toMatchObject({ isCurrent: true, signedInAt: testApp.clock.now().toISOString() });
    expect(history[1]).toMatchObject({
      userAgent: 'Beurs test phone',
      ipAddress: '198.51.100.7',
      isCurrent: false,
    });
  });
});

describe('staff must use two-factor sign-in', () => {
  it('refuses every other call until it is set up, then asks for a code at each sign-in', async () => {
    const created = await callAdmin(
      testApp,
      '/staff/create',
      {
        username: 'reviewer2fa',
        password: 'reviewer-password-1',
        role: 'reviewer',
        reason: 'two-factor test',
      },
      admin,
    );
    expect(created.json().status).toBe(1);
    const first = (
      await callAdmin(testApp, '/auth/login', { username: 'reviewer2fa', password: 'reviewer-password-1' })
    ).json().data;
    expect(first).toMatchObject({ mustEnrolTwoFactor: true, mustChangePassword: false });
    const session = { staffToken: first.token as string };
    const refused = await callAdmin(testApp, '/identity/list', {}, session);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('STAFF_TWO_FACTOR_REQUIRED');
    expect((await callAdmin(testApp, '/auth/me', {}, session)).json().status).toBe(1);
    const setup = (
      await callAdmin(testApp, '/auth/twoFactor/setup', { password: 'reviewer-password-1' }, session)
    ).json().data;
    const enabled = await callAdmin(
      testApp,
      '/auth/twoFactor/enable',
      { code: nextTotpCode(testApp, 'reviewer2fa', setup.secret) },
      session,
    );
    expect(enabled.json().data.recoveryCodes).toHaveLength(10);
    expect((await callAdmin(testApp, '/identity/list', {}, session)).json().status).toBe(1);
    const withoutCode = await callAdmin(testApp, '/auth/login', {
      username: 'reviewer2fa',
      password: 'reviewer-password-1',
    });
    expect(codeOf(withoutCode)).toBe('TWO_FACTOR_REQUIRED');
    const withCode = await callAdmin(testApp, '/auth/login', {
      username: 'reviewer2fa',
      password: 'reviewer-password-1',
      twoFactorCode: nextTotpCode(testApp, 'reviewer2fa', setup.secret),
    });
    expect(withCode.json().data).toMatchObject({ mustEnrolTwoFactor: false });
  });
});
