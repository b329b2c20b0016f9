import type { RecordDetail } from '@beurs/contract';
import { cashFromWire, formatCash, type Currency } from '@beurs/contract/decimal';
import type { FundState } from '@beurs/contract/enums';
import { recordTabs, type RecordTab } from '@beurs/contract/enums';
import { formatCurrency, formatDateTime, formatMoney, formatRate, type Language } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { useDeposits, useRecords, type Deposit, type RecordPage } from '../../../features/funds/queries';
import { downloadReceipt, useLedgerHead } from '../../../features/funds/ledger-receipts';
import { directionOf } from '../../../features/market/quote-format';
import { sourceName } from '../../../features/market/source-name';
import { formatBasisPoints, formatQuantity, formatTradePrice } from '../../../features/trading/format';
import { EmptyState, Loading, classNames } from '../../../shell/common';
import recordStyles from './fund-record.module.css';
import styles from './wallet/wallet.module.css';

type TradeDetail = Extract<RecordDetail, { type: 'order_placed' | 'order_ended' | 'fill' | 'dividend' }>;

/** A trade record's lines: what happened, then its figures (costs, conversion, price source). */
function tradeLines(detail: TradeDetail, t: TFunction, language: Language): string[] {
  const what = {
    quantity: 'quantity' in detail ? formatQuantity(detail.quantity, language) : '',
    symbol: detail.symbol,
  };
  switch (detail.type) {
    case 'order_placed':
      return [
        t(`fundRecord.details.order_placed.${detail.side}`, {
          ...what,
          type: t(`trade.types.${detail.orderType}`),
        }),
      ];
    case 'order_ended':
      return [t(`fundRecord.details.order_ended.${detail.state}`, what)];
    case 'fill': {
      const money = (amount: string) => formatCurrency(amount, detail.currency, language);
      // The TOB phrase stays on one line (it would otherwise break between "TOB" and its amount).
      const tob = (
        detail.tob.class === 'none'
          ? t('fundRecord.details.tobNone')
          : t(detail.tob.isCapped ? 'fundRecord.details.tobCapped' : 'fundRecord.details.tob', {
              amount: money(detail.tob.amount),
              rate: formatBasisPoints(detail.tob.rateBasisPoints, language),
            })
      ).replaceAll(' ', '\u00a0');
      const lines = [
        t(`fundRecord.details.fill.${detail.side}`, {
          ...what,
          price: formatTradePrice(detail.price, language),
        }),
        t('fundRecord.details.fillCosts', { gross: money(detail.gross), fee: money(detail.fee), tob }),
      ];
      if (detail.borrowed)
        lines.push(t('fundRecord.details.fillBorrowed', { amount: money(detail.borrowed) }));
      if (detail.fx) {
        // A buy converts what was paid into the trade currency; a sale converts the proceeds back.
        const paid = formatCurrency(detail.total, detail.payCurrency, language);
        const traded = money(detail.totalInTradeCurrency);
        lines.push(
          t('fundRecord.details.fillFx', {
            amount: detail.side === 'buy' ? paid : traded,
            converted: detail.side === 'buy' ? traded : paid,
            rate: formatRate(detail.fx.appliedRate, language),
            from: detail.fx.from,
            to: detail.fx.to,
            spread: t('exchange.basisPoints', { count: detail.fx.spreadBasisPoints }),
          }),
        );
      }
      lines.push(t('fundRecord.details.quoteSource', { source: sourceName(detail.quoteSource, t) }));
      return lines;
    }
    case 'dividend': {
      const money = (amount: string) => formatCurrency(amount, detail.currency, language);
      return [
        t('fundRecord.details.dividend', {
          ...what,
          perShare: formatTradePrice(detail.amountPerShare, language),
          gross: money(detail.gross),
          date: detail.exDate.replaceAll('-', '.'),
        }),
        t('fundRecord.details.dividendTax', {
          foreign: money(detail.withholdingForeign),
          belgian: money(detail.withholdingBelgian),
          net: money(detail.net),
        }),
      ];
    }
  }
}

