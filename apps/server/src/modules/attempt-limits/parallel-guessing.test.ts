import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  DEFAULT_PASSWORD,
  signUp,
  uniqueAccount,
  type TestApp,
} from '../../../test/helpers/build-app';
import { isPostgres } from '../../../test/helpers/test-database';
import { and, eq } from 'drizzle-orm';
import { users } from '../users/users.tables';
import { attemptCounters } from './attempt-limits.tables';
import { adminLogin, callAdmin } from '../staff-auth/admin-test-support';
import { verifyIdentity } from '../uploads/upload-test-support';

// Issue 12, item 5: lockouts that hold under parallel guessing. Each "seen" of the issue as a
// burst of requests in flight at once (on PostgreSQL under test:pg, where they truly run in
// parallel): the right secret inside a burst of wrong ones must not get through, guesses through
// changePassword and fundPass/reset count toward the login lock, and after five failures an
// unknown account answers exactly like an existing one.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

async function userIdOf(user: { account: string }): Promise<string> {
  const rows = await testApp.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.account, user.account));
  return String(rows[0]?.id);
}

const codeOf = (response: { json(): { status: number; code?: string } }) => {
  const body = response.json();
  return body.status === 1 ? 'ok' : body.code;
};

/** The attempts counted for a subject now (failed, or being checked). */
async function countedAttempts(key: { scope: 'login' | 'staff_login' | 'fund_password'; subject: string }) {
  const rows = await testApp.database.db
    .select({ attemptCount: attemptCounters.attemptCount })
    .from(attemptCounters)
    .where(and(eq(attemptCounters.scope, key.scope), eq(attemptCounters.subject, key.subject)));
  return rows[0]?.attemptCount ?? 0;
}

/**
 * `wrongCount` wrong attempts at once and, once five of them are counted (failed or still being
 * checked), the right one while the rest are still in flight — the burst the issue describes.
 */
