import type { DataOf, fundsEndpoints } from '@beurs/contract';
import type { Currency } from '@beurs/contract/decimal';
import type { RecordTab } from '@beurs/contract/enums';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { fundsPaths } from '@beurs/contract/paths';
import { isLoggedIn } from '../../session/storage';

export type BankCard = DataOf<typeof fundsEndpoints.bankList>[number];
export type WithdrawalRules = DataOf<typeof fundsEndpoints.withdrawalRules>;
export type Withdrawal = DataOf<typeof fundsEndpoints.cashOut>;
export type WithdrawalPage = DataOf<typeof fundsEndpoints.withdrawalList>;
export type RecordPage = DataOf<typeof fundsEndpoints.fundRecord>;
export type DepositChannels = DataOf<typeof fundsEndpoints.rechargeChannel>;
export type Deposit = DataOf<typeof fundsEndpoints.recharge>;
export type ExchangeQuote = DataOf<typeof fundsEndpoints.exchangeQuote>;
export type DepositPage = DataOf<typeof fundsEndpoints.depositList>;
export const RECORD_PAGE_SIZE = 20;

export const fundsQueries = {
  all: ['funds'] as const,
  bankCards: () =>
    queryOptions({
      queryKey: [...fundsQueries.all, 'bankCards'],
      queryFn: () => api.call(fundsPaths.bankList),
      enabled: isLoggedIn(),
    }),
  withdrawalRules: (currency: Currency = 'EUR') =>
    queryOptions({
      queryKey: [...fundsQueries.all, 'withdrawalRules', currency],
      queryFn: () => api.call(fundsPaths.withdrawalRules, { currency }),
      enabled: isLoggedIn(),
    }),
  withdrawals: (page = 1, pageSize = 10) =>
    queryOptions({
      queryKey: [...fundsQueries.all, 'withdrawals', page, pageSize],
      queryFn: () => api.call(fundsPaths.withdrawalList, { page, pageSize }),
      enabled: isLoggedIn(),
    }),
  depositChannels: () =>
    queryOptions({
      queryKey: [...fundsQueries.all, 'depositChannels'],
      queryFn: () => api.call(fundsPaths.rechargeChannel),
      enabled: isLoggedIn(),
    }),
  deposits: () =>
    queryOptions({
      queryKey: [...fundsQueries.all, 'deposits'],
      queryFn: () => api.call(fundsPaths.depositList, { page: 1, pageSize: 10 }),
      enabled: isLoggedIn(),
    }),
  records: (tab: RecordTab) =>
    infiniteQueryOptions({
      queryKey: [...fundsQueries.all, 'records', tab],
      queryFn: ({ pageParam }) =>
        api.call(fundsPaths.fundRecord, { tab, page: pageParam, pageSize: RECORD_PAGE_SIZE }),
      initialPageParam: 1,
      getNextPageParam: (last, pages) =>
        pages.length * RECORD_PAGE_SIZE < last.total ? pages.length + 1 : undefined,
      enabled: isLoggedIn(),
    }),
};

export const useRecords = (tab: RecordTab) => useInfiniteQuery(fundsQueries.records(tab));

export const useBankCards = () => useQuery(fundsQueries.bankCards());
export const useWithdrawalRules = () => useQuery(fundsQueries.withdrawalRules());
export const useWithdrawals = () => useQuery(fundsQueries.withdrawals());
export const useDepositChannels = () => useQuery(fundsQueries.depositChannels());
export const useDeposits = () => useQuery(fundsQueries.deposits());
