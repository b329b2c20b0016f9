import { formatCurrency, formatDateTime } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import type { PlacementSubscription } from '../../../features/placements/queries';
import { pathOf } from '../../../routes/paths';
import { SummaryRows, type SummaryRow } from '../../../shell/SummaryRows';
import styles from '../ipo/ipo.module.css';

export const placementPath = (id: string) => `${pathOf('newStock2')}?id=${encodeURIComponent(id)}`;
export const placementBuyPath = (id: string) => `${pathOf('newStockBuy2')}?id=${encodeURIComponent(id)}`;

/** A placement request with its state (requested, allocated N, not allocated, refunded) and its money. */
export function PlacementSubscriptionCard({
  subscription,
  isLinked = false,
}: {
  subscription: PlacementSubscription;
  /** Links the head to the placement's page and names the kind (the positions tab). */
  isLinked?: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const money = (amount: string) => formatCurrency(amount, subscription.currency, language);
  const shares = (quantity: string) => Number(quantity).toLocaleString(language);
  const rows: SummaryRow[] = [
    {
      key: 'quantity',
      label: t('placement.quantity'),
      value: t('placement.shares', { quantity: shares(subscription.quantity) }),
    },
    {
      key: 'frozen',
      label: t('placement.frozen'),
      value: money(subscription.frozen),
      testId: 'placement-sub-frozen',
    },
  ];
  if (subscription.allocatedQuantity !== null) {
    rows.push(
      {
        key: 'paid',
        label: t('placement.paid'),
        value: money(subscription.paid ?? '0.00'),
        testId: 'placement-sub-paid',
      },
      {
        key: 'released',
        label: t('placement.released'),
        value: money(subscription.released ?? '0.00'),
        testId: 'placement-sub-released',
      },
    );
  }
  const head = (
    <div className={styles.ipoHead}>
      <div>
        <strong>
          {isLinked ? `${t('placement.kind')} · ` : ''}
          {subscription.name}
        </strong>
        <small>
          {subscription.symbol} · {formatDateTime(subscription.createdAt, language)}
        </small>
      </div>
      <span className="status" data-testid="placement-sub-state">
        {t(`placement.states.${subscription.state}`, {
          quantity: shares(subscription.allocatedQuantity ?? '0'),
        })}
      </span>
    </div>
  );
  return (
    <li className="card" data-testid={`placement-subscription-${subscription.id}`}>
      {isLinked ? (
        <Link to={placementPath(subscription.placementId)} className={styles.ipoLink}>
          {head}
        </Link>
      ) : (
        head
      )}
      <SummaryRows rows={rows} />
    </li>
  );
}
