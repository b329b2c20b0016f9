import { applyRate, divideRounded, scales, type Currency, type TobClass } from '@beurs/contract';

// The cost of a trade, in integers only (DESIGN.md §1 rule 14: every cost before the click).
//
//   gross  = quantity × price                      (trade currency, cents, half-up)
//   fee    = max(gross × fee rate, fee minimum)    (half-up)
//   TOB    = min(gross × TOB rate, cap)            (half-up; the cap is in EUR, converted to the
//                                                   trade currency at the EUR/USD mid rate, half-up)
//   total  = gross + fee + TOB (buy) | gross − fee − TOB (sell), in the trade currency
//   FX     = when the paying account's currency differs: the total converted with the disclosed
//            spread, rounded against nobody's surprise — a buy pays the converted amount rounded
//            up (the trade currency must be covered in full), a sale receives it rounded down.
//
// Rates are basis points (1/10,000), so a rate is applied at scale 4. Quantities are minor units at
// the instrument's quantity scale (0 for shares, 8 for crypto); prices at the price scale (4).

const RATE_ONE = 10n ** BigInt(scales.fxRate);
const BASIS_POINTS = 10_000n;
const BASIS_POINT_SCALE = 4;

export type EurUsdRate = {
  /** USD per EUR, scale 6 (the market mid). */
  readonly rateMinor: bigint;
  readonly source: string;
  readonly timestamp: Date;
};

export type TradeCostInput = {
  readonly side: 'buy' | 'sell';
  readonly quantityMinor: bigint;
  readonly quantityScale: number;
  readonly priceMinor: bigint;
  readonly tradeCurrency: Currency;
  readonly payCurrency: Currency;
  readonly fee: { readonly basisPoints: number; readonly minimumMinor: bigint };
  readonly tob: { readonly class: TobClass; readonly basisPoints: number; readonly capEurMinor: bigint };
  /** Needed when the trade is in USD (the TOB cap) or paid from another currency; else may be null. */
  readonly eurUsd: EurUsdRate | null;
  readonly fxSpreadBasisPoints: number;
};

export type FxConversion = {
  readonly from: Currency;
  readonly to: Currency;
  readonly marketRateMinor: bigint;
  readonly spreadBasisPoints: number;
  /** Units of `to` per unit of `from` after the spread, scale 6. */
  readonly appliedRateMinor: bigint;
  /** Taken from `from` … */
  readonly amountMinor: bigint;
  /** … becoming this in `to`. */
  readonly convertedMinor: bigint;
  readonly source: string;
  readonly timestamp: Date;
};

export type TradeCosts = {
  readonly grossMinor: bigint;
  readonly fee: {
    readonly basisPoints: number;
    readonly minimumMinor: bigint;
    readonly amountMinor: bigint;
    readonly isMinimum: boolean;
  };
  readonly tob: {
    readonly class: TobClass;
    readonly basisPoints: number;
    readonly baseMinor: bigint;
    readonly amountMinor: bigint;
    readonly capMinor: bigint;
    readonly capEurMinor: bigint;
    readonly isCapped: boolean;
  };
  /** Signed by nothing: what a buy costs or a sale brings, in the trade currency (negative when a sale's costs exceed it). */
  readonly totalTradeMinor: bigint;
  readonly fx: FxConversion | null;
  /** What the paying account pays (buy) or receives (sell). */
  readonly totalPayMinor: bigint;
};

/** quantity × price in cents, half-up (a named rule). */
export function grossValueMinor(quantityMinor: bigint, quantityScale: number, priceMinor: bigint): bigint {
  const shift = quantityScale + scales.price - scales.cash;
  return divideRounded(quantityMinor * priceMinor, 10n ** BigInt(shift), 'half_up');
}

/** An amount in EUR cents in the trade currency at the mid rate, half-up (TOB caps). */
export function eurInCurrency(eurMinor: bigint, currency: Currency, eurUsd: EurUsdRate | null): bigint {
  if (currency === 'EUR') return eurMinor;
  if (!eurUsd) throw new RangeError('a EUR/USD rate is needed to convert to USD');
  return applyRate(eurMinor, eurUsd.rateMinor, scales.fxRate, 'half_up');
}

/** Units of `to` per unit of `from` after the spread, rounded down (as the exchange screen does). */
export function appliedFxRate(from: Currency, to: Currency, eurUsdMinor: bigint, spreadBasisPoints: number) {
  if (eurUsdMinor <= 0n) throw new RangeError('appliedFxRate needs a positive EUR/USD rate');
  if (from === to) throw new RangeError('appliedFxRate needs two currencies');
  const keep = BASIS_POINTS - BigInt(spreadBasisPoints);
  return from === 'EUR'
    ? divideRounded(eurUsdMinor * keep, BASIS_POINTS, 'down')
    : divideRounded(RATE_ONE * RATE_ONE * keep, eurUsdMinor * BASIS_POINTS, 'down');
}

