import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { currentLanguage } from '../../app/i18n';
import { formatClock } from '../../features/market/quote-format';
import { useRemoveFromWatchlistMutation } from '../../features/market/mutations';
import { marketQueries, POLL_MS } from '../../features/market/queries';
import { patchQuote, useFollowSymbols, useStreamStatus } from '../../features/market/use-live-quote';
import { pathOf } from '../../routes/paths';
import { EmptyState, Loading } from '../../shell/common';
import { openStock } from '../market/components/open-stock';
import { ChangePill, Price } from '../market/components/PriceChange';
import { QuoteSource } from '../market/components/QuoteSource';
import { StreamBadge } from '../market/components/StreamBadge';
import styles from '../market/market.module.css';

// The watchlist (spec section 2): live quotes of the symbols the user follows, most recently added
// first; edit mode with select-all and delete. Adding happens on the stock detail screen and from
// search (the search icon in the top bar).

export default function FavoriteScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useStreamStatus();
  const options = marketQueries.watchlist();
  const watchlist = useQuery({ ...options, refetchInterval: status === 'open' ? false : POLL_MS });
  const remove = useRemoveFromWatchlistMutation();
  const [isEditing, setEditing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Declarative dialog: antd-mobile's imperative Dialog.confirm needs React 18's legacy render.
  const [isConfirming, setConfirming] = useState(false);
  const items = watchlist.data ?? [];
  useFollowSymbols(
    items.map((item) => item.symbol),
    (quote) => patchQuote(queryClient, options.queryKey, quote),
  );

  if (watchlist.isPending) return <Loading />;
  if (items.length === 0) {
    return (
      <EmptyState message={t('market.watchlist.empty')} data-testid="watchlist-empty">
        <Link className="button-primary" to={pathOf('search')}>
          {t('market.watchlist.find')}
        </Link>
      </EmptyState>
    );
  }

  const isAllSelected = items.length > 0 && items.every((item) => selected.has(item.symbol));
  const toggle = (symbol: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(symbol)) next.delete(symbol);
      else next.add(symbol);
      return next;
    });
  const chosen = items.filter((item) => selected.has(item.symbol)).map((item) => item.symbol);
  const deleteSelected = () => {
    if (chosen.length === 0) return;
    remove.mutate(chosen, {
      onSuccess: () => {
        setSelected(new Set());
        setEditing(false);
      },
    });
  };
  const newest = items.reduce((latest, item) =>
    item.quote.timestamp > latest.quote.timestamp ? item : latest,
  );

  return (
    <div data-testid="screen-favorite" className={styles.marketScreen}>
      <div className={styles.listCaption}>
        <QuoteSource source={newest.quote} />
        <StreamBadge status={status} />
      </div>
      <div className={styles.editBar}>
        {isEditing ? (
          <>
            <label className={styles.checkLabel}>
              <input
                type="checkbox"
                checked={isAllSelected}
                onChange={() =>
                  setSelected(isAllSelected ? new Set() : new Set(items.map((item) => item.symbol)))
                }
                data-testid="select-all"
              />
              {t('market.watchlist.selectAll')}
            </label>
            <button
              type="button"
              className="button-danger"
              disabled={selected.size === 0 || remove.isPending}
              onClick={() => setConfirming(true)}
              data-testid="delete-selected"
            >
              {t('market.watchlist.delete', { count: selected.size })}
            </button>
            <button
              type="button"
              className={styles.textButton}
              onClick={() => {
                setEditing(false);
                setSelected(new Set());
              }}
            >
              {t('common.cancel')}
            </button>
          </>
        ) : (
          <button
            type="button"
            className={styles.textButton}
            onClick={() => setEditing(true)}
            data-testid="edit-watchlist"
          >
            {t('market.watchlist.edit')}
          </button>
        )}
      </div>
      <ul className={styles.quoteRows} data-testid="watchlist">
        {items.map(({ symbol, quote }) => (
          <li key={symbol}>
            {isEditing ? (
              <label className={styles.quoteRow} data-testid={`watch-item-${symbol}`}>
                <input type="checkbox" checked={selected.has(symbol)} onChange={() => toggle(symbol)} />
                <span className={styles.quoteName}>
                  <strong>{quote.name}</strong>
                  <small>
                    {quote.code} ·{' '}
                    <time dateTime={quote.timestamp}>{formatClock(quote.timestamp, language)}</time>
                  </small>
                </span>
                <Price quote={quote} withCurrency className={styles.quoteLatest} />
                <ChangePill quote={quote} />
              </label>
            ) : (
              <button
                type="button"
                className={styles.quoteRow}
                data-testid={`watch-item-${symbol}`}
                onClick={() => openStock(navigate, quote)}
              >
                <span className={styles.quoteName}>
                  <strong>{quote.name}</strong>
                  <small>
                    {quote.code} ·{' '}
                    <time dateTime={quote.timestamp}>{formatClock(quote.timestamp, language)}</time>
                  </small>
                </span>
                <Price quote={quote} withCurrency className={styles.quoteLatest} />
                <ChangePill quote={quote} />
              </button>
            )}
          </li>
        ))}
      </ul>
      <Dialog
        visible={isConfirming}
        content={t('market.watchlist.confirmDelete', { count: chosen.length })}
        closeOnAction
        onClose={() => setConfirming(false)}
        onAction={(action) => {
          if (action.key === 'confirm') deleteSelected();
        }}
        actions={[
          [
            { key: 'cancel', text: t('common.cancel') },
            { key: 'confirm', text: t('market.watchlist.deleteConfirm'), bold: true, danger: true },
          ],
        ]}
      />
    </div>
  );
}
