import type { DataOf, placementEndpoints } from '@beurs/contract';
import { placementPaths } from '@beurs/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { isLoggedIn } from '../../session/storage';
import { pollWhile, useRefreshWhenDecided } from '../../shell/PendingDecisions';

// Placements ("block trades", issue 17 item 4): the list, one placement with the user's requests,
// and the user's requests for the positions tab.

export type Placement = DataOf<typeof placementEndpoints.detail>['placement'];
export type PlacementDetail = DataOf<typeof placementEndpoints.detail>;
export type PlacementSubscription = DataOf<typeof placementEndpoints.subscribe>;
export type PlacementPreview = DataOf<typeof placementEndpoints.preview>;

/** A request whose money is frozen until the allocation (or an early close) decides it. */
const isWaiting = (subscriptions: readonly { state: string }[] | undefined) =>
  (subscriptions ?? []).some((subscription) => subscription.state === 'requested');
/** The ids of the requests still waiting; undefined until known. */
const waitingIds = (subscriptions: readonly { id: string; state: string }[] | undefined) =>
  subscriptions?.filter((subscription) => subscription.state === 'requested').map(({ id }) => id);
/** A placement past its window whose allocation has not run yet. */
const isAllocationPending = (placements: readonly { phase: string }[] | undefined) =>
  (placements ?? []).some((placement) => placement.phase === 'closed');

// While a request (or a placement) waits for the allocation, the pages showing it ask again every
// few seconds while in front (shell/PendingDecisions.tsx), so an allocation or an early close shows
// without a reload.
export const placementQueries = {
  all: ['placement'] as const,
  list: () =>
    queryOptions({
      queryKey: [...placementQueries.all, 'list'],
      queryFn: () => api.call(placementPaths.list, { page: 1, pageSize: 50 }),
      enabled: isLoggedIn(),
      refetchInterval: (query) => pollWhile(isAllocationPending(query.state.data?.items)),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...placementQueries.all, 'detail', id],
      queryFn: () => api.call(placementPaths.detail, { id }),
      enabled: isLoggedIn() && id !== '',
      refetchInterval: (query) => {
        const data = query.state.data;
        return pollWhile(isWaiting(data?.subscriptions) || isAllocationPending(data ? [data.placement] : []));
      },
    }),
  subscriptions: () =>
    queryOptions({
      queryKey: [...placementQueries.all, 'subscriptions'],
      queryFn: () => api.call(placementPaths.subscriptions, { page: 1, pageSize: 100 }),
      enabled: isLoggedIn(),
      refetchInterval: (query) => pollWhile(isWaiting(query.state.data?.items)),
    }),
};

export const usePlacementList = () => useQuery(placementQueries.list());
// Once a polled request is allocated or refunded, the balances and holdings are fetched again.
export function usePlacementDetail(id: string) {
  const query = useQuery(placementQueries.detail(id));
  useRefreshWhenDecided(waitingIds(query.data?.subscriptions));
  return query;
}
export function usePlacementSubscriptions() {
  const query = useQuery(placementQueries.subscriptions());
  useRefreshWhenDecided(waitingIds(query.data?.items));
  return query;
}
