import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ListSort, SortOrder } from '@beurs/contract/enums';
import type { ListTab, Quote } from '../../../features/market/market-types';
import { LIST_SIZE, marketQueries, POLL_MS } from '../../../features/market/queries';
import { patchQuote, useFollowSymbols, useStreamStatus } from '../../../features/market/use-live-quote';

/** A market list whose rows follow the stream (or poll while it is down). Rows keep their place. */
export function useLiveList(tab: ListTab, sort: ListSort, order: SortOrder, limit = LIST_SIZE) {
  const queryClient = useQueryClient();
  const status = useStreamStatus();
  const options = marketQueries.list(tab, sort, order, limit);
  const query = useQuery({ ...options, refetchInterval: status === 'open' ? false : POLL_MS });
  const key = options.queryKey;
  const onQuote = useCallback((quote: Quote) => patchQuote(queryClient, key, quote), [queryClient, key]);
  useFollowSymbols(query.data?.items.map((item) => item.symbol) ?? [], onQuote);
  return { ...query, streamStatus: status };
}
