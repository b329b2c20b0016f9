// Money never goes through a JavaScript float. Amounts are integers in minor units (bigint) with a
// fixed scale per asset, decimal strings on the wire, converted at the edge only (ADR 0001).
//
// This module is the zod-free half of the money module (`@beurs/contract/decimal`): parsing,
// formatting, rounding, scales and the branded amount types. Clients import it without loading
// zod; `money.ts` adds the wire schemas on top.

export const currencies = ['EUR', 'USD'] as const;
export type Currency = (typeof currencies)[number];

/** Decimal places per kind of quantity. Chosen generously once; changing a scale is a migration. */
export const scales = {
  cash: 2,
  crypto: 8,
  price: 4,
  fxRate: 6,
  shares: 0,
} as const;
export type ScaleKind = keyof typeof scales;

declare const brand: unique symbol;
type Branded<K extends ScaleKind> = bigint & { readonly [brand]: K };
/** Cash in minor units (cents). */
export type CashMinor = Branded<'cash'>;
/** A price in units of 10^-4. */
export type PriceMinor = Branded<'price'>;
/** An FX rate in units of 10^-6. */
export type FxRateMinor = Branded<'fxRate'>;
/** A quantity of shares in whole units (scale 0). */
export type QuantityMinor = Branded<'shares'>;

export const cash = (minor: bigint): CashMinor => minor as CashMinor;
export const price = (minor: bigint): PriceMinor => minor as PriceMinor;
export const fxRate = (minor: bigint): FxRateMinor => minor as FxRateMinor;
export const quantity = (minor: bigint): QuantityMinor => minor as QuantityMinor;

/** The largest magnitude in minor units that a bigint column (PostgreSQL int8) holds. */
export const MAX_MINOR = 2n ** 63n - 1n;

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * Parses a decimal string into minor units at the given scale. Refuses (returns null) anything that
 * is not a plain decimal, or that has more decimals than the scale allows: silently rounding a
 * user's amount would move money they did not ask to move.
 */
export function parseDecimal(text: string, scale: number): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) return null;
  const minor = BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  return sign ? -minor : minor;
}

/** Formats minor units as a plain decimal string with exactly `scale` decimals ("1234.56"). */
export function formatDecimal(minor: bigint, scale: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

export const parseCash = (text: string): CashMinor | null => {
  const minor = parseDecimal(text, scales.cash);
  return minor === null ? null : cash(minor);
};
export const formatCash = (minor: bigint): string => formatDecimal(minor, scales.cash);

/**
 * A cash amount read from an answer, where the contract's output schema guarantees a decimal string
 * with two decimals; anything else is a broken contract and throws rather than becoming zero.
 */
export function cashFromWire(text: string): CashMinor {
  const minor = parseCash(text);
  if (minor === null) throw new RangeError(`not a cash amount: ${JSON.stringify(text)}`);
  return minor;
}

/** Whole digits a person may type into an amount field: up to a trillion, far inside `MAX_MINOR`. */
export const TYPED_WHOLE_DIGITS_MAX = 12;

const TYPED_DECIMAL = new RegExp(`^(\\d{1,${TYPED_WHOLE_DIGITS_MAX}})(?:[.,](\\d*))?$`);

/**
 * Parses an amount a person typed ("100", "100.5", "100,50", "12.") into minor units at `scale`.
 * Either mark separates the decimals; signs, exponents, thousands separators, a missing whole part
 * and more decimals than the scale are refused (null), never rounded.
 */
export function parseTypedDecimal(text: string, scale: number): bigint | null {
  const match = TYPED_DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) return null;
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

/** A typed cash amount (two decimals), or null. */
export const parseTypedCash = (text: string): CashMinor | null => {
  const minor = parseTypedDecimal(text, scales.cash);
  return minor === null ? null : cash(minor);
};

/** Rounding modes, named once. Fees and taxes round half-up unless a rule says otherwise. */
export type Rounding = 'half_up' | 'down' | 'up' | 'half_even';

/** Divides two bigints with the named rounding (signs handled; the divisor must be positive). */
export function divideRounded(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator <= 0n) throw new RangeError('divideRounded needs a positive denominator');
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = magnitude / denominator;
  const remainder = magnitude % denominator;
  let result = quotient;
  if (remainder !== 0n) {
    const twice = remainder * 2n;
    switch (rounding) {
      case 'down':
        break;
      case 'up':
        result += 1n;
        break;
      case 'half_up':
        if (twice >= denominator) result += 1n;
        break;
      case 'half_even':
        if (twice > denominator || (twice === denominator && quotient % 2n === 1n)) result += 1n;
        break;
    }
  }
  return negative ? -result : result;
}

/** Multiplies an amount by a rate held at `rateScale` decimals, rounding to the amount's scale. */
export function applyRate(
  amountMinor: bigint,
  rateMinor: bigint,
  rateScale: number,
  rounding: Rounding,
): bigint {
  return divideRounded(amountMinor * rateMinor, 10n ** BigInt(rateScale), rounding);
}