export function computeTradeCosts(input: TradeCostInput): TradeCosts {
  if (input.quantityMinor <= 0n) throw new RangeError('computeTradeCosts needs a positive quantity');
  if (input.priceMinor <= 0n) throw new RangeError('computeTradeCosts needs a positive price');
  const grossMinor = grossValueMinor(input.quantityMinor, input.quantityScale, input.priceMinor);

  const feeByRate = applyRate(grossMinor, BigInt(input.fee.basisPoints), BASIS_POINT_SCALE, 'half_up');
  const isMinimum = feeByRate < input.fee.minimumMinor;
  const feeMinor = isMinimum ? input.fee.minimumMinor : feeByRate;

  const tobByRate = applyRate(grossMinor, BigInt(input.tob.basisPoints), BASIS_POINT_SCALE, 'half_up');
  const capMinor =
    input.tob.class === 'none' ? 0n : eurInCurrency(input.tob.capEurMinor, input.tradeCurrency, input.eurUsd);
  const isCapped = input.tob.class !== 'none' && tobByRate > capMinor;
  const tobMinor = input.tob.class === 'none' ? 0n : isCapped ? capMinor : tobByRate;

  const totalTradeMinor =
    input.side === 'buy' ? grossMinor + feeMinor + tobMinor : grossMinor - feeMinor - tobMinor;
  const fx = input.payCurrency === input.tradeCurrency ? null : convert(input, totalTradeMinor);
  return {
    grossMinor,
    fee: {
      basisPoints: input.fee.basisPoints,
      minimumMinor: input.fee.minimumMinor,
      amountMinor: feeMinor,
      isMinimum,
    },
    tob: {
      class: input.tob.class,
      basisPoints: input.tob.class === 'none' ? 0 : input.tob.basisPoints,
      baseMinor: grossMinor,
      amountMinor: tobMinor,
      capMinor,
      capEurMinor: input.tob.class === 'none' ? 0n : input.tob.capEurMinor,
      isCapped,
    },
    totalTradeMinor,
    fx,
    totalPayMinor: fx ? (input.side === 'buy' ? fx.amountMinor : fx.convertedMinor) : totalTradeMinor,
  };
}

function convert(input: TradeCostInput, totalTradeMinor: bigint): FxConversion {
  if (!input.eurUsd) throw new RangeError('a EUR/USD rate is needed to pay from another currency');
  const { rateMinor, source, timestamp } = input.eurUsd;
  if (input.side === 'buy') {
    // The pay currency is sold for the trade currency: enough of it to cover the total in full.
    const appliedRateMinor = appliedFxRate(
      input.payCurrency,
      input.tradeCurrency,
      rateMinor,
      input.fxSpreadBasisPoints,
    );
    const amountMinor =
      totalTradeMinor <= 0n ? 0n : divideRounded(totalTradeMinor * RATE_ONE, appliedRateMinor, 'up');
    return {
      from: input.payCurrency,
      to: input.tradeCurrency,
      marketRateMinor: rateMinor,
      spreadBasisPoints: input.fxSpreadBasisPoints,
      appliedRateMinor,
      amountMinor,
      convertedMinor: totalTradeMinor,
      source,
      timestamp,
    };
  }
  // A sale's proceeds in the trade currency are sold for the pay currency, rounded down.
  const appliedRateMinor = appliedFxRate(
    input.tradeCurrency,
    input.payCurrency,
    rateMinor,
    input.fxSpreadBasisPoints,
  );
  const proceeds = totalTradeMinor > 0n ? totalTradeMinor : 0n;
  return {
    from: input.tradeCurrency,
    to: input.payCurrency,
    marketRateMinor: rateMinor,
    spreadBasisPoints: input.fxSpreadBasisPoints,
    appliedRateMinor,
    amountMinor: proceeds,
    convertedMinor: divideRounded(proceeds * appliedRateMinor, RATE_ONE, 'down'),
    source,
    timestamp,
  };
}

/**
 * "Buy for 500 EUR": the largest whole number of quantity steps (a lot of shares, or 10^-8 of a
 * crypto unit) whose total, costs included, fits in the amount — rounded down, never up. Null when
 * not even one step fits (the caller refuses BELOW_PRODUCT_MINIMUM with the cost of one step).
 */
export function quantityForAmount(
  input: Omit<TradeCostInput, 'quantityMinor' | 'side'>,
  amountPayMinor: bigint,
  stepMinor: bigint,
): { quantityMinor: bigint; costs: TradeCosts } | null {
  const costsOf = (steps: bigint) =>
    computeTradeCosts({ ...input, side: 'buy', quantityMinor: steps * stepMinor });
  if (costsOf(1n).totalPayMinor > amountPayMinor) return null;
  // The amount in the trade currency without any cost is an upper bound on what it can buy.
  const amountTradeMinor =
    input.payCurrency === input.tradeCurrency || !input.eurUsd
      ? amountPayMinor
      : divideRounded(
          amountPayMinor * appliedFxRate(input.payCurrency, input.tradeCurrency, input.eurUsd.rateMinor, 0),
          RATE_ONE,
          'up',
        );
  const shift = 10n ** BigInt(input.quantityScale + scales.price - scales.cash);
  let low = 1n;
  let high = (amountTradeMinor * shift) / (input.priceMinor * stepMinor) + 1n;
  while (low < high) {
    const middle = (low + high + 1n) / 2n;
    if (costsOf(middle).totalPayMinor <= amountPayMinor) low = middle;
    else high = middle - 1n;
  }
  return { quantityMinor: low * stepMinor, costs: costsOf(low) };
}
