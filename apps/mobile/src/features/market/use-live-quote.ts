import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { MarketList, Quote, WatchlistItem } from './market-types';
import { marketQueries, POLL_MS } from './queries';
import { quoteStream, type QuoteStream, type StreamStatus } from './quote-stream';

// Live prices: quotes from the stream are written into the query cache; while the stream is not
// open, the queries poll every POLL_MS instead (TanStack Query's refetchInterval).

export function useStreamStatus(stream: QuoteStream = quoteStream()): StreamStatus {
  const [status, setStatus] = useState(stream.status);
  useEffect(() => {
    setStatus(stream.status);
    return stream.onStatus(setStatus);
  }, [stream]);
  return status;
}

/** Follows symbols on the stream for as long as the component is mounted. */
export function useFollowSymbols(
  symbols: readonly string[],
  onQuote: (quote: Quote) => void,
  stream: QuoteStream = quoteStream(),
): void {
  const key = symbols.join('\n');
  useEffect(() => {
    if (key === '') return;
    return stream.followMany(key.split('\n'), onQuote);
    // Keyed on the symbols only: onQuote may be a new function each render, and re-following on
    // every render would flood the socket. Callers' onQuote only writes into the query cache.
  }, [key, stream]);
}

/** One quote, live: from the stream while it is open, else polled. */
export function useLiveQuote(symbol: string, stream: QuoteStream = quoteStream()) {
  const queryClient = useQueryClient();
  const status = useStreamStatus(stream);
  const options = marketQueries.quote(symbol);
  useFollowSymbols(
    symbol ? [symbol] : [],
    (quote) => queryClient.setQueryData(options.queryKey, quote),
    stream,
  );
  const query = useQuery({ ...options, refetchInterval: status === 'open' ? false : POLL_MS });
  return { ...query, streamStatus: status };
}

/** Replaces a quote inside a cached list or watchlist, keeping the order the user sees. */
export function patchQuote(queryClient: ReturnType<typeof useQueryClient>, key: QueryKey, quote: Quote) {
  queryClient.setQueryData<MarketList | WatchlistItem[] | Quote[]>(key, (old) => {
    if (!old) return old;
    if (Array.isArray(old)) {
      return old.map((item) =>
        'quote' in item
          ? item.symbol === quote.symbol
            ? { ...item, quote }
            : item
          : item.symbol === quote.symbol
            ? quote
            : item,
      ) as typeof old;
    }
    return { ...old, items: old.items.map((item) => (item.symbol === quote.symbol ? quote : item)) };
  });
}
