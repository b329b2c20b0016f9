import { divideRounded, formatCash, formatDecimal, parseDecimal, scales } from '@beurs/contract/decimal';
import type { Position } from './queries';

// A holding priced by the live quote between two answers of /trade/positions: the server computes
// market value and P&L from its quote; the stream's newer price replaces it here with the same
// arithmetic (bigint minor units, half-up to the cent), never with floats. Only the figures in the
// trade currency move live; the EUR figures wait for the next answer. A short (issue 16 item 3)
// gains what its shares lose, as the server counts it: proceeds received − value now.

type Priced = Pick<
  Position,
  'direction' | 'quantity' | 'costBasis' | 'lastPrice' | 'marketValue' | 'unrealisedPnl'
>;

/** `position` with `latest` (a price at the price scale) as its last price, value and P&L. */
export function withLivePrice<T extends Priced>(position: T, latest: string | undefined): T {
  if (latest === undefined) return position;
  const price = parseDecimal(latest, scales.price);
  const quantityScale = (position.quantity.split('.')[1] ?? '').length;
  const quantity = parseDecimal(position.quantity, quantityScale);
  const cost = parseDecimal(position.costBasis, scales.cash);
  if (price === null || quantity === null || cost === null || price <= 0n) return position;
  // quantity (scale q) × price (scale 4) → cash (scale 2)
  const value = divideRounded(
    quantity * price,
    10n ** BigInt(quantityScale + scales.price - scales.cash),
    'half_up',
  );
  return {
    ...position,
    lastPrice: formatDecimal(price, scales.price),
    marketValue: formatCash(value),
    unrealisedPnl: formatCash(position.direction === 'short' ? cost - value : value - cost),
  };
}
