import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import type { WatchlistItem } from './market-types';
import { marketPaths } from '@beurs/contract/paths';
import { marketQueries } from './queries';

// Watchlist changes; each invalidates the watchlist through the query-key factory.

export function useAddToWatchlistMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (symbol: string) => api.call(marketPaths.watchlistAdd, { symbol }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketQueries.watchlist().queryKey }),
  });
}

export function useRemoveFromWatchlistMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (symbols: readonly string[]) => {
      if (symbols.length === 1 && symbols[0]) {
        await api.call(marketPaths.watchlistRemove, { symbol: symbols[0] });
        return { removed: 1 };
      }
      return api.call(marketPaths.watchlistRemoveMany, { symbols: [...symbols] });
    },
    onSuccess: (_result, symbols) => {
      queryClient.setQueryData<WatchlistItem[]>(marketQueries.watchlist().queryKey, (items) =>
        items?.filter((item) => !symbols.includes(item.symbol)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: marketQueries.watchlist().queryKey }),
  });
}
