import { formatCurrency, formatDateTime } from '@beurs/i18n';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { usePlacementDetail } from '../../../features/placements/queries';
import { EmptyState, Loading } from '../../../shell/common';
import { SummaryRows } from '../../../shell/SummaryRows';
import styles from '../ipo/ipo.module.css';
import { PlacementSubscriptionCard, placementBuyPath } from './PlacementParts';

// One placement (/home/newStock2?id=, spec `newStock2`; issue 17 item 4): every published term,
// the totals so far, the allocation rule, the user's requests and the way to request shares.

export default function NewStock2Screen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = usePlacementDetail(id);
  if (!id) return <EmptyState message={t('placement.empty')} />;
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <EmptyState message={t('common.failure')} />;
  const { placement, subscriptions, dailyLeft } = detail.data;
  const at = (value: string) => formatDateTime(value, language);
  const shares = (quantity: string) =>
    t('placement.shares', { quantity: Number(quantity).toLocaleString(language) });
  return (
    <div className={styles.ipoScreen} data-testid="screen-newStock2">
      <section className="card" data-testid="placement-detail">
        <div className={styles.ipoHead}>
          <div>
            <strong>{placement.name}</strong>
            <small>{placement.symbol}</small>
          </div>
          <span className="status" data-testid="placement-phase">
            {t(`placement.phases.${placement.phase}`)}
          </span>
        </div>
        <SummaryRows
          rows={[
            {
              key: 'price',
              label: t('placement.price'),
              value: formatCurrency(placement.price, placement.currency, language),
            },
            { key: 'block', label: t('placement.block'), value: shares(placement.blockQuantity) },
            { key: 'minimum', label: t('placement.minimum'), value: shares(placement.minimumQuantity) },
            { key: 'lot', label: t('placement.lot'), value: shares(placement.lotSize) },
            { key: 'daily', label: t('placement.dailyLimit'), value: shares(placement.dailyLimit) },
            {
              key: 'fee',
              label: t('placement.fee'),
              value: t('placement.feeValue', {
                rate: (placement.feeBasisPoints / 100).toLocaleString(language, { maximumFractionDigits: 2 }),
                minimum: formatCurrency(placement.feeMinimum, placement.currency, language),
              }),
              isText: true,
            },
            {
              key: 'window',
              label: t('placement.window'),
              value: `${at(placement.opensAt)} – ${at(placement.closesAt)}`,
              isText: true,
            },
            {
              key: 'requested',
              label: t('placement.requested'),
              value: shares(placement.quantityRequested),
              testId: 'placement-requested',
            },
            ...(placement.quantityAllocated === null
              ? []
              : [
                  {
                    key: 'allocated',
                    label: t('placement.allocatedTotal'),
                    value: shares(placement.quantityAllocated),
                  },
                ]),
          ]}
        />
        {placement.closeReason && (
          <p className="callout" role="status">
            {t('placement.closeReason', { reason: placement.closeReason })}
          </p>
        )}
      </section>
      <section className="card">
        <h2>{t('placement.rule')}</h2>
        <p className={styles.ipoNote}>{t('placement.ruleText')}</p>
      </section>
      {placement.phase === 'open' && dailyLeft !== '0' && (
        <div className="actions">
          <p className="form-footer">
            {t('placement.dailyLeft')}: {shares(dailyLeft)}
          </p>
          <Link to={placementBuyPath(placement.id)}>
            <Button block color="primary" size="large" data-testid="placement-subscribe">
              {t('placement.subscribe')}
            </Button>
          </Link>
        </div>
      )}
      {subscriptions.length > 0 && (
        <>
          <h2 className="section-title">{t('placement.yourSubscriptions')}</h2>
          <ul className={styles.ipoList}>
            {subscriptions.map((subscription) => (
              <PlacementSubscriptionCard key={subscription.id} subscription={subscription} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