/** The record's detail in the user's language; staff reasons and references stay verbatim. */
function detailLines(detail: RecordDetail, t: TFunction, language: Language): string[] {
  switch (detail.type) {
    case 'deposit':
      return [t('fundRecord.details.deposit', { reference: detail.reference })];
    case 'withdrawal_hold':
      return [t('fundRecord.details.withdrawal_hold', { card: detail.ibanMasked })];
    case 'withdrawal_paid':
      return [
        t('fundRecord.details.withdrawal_paid', {
          payout: formatCurrency(detail.payout, detail.currency, language),
          fee: formatCurrency(detail.fee, detail.currency, language),
        }),
      ];
    case 'withdrawal_rejected':
      return [t('fundRecord.details.withdrawal_rejected', { reason: detail.reason })];
    case 'withdrawal_cancelled':
      return [t('fundRecord.details.withdrawal_cancelled')];
    case 'exchange':
      return [
        t('fundRecord.details.exchange', {
          amount: formatCurrency(detail.amount, detail.from, language),
          received: formatCurrency(detail.received, detail.to, language),
          rate: formatRate(detail.appliedRate, language),
          from: detail.from,
          to: detail.to,
          spread: t('exchange.basisPoints', { count: detail.spreadBasisPoints }),
          source: sourceName(detail.rateSource, t),
        }),
      ];
    case 'correction':
      return [t('fundRecord.details.correction', { reason: detail.reason })];
    case 'loan':
      return [
        t(`fundRecord.details.loan.${detail.movement}`, {
          rate: formatBasisPoints(detail.rateBasisPoints, language),
          interest: formatCurrency(detail.interest, 'EUR', language),
          principal: formatCurrency(detail.principal, 'EUR', language),
        }),
      ];
    case 'loan_interest':
      return [
        t('fundRecord.details.loan_interest', {
          date: detail.day.replaceAll('-', '.'),
          rate: formatBasisPoints(detail.rateBasisPoints, language),
        }),
      ];
    case 'subscription': {
      const lines = [
        t(`fundRecord.details.subscription.${detail.product}.${detail.event}`, {
          quantity: formatQuantity(detail.quantity, language),
          symbol: detail.symbol,
          price: formatTradePrice(detail.price, language),
          fee: formatCurrency(detail.fee, detail.currency, language),
          frozen: formatCurrency(detail.frozen, detail.currency, language),
        }),
      ];
      if (detail.event === 'frozen' && detail.allocatedQuantity !== null && detail.allocatedQuantity !== '0')
        lines.push(
          t('fundRecord.details.subscription.allocated', {
            quantity: formatQuantity(detail.allocatedQuantity, language),
            symbol: detail.symbol,
          }),
        );
      return lines;
    }
    case 'strategy':
      return [
        t(`fundRecord.details.strategy.${detail.event}`, {
          code: detail.code,
          units: detail.units === null ? '' : formatQuantity(detail.units, language),
          nav: detail.nav === null ? '' : formatMoney(detail.nav, language, 6),
          date: detail.navDate?.replaceAll('-', '.') ?? '',
        }),
      ];
    case 'margin_loan':
    case 'securities_loan':
      return marginLines(detail, t, language);
    default:
      return tradeLines(detail, t, language);
  }
}

type MarginDetail = Extract<RecordDetail, { type: 'margin_loan' | 'securities_loan' }>;

/** A margin loan or securities lending record (issue 16), from the user's side. */
function marginLines(detail: MarginDetail, t: TFunction, language: Language): string[] {
  const money = (amount: string) => formatCurrency(amount, detail.currency, language);
  if (detail.type === 'margin_loan')
    return [
      t(`fundRecord.details.margin_loan.${detail.event}`, {
        amount: money(detail.amount),
        owed: money(detail.owedAfter),
        symbol: detail.symbol ?? detail.orderId ?? '',
        orderId: detail.orderId ?? '',
        date: detail.day?.replaceAll('-', '.') ?? '',
      }),
    ];
  const params = {
    quantity: formatQuantity(detail.quantity, language),
    symbol: detail.symbol,
    date: detail.day?.replaceAll('-', '.') ?? '',
    rate: detail.feeBasisPoints === null ? '' : formatBasisPoints(detail.feeBasisPoints, language),
    price: detail.price === null ? '' : formatTradePrice(detail.price, language),
    charged: detail.charged === null ? '' : money(detail.charged),
    orderId: detail.orderId ?? '',
  };
  return detail.event === 'collateral_return'
    ? [t('fundRecord.details.securities_loan.collateral_return', params)]
    : [t(`fundRecord.details.securities_loan.${detail.event}.${detail.role}`, params)];
}

