import type { DataOf, newsEndpoints } from '@beurs/contract';
import type { Language, NewsTab } from '@beurs/contract/enums';
import { newsPaths } from '@beurs/contract/paths';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { currentLanguage } from '../../app/i18n';
import { isLoggedIn } from '../../session/storage';

// The news centre (issue 14, item 2): items from the operator's feeds and, in demo mode, the
// simulator's corporate events labelled simulated; each with its source and time.

export type NewsItem = DataOf<typeof newsEndpoints.list>['items'][number];
export type NewsDetail = DataOf<typeof newsEndpoints.detail>;

export const newsQueries = {
  all: ['news'] as const,
  list: (filter: { tab: NewsTab; query: string; symbol?: string }, language: Language = currentLanguage()) =>
    infiniteQueryOptions({
      queryKey: [...newsQueries.all, 'list', filter, language],
      queryFn: ({ pageParam }) =>
        api.call(newsPaths.list, {
          tab: filter.tab,
          language,
          ...(filter.query ? { query: filter.query } : {}),
          ...(filter.symbol ? { symbol: filter.symbol } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        }),
      initialPageParam: '',
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      enabled: isLoggedIn(),
      refetchInterval: 5 * 60_000,
    }),
  detail: (id: string, language: Language = currentLanguage()) =>
    queryOptions({
      queryKey: [...newsQueries.all, 'detail', id, language],
      queryFn: () => api.call(newsPaths.detail, { id, language }),
      enabled: isLoggedIn() && id !== '',
    }),
};

export const useNewsList = (filter: { tab: NewsTab; query: string; symbol?: string }) =>
  useInfiniteQuery(newsQueries.list(filter));
export const useNewsDetail = (id: string) => useQuery(newsQueries.detail(id));
