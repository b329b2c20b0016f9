import { formatCurrency, formatDateTime } from '@beurs/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { usePlacementList, type Placement } from '../../../features/placements/queries';
import { EmptyState, Loading } from '../../../shell/common';
import { SummaryRows } from '../../../shell/SummaryRows';
import styles from '../ipo/ipo.module.css';
import { placementPath } from './PlacementParts';

// Block trades (/home/blockTrade, spec `blockTrade`; issue 17 item 4): the placements with their
// fixed price, block, daily limit, window and phase; each opens its page (newStock2).

function PlacementItem({ placement }: { placement: Placement }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const shares = (quantity: string) =>
    t('placement.shares', { quantity: Number(quantity).toLocaleString(language) });
  return (
    <li className="card" data-testid={`placement-${placement.id}`}>
      <Link to={placementPath(placement.id)} className={styles.ipoLink}>
        <div className={styles.ipoHead}>
          <div>
            <strong>{placement.name}</strong>
            <small>{placement.symbol}</small>
          </div>
          <span className="status">{t(`placement.phases.${placement.phase}`)}</span>
        </div>
        <SummaryRows
          rows={[
            {
              key: 'price',
              label: t('placement.price'),
              value: formatCurrency(placement.price, placement.currency, language),
            },
            { key: 'block', label: t('placement.block'), value: shares(placement.blockQuantity) },
            { key: 'daily', label: t('placement.dailyLimit'), value: shares(placement.dailyLimit) },
            {
              key: 'window',
              label: t('placement.window'),
              value: `${formatDateTime(placement.opensAt, language)} – ${formatDateTime(placement.closesAt, language)}`,
              isText: true,
            },
          ]}
        />
      </Link>
    </li>
  );
}

export default function BlockTradeScreen() {
  const { t } = useTranslation();
  const list = usePlacementList();
  return (
    <div className={styles.ipoScreen} data-testid="screen-blockTrade">
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <EmptyState message={t('common.failure')} />
      ) : list.data.items.length === 0 ? (
        <EmptyState message={t('placement.empty')} />
      ) : (
        <ul className={styles.ipoList}>
          {list.data.items.map((placement) => (
            <PlacementItem key={placement.id} placement={placement} />
          ))}
        </ul>
      )}
    </div>
  );
}
