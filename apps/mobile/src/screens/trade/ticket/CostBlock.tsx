import { formatCurrency, formatDateTime, formatMoney, formatRate, type Language } from '@beurs/i18n';
import type { Currency } from '@beurs/contract/decimal';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { sourceName } from '../../../features/market/source-name';
import { formatBasisPoints, formatQuantity, formatTradePrice } from '../../../features/trading/format';
import type { CostPreview } from '../../../features/trading/queries';
import { SummaryRows, type SummaryRow } from '../../../shell/SummaryRows';
import styles from '../trade.module.css';
import { classNames } from '../../../shell/common';

const asCurrency = (text: string): Currency => (text === 'USD' ? 'USD' : 'EUR');

type Fx = NonNullable<CostPreview['fx']>;

/** The conversion lines: market rate (USD per EUR), spread, and the rate applied to this trade. */
export function fxRows(fx: Fx, t: TFunction, language: Language): SummaryRow[] {
  return [
    {
      key: 'marketRate',
      label: t('exchange.marketRate'),
      value: formatRate(fx.marketRate, language),
      testId: 'cost-fx-market',
    },
    {
      key: 'spread',
      label: t('exchange.spread'),
      value: t('exchange.basisPoints', { count: fx.spreadBasisPoints }),
    },
    {
      key: 'appliedRate',
      label: t('exchange.appliedRate', { from: fx.from, to: fx.to }),
      value: formatRate(fx.appliedRate, language),
      testId: 'cost-fx',
    },
  ];
}

/**
 * The ticket's cost block (issue 11 item 3): quantity × price, fee, TOB, the currency conversion
 * with rate, spread and source when the paying account's currency differs, the total and the cash
 * left — all from /trade/preview, which prices the ticket on the server and writes nothing.
 */
export function CostBlock({ preview }: { preview: CostPreview }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const trade = (text: string) => formatCurrency(text, asCurrency(preview.currency), language);
  const pay = (text: string) => formatCurrency(text, asCurrency(preview.payCurrency), language);
  const isBuy = preview.side === 'buy';
  const rows: SummaryRow[] = [
    {
      key: 'gross',
      label: t('trade.cost.gross', {
        quantity: formatQuantity(preview.quantity, language),
        price: formatTradePrice(preview.price, language),
      }),
      value: trade(preview.gross),
      testId: 'cost-gross',
    },
    {
      key: 'fee',
      label: preview.fee.isMinimum
        ? t('trade.cost.feeMinimum', { minimum: trade(preview.fee.minimum) })
        : t('trade.cost.fee', { rate: formatBasisPoints(preview.fee.basisPoints, language) }),
      value: trade(preview.fee.amount),
      testId: 'cost-fee',
    },
    {
      key: 'tob',
      label:
        preview.tob.class === 'none'
          ? t('trade.cost.tobNone')
          : preview.tob.isCapped
            ? t('trade.cost.tobCapped', { cap: trade(preview.tob.cap) })
            : t('trade.cost.tob', { rate: formatBasisPoints(preview.tob.rateBasisPoints, language) }),
      value: trade(preview.tob.amount),
      testId: 'cost-tob',
    },
  ];
  if (preview.fx) {
    rows.push(
      {
        key: 'tradeTotal',
        label: isBuy ? t('trade.cost.tradeTotalBuy') : t('trade.cost.tradeTotalSell'),
        value: trade(preview.totalInTradeCurrency),
      },
      ...fxRows(preview.fx, t, language),
    );
  }
  rows.push(
    {
      key: 'total',
      label: isBuy ? t('trade.cost.totalBuy') : t('trade.cost.totalSell'),
      value: pay(preview.total),
      testId: 'cost-total',
      isTotal: true,
    },
    { key: 'available', label: t('trade.cost.available'), value: pay(preview.available) },
    // A short sale or buy-to-cover (issue 16 item 3): the initial margin held and the borrow fee.
    ...(preview.margin?.short
      ? [
          {
            key: 'shortMargin',
            label: t('trade.cost.shortMargin', {
              margin: formatBasisPoints(preview.margin.short.initialMarginBasisPoints, language),
            }),
            value: pay(preview.margin.short.initialMargin),
            testId: 'cost-short-margin',
          },
          {
            key: 'borrowFee',
            label: t('trade.cost.borrowFee', {
              rate: formatBasisPoints(preview.margin.short.borrowFeeBasisPoints, language),
            }),
            value: t('trade.cost.interestDaily', { amount: pay(preview.margin.short.dailyBorrowFee) }),
            testId: 'cost-borrow-fee',
          },
        ]
      : preview.margin
        ? [
            {
              key: 'leverage',
              label: t('trade.cost.leverage'),
              value: t('trade.leverageChoice', { leverage: formatMoney(preview.margin.leverage, language) }),
              testId: 'cost-leverage',
            },
            {
              key: 'marginUsed',
              label: t('trade.cost.marginUsed'),
              value: pay(preview.margin.marginUsed),
              testId: 'cost-margin-used',
            },
            {
              key: 'borrowed',
              label: t('trade.cost.borrowed'),
              value: pay(preview.margin.borrowed),
              testId: 'cost-borrowed',
            },
            {
              key: 'buyingPower',
              label: t('trade.cost.buyingPower'),
              value: pay(preview.margin.buyingPower),
              testId: 'cost-buying-power',
            },
            {
              key: 'interest',
              label: t('trade.cost.interest', {
                rate: formatBasisPoints(preview.margin.annualRateBasisPoints, language),
              }),
              value: t('trade.cost.interestDaily', { amount: pay(preview.margin.dailyInterest) }),
              testId: 'cost-interest',
            },
          ]
        : []),
    { key: 'left', label: t('trade.cost.cashLeft'), value: pay(preview.cashLeft), testId: 'cost-left' },
  );
  return (
    <section
      className={classNames('card', styles.tradeCost)}
      data-testid="cost-block"
      aria-label={t('trade.cost.title')}
    >
      <h2 className={styles.tradeCardTitle}>{t('trade.cost.title')}</h2>
      {preview.isRoundedDown && preview.requestedAmount !== null && (
        <p className="callout" data-testid="rounded-down">
          {t('trade.cost.roundedDown', {
            amount: pay(preview.requestedAmount),
            quantity: formatQuantity(preview.quantity, language),
          })}
        </p>
      )}
      <SummaryRows rows={rows} />
      {preview.fx && (
        <small className="summary-source" data-testid="cost-fx-source">
          {t('exchange.source', {
            source: sourceName(preview.fx.source, t),
            time: formatDateTime(preview.fx.timestamp, language),
          })}
        </small>
      )}
      {preview.quote && (
        <small className="summary-source" data-testid="cost-quote-source">
          {t(`trade.cost.priceBasis.${preview.priceBasis}`, {
            price: formatTradePrice(preview.price, language),
            source: sourceName(preview.quote.source, t),
            time: formatDateTime(preview.quote.timestamp, language),
          })}
        </small>
      )}
      {isBuy && preview.reserve !== (preview.margin?.marginUsed ?? preview.total) && (
        <small className="summary-source">{t('trade.cost.reserve', { amount: pay(preview.reserve) })}</small>
      )}
    </section>
  );
}
