import type { DataOf, ipoEndpoints } from '@beurs/contract';
import { ipoPaths } from '@beurs/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { isLoggedIn } from '../../session/storage';

// New-share (IPO) offerings (issue 17): the list, one offering with the user's subscriptions, and
// the user's subscriptions for the positions tab.

export type IpoOffering = DataOf<typeof ipoEndpoints.detail>['offering'];
export type IpoDetail = DataOf<typeof ipoEndpoints.detail>;
export type IpoSubscription = DataOf<typeof ipoEndpoints.subscribe>;
export type IpoPreview = DataOf<typeof ipoEndpoints.preview>;

export const ipoQueries = {
  all: ['ipo'] as const,
  list: () =>
    queryOptions({
      queryKey: [...ipoQueries.all, 'list'],
      queryFn: () => api.call(ipoPaths.list, { page: 1, pageSize: 50 }),
      enabled: isLoggedIn(),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...ipoQueries.all, 'detail', id],
      queryFn: () => api.call(ipoPaths.detail, { id }),
      enabled: isLoggedIn() && id !== '',
    }),
  subscriptions: () =>
    queryOptions({
      queryKey: [...ipoQueries.all, 'subscriptions'],
      queryFn: () => api.call(ipoPaths.subscriptions, { page: 1, pageSize: 100 }),
      enabled: isLoggedIn(),
    }),
};

export const useIpoList = () => useQuery(ipoQueries.list());
export const useIpoDetail = (id: string) => useQuery(ipoQueries.detail(id));
export const useIpoSubscriptions = () => useQuery(ipoQueries.subscriptions());