async function burst<T>(
  wrongCount: number,
  wrong: () => Promise<T>,
  right: () => Promise<T>,
  key: Parameters<typeof countedAttempts>[0],
) {
  const wrongs = Array.from({ length: wrongCount }, () => wrong());
  for (let waited = 0; (await countedAttempts(key)) < 5; waited += 1) {
    if (waited > 1_000) throw new Error('the wrong attempts were never counted');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return Promise.all([...wrongs, right()]);
}

describe(`parallel guessing (${isPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('19 wrong login passwords and the right one in parallel: no token', async () => {
    const user = await signUp(testApp);
    const login = (password: string) => () =>
      call(testApp.app, '/user/login', { account: user.account, password });
    const answers = await burst(19, login('wrong password'), login(DEFAULT_PASSWORD), {
      scope: 'login',
      subject: user.account,
    });
    const codes = answers.map(codeOf);
    expect(codes).not.toContain('ok');
    expect(codes.filter((code) => code === 'WRONG_CREDENTIALS').length).toBeLessThanOrEqual(4);
    expect(codeOf(await login(DEFAULT_PASSWORD)())).toBe('LOGIN_LOCKED');
    testApp.clock.advance(15 * 60_000);
    expect(codeOf(await login(DEFAULT_PASSWORD)())).toBe('ok');
  });

  it('twenty parallel sign-ins with the right password all get in, five checked at a time', async () => {
    const user = await signUp(testApp);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(testApp.app, '/user/login', { account: user.account, password: DEFAULT_PASSWORD }),
      ),
    );
    expect(answers.map(codeOf)).toEqual(Array.from({ length: 20 }, () => 'ok'));
  });

  it('40 wrong fund passwords and the right one in parallel: refused, and locked', async () => {
    const admin = await adminLogin(testApp);
    const user = await signUp(testApp);
    await verifyIdentity(testApp, user, admin);
    const set = await call(
      testApp.app,
      '/information/fundPass/set',
      { password: '246810', confirmPassword: '246810' },
      user,
    );
    expect(set.json().status).toBe(1);
    const change = (oldPassword: string) => () =>
      call(
        testApp.app,
        '/information/fundPass/change',
        { oldPassword, newPassword: '135790', confirmPassword: '135790' },
        user,
      );
    const codes = (
      await burst(40, change('000000'), change('246810'), {
        scope: 'fund_password',
        subject: await userIdOf(user),
      })
    ).map(codeOf);
    expect(codes).not.toContain('ok');
    expect(codes.filter((code) => code === 'WRONG_FUND_PASSWORD').length).toBeLessThanOrEqual(4);
    expect(codeOf(await change('246810')())).toBe('FUND_PASSWORD_LOCKED');
    const status = (await call(testApp.app, '/information/fundPass', {}, user)).json().data;
    expect(status.lockedUntil).toBe(new Date(testApp.clock.now().getTime() + 15 * 60_000).toISOString());
  });

  it('guessing through changePassword counts toward the login lock', async () => {
    const user = await signUp(testApp);
    const other = await signUp(testApp);
    const changes = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(
          testApp.app,
          '/user/changePassword',
          { oldPassword: 'guess', newPassword: 'new password 1', confirmPassword: 'new password 1' },
          user,
        ),
      ),
    );
    const codes = changes.map(codeOf);
    expect(codes.filter((code) => code === 'WRONG_ORIGINAL_PASSWORD').length).toBeLessThanOrEqual(4);
    expect(codes).toContain('LOGIN_LOCKED');
    // The account is now locked for signing in too, even with the right password; others are not.
    const signIn = await call(testApp.app, '/user/login', {
      account: user.account,
      password: DEFAULT_PASSWORD,
    });
    expect(codeOf(signIn)).toBe('LOGIN_LOCKED');
    const right = await call(
      testApp.app,
      '/user/changePassword',
      { oldPassword: DEFAULT_PASSWORD, newPassword: 'new password 1', confirmPassword: 'new password 1' },
      user,
    );
    expect(codeOf(right)).toBe('LOGIN_LOCKED');
    expect(
      codeOf(await call(testApp.app, '/user/login', { account: other.account, password: DEFAULT_PASSWORD })),
    ).toBe('ok');
  });

  it('guessing the login password through fundPass/reset counts toward the login lock', async () => {
    const admin = await adminLogin(testApp);
    const user = await signUp(testApp);
    await verifyIdentity(testApp, user, admin);
    const reset = (loginPassword: string) => () =>
      call(
        testApp.app,
        '/information/fundPass/reset',
        { loginPassword, newPassword: '112233', confirmPassword: '112233' },
        user,
      );
    const codes = (
      await burst(9, reset('guess'), reset(DEFAULT_PASSWORD), { scope: 'login', subject: user.account })
    ).map(codeOf);
    expect(codes).not.toContain('ok');
    expect(codes).toContain('LOGIN_LOCKED');
    const signIn = await call(testApp.app, '/user/login', {
      account: user.account,
      password: DEFAULT_PASSWORD,
    });
    expect(codeOf(signIn)).toBe('LOGIN_LOCKED');
  });

  it('after five failures an unknown account answers exactly like an existing one', async () => {
    const existing = await signUp(testApp);
    const unknown = uniqueAccount();
    const answersFor = async (account: string) => {
      const answers = [];
      for (let attempt = 0; attempt < 7; attempt += 1) {
        const { requestId: _requestId, ...rest } = (
          await call(testApp.app, '/user/login', { account, password: `wrong ${attempt}` })
        ).json();
        answers.push(rest);
      }
      return answers;
    };
    const forExisting = await answersFor(existing.account);
    const forUnknown = await answersFor(unknown);
    expect(forUnknown).toEqual(forExisting);
    expect(forUnknown.map((answer) => answer.code)).toEqual([
      'WRONG_CREDENTIALS',
      'WRONG_CREDENTIALS',
      'WRONG_CREDENTIALS',
      'WRONG_CREDENTIALS',
      'LOGIN_LOCKED',
      'LOGIN_LOCKED',
      'LOGIN_LOCKED',
    ]);
  });

  it('a parallel burst on a staff account gets no staff token', async () => {
    const admin = await adminLogin(testApp);
    const password = 'staff-password-long-enough';
    await callAdmin(
      testApp,
      '/staff/create',
      { username: 'burstee', password, role: 'finance', reason: 'parallel guessing test' },
      admin,
    );
    const login = (guess: string) => () =>
      callAdmin(testApp, '/auth/login', { username: 'burstee', password: guess });
    const codes = (
      await burst(19, login('wrong-password'), login(password), { scope: 'staff_login', subject: 'burstee' })
    ).map(codeOf);
    expect(codes).not.toContain('ok');
    const audit = await callAdmin(testApp, '/audit/list', { targetType: 'staff', pageSize: 100 }, admin);
    const locks = (audit.json().data.items as Array<{ action: string }>).filter(
      (entry) => entry.action === 'staff.login_locked',
    );
    expect(locks).toHaveLength(1);
  });
});

describe('rate limits per account on password checks', () => {
  it('limits changePassword per account even when the guesses come from many addresses', async () => {
    const limited = await buildTestApp({
      config: { rateLimits: { login: 1_000, register: 1_000, account: 3 } },
    });
    try {
      const user = await signUp(limited);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/vue/user/changePassword',
          remoteAddress: `198.51.100.${attempt + 1}`,
          headers: { token: user.token, account: user.account },
          payload: { oldPassword: 'guess', newPassword: 'new password 1', confirmPassword: 'new password 1' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const login = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/vue/user/login',
          remoteAddress,
          payload: { account: user.account, password: 'guess' },
        });
      const loginStatuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        loginStatuses.push((await login(`203.0.113.${attempt + 1}`)).statusCode);
      }
      // signUp's own sign-in was the first of the three.
      expect(loginStatuses).toEqual([200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
