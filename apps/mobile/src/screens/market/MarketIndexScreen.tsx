import { formatDateTime } from '@beurs/i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../app/i18n';
import { DEFAULT_SORT, nextSort, type SortState } from '../../features/market/list-sort';
import { type ListTab, type Quote } from '../../features/market/market-types';
import { marketQueries, useMarketStatus } from '../../features/market/queries';
import { useStockType } from '../../features/market/stock-type';
import { patchQuote, useFollowSymbols } from '../../features/market/use-live-quote';
import { pathOf } from '../../routes/paths';
import { EmptyState, Loading, classNames } from '../../shell/common';
import { IndexStrip } from './components/IndexStrip';
import { MarketSwitcher } from './components/MarketSwitcher';
import { QuoteList } from './components/QuoteList';
import { QuoteSource } from './components/QuoteSource';
import { StreamBadge } from './components/StreamBadge';
import { useLiveList } from './components/use-live-list';
import styles from './market.module.css';

// The market index (spec section 2): the market switcher, the index strip, and the market tabs
// and quick entries that have data: the chosen market's shares, indices, US pre-market and
// after-hours, forex and digital currency. A tab is offered only when the server has its calendar.

type OtherTab = 'index' | 'pre_market' | 'after_hours' | 'forex' | 'crypto';
/** The trading calendar behind each list, for the "now open/closed" note. */
const calendarOfTab: Record<ListTab, string | null> = {
  frank: 'euronext',
  'ETF-BEL': 'euronext',
  usd: 'us_equity',
  'ETF-USA': 'us_equity',
  pre_market: 'us_equity',
  after_hours: 'us_equity',
  forex: 'forex',
  crypto: 'crypto',
  index: null,
};
const otherTabs: readonly { tab: OtherTab; calendar: string | null }[] = [
  { tab: 'index', calendar: null },
  { tab: 'pre_market', calendar: 'us_equity' },
  { tab: 'after_hours', calendar: 'us_equity' },
  { tab: 'forex', calendar: 'forex' },
  { tab: 'crypto', calendar: 'crypto' },
];
const TAB_KEY = 'marketTab';

function readTab(): OtherTab | 'stocks' {
  const stored = sessionStorage.getItem(TAB_KEY);
  return otherTabs.some((entry) => entry.tab === stored) ? (stored as OtherTab) : 'stocks';
}

export default function MarketIndexScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [stockType, setStockType] = useStockType();
  const [tab, setTabState] = useState<OtherTab | 'stocks'>(readTab);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const status = useMarketStatus();
  const indices = useQuery(marketQueries.indices());
  useFollowSymbols(indices.data?.map((quote) => quote.symbol) ?? [], (quote: Quote) =>
    patchQuote(queryClient, marketQueries.indices().queryKey, quote),
  );

  const calendars = new Set(status.data?.calendars.map((calendar) => calendar.calendar) ?? []);
  const available = otherTabs.filter((entry) => entry.calendar === null || calendars.has(entry.calendar));
  const listTab: ListTab = tab === 'stocks' ? stockType : tab;
  const list = useLiveList(listTab, sort.sort, sort.order);
  const calendar = status.data?.calendars.find((entry) => entry.calendar === calendarOfTab[listTab]);

  const setTab = (next: OtherTab | 'stocks') => {
    sessionStorage.setItem(TAB_KEY, next);
    setTabState(next);
  };
  // The simulator prices US stocks in the regular session only: its pre-market and after-hours
  // "lists" would repeat the last regular prices, so the screen says so instead of showing them.
  const hasNoExtendedHours =
    (listTab === 'pre_market' || listTab === 'after_hours') &&
    (list.data?.items.some((quote) => quote.isSimulated) ?? false);
  const newest = list.data?.items.reduce<Quote | null>(
    (latest, quote) => (!latest || quote.timestamp > latest.timestamp ? quote : latest),
    null,
  );

  return (
    <div data-testid="screen-marketindex" className={styles.marketScreen}>
      <MarketSwitcher
        value={stockType}
        onChange={(next) => {
          setStockType(next);
          setTab('stocks');
        }}
      />
      {indices.data?.[0] && (
        <>
          <IndexStrip quotes={indices.data} />
          <div className={styles.listCaption}>
            <QuoteSource source={indices.data[0]} data-testid="index-source" />
          </div>
        </>
      )}
      <nav className={styles.chipRow} aria-label={t('market.tabsLabel')}>
        <button
          type="button"
          className={styles.chip}
          aria-pressed={tab === 'stocks'}
          data-testid="market-tab-stocks"
          onClick={() => setTab('stocks')}
        >
          {t(`market.stockTypes.${stockType}`)}
        </button>
        {available.map((entry) => (
          <button
            key={entry.tab}
            type="button"
            className={styles.chip}
            aria-pressed={tab === entry.tab}
            data-testid={`market-tab-${entry.tab}`}
            onClick={() => setTab(entry.tab)}
          >
            {t(`market.tabs.${entry.tab}`)}
          </button>
        ))}
        <Link
          className={classNames(styles.chip, styles.chipLink)}
          to={pathOf('favorite')}
          data-testid="market-watchlist-link"
        >
          {t('market.watchlistLink')}
        </Link>
      </nav>
      <div className={styles.listCaption}>
        {newest && !hasNoExtendedHours && <QuoteSource source={newest} />}
        <StreamBadge status={list.streamStatus} />
      </div>
      {calendar && (
        <p className={styles.sessionNote} data-testid="session-note">
          {calendar.nextSessionChangeAt
            ? t('market.sessionNow', {
                session: t(`market.session.${calendar.session}`),
                time: formatDateTime(calendar.nextSessionChangeAt, currentLanguage()),
              })
            : t(`market.session.${calendar.session}`)}
        </p>
      )}
      {list.isPending ? (
        <Loading />
      ) : hasNoExtendedHours ? (
        <p className={classNames('callout', styles.sessionNote)} data-testid="no-extended-hours">
          {t('market.noExtendedHours', { market: t('market.stockTypes.usd') })}
        </p>
      ) : !list.data || list.data.items.length === 0 ? (
        <EmptyState />
      ) : (
        <QuoteList
          quotes={list.data.items}
          sort={sort}
          onSort={(column) => setSort((current) => nextSort(current, column))}
          data-testid="market-list"
          aria-busy={list.isFetching && list.isPlaceholderData}
        />
      )}
    </div>
  );
}
