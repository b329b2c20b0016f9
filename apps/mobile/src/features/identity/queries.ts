import type { DataOf, identityEndpoints } from '@beurs/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { identityPaths } from '@beurs/contract/paths';
import { isLoggedIn } from '../../session/storage';

export type FundPasswordStatus = DataOf<typeof identityEndpoints.fundPassword>;
export type AuthInfo = DataOf<typeof identityEndpoints.authInfo>;

export const identityQueries = {
  all: ['identity'] as const,
  fundPassword: () =>
    queryOptions({
      queryKey: [...identityQueries.all, 'fundPassword'],
      queryFn: () => api.call(identityPaths.fundPassword),
      enabled: isLoggedIn(),
    }),
  authInfo: () =>
    queryOptions({
      queryKey: [...identityQueries.all, 'authInfo'],
      queryFn: () => api.call(identityPaths.authInfo),
      enabled: isLoggedIn(),
    }),
};

export const useFundPasswordStatus = () => useQuery(identityQueries.fundPassword());
export const useAuthInfo = () => useQuery(identityQueries.authInfo());
