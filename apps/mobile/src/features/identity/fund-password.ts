import { FUND_PASSWORD_PATTERN } from '@beurs/contract/rules';
import type { FundPasswordAction } from './mutations';

// The fund password form's checks before any call: six digits, confirmed, and the old or the login
// password present for change or reset. Values are message keys.

export type FundPasswordForm = {
  oldPassword: string;
  loginPassword: string;
  newPassword: string;
  confirmPassword: string;
};

export type FundPasswordErrors = Partial<Record<keyof FundPasswordForm, string>>;

export const isSixDigits = (value: string) => FUND_PASSWORD_PATTERN.test(value);

export function validateFundPassword(action: FundPasswordAction, form: FundPasswordForm): FundPasswordErrors {
  const errors: FundPasswordErrors = {};
  if (action === 'change' && form.oldPassword === '') errors.oldPassword = 'fundPass.oldRequired';
  if (action === 'reset' && form.loginPassword === '') errors.loginPassword = 'fundPass.loginRequired';
  if (!isSixDigits(form.newPassword)) errors.newPassword = 'fundPass.sixDigits';
  if (form.confirmPassword !== form.newPassword) errors.confirmPassword = 'fundPass.mismatch';
  return errors;
}

/** The lock in force at `now`, or null: FUND_PASSWORD_LOCKED refuses fund operations until then. */
export function activeLock(lockedUntil: string | null, now: number): string | null {
  return lockedUntil !== null && Date.parse(lockedUntil) > now ? lockedUntil : null;
}
