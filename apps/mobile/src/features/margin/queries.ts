import type { DataOf, marginEndpoints } from '@beurs/contract';
import { marginPaths } from '@beurs/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { currentLanguage } from '../../app/i18n';
import { isLoggedIn } from '../../session/storage';

// The margin account (issue 16): its state, the test and the risk disclosure in the app's
// language, and the published margin parameters.

export type MarginStatus = DataOf<typeof marginEndpoints.status>;
export type MarginTest = DataOf<typeof marginEndpoints.submitTest>;
export type MarginParameters = DataOf<typeof marginEndpoints.parameters>;
export type MarginSummary = DataOf<typeof marginEndpoints.summary>;
export type MarginHistory = DataOf<typeof marginEndpoints.history>;

export const marginQueries = {
  all: ['margin'] as const,
  status: (language = currentLanguage()) =>
    queryOptions({
      queryKey: [...marginQueries.all, 'status', language],
      queryFn: () => api.call(marginPaths.status, { language }),
      enabled: isLoggedIn(),
    }),
  parameters: () =>
    queryOptions({
      queryKey: [...marginQueries.all, 'parameters'],
      queryFn: () => api.call(marginPaths.parameters, {}),
      staleTime: 5 * 60_000,
    }),
  /** The margin side: equity, requirements, buying power, what is owed and the interest so far. */
  summary: () =>
    queryOptions({
      queryKey: [...marginQueries.all, 'summary'],
      queryFn: () => api.call(marginPaths.summary, {}),
      enabled: isLoggedIn(),
      refetchInterval: 15_000,
    }),
  /** The margin calls and liquidations (the log), newest first. */
  history: () =>
    queryOptions({
      queryKey: [...marginQueries.all, 'history'],
      queryFn: () => api.call(marginPaths.history, {}),
      enabled: isLoggedIn(),
      refetchInterval: 15_000,
    }),
};

export const useMarginStatus = () => useQuery(marginQueries.status());
export const useMarginParameters = () => useQuery(marginQueries.parameters());
export const useMarginSummary = (isOpen: boolean) =>
  useQuery({ ...marginQueries.summary(), enabled: isOpen && isLoggedIn() });
export const useMarginHistory = (isOpen: boolean) =>
  useQuery({ ...marginQueries.history(), enabled: isOpen && isLoggedIn() });
