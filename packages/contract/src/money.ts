import { z } from 'zod';
import { currencies, MAX_MINOR, parseDecimal, scales } from './decimal';

// The money module's wire schemas (ADR 0001). Parsing, formatting, rounding, scales and the branded
// amount types live in the zod-free `decimal.ts` (`@beurs/contract/decimal`) and are re-exported
// here, so server code keeps one import.

export * from './decimal';

export const currencySchema = z.enum(currencies);

/**
 * Wire schema: a decimal string with at most `scale` decimals ("1234.56"), transformed to bigint.
 * The value must fit a bigint column in minor units: 18 integer digits at scale 2 would not, and
 * would otherwise reach the database as an out-of-range fault instead of a validation refusal.
 */
export const decimalString = (scale: number) =>
  z
    .string()
    .regex(/^-?\d{1,18}(\.\d+)?$/, 'a decimal number as a string, like "1234.56"')
    .refine((text) => parseDecimal(text, scale) !== null, `at most ${scale} decimals`)
    .transform((text) => parseDecimal(text, scale) as bigint)
    .refine((minor) => minor <= MAX_MINOR && minor >= -MAX_MINOR, 'out of range');

/** Wire schema for a cash amount: a positive decimal string with at most two decimals. */
export const cashAmountInput = decimalString(scales.cash).refine((minor) => minor > 0n, 'must be above 0');

/** Wire schema for answers: amounts go out as decimal strings with exactly the scale's decimals. */
export const cashAmountOutput = z.string().regex(/^-?\d+\.\d{2}$/);
