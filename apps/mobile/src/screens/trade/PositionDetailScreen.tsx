import { formatDateTime } from '@beurs/i18n';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { currentLanguage } from '../../app/i18n';
import { saveStockDetail } from '../../features/market/stock-detail';
import { useLiveQuote } from '../../features/market/use-live-quote';
import { withLivePrice } from '../../features/trading/live-position';
import { useCancelOrderMutation } from '../../features/trading/mutations';
import { formatQuantity, formatTradePrice } from '../../features/trading/format';
import { tradeQueries, type Order, type PositionDetail } from '../../features/trading/queries';
import { pathOf } from '../../routes/paths';
import { EmptyState, Loading } from '../../shell/common';
import { showToast } from '../../shell/toast';
import { ConfirmDialog } from './components/ConfirmDialog';
import { OrderCard } from './components/OrderCard';
import { PositionFigures } from './components/PositionFigures';
import { PositionLiquidations } from './components/PositionLiquidations';
import styles from './trade.module.css';

// Position detail (/trade/positionDetail?id=…): the position's figures priced by the live quote,
// its open FIFO lots, and every order on the instrument with its timeline, fills, fees and TOB
// vouchers; sell (the ticket), close (the ticket with the whole available quantity, at market) and
// cancel for a pending order.

const kindOf = (position: PositionDetail) => (position.market === 'crypto' ? 'crypto' : 'stock');

function Detail({ position }: { position: PositionDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const quote = useLiveQuote(position.state === 'holding' ? position.symbol : '');
  const cancel = useCancelOrderMutation();
  const live = position.state === 'holding' ? withLivePrice(position, quote.data?.latest) : position;
  // Locked while a margin liquidation runs (the server refuses the user's orders on it meanwhile).
  const canSell =
    position.state === 'holding' && !position.isLiquidating && !/^0(\.0*)?$/.test(position.availableQuantity);

  const openTicket = (quantity?: string) => {
    saveStockDetail({
      symbol: position.symbol,
      code: position.code,
      name: position.name,
      market: position.market,
      kind: kindOf(position),
      currency: position.currency,
    });
    void navigate(pathOf('stockDetailBuy'), { state: { side: 'sell', quantity } });
  };
  const [question, setQuestion] = useState<{ kind: 'close' } | { kind: 'cancel'; order: Order } | null>(null);
  const answer = () => {
    if (question?.kind === 'close') openTicket(position.availableQuantity);
    if (question?.kind === 'cancel') {
      cancel.mutate(question.order.id, { onSuccess: () => showToast(t('trade.position.cancelled'), 2_000) });
    }
  };
  return (
    <div data-testid="screen-positionDetail" className={styles.tradeScreen}>
      <section className="card">
        <div className={styles.tradeItemHead}>
          <div>
            <strong>{position.name}</strong>
            <small>
              {position.code} · {t(`market.markets.${position.market}`, { defaultValue: position.market })}
            </small>
          </div>
          <span className="status" data-testid="position-state">
            {t(`trade.states.${position.state}`)}
          </span>
        </div>
        <PositionFigures position={live} isDetailed />
      </section>

      {position.state === 'holding' && (
        <div className={styles.tradeDetailActions}>
          <Button
            block
            color="primary"
            disabled={!canSell}
            onClick={() => openTicket()}
            data-testid="position-sell"
          >
            {t('trade.position.sell')}
          </Button>
          <Button
            block
            disabled={!canSell}
            onClick={() => setQuestion({ kind: 'close' })}
            data-testid="position-close"
          >
            {t('trade.position.close')}
          </Button>
        </div>
      )}

      {position.lots.length > 0 && (
        <section className="card" data-testid="position-lots">
          <h2 className={styles.tradeCardTitle}>{t('trade.position.lots')}</h2>
          <ul className={styles.tradeLots}>
            {position.lots.map((lot) => (
              <li key={lot.fillId}>
                {t('trade.position.lot', {
                  quantity: formatQuantity(lot.quantity, language),
                  price: formatTradePrice(lot.price, language),
                  time: formatDateTime(lot.openedAt, language),
                })}
              </li>
            ))}
          </ul>
        </section>
      )}

      <PositionLiquidations orderIds={position.orders.map((order) => order.id)} />

      <h2 className="section-title">{t('trade.position.orders')}</h2>
      <ul className={styles.tradeList}>
        {position.orders.map((order) => (
          <OrderCard
            key={order.id}
            order={order}
            isDetailed
            onCancel={(order) => setQuestion({ kind: 'cancel', order })}
            isCancelling={cancel.isPending && cancel.variables === order.id}
          />
        ))}
      </ul>
      <ConfirmDialog
        content={
          question === null
            ? null
            : question.kind === 'close'
              ? t('trade.position.closeConfirm', {
                  quantity: formatQuantity(position.availableQuantity, language),
                })
              : t('trade.position.cancelConfirm')
        }
        confirmText={question?.kind === 'close' ? t('trade.position.close') : t('trade.position.cancel')}
        isDanger={question?.kind === 'cancel'}
        onClose={() => setQuestion(null)}
        onConfirm={answer}
      />
    </div>
  );
}

export default function PositionDetailScreen() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  const position = useQuery(tradeQueries.position(id));
  if (id === '') return <EmptyState />;
  if (position.isPending) return <Loading />;
  if (!position.data) return <EmptyState message={t('errors.ORDER_NOT_FOUND')} />;
  return <Detail position={position.data} />;
}
