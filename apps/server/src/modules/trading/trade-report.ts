import { currencies, formatCash, formatDecimal, scales, type Currency } from '@beurs/contract';
import { formatPrice, formatQuantity } from './order-ticket';
import type { FillRow, PaymentRow } from './trading.repository';

// The year's trade report: what a Belgian investor hands to their accountant. One row per fill
// (with its TOB voucher and fee) and one per dividend (with the tax withheld at source and in
// Belgium), oldest first; totals per currency. The CSV is RFC 4180 (every field quoted, quotes
// doubled), amounts as plain decimals, times in UTC; the PDF (trade-report-pdf.ts) prints the same
// rows and totals.

export const REPORT_COLUMNS = [
  'kind',
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
  'ex_date',
  'dividend_per_share',
  'withholding_foreign',
  'withholding_belgian',
  'ledger_entry',
] as const;

export type ReportColumn = (typeof REPORT_COLUMNS)[number];
/** One line of the report, every field formatted (an empty string where it does not apply). */
export type ReportLine = Readonly<Record<ReportColumn, string>> & { readonly createdAt: Date };

export type ReportTotals = {
  currency: Currency;
  fills: number;
  bought: string;
  sold: string;
  fees: string;
  tob: string;
  realisedPnl: string;
  dividends: number;
  dividendsGross: string;
  withholdingForeign: string;
  withholdingBelgian: string;
  dividendsNet: string;
};

const blank = Object.fromEntries(REPORT_COLUMNS.map((column) => [column, ''])) as Record<
  ReportColumn,
  string
>;

function fillLine(fill: FillRow, quantityScale: number): ReportLine {
  return {
    ...blank,
    createdAt: fill.createdAt,
    kind: 'fill',
    date_utc: fill.createdAt.toISOString(),
    order_id: fill.orderId.toString(),
    fill_id: fill.id.toString(),
    symbol: fill.symbol,
    side: fill.side,
    quantity: formatQuantity(fill.quantityMinor, quantityScale),
    price: formatPrice(fill.priceMinor),
    currency: fill.currency,
    gross: formatCash(fill.grossMinor),
    fee: formatCash(fill.feeMinor),
    tob_class: fill.tobClass,
    tob_rate_percent: formatDecimal(BigInt(fill.tobBasisPoints), 2),
    tob_base: formatCash(fill.tobBaseMinor),
    tob_amount: formatCash(fill.tobMinor),
    pay_currency: fill.payCurrency,
    fx_applied_rate:
      fill.fxAppliedRateMinor === null ? '' : formatDecimal(fill.fxAppliedRateMinor, scales.fxRate),
    total_paid_or_received: formatCash(fill.totalPayMinor),
    realised_pnl: fill.realisedPnlMinor === null ? '' : formatCash(fill.realisedPnlMinor),
    quote_source: fill.quoteSource,
    quote_time_utc: fill.quoteTimestamp.toISOString(),
    settles_on: fill.settlesOn ?? '',
    ledger_entry: fill.entryId.toString(),
  };
}

function dividendLine(payment: PaymentRow, quantityScale: number): ReportLine {
  const cash = (minor: bigint | null) => formatCash(minor ?? 0n);
  return {
    ...blank,
    createdAt: payment.createdAt,
    kind: 'dividend',
    date_utc: payment.createdAt.toISOString(),
    symbol: payment.symbol,
    quantity: formatQuantity(payment.quantityMinor, quantityScale),
    currency: payment.currency,
    gross: cash(payment.grossMinor),
    pay_currency: payment.currency,
    total_paid_or_received: cash(payment.netMinor),
    ex_date: payment.exDate,
    dividend_per_share: payment.amountPerShareMinor === null ? '' : formatPrice(payment.amountPerShareMinor),
    withholding_foreign: cash(payment.withholdingForeignMinor),
    withholding_belgian: cash(payment.withholdingBelgianMinor),
    ledger_entry: payment.entryId?.toString() ?? '',
  };
}

const field = (value: string) => `"${value.replaceAll('"', '""')}"`;

/** The year's lines (fills and dividends, oldest first) and totals per currency. */
export function tradeReportLines(
  fills: readonly FillRow[],
  dividends: readonly PaymentRow[],
  quantityScaleOf: (symbol: string) => number,
): { lines: ReportLine[]; totals: ReportTotals[] } {
  const lines = [
    ...fills.map((fill) => fillLine(fill, quantityScaleOf(fill.symbol))),
    ...dividends.map((payment) => dividendLine(payment, quantityScaleOf(payment.symbol))),
  ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const totals = currencies
    .map((currency) => {
      const mine = fills.filter((fill) => fill.currency === currency);
      const paid = dividends.filter((payment) => payment.currency === currency);
      const sum = (pick: (fill: FillRow) => bigint) => mine.reduce((total, fill) => total + pick(fill), 0n);
      const sumPaid = (pick: (payment: PaymentRow) => bigint | null) =>
        paid.reduce((total, payment) => total + (pick(payment) ?? 0n), 0n);
      return {
        currency,
        fills: mine.length,
        bought: formatCash(sum((fill) => (fill.side === 'buy' ? fill.grossMinor : 0n))),
        sold: formatCash(sum((fill) => (fill.side === 'sell' ? fill.grossMinor : 0n))),
        fees: formatCash(sum((fill) => fill.feeMinor)),
        tob: formatCash(sum((fill) => fill.tobMinor)),
        realisedPnl: formatCash(sum((fill) => fill.realisedPnlMinor ?? 0n)),
        dividends: paid.length,
        dividendsGross: formatCash(sumPaid((payment) => payment.grossMinor)),
        withholdingForeign: formatCash(sumPaid((payment) => payment.withholdingForeignMinor)),
        withholdingBelgian: formatCash(sumPaid((payment) => payment.withholdingBelgianMinor)),
        dividendsNet: formatCash(sumPaid((payment) => payment.netMinor)),
      };
    })
    .filter((total) => total.fills > 0 || total.dividends > 0);
  return { lines, totals };
}

export function tradeReport(
  year: number,
  fills: readonly FillRow[],
  dividends: readonly PaymentRow[],
  quantityScaleOf: (symbol: string) => number,
) {
  const { lines, totals } = tradeReportLines(fills, dividends, quantityScaleOf);
  const rows = lines.map((line) => REPORT_COLUMNS.map((column) => field(line[column])).join(','));
  const csv = [REPORT_COLUMNS.map(field).join(','), ...rows].join('\r\n') + '\r\n';
  return { year, fileName: `beurs-trades-${year}.csv`, contentType: 'text/csv' as const, csv, totals };
}
