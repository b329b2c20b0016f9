import type { marketEndpoints } from '@beurs/contract';

// Paths of the market calls, by endpoint name. Only the types come from the contract, so zod stays
// out of the app bundle; paths.test.ts checks each path against the contract.
type Paths<E> = { readonly [K in keyof E]: `/${string}` };

export const marketPaths = {
  status: '/market/status',
  quote: '/market/quote',
  quotes: '/market/quotes',
  list: '/market/list',
  indices: '/market/indices',
  instrument: '/market/instrument',
  candles: '/market/candles',
  search: '/market/search',
  fxRate: '/market/fxRate',
  watchlist: '/market/watchlist/list',
  watchlistAdd: '/market/watchlist/add',
  watchlistRemove: '/market/watchlist/remove',
  watchlistRemoveMany: '/market/watchlist/removeMany',
} as const satisfies Paths<typeof marketEndpoints>;
