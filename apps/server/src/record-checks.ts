import type { RecordCheck } from './ledger/ledger-record-checks';
import { correctionRecordCheck } from './modules/corrections/corrections.record-check';
import { creditRecordCheck } from './modules/credit/credit.record-check';
import { depositRecordCheck } from './modules/deposits/deposits.record-check';
import { exchangeRecordCheck } from './modules/exchange/exchange.record-check';
import { marginRecordChecks } from './modules/margin/margin.record-check';
import { strategyRecordCheck } from './modules/strategies/strategies.record-check';
import { tradingRecordChecks } from './modules/trading/trading.record-check';
import { withdrawalRecordCheck } from './modules/withdrawals/withdrawals.record-check';

// Every module's check of the journal against its records (ADR 0007), for `ledger:verify`: one
// line per module that causes entries. A source type with no check here makes its entries a breach.
export const recordChecks: readonly RecordCheck[] = [
  depositRecordCheck,
  withdrawalRecordCheck,
  exchangeRecordCheck,
  correctionRecordCheck,
  ...tradingRecordChecks,
  creditRecordCheck,
  ...marginRecordChecks,
  strategyRecordCheck,
];
