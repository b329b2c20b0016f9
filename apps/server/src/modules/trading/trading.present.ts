import { formatCash, formatDecimal, scales, type OrderData } from '@beurs/contract';
import type { Instrument } from '../../market/provider';
import { formatPrice, formatQuantity } from './order-ticket';
import type { FillRow, OrderRow } from './trading.repository';

// Rows to wire shapes: prices at scale 4, cash with 2 decimals, quantities at the asset's scale.

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export function presentFill(fill: FillRow, quantityScale: number) {
  const hasFx = fill.fxAppliedRateMinor !== null;
  return {
    id: fill.id.toString(),
    quantity: formatQuantity(fill.quantityMinor, quantityScale),
    price: formatPrice(fill.priceMinor),
    priceBasis: fill.priceBasis,
    quoteSource: fill.quoteSource,
    quoteTimestamp: fill.quoteTimestamp.toISOString(),
    gross: formatCash(fill.grossMinor),
    fee: formatCash(fill.feeMinor),
    tob: {
      class: fill.tobClass,
      rateBasisPoints: fill.tobBasisPoints,
      base: formatCash(fill.tobBaseMinor),
      amount: formatCash(fill.tobMinor),
      cap: formatCash(fill.tobCapMinor),
      capEur: formatCash(fill.tobCapEurMinor),
      isCapped: fill.isTobCapped,
    },
    fx: hasFx
      ? {
          from: fill.side === 'buy' ? fill.payCurrency : fill.currency,
          to: fill.side === 'buy' ? fill.currency : fill.payCurrency,
          marketRate: formatDecimal(fill.fxMarketRateMinor ?? 0n, scales.fxRate),
          spreadBasisPoints: fill.fxSpreadBasisPoints ?? 0,
          appliedRate: formatDecimal(fill.fxAppliedRateMinor ?? 0n, scales.fxRate),
          amount: formatCash(fill.fxAmountMinor ?? 0n),
          converted: formatCash(fill.fxConvertedMinor ?? 0n),
          source: fill.fxSource ?? '',
          timestamp: (fill.fxTimestamp ?? fill.createdAt).toISOString(),
        }
      : null,
    total: formatCash(fill.totalPayMinor),
    payCurrency: fill.payCurrency,
    entryId: fill.entryId.toString(),
    settlesOn: fill.settlesOn,
    createdAt: fill.createdAt.toISOString(),
  };
}

export function presentOrder(order: OrderRow, instrument: Instrument, fills: readonly FillRow[]): OrderData {
  const scale = order.quantityScale;
  const trail =
    order.trailAmountMinor !== null
      ? { unit: 'amount' as const, value: formatPrice(order.trailAmountMinor) }
      : order.trailBasisPoints !== null
        ? { unit: 'percent' as const, value: formatDecimal(BigInt(order.trailBasisPoints), 2) }
        : null;
  return {
    id: order.id.toString(),
    symbol: order.symbol,
    code: instrument.code,
    name: instrument.name,
    market: instrument.market,
    currency: order.currency,
    side: order.side,
    type: order.type,
    timeInForce: order.timeInForce,
    direction: order.direction,
    leverage: order.leverage,
    leverageRatio: `${Math.floor(order.leverageHundredths / 100)}.${String(order.leverageHundredths % 100).padStart(2, '0')}`,
    quantity: formatQuantity(order.quantityMinor, scale),
    filledQuantity: formatQuantity(order.filledQuantityMinor, scale),
    limitPrice: order.limitPriceMinor === null ? null : formatPrice(order.limitPriceMinor),
    stopPrice: order.stopPriceMinor === null ? null : formatPrice(order.stopPriceMinor),
    trail,
    payCurrency: order.payCurrency,
    reserved:
      order.side === 'buy' ? formatCash(order.reservedMinor) : formatQuantity(order.reservedMinor, scale),
    state: order.state,
    reason: order.reason,
    expiresAt: iso(order.expiresAt),
    createdAt: order.createdAt.toISOString(),
    filledAt: iso(order.filledAt),
    cancelledAt: iso(order.cancelledAt),
    expiredAt: iso(order.expiredAt),
    rejectedAt: iso(order.rejectedAt),
    fills: fills.filter((fill) => fill.orderId === order.id).map((fill) => presentFill(fill, scale)),
  };
}
