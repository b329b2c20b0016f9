import { describe, expect, it } from 'vitest';
import { validateChangePassword, validateLogin, validateRegister } from './validation';

describe('login validation', () => {
  it('requires the account and the password', () => {
    expect(validateLogin({ account: '', password: '' })).toEqual({
      account: 'login.accountRequired',
      password: 'login.passwordRequired',
    });
  });
  it('accepts 6 to 15 digits only', () => {
    expect(validateLogin({ account: '12345', password: 'x' }).account).toBe('login.accountDigits');
    expect(validateLogin({ account: '12345a', password: 'x' }).account).toBe('login.accountDigits');
    expect(validateLogin({ account: '1234567890123456', password: 'x' }).account).toBe('login.accountDigits');
    expect(validateLogin({ account: '123456', password: 'x' })).toEqual({});
    expect(validateLogin({ account: ' 32470000001 ', password: 'x' })).toEqual({});
  });
});

describe('registration validation', () => {
  const valid = {
    account: '32470000001',
    password: 'secret1',
    confirmPassword: 'secret1',
    invitationCode: 'ABCD1234',
  };
  it('passes a complete form', () => {
    expect(validateRegister(valid)).toEqual({});
  });
  it('requires every field', () => {
    expect(validateRegister({ account: '', password: '', confirmPassword: '', invitationCode: ' ' })).toEqual(
      {
        account: 'register.accountRequired',
        password: 'register.passwordRequired',
        confirmPassword: 'register.confirmRequired',
        invitationCode: 'register.invitationRequired',
      },
    );
  });
  it('requires the two passwords to match', () => {
    expect(validateRegister({ ...valid, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'register.passwordsMismatch',
    });
  });
  it('requires at least 6 characters', () => {
    expect(validateRegister({ ...valid, password: 'abc', confirmPassword: 'abc' })).toEqual({
      password: 'register.passwordTooShort',
    });
  });
});

describe('login-password change validation', () => {
  it('requires every field and matching new passwords', () => {
    expect(validateChangePassword({ oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: 'loginPass.oldRequired',
      newPassword: 'loginPass.newRequired',
      confirmPassword: 'loginPass.confirmRequired',
    });
    expect(
      validateChangePassword({ oldPassword: 'a', newPassword: 'secret1', confirmPassword: 'secret9' }),
    ).toEqual({
      confirmPassword: 'loginPass.mismatch',
    });
    expect(
      validateChangePassword({ oldPassword: 'a', newPassword: 'secret1', confirmPassword: 'secret1' }),
    ).toEqual({});
  });
});
