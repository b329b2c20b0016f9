import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, DEFAULT_PASSWORD, signUp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin } from '../staff-auth/admin-test-support';
import { verifyIdentity } from '../uploads/upload-test-support';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

describe('fund password', () => {
  it('is six digits, set once, changed only with the old one', async () => {
    const user = await signUp(testApp);
    expect((await call(testApp.app, '/information/fundPass', {}, user)).json().data).toEqual({
      isSet: false,
      lockedUntil: null,
    });
    const short = await call(
      testApp.app,
      '/information/fundPass/set',
      { password: '12345', confirmPassword: '12345' },
      user,
    );
    expect(short.json().code).toBe('VALIDATION_FAILED');
    const mismatch = await call(
      testApp.app,
      '/information/fundPass/set',
      { password: '123456', confirmPassword: '123457' },
      user,
    );
    expect(mismatch.json().code).toBe('PASSWORDS_DO_NOT_MATCH');
    const set = await call(
      testApp.app,
      '/information/fundPass/set',
      { password: '123456', confirmPassword: '123456' },
      user,
    );
    expect(set.json().data.isSet).toBe(true);
    const twice = await call(
      testApp.app,
      '/information/fundPass/set',
      { password: '654321', confirmPassword: '654321' },
      user,
    );
    expect(twice.json().code).toBe('FUND_PASSWORD_ALREADY_SET');

    const wrongOld = await call(
      testApp.app,
      '/information/fundPass/change',
      { oldPassword: '000000', newPassword: '654321', confirmPassword: '654321' },
      user,
    );
    expect(wrongOld.json()).toMatchObject({ code: 'WRONG_FUND_PASSWORD', params: { attemptsLeft: 4 } });
    const changed = await call(
      testApp.app,
      '/information/fundPass/change',
      { oldPassword: '123456', newPassword: '654321', confirmPassword: '654321' },
      user,
    );
    expect(changed.json().status).toBe(1);
    const oldNoLonger = await call(
      testApp.app,
      '/information/fundPass/change',
      { oldPassword: '123456', newPassword: '111111', confirmPassword: '111111' },
      user,
    );
    expect(oldNoLonger.json().code).toBe('WRONG_FUND_PASSWORD');
  });

  it('locks for 15 minutes after five wrong entries, then opens again', async () => {
    const user = await signUp(testApp);
    await call(
      testApp.app,
      '/information/fundPass/set',
      { password: '246810', confirmPassword: '246810' },
      user,
    );
    const change = (oldPassword: string) =>
      call(
        testApp.app,
        '/information/fundPass/change',
        { oldPassword, newPassword: '135790', confirmPassword: '135790' },
        user,
      );
    const codes: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) codes.push((await change('999999')).json().code);
    expect(codes).toEqual([
      'WRONG_FUND_PASSWORD',
      'WRONG_FUND_PASSWORD',
      'WRONG_FUND_PASSWORD',
      'WRONG_FUND_PASSWORD',
      'FUND_PASSWORD_LOCKED',
    ]);
    const locked = await change('246810');
    expect(locked.json()).toMatchObject({
      code: 'FUND_PASSWORD_LOCKED',
      params: { until: '2026-03-02T10:15:00.000Z' },
    });
    expect((await call(testApp.app, '/information/fundPass', {}, user)).json().data.lockedUntil).toBe(
      '2026-03-02T10:15:00.000Z',
    );
    testApp.clock.advance(15 * 60_000);
    try {
      expect((await change('246810')).json().status).toBe(1);
    } finally {
      testApp.clock.advance(-15 * 60_000);
    }
  });

  it('is reset with the login password, only once identity is verified', async () => {
    const user = await signUp(testApp);
    const reset = (loginPassword: string) =>
      call(
        testApp.app,
        '/information/fundPass/reset',
        { loginPassword, newPassword: '112233', confirmPassword: '112233' },
        user,
      );
    expect((await reset(DEFAULT_PASSWORD)).json().code).toBe('IDENTITY_REQUIRED');
    await verifyIdentity(testApp, user, await adminLogin(testApp));
    expect((await reset('not my password')).json().code).toBe('WRONG_ORIGINAL_PASSWORD');
    expect((await reset(DEFAULT_PASSWORD)).json().data).toEqual({ isSet: true, lockedUntil: null });
    const change = await call(
      testApp.app,
      '/information/fundPass/change',
      { oldPassword: '112233', newPassword: '445566', confirmPassword: '445566' },
      user,
    );
    expect(change.json().status).toBe(1);
  });
});
