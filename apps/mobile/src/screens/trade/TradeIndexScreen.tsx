import { formatCurrency, formatDateTime, formatRate } from '@beurs/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PullToRefresh } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { currentLanguage } from '../../app/i18n';
import { fundsQueries, useRecords } from '../../features/funds/queries';
import type { Quote } from '../../features/market/market-types';
import { sourceName } from '../../features/market/source-name';
import { useFollowSymbols } from '../../features/market/use-live-quote';
import { withLivePrice } from '../../features/trading/live-position';
import { useCancelOrderMutation } from '../../features/trading/mutations';
import { ipoQueries, useIpoSubscriptions } from '../../features/offerings/queries';
import { placementQueries, usePlacementSubscriptions } from '../../features/placements/queries';
import { useStrategyMine } from '../../features/strategies/queries';
import { tradeQueries, type Order, type Position } from '../../features/trading/queries';
import { pathOf } from '../../routes/paths';
import { EmptyState, Loading, classNames } from '../../shell/common';
import { showToast } from '../../shell/toast';
import { SubscriptionCard } from '../home/ipo/IpoParts';
import { PlacementSubscriptionCard } from '../home/placements/PlacementParts';
import { StrategyHoldingCard, StrategyRequestCard } from '../home/strategies/StrategyParts';
import { ConfirmDialog } from './components/ConfirmDialog';
import { OrderCard } from './components/OrderCard';
import { PositionFigures } from './components/PositionFigures';
import { TradeReport } from './components/TradeReport';
import styles from './trade.module.css';

// Positions (/trade/index, spec §2): pending orders, holdings, closed positions, cancelled (and
// expired or rejected) orders, crypto holdings, and the user's currency exchanges. Pull to refresh;
// holdings follow the live price stream. Below the tabs, the year's trade report (CSV and PDF).

export const tradeTabs = [
  'pending',
  'holdings',
  'closed',
  'cancelled',
  'crypto',
  'fx',
  'subscription',
] as const;
export type TradeTab = (typeof tradeTabs)[number];

const isTradeTab = (value: unknown): value is TradeTab =>
  typeof value === 'string' && (tradeTabs as readonly string[]).includes(value);

export const positionDetailPath = (id: string) => `${pathOf('positionDetail')}?id=${encodeURIComponent(id)}`;

/** Holdings priced by the stream while the list is on screen. */
function useLivePositions(positions: Position[]): Position[] {
  const [latest, setLatest] = useState<Record<string, string>>({});
  const symbols = useMemo(
    () => [...new Set(positions.filter((item) => item.state === 'holding').map((item) => item.symbol))],
    [positions],
  );
  useFollowSymbols(symbols, (quote: Quote) => setLatest((old) => ({ ...old, [quote.symbol]: quote.latest })));
  return positions.map((position) =>
    position.state === 'holding' ? withLivePrice(position, latest[position.symbol]) : position,
  );
}

