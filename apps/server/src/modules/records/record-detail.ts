import { formatCash, formatDecimal, scales, type RecordDetail } from '@beurs/contract';
import { maskIban } from '../payment-methods/payment-methods.service';
import type { EntrySources } from './records.repository';

// A record's translatable description, from the structured rows behind its entry (never from the
// memo, which is the journal's operator-facing English). An entry of a kind not known here, or
// one whose row is missing, has none: the app then shows the memo.

type Entry = { id: bigint; kind: string; holdId: bigint | null };

export function detailsBuilder(sources: EntrySources) {
  const byEntry = <Row extends { entryId: bigint | null }>(rows: readonly Row[]) =>
    new Map(rows.map((row) => [row.entryId, row]));
  const depositsByEntry = byEntry(sources.depositRows);
  const exchangesByEntry = byEntry(sources.exchangeRows);
  const correctionsByEntry = byEntry(sources.correctionRows);
  const withdrawalsByHold = new Map(sources.withdrawalRows.map((row) => [row.holdId, row]));

  function withdrawalDetail(entry: Entry): RecordDetail | null {
    const withdrawal = entry.holdId === null ? undefined : withdrawalsByHold.get(entry.holdId);
    if (!withdrawal) return null;
    switch (entry.kind) {
      case 'hold_reserve':
        return { type: 'withdrawal_hold', ibanMasked: maskIban(withdrawal.iban) };
      case 'withdrawal':
        return {
          type: 'withdrawal_paid',
          currency: withdrawal.currency,
          payout: formatCash(withdrawal.amountMinor - withdrawal.feeMinor),
          fee: formatCash(withdrawal.feeMinor),
        };
      case 'hold_release':
        return { type: 'withdrawal_rejected', reason: withdrawal.reason };
      default:
        return null;
    }
  }

  return function detailOf(entry: Entry): RecordDetail | null {
    switch (entry.kind) {
      case 'deposit': {
        const deposit = depositsByEntry.get(entry.id);
        return deposit ? { type: 'deposit', reference: deposit.reference } : null;
      }
      case 'exchange': {
        const exchange = exchangesByEntry.get(entry.id);
        if (!exchange) return null;
        return {
          type: 'exchange',
          from: exchange.fromCurrency,
          to: exchange.toCurrency,
          amount: formatCash(exchange.amountMinor),
          received: formatCash(exchange.receivedMinor),
          appliedRate: formatDecimal(exchange.appliedRateMinor, scales.fxRate),
          spreadBasisPoints: exchange.spreadBasisPoints,
          rateSource: exchange.rateSource,
        };
      }
      case 'correction': {
        const correction = correctionsByEntry.get(entry.id);
        return correction ? { type: 'correction', reason: correction.reason } : null;
      }
      default:
        return withdrawalDetail(entry);
    }
  };
}
