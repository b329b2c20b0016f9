import { applyRate } from '@beurs/contract';
import { grossValueMinor } from './trade-costs';

// Dividends and splits, in integers. A holder's entitlement is what they held at the record date:
// every fill before the ex-date's open, buys minus sales, each multiplied by the splits that went
// ex between the fill and that open. Dividends are paid less withholding tax: Belgian 30 % on
// Belgian-listed instruments; on US instruments the 15 % treaty rate at source, then Belgian 30 %
// on the net (rates in configuration). Rounding half-up, named here.

export type SplitAction = {
  readonly exStartMs: number;
  readonly ratioFrom: number;
  readonly ratioTo: number;
};
export type EntitlementFill = {
  readonly userId: bigint;
  readonly side: 'buy' | 'sell';
  readonly quantityMinor: bigint;
  readonly createdAt: Date;
};

/** Shares per user at `recordMs` (before that instant), in the units current at that instant. */
export function entitlements(
  fills: readonly EntitlementFill[],
  splits: readonly SplitAction[],
  recordMs: number,
): Map<bigint, bigint> {
  const held = new Map<bigint, bigint>();
  for (const fill of fills) {
    const atMs = fill.createdAt.getTime();
    if (atMs >= recordMs) continue;
    let quantity = fill.side === 'buy' ? fill.quantityMinor : -fill.quantityMinor;
    for (const split of splits) {
      if (atMs < split.exStartMs && split.exStartMs < recordMs) {
        quantity = (quantity * BigInt(split.ratioTo)) / BigInt(split.ratioFrom);
      }
    }
    held.set(fill.userId, (held.get(fill.userId) ?? 0n) + quantity);
  }
  for (const [userId, quantity] of held) if (quantity <= 0n) held.delete(userId);
  return held;
}

export type Withholding = { readonly foreignBasisPoints: number; readonly belgianBasisPoints: number };

/** A dividend on `quantityMinor` shares of `amountPerShareMinor` (price scale): gross, withheld, net. */
export function dividendPayment(
  quantityMinor: bigint,
  amountPerShareMinor: bigint,
  withholding: Withholding,
) {
  const grossMinor = grossValueMinor(quantityMinor, 0, amountPerShareMinor);
  const foreignMinor = applyRate(grossMinor, BigInt(withholding.foreignBasisPoints), 4, 'half_up');
  const belgianMinor = applyRate(
    grossMinor - foreignMinor,
    BigInt(withholding.belgianBasisPoints),
    4,
    'half_up',
  );
  return { grossMinor, foreignMinor, belgianMinor, netMinor: grossMinor - foreignMinor - belgianMinor };
}