function PositionList({ positions, empty }: { positions: Position[]; empty: string }) {
  const { t } = useTranslation();
  const live = useLivePositions(positions);
  if (live.length === 0) return <EmptyState message={empty} />;
  return (
    <ul className={styles.tradeList}>
      {live.map((position) => (
        <li
          key={position.id}
          className={classNames('card', styles.tradeItem)}
          data-testid={`position-${position.id}`}
        >
          <Link to={positionDetailPath(position.id)} className={styles.tradeItemLink}>
            <div className={styles.tradeItemHead}>
              <div>
                <strong>{position.name}</strong>
                <small>
                  {position.code} ·{' '}
                  {t(`market.markets.${position.market}`, { defaultValue: position.market })}
                </small>
              </div>
              <span className="status">{t(`trade.states.${position.state}`)}</span>
            </div>
            <PositionFigures position={position} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function OrderList({ orders, empty }: { orders: Order[]; empty: string }) {
  const { t } = useTranslation();
  const cancel = useCancelOrderMutation();
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const dialog = (
    <ConfirmDialog
      content={toCancel ? t('trade.position.cancelConfirm') : null}
      confirmText={t('trade.position.cancel')}
      isDanger
      onClose={() => setToCancel(null)}
      onConfirm={() => {
        if (!toCancel) return;
        cancel.mutate(toCancel.id, { onSuccess: () => showToast(t('trade.position.cancelled'), 2_000) });
      }}
    />
  );
  if (orders.length === 0) return <EmptyState message={empty} />;
  return (
    <>
      {dialog}
      <ul className={styles.tradeList}>
        {orders.map((order) => (
          <OrderCard
            key={order.id}
            order={order}
            onCancel={setToCancel}
            isCancelling={cancel.isPending && cancel.variables === order.id}
          />
        ))}
      </ul>
    </>
  );
}

function OrdersTab({ tab }: { tab: 'pending' | 'cancelled' }) {
  const { t } = useTranslation();
  const query = useQuery(tradeQueries.orders(tab));
  if (query.isPending) return <Loading />;
  if (query.isError) return <EmptyState message={t('common.failure')} />;
  return <OrderList orders={query.data.items} empty={t(`trade.empty.${tab}`)} />;
}

const positionTabs = {
  holdings: ['holding', 'security'],
  crypto: ['holding', 'crypto'],
  closed: ['closed', 'all'],
} as const;

function PositionsTab({ tab }: { tab: keyof typeof positionTabs }) {
  const { t } = useTranslation();
  const [state, assetClass] = positionTabs[tab];
  const query = useQuery(tradeQueries.positions(state, assetClass));
  if (query.isPending) return <Loading />;
  if (query.isError) return <EmptyState message={t('common.failure')} />;
  return <PositionList positions={query.data.items} empty={t(`trade.empty.${tab}`)} />;
}

/** The user's currency exchanges, from the records (an exchange is one entry, a line per currency). */
function ExchangeList() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const records = useRecords('exchange');
  if (records.isPending) return <Loading />;
  const items = (records.data?.pages.flatMap((page) => page.items) ?? []).filter(
    (record) => record.detail?.type === 'exchange' && record.amount.startsWith('-'),
  );
  if (items.length === 0) return <EmptyState message={t('trade.empty.fx')} />;
  return (
    <ul className={styles.tradeList}>
      {items.map((record) => {
        const detail = record.detail?.type === 'exchange' ? record.detail : null;
        if (!detail) return null;
        return (
          <li
            key={`${record.id}-${record.currency}`}
            className={classNames('card', styles.tradeItem)}
            data-testid={`exchange-${record.id}`}
          >
            <div className={styles.tradeItemHead}>
              <strong>{t('exchange.pair', { from: detail.from, to: detail.to })}</strong>
              <span className="numeric">{formatCurrency(detail.received, detail.to, language)}</span>
            </div>
            <p className={styles.tradeItemLine}>
              {t('fundRecord.details.exchange', {
                amount: formatCurrency(detail.amount, detail.from, language),
                received: formatCurrency(detail.received, detail.to, language),
                rate: formatRate(detail.appliedRate, language),
                from: detail.from,
                to: detail.to,
                spread: t('exchange.basisPoints', { count: detail.spreadBasisPoints }),
                source: sourceName(detail.rateSource, t),
              })}
            </p>
            <small className="summary-source">{formatDateTime(record.createdAt, language)}</small>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * IPO subscriptions, placement requests and strategy follows and redemptions with their states
 * (issue 17, item 6), newest first, after the strategy units held; the draw check is on the
 * offering's page.
 */
function SubscriptionsTab() {
  const { t } = useTranslation();
  const ipo = useIpoSubscriptions();
  const placements = usePlacementSubscriptions();
  const strategies = useStrategyMine();
  if (ipo.isPending || placements.isPending || strategies.isPending) return <Loading />;
  if (ipo.isError || placements.isError || strategies.isError) {
    return <EmptyState message={t('common.failure')} />;
  }
  const items = [
    ...ipo.data.items.map((subscription) => ({
      kind: 'ipo' as const,
      subscription,
      createdAt: subscription.createdAt,
    })),
    ...placements.data.items.map((subscription) => ({
      kind: 'placement' as const,
      subscription,
      createdAt: subscription.createdAt,
    })),
    ...strategies.data.requests.items.map((request) => ({
      kind: 'strategy' as const,
      request,
      createdAt: request.createdAt,
    })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const { holdings } = strategies.data;
  if (items.length === 0 && holdings.length === 0) {
    return <EmptyState message={t('trade.empty.subscription')} />;
  }
  return (
    <ul className={styles.tradeList}>
      {holdings.map((holding) => (
        <StrategyHoldingCard key={`units-${holding.strategyId}`} holding={holding} isLinked />
      ))}
      {items.map((item) =>
        item.kind === 'ipo' ? (
          <SubscriptionCard
            key={`ipo-${item.subscription.id}`}
            offering={null}
            subscription={item.subscription}
            isLinked
          />
        ) : item.kind === 'placement' ? (
          <PlacementSubscriptionCard
            key={`placement-${item.subscription.id}`}
            subscription={item.subscription}
            isLinked
          />
        ) : (
          <StrategyRequestCard key={`strategy-${item.request.id}`} request={item.request} isLinked />
        ),
      )}
    </ul>
  );
}

export default function TradeIndexScreen() {
  const { t } = useTranslation();
  const location = useLocation();
  const queryClient = useQueryClient();
  const stateTab = (location.state as { tab?: unknown } | null)?.tab;
  const [tab, setTab] = useState<TradeTab>(isTradeTab(stateTab) ? stateTab : 'holdings');
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: tradeQueries.all }),
      queryClient.invalidateQueries({ queryKey: fundsQueries.all }),
      queryClient.invalidateQueries({ queryKey: ipoQueries.all }),
      queryClient.invalidateQueries({ queryKey: placementQueries.all }),
    ]);
  };
  return (
    <div data-testid="screen-trade" className={styles.tradeScreen}>
      <div className={styles.tradeTabs} role="tablist" aria-label={t('titles.trade')}>
        {tradeTabs.map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            aria-selected={tab === option}
            onClick={() => setTab(option)}
            data-testid={`trade-tab-${option}`}
          >
            {t(`trade.tabs.${option}`)}
          </button>
        ))}
      </div>
      <PullToRefresh
        onRefresh={refresh}
        pullingText={t('trade.refresh.pull')}
        canReleaseText={t('trade.refresh.release')}
        refreshingText={t('trade.refresh.refreshing')}
        completeText={t('trade.refresh.done')}
      >
        <div className={styles.tradeTabPanel} role="tabpanel">
          {tab === 'fx' ? (
            <ExchangeList />
          ) : tab === 'subscription' ? (
            <SubscriptionsTab />
          ) : tab === 'pending' || tab === 'cancelled' ? (
            <OrdersTab tab={tab} />
          ) : (
            <PositionsTab tab={tab} />
          )}
          <TradeReport />
        </div>
      </PullToRefresh>
    </div>
  );
}
