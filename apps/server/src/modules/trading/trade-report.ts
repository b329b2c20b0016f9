import { currencies, formatCash, formatDecimal, scales } from '@beurs/contract';
import { formatPrice, formatQuantity } from './order-ticket';
import type { FillRow } from './trading.repository';

// The year's trade report: what a Belgian investor hands to their accountant. One row per fill,
// RFC 4180 CSV (every field quoted, quotes doubled), amounts as plain decimals, times in UTC.

const HEADER = [
  'date_utc',
  'order_id',
  'fill_id',
  'symbol',
  'side',
  'quantity',
  'price',
  'currency',
  'gross',
  'fee',
  'tob_class',
  'tob_rate_percent',
  'tob_base',
  'tob_amount',
  'pay_currency',
  'fx_applied_rate',
  'total_paid_or_received',
  'realised_pnl',
  'quote_source',
  'quote_time_utc',
  'settles_on',
  'ledger_entry',
];

const field = (value: string) => `"${value.replaceAll('"', '""')}"`;

export function tradeReport(
  year: number,
  fills: readonly FillRow[],
  quantityScaleOf: (symbol: string) => number,
) {
  const rows = fills.map((fill) =>
    [
      fill.createdAt.toISOString(),
      fill.orderId.toString(),
      fill.id.toString(),
      fill.symbol,
      fill.side,
      formatQuantity(fill.quantityMinor, quantityScaleOf(fill.symbol)),
      formatPrice(fill.priceMinor),
      fill.currency,
      formatCash(fill.grossMinor),
      formatCash(fill.feeMinor),
      fill.tobClass,
      formatDecimal(BigInt(fill.tobBasisPoints), 2),
      formatCash(fill.tobBaseMinor),
      formatCash(fill.tobMinor),
      fill.payCurrency,
      fill.fxAppliedRateMinor === null ? '' : formatDecimal(fill.fxAppliedRateMinor, scales.fxRate),
      formatCash(fill.totalPayMinor),
      fill.realisedPnlMinor === null ? '' : formatCash(fill.realisedPnlMinor),
      fill.quoteSource,
      fill.quoteTimestamp.toISOString(),
      fill.settlesOn ?? '',
      fill.entryId.toString(),
    ]
      .map(field)
      .join(','),
  );
  const csv = [HEADER.map(field).join(','), ...rows].join('\r\n') + '\r\n';
  const totals = currencies
    .map((currency) => {
      const mine = fills.filter((fill) => fill.currency === currency);
      const sum = (pick: (fill: FillRow) => bigint) => mine.reduce((total, fill) => total + pick(fill), 0n);
      return {
        currency,
        fills: mine.length,
        bought: formatCash(sum((fill) => (fill.side === 'buy' ? fill.grossMinor : 0n))),
        sold: formatCash(sum((fill) => (fill.side === 'sell' ? fill.grossMinor : 0n))),
        fees: formatCash(sum((fill) => fill.feeMinor)),
        tob: formatCash(sum((fill) => fill.tobMinor)),
        realisedPnl: formatCash(sum((fill) => fill.realisedPnlMinor ?? 0n)),
      };
    })
    .filter((total) => total.fills > 0);
  return { year, fileName: `beurs-trades-${year}.csv`, contentType: 'text/csv' as const, csv, totals };
}