/** An amount signed as what happened: "+" for money in, "-" for money out. */
function signedAmount(amount: string, currency: Currency, language: Language): string {
  const shown = formatCurrency(amount, currency, language);
  return directionOf(amount) === 'up' ? `+${shown}` : shown;
}

/**
 * What a record did to the user's balances, as the amount to show and the balance it names. An
 * entry moves the available and the frozen balance; a freeze or a release moves money between them
 * (nothing in or out), so its amount is what left or reached the available balance. One that moves
 * neither changed the margin account's cash (a short's borrow fee or manufactured dividend) or what
 * the user owes (a day's interest on a loan: shown as the money it costs, added to the debt).
 */
export function recordMovement(
  record: Pick<
    RecordPage['items'][number],
    'amount' | 'availableChange' | 'marginChange' | 'owedChange' | 'currency'
  >,
  t: TFunction,
  language: Language,
): { amount: string; balance: string | null } {
  const total = cashFromWire(record.amount);
  const available = cashFromWire(record.availableChange);
  const frozen = total - available;
  const signed = (minor: bigint) => signedAmount(formatCash(minor), record.currency, language);
  if (total === 0n) {
    if (available === 0n) {
      const margin = cashFromWire(record.marginChange);
      if (margin !== 0n) return { amount: signed(margin), balance: t('fundRecord.balance.margin') };
      const owed = cashFromWire(record.owedChange);
      if (owed === 0n) return { amount: signed(0n), balance: null };
      return {
        amount: signed(-owed),
        balance: t(owed > 0n ? 'fundRecord.balance.owedMore' : 'fundRecord.balance.owedLess'),
      };
    }
    const balance = t(available < 0n ? 'fundRecord.balance.toFrozen' : 'fundRecord.balance.toAvailable');
    return { amount: signed(available), balance };
  }
  if (frozen === 0n) return { amount: signed(total), balance: t('fundRecord.balance.available') };
  if (available === 0n) return { amount: signed(total), balance: t('fundRecord.balance.frozen') };
  return {
    amount: signed(total),
    balance: t('fundRecord.balance.both', { available: signed(available), frozen: signed(frozen) }),
  };
}

/** The state of what a record belongs to, where the record says it: a deposit, a withdrawal. */
function recordState(detail: RecordDetail | null): { state: FundState; key: string } | null {
  switch (detail?.type) {
    case 'deposit':
      return { state: 'approved', key: 'recharge.states.approved' };
    case 'withdrawal_hold':
      return { state: detail.state, key: `cashOut.states.${detail.state}` };
    case 'withdrawal_paid':
      return { state: 'approved', key: 'cashOut.states.approved' };
    case 'withdrawal_rejected':
      return { state: 'rejected', key: 'cashOut.states.rejected' };
    case 'withdrawal_cancelled':
      return { state: 'cancelled', key: 'cashOut.states.cancelled' };
    default:
      return null;
  }
}

