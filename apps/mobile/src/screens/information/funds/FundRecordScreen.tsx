import type { RecordDetail } from '@beurs/contract';
import type { Currency } from '@beurs/contract/decimal';
import { recordTabs, type RecordTab } from '@beurs/contract/enums';
import { formatCurrency, formatDateTime, formatMoney, type Language } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { useRecords, type RecordPage } from '../../../features/funds/queries';
import { directionOf } from '../../../features/market/quote-format';
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
      if (detail.fx) {
        // A buy converts what was paid into the trade currency; a sale converts the proceeds back.
        const paid = formatCurrency(detail.total, detail.payCurrency, language);
        const traded = money(detail.totalInTradeCurrency);
        lines.push(
          t('fundRecord.details.fillFx', {
            amount: detail.side === 'buy' ? paid : traded,
            converted: detail.side === 'buy' ? traded : paid,
            rate: formatMoney(detail.fx.appliedRate, language, 6),
            from: detail.fx.from,
            to: detail.fx.to,
            spread: t('exchange.basisPoints', { count: detail.fx.spreadBasisPoints }),
          }),
        );
      }
      lines.push(t('fundRecord.details.quoteSource', { source: detail.quoteSource }));
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
          rate: formatMoney(detail.appliedRate, language, 6),
          from: detail.from,
          to: detail.to,
          spread: t('exchange.basisPoints', { count: detail.spreadBasisPoints }),
          source: detail.rateSource,
        }),
      ];
    case 'correction':
      return [t('fundRecord.details.correction', { reason: detail.reason })];
    default:
      return tradeLines(detail, t, language);
  }
}

/** An amount signed as what happened: "+" for money in, "-" for money out, none for a freeze. */
function signedAmount(amount: string, currency: Currency, language: Language): string {
  const shown = formatCurrency(amount, currency, language);
  return directionOf(amount) === 'up' ? `+${shown}` : shown;
}

function RecordItem({ record }: { record: RecordPage['items'][number] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
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
        {/* A freeze or a release moves money between available and frozen: nothing in or out. */}
        <p
          className={classNames(styles.historyAmount, 'numeric')}
          data-testid="record-amount"
          data-zero={/^-?0\.00$/.test(record.amount)}
        >
          {signedAmount(record.amount, record.currency, language)}
        </p>
      </div>
      {/* Only when it tells more than the amount: a freeze, a release, a credit to frozen. */}
      {record.availableChange !== record.amount && directionOf(record.availableChange) !== 'flat' && (
        <small className="numeric">
          {t('fundRecord.availableChange', {
            amount: signedAmount(record.availableChange, record.currency, language),
          })}
        </small>
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
      <small className={classNames(styles.historyTime, 'numeric')}>
        {formatDateTime(record.createdAt, language)}
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
  const items = records.data?.pages.flatMap((page) => page.items) ?? [];
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
      {records.isPending ? (
        <Loading />
      ) : items.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className={styles.walletList}>
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
