import { formatCurrency, formatDateTime } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import type { IpoOffering, IpoSubscription } from '../../../features/offerings/queries';
import { checkDraw } from '../../../features/offerings/verify-draw';
import { pathOf } from '../../../routes/paths';
import { classNames } from '../../../shell/common';
import { SummaryRows, type SummaryRow } from '../../../shell/SummaryRows';
import styles from './ipo.module.css';

export const newStockPath = (id: string) => `${pathOf('newStock')}?id=${encodeURIComponent(id)}`;
export const newStockBuyPath = (id: string) => `${pathOf('newStockBuy')}?id=${encodeURIComponent(id)}`;

/**
 * A subscription with its state and money and, once drawn and given its offering, the app's own
 * check of the draw ("verified" / "does not match").
 */
export function SubscriptionCard({
  offering,
  subscription,
  isLinked = false,
}: {
  offering: IpoOffering | null;
  subscription: IpoSubscription;
  /** Links the head to the offering's page (the positions tab). */
  isLinked?: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const money = (amount: string) => formatCurrency(amount, subscription.currency, language);
  const check = offering ? checkDraw(offering, subscription) : 'not_drawn';
  const rows: SummaryRow[] = [
    {
      key: 'quantity',
      label: t('ipo.quantity'),
      value: t('ipo.shares', { quantity: Number(subscription.quantity).toLocaleString(language) }),
    },
    { key: 'frozen', label: t('ipo.frozen'), value: money(subscription.frozen), testId: 'ipo-sub-frozen' },
  ];
  if (subscription.allocatedQuantity !== null) {
    rows.push({
      key: 'allocated',
      label: t('ipo.allocated'),
      value: t('ipo.shares', { quantity: Number(subscription.allocatedQuantity).toLocaleString(language) }),
      testId: 'ipo-sub-allocated',
    });
    // Drawn but not yet settled (the settlement runs right after the draw): the money is still frozen.
    if (subscription.paid === null || subscription.released === null) {
      rows.push({ key: 'paid', label: t('ipo.paid'), value: t('ipo.settling'), testId: 'ipo-sub-settling' });
    } else {
      rows.push(
        { key: 'paid', label: t('ipo.paid'), value: money(subscription.paid), testId: 'ipo-sub-paid' },
        {
          key: 'released',
          label: t('ipo.released'),
          value: money(subscription.released),
          testId: 'ipo-sub-released',
        },
      );
    }
  }
  const head = (
    <div className={styles.ipoHead}>
      <div>
        <strong>{subscription.name}</strong>
        <small>
          {subscription.symbol} · {formatDateTime(subscription.createdAt, language)}
        </small>
      </div>
      <span className="status" data-testid="ipo-sub-state">
        {t(`ipo.states.${subscription.state}`)}
      </span>
    </div>
  );
  return (
    <li className="card" data-testid={`ipo-subscription-${subscription.id}`}>
      {isLinked ? (
        <Link to={newStockPath(subscription.offeringId)} className={styles.ipoLink}>
          {head}
        </Link>
      ) : (
        head
      )}
      <SummaryRows rows={rows} />
      {check !== 'not_drawn' && (
        <div className={styles.ipoCheck}>
          <span
            className={classNames('status', check === 'verified' ? styles.ipoVerified : styles.ipoMismatch)}
            data-testid="ipo-draw-check"
          >
            {t(check === 'verified' ? 'ipo.verified' : 'ipo.mismatch')}
          </span>
          <p className={styles.ipoNote}>
            {t(check === 'verified' ? 'ipo.verifiedNote' : 'ipo.mismatchNote')}
          </p>
          {subscription.ticket && (
            <p className={styles.ipoNote}>
              {t('ipo.ticket')}: <span className={styles.ipoHash}>{subscription.ticket}</span>
            </p>
          )}
        </div>
      )}
    </li>
  );
}
