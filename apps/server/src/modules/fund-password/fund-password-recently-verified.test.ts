import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';

// A fund password that passed argon2 is recognised for a while by a keyed digest (orders ask for
// it every time). That must change nothing the user or an attacker can see: a wrong password is
// still wrong and counted, a lock still refuses the right one, a changed password ends the old one.

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

async function userWithFundPassword(password: string) {
  const user = await signUp(testApp);
  const set = await call(
    testApp.app,
    '/information/fundPass/set',
    { password, confirmPassword: password },
    user,
  );
  expect(set.json().status).toBe(1);
  const rows = await testApp.database.db.execute(sql`select id from users where account = ${user.account}`);
  const id = (rows as unknown as { rows: Array<{ id: string | number | bigint }> }).rows[0]?.id;
  return { ...user, userId: BigInt(id ?? 0) };
}

const outcome = (promise: Promise<void>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string }) => error.code ?? 'error',
  );

describe('a recently verified fund password', () => {
  it('passes again, while a wrong one is still refused and counted, and a lock refuses the right one', async () => {
    const { fundPassword } = testApp.app.services;
    const user = await userWithFundPassword('123456');
    expect(await outcome(fundPassword.verify(user.userId, '123456'))).toBe('ok');
    expect(await outcome(fundPassword.verify(user.userId, '123456'))).toBe('ok');
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect(await outcome(fundPassword.verify(user.userId, '000000'))).toBe('WRONG_FUND_PASSWORD');
    }
    expect(await outcome(fundPassword.verify(user.userId, '123456'))).toBe('ok');
    // The right password after failures went through the attempt count and restarted it.
    const wrong = await fundPassword.verify(user.userId, '000000').catch((error: unknown) => error);
    expect(wrong).toMatchObject({ code: 'WRONG_FUND_PASSWORD', params: { attemptsLeft: 4 } });
    for (let attempt = 0; attempt < 5; attempt += 1)
      await outcome(fundPassword.verify(user.userId, '111111'));
    expect(await outcome(fundPassword.verify(user.userId, '123456'))).toBe('FUND_PASSWORD_LOCKED');
  });

  it('ends when the password is changed', async () => {
    const { fundPassword } = testApp.app.services;
    const user = await userWithFundPassword('123456');
    expect(await outcome(fundPassword.verify(user.userId, '123456'))).toBe('ok');
    const changed = await call(
      testApp.app,
      '/information/fundPass/change',
      { oldPassword: '123456', newPassword: '654321', confirmPassword: '654321' },
      user,
    );
    expect(changed.json().status).toBe(1);
    expect(await outcome(fundPassword.verify(user.userId, '123456'))).toBe('WRONG_FUND_PASSWORD');
    expect(await outcome(fundPassword.verify(user.userId, '654321'))).toBe('ok');
  });
});
