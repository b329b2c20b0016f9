import { DomainError, formatCash, parseDecimal, type Currency } from '@beurs/contract';
import type { TradeCosts } from './trade-costs';

// Products sold at a fixed price in whole lots — IPO offerings and placements (issue 17) — share
// their ticket: the quantity rule and what a preview answers.

/** Whole shares in whole lots and at least the minimum; refused with the catalogued code otherwise. */
export function wholeLotQuantity(terms: { lotSize: bigint; minimumQuantity: bigint }, text: string): bigint {
  const quantity = parseDecimal(text, 0);
  if (quantity === null || quantity <= 0n || quantity % terms.lotSize !== 0n) {
    throw new DomainError('QUANTITY_NOT_WHOLE_LOTS', { lotSize: Number(terms.lotSize), decimals: 0 });
  }
  if (quantity < terms.minimumQuantity) {
    throw new DomainError('BELOW_PRODUCT_MINIMUM', { minimum: terms.minimumQuantity.toString() });
  }
  return quantity;
}

/** What subscribing `quantity` would freeze (price × quantity + fee) against the cash available. */
export function fixedPricePreview(input: {
  quantity: bigint;
  lotSize: bigint;
  currency: Currency;
  costs: TradeCosts;
  availableMinor: bigint;
}) {
  const { quantity, costs, availableMinor } = input;
  return {
    quantity: quantity.toString(),
    lots: Number(quantity / input.lotSize),
    currency: input.currency,
    gross: formatCash(costs.grossMinor),
    fee: formatCash(costs.fee.amountMinor),
    total: formatCash(costs.totalPayMinor),
    available: formatCash(availableMinor),
    isAffordable: availableMinor >= costs.totalPayMinor,
  };
}
