import { formatCurrency } from '@beurs/i18n';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { fieldMessageText } from '../../shell/Field';
import { checkAmount, type AmountLimits } from './amount-check';

// Each wrong amount says what is wrong with it, and names the figure when a limit is at stake.

const limits: AmountLimits = { minimum: '10.00', maximum: '5000.00', withdrawable: '750.00' };
const message = (text: string, given: AmountLimits = limits) => {
  const { error } = checkAmount(text, given, (amount) => formatCurrency(amount, 'EUR', 'en'));
  return error === null ? null : fieldMessageText(i18n.t, error);
};

describe('checkAmount', () => {
  it('tells empty, signed, letters, too many decimals, too many digits and zero apart', () => {
    expect(message('')).toBe('Enter an amount.');
    expect(message('  ')).toBe('Enter an amount.');
    expect(message('-5')).toBe('Enter the amount without a sign; it must be above 0.');
    expect(message('abc')).toBe('Enter the amount in figures, such as 150 or 150.50.');
    expect(message('1e3')).toBe('Enter the amount in figures, such as 150 or 150.50.');
    expect(message('12.345')).toBe('Use at most 2 decimals (cents).');
    expect(message('1234567890123')).toBe('The amount has too many digits.');
    expect(message('0')).toBe('The amount must be above 0.');
    expect(message('0,00')).toBe('The amount must be above 0.');
  });

  it('names the minimum, the maximum and what can be withdrawn', () => {
    expect(message('9,99')).toBe('The minimum is 10.00 €.');
    expect(message('5000.01', { minimum: '10.00', maximum: '5000.00' })).toBe('The maximum is 5,000.00 €.');
    expect(message('750.01')).toBe('You can withdraw at most 750.00 € (your free funds).');
  });

  it('gives the amount in minor units when it is right; limits left out are not checked', () => {
    expect(checkAmount('150,5', limits, String)).toEqual({ amount: 15_050n, error: null });
    expect(checkAmount('750', limits, String)).toEqual({ amount: 75_000n, error: null });
    expect(checkAmount('99999', { maximum: null }, String)).toEqual({ amount: 9_999_900n, error: null });
  });
});
