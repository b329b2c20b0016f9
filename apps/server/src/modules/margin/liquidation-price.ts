import { divideRounded, scales } from '@beurs/contract';

// The liquidation price of one holding (issue 16 item 4, docs/margin-account.md "Liquidation
// price"): the last price of that instrument at which the account's margin level (equity /
// maintenance requirement) would reach the published liquidation level, every other price and the
// rate held constant. With E and M the equity and maintenance requirement now (EUR cents), L the
// liquidation level and m the instrument's maintenance margin (basis points; a holding that is not
// marginable counts in full, m = 10,000), a change ΔV of the holding's value in EUR moves equity by
// ΔV and the requirement by ΔV × m / 10,000, so the level reaches L when
//   ΔV = (L × M − 10,000 × E) × 10,000 / (10,000² − L × m)
// and the price is p + ΔV (in the instrument's currency) / quantity. Computed as one fraction in
// bigint, rounded up to the price scale (a falling price meets it no later than the exact one).
//
// A short (issue 16 item 3) owes its shares: a rise ΔV of their value in EUR lowers equity by ΔV and
// raises the requirement by ΔV × m / 10,000, so the level reaches L when
//   ΔV = (10,000 × E − L × M) × 10,000 / (10,000² + L × m)
// and the price is p + ΔV / quantity, rounded down (a rising price meets it no later).

export function liquidationPriceMinor(input: {
  equityEurMinor: bigint;
  maintenanceEurMinor: bigint;
  liquidationBasisPoints: number;
  /** The instrument's maintenance margin; null: not marginable (counts in full). */
  maintenanceBasisPoints: number | null;
  lastMinor: bigint;
  quantityMinor: bigint;
  quantityScale: number;
  /** USD per EUR at the fx scale for a USD holding; null for EUR. */
  usdPerEur: bigint | null;
  /** A short's price rises towards its liquidation price; a holding's falls. Long by default. */
  direction?: 'long' | 'short';
}): bigint | null {
  const { equityEurMinor, maintenanceEurMinor, lastMinor, quantityMinor } = input;
  if (maintenanceEurMinor <= 0n || quantityMinor <= 0n) return null;
  const level = BigInt(input.liquidationBasisPoints);
  const maintenance = BigInt(input.maintenanceBasisPoints ?? 10_000);
  const isShort = input.direction === 'short';
  const denominatorLevel = 10_000n * 10_000n + (isShort ? level * maintenance : -level * maintenance);
  if (denominatorLevel <= 0n) return null;
  // Price minor per cash minor of value: 10^(quantity scale + price scale − cash scale) / quantity.
  const shift = 10n ** BigInt(input.quantityScale + scales.price - scales.cash);
  const rateNumerator = input.usdPerEur ?? 1n;
  const rateDenominator = input.usdPerEur === null ? 1n : 10n ** BigInt(scales.fxRate);
  const gap = level * maintenanceEurMinor - 10_000n * equityEurMinor;
  const numerator = (isShort ? -gap : gap) * 10_000n * shift * rateNumerator;
  const denominator = denominatorLevel * quantityMinor * rateDenominator;
  const scaled = lastMinor * denominator + numerator;
  if (scaled <= 0n) return null;
  return divideRounded(scaled, denominator, isShort ? 'down' : 'up');
}
