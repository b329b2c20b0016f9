import { formatCurrency, formatDateTime } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { sourceName } from '../../../features/market/source-name';
import { formatBasisPoints, formatQuantity, formatTradePrice } from '../../../features/trading/format';
import type { Fill, Order } from '../../../features/trading/queries';
import { SummaryRows } from '../../../shell/SummaryRows';
import { fxRows } from '../ticket/CostBlock';
import styles from '../trade.module.css';
import { classNames } from '../../../shell/common';

const money = (text: string, currency: string) =>
  formatCurrency(text, currency === 'USD' ? 'USD' : 'EUR', currentLanguage());

/** The order's prices as typed: "limit 52.00", "stop 50.00", "trail 2.5 %". */
function orderPrices(order: Order, t: (key: string, values?: Record<string, string>) => string): string {
  const language = currentLanguage();
  const parts: string[] = [];
  if (order.limitPrice)
    parts.push(t('trade.orderPrices.limit', { price: formatTradePrice(order.limitPrice, language) }));
  if (order.stopPrice)
    parts.push(t('trade.orderPrices.stop', { price: formatTradePrice(order.stopPrice, language) }));
  if (order.trail) {
    const value =
      order.trail.unit === 'percent'
        ? `${order.trail.value} %`
        : formatTradePrice(order.trail.value, language);
    parts.push(t('trade.orderPrices.trail', { value }));
  }
  return parts.join(' · ');
}

/** One fill with its price source, costs and the TOB voucher (rate, base, amount). */
export function FillDetail({ fill, currency }: { fill: Fill; currency: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <div className={styles.tradeFill} data-testid={`fill-${fill.id}`}>
      <p className={styles.tradeFillHead}>
        {t('trade.position.fill', {
          quantity: formatQuantity(fill.quantity, language),
          price: formatTradePrice(fill.price, language),
        })}
      </p>
      <SummaryRows
        rows={[
          {
            key: 'gross',
            label: t('trade.position.gross'),
            value: money(fill.gross, currency),
            testId: 'fill-gross',
          },
          {
            key: 'fee',
            label: t('trade.position.fee'),
            value: money(fill.fee, currency),
            testId: 'fill-fee',
          },
          // The tax is a line of the total too; the voucher below gives its rate and base.
          {
            key: 'tob',
            label:
              fill.tob.class === 'none'
                ? t('trade.cost.tobNone')
                : fill.tob.isCapped
                  ? t('trade.cost.tobCapped', { cap: money(fill.tob.cap, currency) })
                  : t('trade.cost.tob', { rate: formatBasisPoints(fill.tob.rateBasisPoints, language) }),
            value: money(fill.tob.amount, currency),
            testId: 'fill-tob',
          },
          ...(fill.fx ? fxRows(fill.fx, t, language) : []),
          {
            key: 'total',
            label: t('trade.position.total'),
            value: money(fill.total, fill.payCurrency),
            isTotal: true,
            testId: 'fill-total',
          },
        ]}
      />
      {fill.tob.class !== 'none' && (
        <section
          className={styles.tradeVoucher}
          data-testid="tob-voucher"
          aria-label={t('trade.position.tobVoucher')}
        >
          <h4>{t('trade.position.tobVoucher')}</h4>
          <SummaryRows
            rows={[
              {
                key: 'rate',
                label: t('trade.position.tobRate'),
                value: formatBasisPoints(fill.tob.rateBasisPoints, language),
              },
              {
                key: 'base',
                label: t('trade.position.tobBase'),
                value: money(fill.tob.base, currency),
                testId: 'tob-base',
              },
              {
                key: 'amount',
                label: fill.tob.isCapped
                  ? t('trade.cost.tobCapped', { cap: money(fill.tob.cap, currency) })
                  : t('trade.position.tobAmount'),
                value: money(fill.tob.amount, currency),
                testId: 'tob-amount',
              },
            ]}
          />
        </section>
      )}
      <small className="summary-source">
        {t('trade.position.fillSource', {
          basis: t(`trade.basis.${fill.priceBasis}`),
          source: sourceName(fill.quoteSource, t),
          time: formatDateTime(fill.quoteTimestamp, language),
        })}
      </small>
      {fill.settlesOn && (
        <small className="summary-source" data-testid="fill-settles">
          {/* A day, written like the app's dates and times (2026.11.30). */}
          {t('trade.position.settlesOn', { date: fill.settlesOn.replaceAll('-', '.') })}
        </small>
      )}
    </div>
  );
}

