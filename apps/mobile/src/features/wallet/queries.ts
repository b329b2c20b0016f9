import type { DataOf, fundsEndpoints } from '@beurs/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { fundsPaths } from '@beurs/contract/paths';
import { isLoggedIn } from '../../session/storage';

export type WalletData = DataOf<typeof fundsEndpoints.walletList>;
export type WalletAddress = WalletData['addresses'][number];

export const walletQueries = {
  all: ['wallet'] as const,
  wallet: () =>
    queryOptions({
      queryKey: [...walletQueries.all, 'wallet'],
      queryFn: () => api.call(fundsPaths.walletList),
      enabled: isLoggedIn(),
    }),
};

export const useWallet = () => useQuery(walletQueries.wallet());
