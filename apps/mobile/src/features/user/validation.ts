// Form validation before any call (spec section 5): every field of registration must be filled and
// the two passwords must match; the same match rule applies to the login-password change. Results
// are message keys for t(); an empty object means the form may be sent.

import { ACCOUNT_PATTERN, PASSWORD_LENGTH, TWO_FACTOR_CODE_PATTERN } from '@beurs/contract/rules';

export type Errors<F extends string> = Partial<Record<F, string>>;

export type LoginForm = { account: string; password: string };
export function validateLogin(form: LoginForm): Errors<keyof LoginForm> {
  const errors: Errors<keyof LoginForm> = {};
  if (!form.account.trim()) errors.account = 'login.accountRequired';
  else if (!ACCOUNT_PATTERN.test(form.account.trim())) errors.account = 'login.accountDigits';
  if (!form.password) errors.password = 'login.passwordRequired';
  return errors;
}

export type RegisterForm = {
  account: string;
  password: string;
  confirmPassword: string;
  invitationCode: string;
};
export function validateRegister(form: RegisterForm): Errors<keyof RegisterForm> {
  const errors: Errors<keyof RegisterForm> = {};
  if (!form.account.trim()) errors.account = 'register.accountRequired';
  else if (!ACCOUNT_PATTERN.test(form.account.trim())) errors.account = 'register.accountDigits';
  if (!form.password) errors.password = 'register.passwordRequired';
  else if (form.password.length < PASSWORD_LENGTH.min) errors.password = 'register.passwordTooShort';
  if (!form.confirmPassword) errors.confirmPassword = 'register.confirmRequired';
  else if (form.password && form.confirmPassword !== form.password)
    errors.confirmPassword = 'register.passwordsMismatch';
  if (!form.invitationCode.trim()) errors.invitationCode = 'register.invitationRequired';
  return errors;
}

export type ChangePasswordForm = { oldPassword: string; newPassword: string; confirmPassword: string };
export function validateChangePassword(form: ChangePasswordForm): Errors<keyof ChangePasswordForm> {
  const errors: Errors<keyof ChangePasswordForm> = {};
  if (!form.oldPassword) errors.oldPassword = 'loginPass.oldRequired';
  if (!form.newPassword) errors.newPassword = 'loginPass.newRequired';
  else if (form.newPassword.length < PASSWORD_LENGTH.min) errors.newPassword = 'loginPass.newTooShort';
  if (!form.confirmPassword) errors.confirmPassword = 'loginPass.confirmRequired';
  else if (form.newPassword && form.confirmPassword !== form.newPassword)
    errors.confirmPassword = 'loginPass.mismatch';
  return errors;
}

/** A two-factor code as the server takes it: six digits or a recovery code (spaces left out). */
export const normaliseTwoFactorCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();

/** The message key for a two-factor code that cannot be right, or undefined. */
export function validateTwoFactorCode(code: string): string | undefined {
  const normalised = normaliseTwoFactorCode(code);
  if (!normalised) return 'twoFactor.codeRequired';
  if (!TWO_FACTOR_CODE_PATTERN.test(normalised)) return 'twoFactor.codeFormat';
  return undefined;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;
