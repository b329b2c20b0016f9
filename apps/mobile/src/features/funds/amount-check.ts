import {
  cashFromWire,
  parseTypedCash,
  TYPED_WHOLE_DIGITS_MAX,
  type CashMinor,
} from '@beurs/contract/decimal';
import type { FieldMessage } from '../../shell/Field';

/** The figures a typed amount is checked against; each optional. Wire decimals ("10.00"). */
export type AmountLimits = {
  minimum?: string;
  maximum?: string | null;
  /** What the user can withdraw (free funds). */
  withdrawable?: string;
};

/**
 * A typed amount ("150", "150,50") checked before any call, or the message that says what is wrong
 * with it and, where a figure is at stake, which figure: empty, a sign, letters, too many decimals,
 * zero, below the minimum, above the maximum or above what can be withdrawn. `money` formats a
 * limit in the form's currency and language.
 */
export function checkAmount(
  text: string,
  limits: AmountLimits,
  money: (amount: string) => string,
): { amount: CashMinor; error: null } | { amount: null; error: FieldMessage } {
  const failed = (error: FieldMessage) => ({ amount: null, error }) as const;
  const typed = text.trim();
  if (typed === '') return failed('amount.required');
  const amount = parseTypedCash(typed);
  if (amount === null) {
    if (/^[-−]/.test(typed)) return failed('amount.negative');
    if (/^\d+[.,]\d{3,}$/.test(typed)) return failed('amount.decimals');
    if (
      /^\d+$/.test(typed.replace(/[.,]/, '')) &&
      typed.replace(/[.,].*$/, '').length > TYPED_WHOLE_DIGITS_MAX
    )
      return failed('amount.tooLarge');
    return failed('amount.notNumber');
  }
  if (amount === 0n) return failed('amount.zero');
  if (limits.minimum !== undefined && amount < cashFromWire(limits.minimum))
    return failed({ key: 'amount.belowMinimum', values: { minimum: money(limits.minimum) } });
  if (limits.maximum != null && amount > cashFromWire(limits.maximum))
    return failed({ key: 'amount.aboveMaximum', values: { maximum: money(limits.maximum) } });
  if (limits.withdrawable !== undefined && amount > cashFromWire(limits.withdrawable))
    return failed({ key: 'amount.aboveWithdrawable', values: { withdrawable: money(limits.withdrawable) } });
  return { amount, error: null };
}
