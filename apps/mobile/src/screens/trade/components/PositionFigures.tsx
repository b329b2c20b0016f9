import { formatCurrency, formatDateTime, formatMoney } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import { toneClass, useColourScheme } from '../../../features/market/price-colours';
import { directionOf } from '../../../features/market/quote-format';
import { formatQuantity, formatTradePrice } from '../../../features/trading/format';
import type { Position } from '../../../features/trading/queries';
import { classNames } from '../../../shell/common';
import { SummaryRows, type SummaryRow } from '../../../shell/SummaryRows';
import marketStyles from '../../market/market.module.css';

/** A signed amount in the user's up/down colours ("+12.40 €", "-3.10 €"). */
export function Pnl({
  value,
  currency,
  testId,
}: {
  value: string | null;
  currency: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const scheme = useColourScheme();
  if (value === null) return <span data-testid={testId}>{t('trade.position.noPrice')}</span>;
  const direction = directionOf(value);
  const shown = formatCurrency(value, currency === 'USD' ? 'USD' : 'EUR', currentLanguage());
  return (
    <span className={classNames('numeric', marketStyles[toneClass(direction, scheme)])} data-testid={testId}>
      {direction === 'up' ? `+${shown}` : shown}
    </span>
  );
}

/** The figures of a position: a short's direction, quantity, cost, value, P&L (trade currency and EUR), lock. */
export function PositionFigures({
  position,
  isDetailed = false,
}: {
  position: Position;
  isDetailed?: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const money = (text: string) => formatCurrency(text, position.currency === 'USD' ? 'USD' : 'EUR', language);
  const isHolding = position.state === 'holding';
  const rows: SummaryRow[] = [
    {
      key: 'quantity',
      label: t('trade.position.quantity'),
      value: formatQuantity(position.quantity, language),
      testId: 'position-quantity',
    },
  ];
  // A short (issue 16 item 3): sold with borrowed shares; its P&L counts the other way.
  if (position.direction === 'short') {
    rows.unshift({
      key: 'direction',
      label: t('trade.short.direction'),
      value: t('trade.short.short'),
      testId: 'position-direction',
    });
  }
  if (isDetailed && isHolding) {
    rows.push({
      key: 'available',
      label: t('trade.position.available'),
      value: formatQuantity(position.availableQuantity, language),
    });
  }
  // Average cost and cost describe the shares held: a closed position holds none (its fills say
  // what it cost), and "average cost 0.00" would read as shares bought for nothing.
  if (isHolding) {
    rows.push({
      key: 'average',
      label: t('trade.position.averageCost'),
      value: formatTradePrice(position.averageCost, language),
    });
    if (isDetailed)
      rows.push({ key: 'cost', label: t('trade.position.costBasis'), value: money(position.costBasis) });
    rows.push(
      {
        key: 'last',
        label: t('trade.position.lastPrice'),
        value: position.lastPrice
          ? formatTradePrice(position.lastPrice, language)
          : t('trade.position.noPrice'),
        testId: 'position-last',
      },
      {
        key: 'value',
        label: t('trade.position.marketValue'),
        value: position.marketValue ? money(position.marketValue) : t('trade.position.noPrice'),
        testId: 'position-value',
      },
      {
        key: 'unrealised',
        label: t('trade.position.unrealised'),
        value: (
          <Pnl value={position.unrealisedPnl} currency={position.currency} testId="position-unrealised" />
        ),
      },
    );
    if (isDetailed && position.currency !== 'EUR') {
      rows.push({
        key: 'unrealisedEur',
        label: t('trade.position.unrealisedEur'),
        value: <Pnl value={position.unrealisedPnlEur} currency="EUR" />,
      });
    }
    if (isDetailed && position.todayChange !== null) {
      rows.push({
        key: 'today',
        label: t('trade.position.today'),
        value: <Pnl value={position.todayChange} currency={position.currency} />,
      });
    }
  }
  // Bought on margin (issue 16): the leverage, the part paid, what was borrowed, the liquidation price.
  // A short borrowed shares: the initial margin held on them and their value at the sale price.
  if (isHolding && position.margin) {
    const { margin } = position;
    const isShort = position.direction === 'short';
    rows.push(
      {
        key: 'leverage',
        label: t('trade.position.leverage'),
        value: t('trade.leverageChoice', { leverage: formatMoney(margin.leverage, language) }),
        testId: 'position-leverage',
      },
      {
        key: 'marginPaid',
        label: t(isShort ? 'trade.position.marginHeld' : 'trade.position.marginPaid'),
        value: money(margin.marginPaid),
      },
      {
        key: 'borrowed',
        label: t(isShort ? 'trade.position.borrowedShares' : 'trade.position.borrowed'),
        value: money(margin.borrowed),
        testId: 'position-borrowed',
      },
      {
        key: 'liquidationPrice',
        label: t('trade.position.liquidationPrice'),
        value: margin.liquidationPrice
          ? formatTradePrice(margin.liquidationPrice, language)
          : t('trade.position.noLiquidationPrice'),
        testId: 'position-liquidation-price',
      },
    );
  }
  if (isDetailed || !isHolding) {
    rows.push({
      key: 'realised',
      label: t('trade.position.realised'),
      value: <Pnl value={position.realisedPnl} currency={position.currency} testId="position-realised" />,
    });
    if (position.currency !== 'EUR') {
      rows.push({
        key: 'realisedEur',
        label: t('trade.position.realisedEur'),
        value: <Pnl value={position.realisedPnlEur} currency="EUR" />,
      });
    }
  }
  return (
    <>
      <SummaryRows rows={rows} />
      {position.isLiquidating && position.state === 'holding' && (
        <p className="field-error" role="status" data-testid="position-liquidating">
          {t('trade.position.liquidating')}
        </p>
      )}
      {position.lockedUntil && Date.parse(position.lockedUntil) > Date.now() && (
        <small className="summary-source" data-testid="position-locked">
          {t('trade.position.lockedUntil', { time: formatDateTime(position.lockedUntil, language) })}
        </small>
      )}
      <small className="summary-source">
        {t('trade.position.opened', { time: formatDateTime(position.openedAt, language) })}
        {position.closedAt &&
          ` · ${t('trade.position.closedAt', { time: formatDateTime(position.closedAt, language) })}`}
      </small>
    </>
  );
}
