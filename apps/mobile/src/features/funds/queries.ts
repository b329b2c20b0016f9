import type { DataOf, fundsEndpoints } from '@beurs/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { fundsPaths } from '../../api/endpoints';
import { isLoggedIn } from '../../session/storage';

export type BankCard = DataOf<typeof fundsEndpoints.bankList>[number];

export const fundsQueries = {
  all: ['funds'] as const,
  bankCards: () =>
    queryOptions({
      queryKey: [...fundsQueries.all, 'bankCards'],
      queryFn: () => api.call<BankCard[]>(fundsPaths.bankList),
      enabled: isLoggedIn(),
    }),
};

export const useBankCards = () => useQuery(fundsQueries.bankCards());