function RecordItem({ record }: { record: RecordPage['items'][number] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const movement = recordMovement(record, t, language);
  const state = recordState(record.detail);
  return (
    <li
      className={classNames('card', styles.walletItem, styles.historyItem)}
      data-testid={`record-${record.id}-${record.currency}`}
    >
      <div className={styles.historyHead}>
        <p>
          <strong>{t(`fundRecord.kinds.${record.kind}`, { defaultValue: record.kind })}</strong> ·{' '}
          {t('fundRecord.number', { id: record.id })}
        </p>
        <p
          className={classNames(styles.historyAmount, 'numeric')}
          data-testid="record-amount"
          data-zero={movement.balance === null}
        >
          {movement.amount}
        </p>
      </div>
      {(movement.balance || state) && (
        <div className={recordStyles.movement}>
          {movement.balance && <small data-testid="record-balance">{movement.balance}</small>}
          {state && (
            <p className={`status status-${state.state}`} data-testid="record-state">
              {t(state.key)}
            </p>
          )}
        </div>
      )}
      {/* An entry the server cannot describe (null) falls back to the journal's memo. */}
      {record.detail ? (
        <div className={recordStyles.detail} data-testid="record-detail">
          {detailLines(record.detail, t, language).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : (
        record.memo && <p className={styles.historyNote}>{record.memo}</p>
      )}
      <div className={recordStyles.movement}>
        <small className={classNames(styles.historyTime, 'numeric')}>
          {formatDateTime(record.createdAt, language)}
        </small>
        <Button
          size="mini"
          fill="none"
          color="primary"
          onClick={() => void downloadReceipt(record.id)}
          data-testid="record-receipt"
        >
          {t('fundRecord.receipt')}
        </Button>
      </div>
    </li>
  );
}

/** A deposit announced and not decided yet: no ledger entry stands behind it until staff credit it. */
function PendingDepositItem({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <li
      className={classNames('card', styles.walletItem, styles.historyItem)}
      data-testid={`pending-deposit-${deposit.id}`}
    >
      <div className={styles.historyHead}>
        <p>
          <strong>{t('fundRecord.pendingDeposit')}</strong>
        </p>
        <p className={classNames(styles.historyAmount, 'numeric')} data-zero="true">
          {formatCurrency(deposit.amount, deposit.currency, language)}
        </p>
      </div>
      <div className={recordStyles.movement}>
        <small>{t('fundRecord.notCredited')}</small>
        <p className="status status-pending">{t('recharge.states.pending')}</p>
      </div>
      <div className={recordStyles.detail}>
        <p>{t('fundRecord.details.deposit', { reference: deposit.reference })}</p>
      </div>
      <small className={classNames(styles.historyTime, 'numeric')}>
        {formatDateTime(deposit.createdAt, language)}
      </small>
    </li>
  );
}

/**
 * Fund records (/information/fundRecord): every ledger entry of the user (staff corrections
 * included), newest first; tabs narrow it to trades, deposits, withdrawals or exchanges.
 */
export default function FundRecordScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<RecordTab>('all');
  const records = useRecords(tab);
  const deposits = useDeposits();
  const head = useLedgerHead();
  const items = records.data?.pages.flatMap((page) => page.items) ?? [];
  // Announced deposits are not in the ledger until credited: listed first, where deposits show.
  const pendingDeposits =
    tab === 'all' || tab === 'deposit'
      ? (deposits.data?.items ?? []).filter((deposit) => deposit.state === 'pending')
      : [];
  return (
    <div data-testid="screen-fundRecord">
      <div className={classNames(styles.walletActions, styles.segmented, styles.scrolling)} role="tablist">
        {recordTabs.map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={tab === option}
            aria-pressed={tab === option}
            onClick={() => setTab(option)}
            data-testid={`record-tab-${option}`}
          >
            {t(`fundRecord.tabs.${option}`)}
          </button>
        ))}
      </div>
      {head.data && head.data.sequence !== '0' && (
        <p className={recordStyles.chainHead} data-testid="chain-head">
          {t('fundRecord.chainHead', { sequence: head.data.sequence })}
        </p>
      )}
      {records.isPending ? (
        <Loading />
      ) : items.length + pendingDeposits.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className={styles.walletList}>
          {pendingDeposits.map((deposit) => (
            <PendingDepositItem key={`deposit-${deposit.id}`} deposit={deposit} />
          ))}
          {items.map((record) => (
            // An exchange is one entry with a line per currency.
            <RecordItem key={`${record.id}-${record.currency}`} record={record} />
          ))}
        </ul>
      )}
      {records.hasNextPage && (
        <div className="actions">
          <Button block loading={records.isFetchingNextPage} onClick={() => void records.fetchNextPage()}>
            {t('fundRecord.more')}
          </Button>
        </div>
      )}
    </div>
  );
}
