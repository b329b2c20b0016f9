import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SearchResult } from '../../features/market/market-types';
import { useAddToWatchlistMutation } from '../../features/market/mutations';
import { marketQueries, useWatchlist } from '../../features/market/queries';
import {
  addToSearchHistory,
  clearSearchHistory,
  readSearchHistory,
  type HistoryEntry,
} from '../../features/market/search-history';
import { EmptyState, Loading } from '../../shell/common';
import { Icon } from '../../shell/icons';
import { openStock } from '../market/components/open-stock';
import styles from '../market/market.module.css';

// Search by code or name (spec section 2): the server ranks the results (exact code first, then
// code prefix, then name); the stocks opened from here are kept in a local history.

export default function SearchScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim());
  const results = useQuery(marketQueries.search(query));
  const [history, setHistory] = useState<HistoryEntry[]>(() => readSearchHistory());
  const watchlist = useWatchlist();
  const add = useAddToWatchlistMutation();
  const watched = new Set(watchlist.data?.map((item) => item.symbol) ?? []);

  const open = (result: SearchResult | HistoryEntry) => {
    setHistory(addToSearchHistory(result));
    openStock(navigate, result);
  };

  const row = (result: SearchResult | HistoryEntry, testId: string) => (
    <li key={result.symbol} className={styles.searchRow}>
      <button type="button" className={styles.quoteRow} data-testid={testId} onClick={() => open(result)}>
        <span className={styles.quoteName}>
          <strong>{result.name}</strong>
          <small>
            {result.code} · {t(`market.markets.${result.market}`)}
          </small>
        </span>
      </button>
      {watched.has(result.symbol) ? (
        <span
          className={styles.watchedMark}
          aria-label={t('market.watch.inList')}
          data-testid={`watched-${result.symbol}`}
        >
          <Icon name="check" />
        </span>
      ) : (
        <button
          type="button"
          className="icon-button"
          aria-label={t('market.watch.addNamed', { name: result.name })}
          disabled={add.isPending}
          onClick={() => add.mutate(result.symbol)}
          data-testid={`search-add-${result.symbol}`}
        >
          +
        </button>
      )}
    </li>
  );

  return (
    <div data-testid="screen-search" className={styles.marketScreen}>
      <form className={styles.searchBox} role="search" onSubmit={(event) => event.preventDefault()}>
        <Icon name="search" />
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('market.search.placeholder')}
          aria-label={t('market.search.label')}
          maxLength={40}
          autoFocus
          data-testid="search-input"
        />
      </form>
      {query === '' ? (
        history.length === 0 ? (
          <EmptyState message={t('market.search.hint')} />
        ) : (
          <section aria-label={t('market.search.history')}>
            <div className={styles.sectionHead}>
              <h2 className="section-title">{t('market.search.history')}</h2>
              <button
                type="button"
                className={styles.textButton}
                onClick={() => {
                  clearSearchHistory();
                  setHistory([]);
                }}
                data-testid="clear-history"
              >
                {t('market.search.clearHistory')}
              </button>
            </div>
            <ul className={styles.quoteRows} data-testid="search-history">
              {history.map((entry) => row(entry, `history-${entry.symbol}`))}
            </ul>
          </section>
        )
      ) : results.isPending ? (
        <Loading />
      ) : (results.data ?? []).length === 0 ? (
        <EmptyState message={t('market.search.noResults', { query })} />
      ) : (
        <ul className={styles.quoteRows} data-testid="search-results">
          {(results.data ?? []).map((result) => row(result, `result-${result.symbol}`))}
        </ul>
      )}
    </div>
  );
}