/** The order's timeline: placed, then filled / cancelled / expired / rejected, each with its time. */
function Timeline({ order }: { order: Order }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const steps = (
    [
      ['created', order.createdAt],
      ['filled', order.filledAt],
      ['cancelled', order.cancelledAt],
      ['expired', order.expiredAt],
      ['rejected', order.rejectedAt],
    ] as const
  ).filter((step): step is readonly [(typeof step)[0], string] => step[1] !== null);
  return (
    <ol className={styles.tradeTimeline} data-testid="order-timeline">
      {steps.map(([step, time]) => (
        <li key={step}>
          <span>{t(`trade.position.timeline.${step}`)}</span>
          <time dateTime={time}>{formatDateTime(time, language)}</time>
        </li>
      ))}
    </ol>
  );
}

type Props = {
  order: Order;
  /** Fills, vouchers and timeline (the position detail); the lists show the summary only. */
  isDetailed?: boolean;
  onCancel?: (order: Order) => void;
  isCancelling?: boolean;
  children?: ReactNode;
};

/** An order: side, quantity, type, prices, state; with its fills and timeline when detailed. */
export function OrderCard({ order, isDetailed = false, onCancel, isCancelling = false, children }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const isCancellable = order.state === 'pending' || order.state === 'partially_filled';
  const prices = orderPrices(order, t);
  return (
    <li className={classNames('card', styles.tradeItem)} data-testid={`order-${order.id}`}>
      <div className={styles.tradeItemHead}>
        <div>
          <strong>{order.name}</strong>
          <small>
            {order.code} · {t(`market.markets.${order.market}`, { defaultValue: order.market })}
          </small>
        </div>
        <span className={`status trade-state-${order.state}`} data-testid="order-state">
          {t(`trade.states.${order.state}`)}
        </span>
      </div>
      <p className={styles.tradeItemLine}>
        {t('trade.orderLine', {
          side: t(`trade.sides.${order.side}`),
          quantity: formatQuantity(order.quantity, language),
          type: t(`trade.types.${order.type}`),
        })}
        {prices && ` · ${prices}`}
        {' · '}
        {t(`trade.tif.${order.timeInForce}`)}
      </p>
      {order.filledQuantity !== '0' && !/^0\.0*$/.test(order.filledQuantity) && order.state !== 'filled' && (
        <p className={styles.tradeItemLine}>
          {t('trade.states.partially_filled')}: {formatQuantity(order.filledQuantity, language)}
        </p>
      )}
      {order.expiresAt && isCancellable && (
        <small className="summary-source">
          {t('trade.terms.expires', { time: formatDateTime(order.expiresAt, language) })}
        </small>
      )}
      {order.reason && (
        <small className="summary-source">
          {t('trade.position.reason', {
            reason: t(`errors.${order.reason}`, { defaultValue: order.reason }),
          })}
        </small>
      )}
      {isDetailed && (
        <>
          <Timeline order={order} />
          {order.fills.map((fill) => (
            <FillDetail key={fill.id} fill={fill} currency={order.currency} />
          ))}
        </>
      )}
      {!isDetailed && <small className="summary-source">{formatDateTime(order.createdAt, language)}</small>}
      {onCancel && isCancellable && (
        <Button
          size="small"
          color="danger"
          fill="outline"
          loading={isCancelling}
          onClick={() => onCancel(order)}
          data-testid={`cancel-${order.id}`}
        >
          {t('trade.position.cancel')}
        </Button>
      )}
      {children}
    </li>
  );
}
