import type { DataOf, fundsEndpoints } from '@beurs/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { fundsPaths } from '../../api/endpoints';
import { isLoggedIn } from '../../session/storage';

export type BankCard = DataOf<typeof fundsEndpoints.bankList>[number];
export type WithdrawalRules = DataOf<typeof fundsEndpoints.withdrawalRules>;
export type Withdrawal = DataOf<typeof fundsEndpoints.cashOut>;
export type WithdrawalPage = DataOf<typeof fundsEndpoints.withdrawalList>;

export const fundsQueries = {
  all: ['funds'] as const,
  bankCards: () =>
    queryOptions({
      queryKey: [...fundsQueries.all, 'bankCards'],
      queryFn: () => api.call<BankCard[]>(fundsPaths.bankList),
      enabled: isLoggedIn(),
    }),
  withdrawalRules: (currency: 'EUR' | 'USD' = 'EUR') =>
    queryOptions({
      queryKey: [...fundsQueries.all, 'withdrawalRules', currency],
      queryFn: () => api.call<WithdrawalRules>(fundsPaths.withdrawalRules, { currency }),
      enabled: isLoggedIn(),
    }),
  withdrawals: (page = 1, pageSize = 10) =>
    queryOptions({
      queryKey: [...fundsQueries.all, 'withdrawals', page, pageSize],
      queryFn: () => api.call<WithdrawalPage>(fundsPaths.withdrawalList, { page, pageSize }),
      enabled: isLoggedIn(),
    }),
};

export const useBankCards = () => useQuery(fundsQueries.bankCards());
export const useWithdrawalRules = () => useQuery(fundsQueries.withdrawalRules());
export const useWithdrawals = () => useQuery(fundsQueries.withdrawals());
