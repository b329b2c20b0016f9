import { useTranslation } from 'react-i18next';
import {
  useAddToWatchlistMutation,
  useRemoveFromWatchlistMutation,
} from '../../../features/market/mutations';
import { useWatchlist } from '../../../features/market/queries';
import { showToast } from '../../../shell/toast';
import styles from '../market.module.css';

/** Adds the stock to the watchlist, or removes it when it is there already. */
export function WatchButton({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const watchlist = useWatchlist();
  const add = useAddToWatchlistMutation();
  const remove = useRemoveFromWatchlistMutation();
  const isWatched = watchlist.data?.some((item) => item.symbol === symbol) ?? false;
  const isBusy = watchlist.isPending || add.isPending || remove.isPending;
  return (
    <div className={styles.watchRow}>
      <button
        type="button"
        className={isWatched ? 'button-secondary' : 'button-primary'}
        aria-pressed={isWatched}
        disabled={isBusy}
        data-testid="watch-toggle"
        onClick={() =>
          isWatched
            ? remove.mutate([symbol], { onSuccess: () => showToast(t('market.watch.removed')) })
            : add.mutate(symbol, { onSuccess: () => showToast(t('market.watch.added')) })
        }
      >
        {isWatched ? t('market.watch.remove') : t('market.watch.add')}
      </button>
    </div>
  );
}
