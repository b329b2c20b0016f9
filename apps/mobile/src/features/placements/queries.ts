import type { DataOf, placementEndpoints } from '@beurs/contract';
import { placementPaths } from '@beurs/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { isLoggedIn } from '../../session/storage';

// Placements ("block trades", issue 17 item 4): the list, one placement with the user's requests,
// and the user's requests for the positions tab.

export type Placement = DataOf<typeof placementEndpoints.detail>['placement'];
export type PlacementDetail = DataOf<typeof placementEndpoints.detail>;
export type PlacementSubscription = DataOf<typeof placementEndpoints.subscribe>;
export type PlacementPreview = DataOf<typeof placementEndpoints.preview>;

export const placementQueries = {
  all: ['placement'] as const,
  list: () =>
    queryOptions({
      queryKey: [...placementQueries.all, 'list'],
      queryFn: () => api.call(placementPaths.list, { page: 1, pageSize: 50 }),
      enabled: isLoggedIn(),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...placementQueries.all, 'detail', id],
      queryFn: () => api.call(placementPaths.detail, { id }),
      enabled: isLoggedIn() && id !== '',
    }),
  subscriptions: () =>
    queryOptions({
      queryKey: [...placementQueries.all, 'subscriptions'],
      queryFn: () => api.call(placementPaths.subscriptions, { page: 1, pageSize: 100 }),
      enabled: isLoggedIn(),
    }),
};

export const usePlacementList = () => useQuery(placementQueries.list());
export const usePlacementDetail = (id: string) => useQuery(placementQueries.detail(id));
export const usePlacementSubscriptions = () => useQuery(placementQueries.subscriptions());
