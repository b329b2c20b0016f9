import { TRADING_LIMITS } from '@beurs/contract/rules';
import { formatMoney, formatRate } from '@beurs/i18n';
import type { Rule } from 'antd/es/form';
import { useI18n } from '../i18n';

// What the IPO offering and placement create forms share (Offerings.tsx, Placements.tsx): the
// create calls' field formats (packages/contract/src/offerings.ts and placements.ts), checked before
// sending — the server checks again and its refusals are shown with their catalogued message —,
// the form rules built on them, and how a fixed price and a number of shares are shown.

export const PRICE = /^\d{1,18}(\.\d{1,4})?$/;
export const CASH = /^\d{1,18}(\.\d{1,2})?$/;
/** Shares are whole: the server refuses a fraction (QUANTITY_NOT_WHOLE_LOTS). */
export const WHOLE_SHARES = new RegExp(`^\\d{1,${TRADING_LIMITS.quantityWholeDigitsMax}}$`);
export const ABOVE_ZERO = /[1-9]/;

/** A `datetime-local` value (the staff member's own zone) as the instant the server takes. */
export const instantOf = (local: string | undefined): string | null => {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

/** The rules and formats of a fixed-price create form, in the chosen language. */
export function useFixedPriceForm() {
  const { t, texts } = useI18n();
  const required: Rule = { required: true, whitespace: true, message: t('offerings.rules.required') };
  const text = (max: number): Rule[] => [required, { max, message: t('offerings.rules.max', { max }) }];
  /** Whole shares above zero. */
  const shares: Rule[] = [
    required,
    {
      validator: async (_, value?: string) => {
        if (value && !(WHOLE_SHARES.test(value.trim()) && ABOVE_ZERO.test(value))) {
          throw new Error(t('offerings.rules.shares'));
        }
      },
    },
  ];
  /** A whole number of lots (the server's QUANTITY_NOT_WHOLE_LOTS). */
  const wholeLots: Rule = ({ getFieldValue }) => ({
    validator: async (_, value?: string) => {
      const lot = String(getFieldValue('lotSize') ?? '').trim();
      const amount = value?.trim() ?? '';
      if (!WHOLE_SHARES.test(lot) || !ABOVE_ZERO.test(lot) || !WHOLE_SHARES.test(amount)) return;
      if (BigInt(amount) % BigInt(lot) !== 0n) throw new Error(t('offerings.rules.lots', { lot }));
    },
  });
  /** A fixed price with all its decimals (a price has 4; money rounds to 2). */
  const price = (value: string, currency: 'EUR' | 'USD') => {
    const shown = formatRate(value, texts.language);
    return currency === 'EUR' ? `${shown} €` : `$${shown}`;
  };
  const count = (shares: string) => formatMoney(shares, texts.language, 0);
  return { required, text, shares, wholeLots, price, count };
}
