import { divideRounded, scales } from '@beurs/contract';
import { grossValueMinor } from './trade-costs';

// Position arithmetic, in integers. A position's cost is what its held quantity cost, fees and
// TOB included (trade currency cents). A sale takes its share of the cost at the average
// (cost × sold / held, half-up; the whole cost when the position closes) and realises
// net proceeds − that cost. FIFO lots are kept beside for the tax report and the sell lock.

export type PositionFigures = { readonly quantityMinor: bigint; readonly costMinor: bigint };

export function afterBuy(
  position: PositionFigures,
  quantityMinor: bigint,
  totalCostMinor: bigint,
): PositionFigures {
  return {
    quantityMinor: position.quantityMinor + quantityMinor,
    costMinor: position.costMinor + totalCostMinor,
  };
}

export function afterSell(
  position: PositionFigures,
  quantityMinor: bigint,
  netProceedsMinor: bigint,
): PositionFigures & { readonly removedCostMinor: bigint; readonly realisedMinor: bigint } {
  if (quantityMinor <= 0n || quantityMinor > position.quantityMinor) {
    throw new RangeError(`cannot sell ${quantityMinor} of ${position.quantityMinor}`);
  }
  const removedCostMinor =
    quantityMinor === position.quantityMinor
      ? position.costMinor
      : divideRounded(position.costMinor * quantityMinor, position.quantityMinor, 'half_up');
  return {
    quantityMinor: position.quantityMinor - quantityMinor,
    costMinor: position.costMinor - removedCostMinor,
    removedCostMinor,
    realisedMinor: netProceedsMinor - removedCostMinor,
  };
}

/** Average cost per unit at the price scale (half-up): cost ÷ quantity. */
export function averageCostPriceMinor(position: PositionFigures, quantityScale: number): bigint {
  if (position.quantityMinor === 0n) return 0n;
  const shift = 10n ** BigInt(quantityScale + scales.price - scales.cash);
  return divideRounded(position.costMinor * shift, position.quantityMinor, 'half_up');
}

/** Market value at a price, cents half-up. */
export const marketValueMinor = (quantityMinor: bigint, quantityScale: number, priceMinor: bigint) =>
  quantityMinor === 0n ? 0n : grossValueMinor(quantityMinor, quantityScale, priceMinor);

/** Consumes `quantityMinor` from lots oldest first; returns each lot's new remaining quantity. */
export function consumeFifo<L extends { readonly id: bigint; readonly remainingMinor: bigint }>(
  lots: readonly L[],
  quantityMinor: bigint,
): { id: bigint; remainingMinor: bigint }[] {
  let left = quantityMinor;
  const changes: { id: bigint; remainingMinor: bigint }[] = [];
  for (const lot of lots) {
    if (left === 0n) break;
    const taken = lot.remainingMinor < left ? lot.remainingMinor : left;
    left -= taken;
    changes.push({ id: lot.id, remainingMinor: lot.remainingMinor - taken });
  }
  if (left !== 0n) throw new RangeError(`lots hold ${quantityMinor - left} of ${quantityMinor}`);
  return changes;
}

/**
 * Whether `quantityMinor` may be sold now under the sell lock: the available quantity minus what
 * is still locked. When not, the instant from which enough is unlocked.
 */
export function sellLockCheck(input: {
  availableMinor: bigint;
  lots: readonly { readonly remainingMinor: bigint; readonly lockedUntil: Date | null }[];
  quantityMinor: bigint;
  nowMs: number;
}): { isAllowed: true } | { isAllowed: false; untilMs: number } {
  const locked = input.lots
    .filter((lot) => lot.lockedUntil !== null && lot.lockedUntil.getTime() > input.nowMs)
    .sort((a, b) => (a.lockedUntil?.getTime() ?? 0) - (b.lockedUntil?.getTime() ?? 0));
  const lockedMinor = locked.reduce((sum, lot) => sum + lot.remainingMinor, 0n);
  let sellable = input.availableMinor - lockedMinor;
  if (sellable < 0n) sellable = 0n;
  if (input.quantityMinor <= sellable) return { isAllowed: true };
  for (const lot of locked) {
    sellable += lot.remainingMinor;
    if (input.quantityMinor <= sellable)
      return { isAllowed: false, untilMs: lot.lockedUntil?.getTime() ?? 0 };
  }
  return { isAllowed: false, untilMs: locked.at(-1)?.lockedUntil?.getTime() ?? input.nowMs };
}
