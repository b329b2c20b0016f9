import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListSort, SortOrder } from '@beurs/contract/enums';
import { useStockType } from '../../../features/market/stock-type';
import { pathOf } from '../../../routes/paths';
import { EmptyState, Loading } from '../../../shell/common';
import { QuoteList } from './QuoteList';
import { QuoteSource } from './QuoteSource';
import { useLiveList } from './use-live-list';
import styles from '../market.module.css';

// Home screen stock tabs: gainers, losers and most traded of the user's market (stockType), live.

const moverTabs = [
  { key: 'gainers', sort: 'change', order: 'desc' },
  { key: 'losers', sort: 'change', order: 'asc' },
  { key: 'active', sort: 'turnover', order: 'desc' },
] as const satisfies readonly { key: string; sort: ListSort; order: SortOrder }[];
type MoverKey = (typeof moverTabs)[number]['key'];
const MOVERS_SHOWN = 5;

export function HomeMovers() {
  const { t } = useTranslation();
  const [stockType] = useStockType();
  const [tabKey, setTabKey] = useState<MoverKey>('gainers');
  const tab = moverTabs.find((entry) => entry.key === tabKey) ?? moverTabs[0];
  const list = useLiveList(stockType, tab.sort, tab.order, MOVERS_SHOWN);
  const first = list.data?.items[0];
  return (
    <section className={styles.movers} aria-label={t('market.home.title')} data-testid="home-movers">
      <div className={styles.sectionHead}>
        <h2 className="section-title">
          {t('market.home.title')} · {t(`market.stockTypes.${stockType}`)}
        </h2>
        <Link className={styles.textButton} to={pathOf('marketindex')} data-testid="home-more-market">
          {t('market.home.more')}
        </Link>
      </div>
      <div className={styles.chipRow} role="group" aria-label={t('market.home.title')}>
        {moverTabs.map((entry) => (
          <button
            key={entry.key}
            type="button"
            className={styles.chip}
            aria-pressed={entry.key === tabKey}
            data-testid={`movers-${entry.key}`}
            onClick={() => setTabKey(entry.key)}
          >
            {t(`market.home.${entry.key}`)}
          </button>
        ))}
      </div>
      {first && (
        <div className={styles.listCaption}>
          <QuoteSource source={first} />
        </div>
      )}
      {list.isPending ? (
        <Loading />
      ) : !list.data || list.data.items.length === 0 ? (
        <EmptyState />
      ) : (
        <QuoteList
          quotes={list.data.items}
          sort={{ sort: tab.sort, order: tab.order }}
          data-testid="movers-list"
        />
      )}
    </section>
  );
}
