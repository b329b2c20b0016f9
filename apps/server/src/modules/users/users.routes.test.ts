import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRestrictions } from './users.tables';
import { findUserByAccount } from './users.repository';
import {
  DEFAULT_PASSWORD,
  buildTestApp,
  call,
  signUp,
  uniqueAccount,
  type TestApp,
} from '../../../test/helpers/build-app';

// Every refusal of register, login, logout and getUserinfo answers its catalogued code.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const register = (payload: Record<string, unknown>) => call(testApp.app, '/user/register', payload);
const validRegistration = () => ({
  account: uniqueAccount(),
  password: DEFAULT_PASSWORD,
  confirmPassword: DEFAULT_PASSWORD,
  invitationCode: testApp.firstStart.invitationCode,
});

describe('POST /user/register', () => {
  it('registers with the start-up invitation code and gives the new user a code of their own', async () => {
    const payload = validRegistration();
    const response = await register(payload);
    expect(response.json()).toEqual({ status: 1, msg: '', data: { account: payload.account } });
    const login = await call(testApp.app, '/user/login', {
      account: payload.account,
      password: payload.password,
    });
    const session = { account: payload.account, token: login.json().data.token };
    const info = (await call(testApp.app, '/user/getUserinfo', undefined, session)).json().data;
    expect(info.invitationCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(info.invitationCode).not.toBe(testApp.firstStart.invitationCode);

    // and that code works for the next person
    const invited = await register({ ...validRegistration(), invitationCode: info.invitationCode });
    expect(invited.json().status).toBe(1);
  });

  it('accepts the invitation code in lower case', async () => {
    const response = await register({
      ...validRegistration(),
      invitationCode: testApp.firstStart.invitationCode.toLowerCase(),
    });
    expect(response.json().status).toBe(1);
  });

  it('refuses an unknown invitation code with INVITER_NOT_FOUND', async () => {
    const response = await register({ ...validRegistration(), invitationCode: 'NOBODY99' });
    expect(response.json()).toMatchObject({ status: 0, code: 'INVITER_NOT_FOUND', msg: 'INVITER_NOT_FOUND' });
  });

  it('refuses a confirmation that differs with PASSWORDS_DO_NOT_MATCH', async () => {
    const response = await register({ ...validRegistration(), confirmPassword: 'something else' });
    expect(response.json().code).toBe('PASSWORDS_DO_NOT_MATCH');
  });

  it('refuses an existing account with ACCOUNT_EXISTS, also when two register at once', async () => {
    const payload = validRegistration();
    const [first, second] = await Promise.all([register(payload), register(payload)]);
    const codes = [first.json(), second.json()].map((body) => (body.status === 1 ? 'ok' : body.code)).sort();
    expect(codes).toEqual(['ACCOUNT_EXISTS', 'ok']);
    expect((await register(payload)).json().code).toBe('ACCOUNT_EXISTS');
  });

  it.each([
    ['letters', 'abc123456'],
    ['too short', '12345'],
    ['too long', '1234567890123456'],
    ['a plus sign', '+32470123456'],
  ])('refuses an account with %s as VALIDATION_FAILED', async (_label, account) => {
    const response = await register({ ...validRegistration(), account });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('refuses empty fields as VALIDATION_FAILED', async () => {
    const response = await register({ account: '', password: '', confirmPassword: '', invitationCode: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('POST /user/login', () => {
  it('answers a token that works with the account header', async () => {
    const session = await signUp(testApp);
    expect(session.token).toMatch(/^[\w-]{43}$/);
    const info = await call(testApp.app, '/user/getUserinfo', undefined, session);
    expect(info.json()).toMatchObject({
      status: 1,
      data: { account: session.account, is_true: 0, realname: '' },
    });
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const session = await signUp(testApp);
    const wrongPassword = await call(testApp.app, '/user/login', {
      account: session.account,
      password: 'nope nope',
    });
    const unknownAccount = await call(testApp.app, '/user/login', {
      account: uniqueAccount(),
      password: 'nope nope',
    });
    expect(wrongPassword.json().code).toBe('WRONG_CREDENTIALS');
    expect(unknownAccount.json().code).toBe('WRONG_CREDENTIALS');
    expect(wrongPassword.statusCode).toBe(unknownAccount.statusCode);
  });

  it('locks the account for 15 minutes after five failures, then lets the right password in', async () => {
    const session = await signUp(testApp);
    const attempt = (password: string) =>
      call(testApp.app, '/user/login', { account: session.account, password });
    for (let failure = 1; failure <= 4; failure += 1) {
      expect((await attempt('wrong password')).json().code).toBe('WRONG_CREDENTIALS');
    }
    const fifth = (await attempt('wrong password')).json();
    expect(fifth.code).toBe('LOGIN_LOCKED');
    expect(new Date(fifth.params.until).getTime()).toBe(testApp.clock.now().getTime() + 15 * 60_000);
    // even the right password is refused while locked
    expect((await attempt(DEFAULT_PASSWORD)).json().code).toBe('LOGIN_LOCKED');
    testApp.clock.advance(15 * 60_000 + 1);
    expect((await attempt(DEFAULT_PASSWORD)).json().status).toBe(1);
    // and the counter starts again from zero
    expect((await attempt('wrong password')).json().code).toBe('WRONG_CREDENTIALS');
  });

  it.each([
    ['frozen', 'ACCOUNT_FROZEN'],
    ['login_banned', 'LOGIN_BANNED'],
    ['disabled', 'ACCOUNT_DISABLED'],
  ] as const)('refuses a %s account with %s and the reason staff recorded', async (kind, code) => {
    const session = await signUp(testApp);
    const user = await findUserByAccount(testApp.database.db, session.account);
    await testApp.database.db.insert(userRestrictions).values({
      userId: user!.id,
      kind,
      reason: `Reason for ${kind}: documents expired`,
      createdAt: testApp.clock.now(),
    });
    const response = await call(testApp.app, '/user/login', {
      account: session.account,
      password: DEFAULT_PASSWORD,
    });
    expect(response.json()).toMatchObject({
      status: 0,
      code,
      params: { reason: `Reason for ${kind}: documents expired` },
    });
  });

  it('rate limits login attempts per address with 429 RATE_LIMITED', async () => {
    const isolated = await buildTestApp({ config: { rateLimits: { login: 20, register: 10, account: 10 } } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 22; attempt += 1) {
        const response = await call(isolated.app, '/user/login', {
          account: uniqueAccount(),
          password: 'whatever',
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json().code).toBe('RATE_LIMITED');
      }
      expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429]);
    } finally {
      await isolated.close();
    }
  });
});

describe('sessions', () => {
  it('refuses getUserinfo without a token, with a wrong token, or with another account header (401)', async () => {
    const session = await signUp(testApp);
    const other = await signUp(testApp);
    const cases = [
      undefined,
      { token: 'not-a-real-token', account: session.account },
      { token: session.token, account: other.account },
      { token: session.token, account: '' },
    ];
    for (const headers of cases) {
      const response = await call(testApp.app, '/user/getUserinfo', undefined, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 0, code: 'UNAUTHENTICATED' });
    }
  });

  it('ignores the is-admin header', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/vue/user/getUserinfo',
      headers: { 'is-admin': '1' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('logout revokes the token', async () => {
    const session = await signUp(testApp);
    expect((await call(testApp.app, '/user/logout', {}, session)).json()).toEqual({
      status: 1,
      msg: '',
      data: null,
    });
    expect((await call(testApp.app, '/user/getUserinfo', undefined, session)).statusCode).toBe(401);
    expect((await call(testApp.app, '/user/logout', {}, session)).statusCode).toBe(401);
  });

  it('expires sessions after their lifetime', async () => {
    const session = await signUp(testApp);
    testApp.clock.advance(7 * 24 * 3_600_000 + 1);
    expect((await call(testApp.app, '/user/getUserinfo', undefined, session)).statusCode).toBe(401);
  });

  it('lists sessions and signs out another one or all others', async () => {
    const first = await signUp(testApp);
    const loginAgain = () =>
      call(testApp.app, '/user/login', { account: first.account, password: DEFAULT_PASSWORD });
    const second = { account: first.account, token: (await loginAgain()).json().data.token };
    const third = { account: first.account, token: (await loginAgain()).json().data.token };

    const listed = (await call(testApp.app, '/user/sessions', {}, first)).json().data;
    expect(listed).toHaveLength(3);
    expect(listed.filter((item: { isCurrent: boolean }) => item.isCurrent)).toHaveLength(1);

    const secondId = (await call(testApp.app, '/user/sessions', {}, second))
      .json()
      .data.find((item: { isCurrent: boolean }) => item.isCurrent).id;
    expect((await call(testApp.app, '/user/revokeSession', { id: secondId }, first)).json().status).toBe(1);
    expect((await call(testApp.app, '/user/getUserinfo', undefined, second)).statusCode).toBe(401);
    expect((await call(testApp.app, '/user/revokeSession', { id: secondId }, first)).json().code).toBe(
      'SESSION_NOT_FOUND',
    );

    const others = await call(testApp.app, '/user/revokeOtherSessions', {}, first);
    expect(others.json().data).toEqual({ revoked: 1 });
    expect((await call(testApp.app, '/user/getUserinfo', undefined, third)).statusCode).toBe(401);
    expect((await call(testApp.app, '/user/getUserinfo', undefined, first)).statusCode).toBe(200);
  });

  it("cannot revoke someone else's session", async () => {
    const mine = await signUp(testApp);
    const theirs = await signUp(testApp);
    const theirId = (await call(testApp.app, '/user/sessions', {}, theirs)).json().data[0].id;
    expect((await call(testApp.app, '/user/revokeSession', { id: theirId }, mine)).json().code).toBe(
      'SESSION_NOT_FOUND',
    );
    expect((await call(testApp.app, '/user/getUserinfo', undefined, theirs)).statusCode).toBe(200);
  });
});

describe('POST /user/changePassword', () => {
  it('refuses a wrong current password and a mismatched confirmation', async () => {
    const session = await signUp(testApp);
    const wrongOld = await call(
      testApp.app,
      '/user/changePassword',
      { oldPassword: 'not mine', newPassword: 'brand new pw', confirmPassword: 'brand new pw' },
      session,
    );
    expect(wrongOld.json().code).toBe('WRONG_ORIGINAL_PASSWORD');
    const mismatch = await call(
      testApp.app,
      '/user/changePassword',
      { oldPassword: DEFAULT_PASSWORD, newPassword: 'brand new pw', confirmPassword: 'brand new px' },
      session,
    );
    expect(mismatch.json().code).toBe('PASSWORDS_DO_NOT_MATCH');
  });

  it('changes the password and signs out the other sessions', async () => {
    const session = await signUp(testApp);
    const other = {
      account: session.account,
      token: (
        await call(testApp.app, '/user/login', { account: session.account, password: DEFAULT_PASSWORD })
      ).json().data.token,
    };
    const changed = await call(
      testApp.app,
      '/user/changePassword',
      { oldPassword: DEFAULT_PASSWORD, newPassword: 'brand new pw', confirmPassword: 'brand new pw' },
      session,
    );
    expect(changed.json().status).toBe(1);
    expect((await call(testApp.app, '/user/getUserinfo', undefined, other)).statusCode).toBe(401);
    expect((await call(testApp.app, '/user/getUserinfo', undefined, session)).statusCode).toBe(200);
    const oldLogin = await call(testApp.app, '/user/login', {
      account: session.account,
      password: DEFAULT_PASSWORD,
    });
    expect(oldLogin.json().code).toBe('WRONG_CREDENTIALS');
    const newLogin = await call(testApp.app, '/user/login', {
      account: session.account,
      password: 'brand new pw',
    });
    expect(newLogin.json().status).toBe(1);
  });
});

describe('user info, notices and config', () => {
  it('shows zero balances per currency for a new user', async () => {
    const session = await signUp(testApp);
    const info = (await call(testApp.app, '/user/getUserinfo', undefined, session)).json().data;
    expect(info.balances).toEqual([
      {
        currency: 'EUR',
        totalAssets: '0.00',
        available: '0.00',
        frozen: '0.00',
        withdrawable: '0.00',
        positionsValue: '0.00',
        marginCash: '0.00',
        owed: '0.00',
        owedMarginLoan: '0.00',
        owedCredit: '0.00',
        profit: '0.00',
      },
      {
        currency: 'USD',
        totalAssets: '0.00',
        available: '0.00',
        frozen: '0.00',
        withdrawable: '0.00',
        positionsValue: '0.00',
        marginCash: '0.00',
        owed: '0.00',
        owedMarginLoan: '0.00',
        owedCredit: '0.00',
        profit: '0.00',
      },
    ]);
    expect(info.identityState).toBe('not_certified');
    expect(info.restrictions).toEqual([]);
  });

  it('serves notices in the asked language with English as fallback', async () => {
    const session = await signUp(testApp);
    const dutch = (await call(testApp.app, '/user/notice', { language: 'nl' }, session)).json().data;
    expect(dutch[0]).toMatchObject({ id: expect.stringMatching(/^\d+$/), title: 'Welkom bij Beurs' });
    const none = (await call(testApp.app, '/user/notice', undefined, session)).json().data;
    expect(none[0].title).toBe('Welcome to Beurs');
  });

  it('says demo mode in the site configuration', async () => {
    const config = (await call(testApp.app, '/common/config', { type: 'all' })).json().data;
    expect(config).toContainEqual({ name: 'mode', value: 'demo' });
  });
});
