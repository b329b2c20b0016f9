import type { DataOf, strategyEndpoints } from '@beurs/contract';
import { strategyPaths } from '@beurs/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { isLoggedIn } from '../../session/storage';
import { pollWhile, useRefreshWhenDecided } from '../../shell/PendingDecisions';

// Copy-following strategies (issue 17 item 5): the list, one strategy with its NAV history and the
// user's units and requests, and the user's units and requests for the positions tab.

export type Strategy = DataOf<typeof strategyEndpoints.list>['items'][number];
export type StrategyDetail = DataOf<typeof strategyEndpoints.detail>;
export type StrategyRequest = DataOf<typeof strategyEndpoints.follow>;
export type StrategyHolding = DataOf<typeof strategyEndpoints.mine>['holdings'][number];

/** The ids of the requests still waiting for their NAV; undefined until known. */
const waitingIds = (requests: readonly { id: string; state: string }[] | undefined) =>
  requests?.filter((request) => request.state === 'pending').map(({ id }) => id);

// While a request waits for its NAV, the pages showing it ask again every few seconds while in
// front (shell/PendingDecisions.tsx), so units issued or a redemption paid show without a reload.
export const strategyQueries = {
  all: ['strategy'] as const,
  list: () =>
    queryOptions({
      queryKey: [...strategyQueries.all, 'list'],
      queryFn: () => api.call(strategyPaths.list, {}),
      enabled: isLoggedIn(),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...strategyQueries.all, 'detail', id],
      queryFn: () => api.call(strategyPaths.detail, { id }),
      enabled: isLoggedIn() && id !== '',
      refetchInterval: (query) => pollWhile((waitingIds(query.state.data?.requests) ?? []).length > 0),
    }),
  mine: () =>
    queryOptions({
      queryKey: [...strategyQueries.all, 'mine'],
      queryFn: () => api.call(strategyPaths.mine, { page: 1, pageSize: 100 }),
      enabled: isLoggedIn(),
      refetchInterval: (query) => pollWhile((waitingIds(query.state.data?.requests.items) ?? []).length > 0),
    }),
};

export const useStrategyList = () => useQuery(strategyQueries.list());
export function useStrategyDetail(id: string) {
  const query = useQuery(strategyQueries.detail(id));
  useRefreshWhenDecided(waitingIds(query.data?.requests));
  return query;
}
export function useStrategyMine() {
  const query = useQuery(strategyQueries.mine());
  useRefreshWhenDecided(waitingIds(query.data?.requests.items));
  return query;
}
