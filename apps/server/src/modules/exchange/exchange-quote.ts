import { divideRounded, scales, type Currency } from '@beurs/contract';

// The exchange arithmetic, in integers only. The market gives EUR/USD (USD per EUR, 6 decimals).
// The spread is taken from the rate the user gets, in basis points, disclosed before confirming:
//   EUR → USD: applied = mid × (1 − spread)
//   USD → EUR: applied = (1 / mid) × (1 − spread)
// Both the applied rate and the amount received round down (a named rule: the user is quoted
// exactly what will arrive, never a fraction of a cent more than the ledger can post).

const RATE_ONE = 10n ** BigInt(scales.fxRate);
const BASIS_POINTS = 10_000n;

export type ExchangeQuote = {
  from: Currency;
  to: Currency;
  amountMinor: bigint;
  marketRateMinor: bigint;
  appliedRateMinor: bigint;
  receivedMinor: bigint;
  spreadBasisPoints: number;
};

export function quoteExchange(input: {
  from: Currency;
  to: Currency;
  amountMinor: bigint;
  /** USD per EUR at 6 decimals. */
  eurUsdMinor: bigint;
  spreadBasisPoints: number;
}): ExchangeQuote {
  if (input.eurUsdMinor <= 0n) throw new RangeError('quoteExchange needs a positive EUR/USD rate');
  const keep = BASIS_POINTS - BigInt(input.spreadBasisPoints);
  const appliedRateMinor =
    input.from === 'EUR'
      ? divideRounded(input.eurUsdMinor * keep, BASIS_POINTS, 'down')
      : divideRounded(RATE_ONE * RATE_ONE * keep, input.eurUsdMinor * BASIS_POINTS, 'down');
  const receivedMinor = divideRounded(input.amountMinor * appliedRateMinor, RATE_ONE, 'down');
  return {
    from: input.from,
    to: input.to,
    amountMinor: input.amountMinor,
    marketRateMinor: input.eurUsdMinor,
    appliedRateMinor,
    receivedMinor,
    spreadBasisPoints: input.spreadBasisPoints,
  };
}
