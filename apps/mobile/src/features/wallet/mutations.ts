import type { fundsEndpoints, RequestOf } from '@beurs/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { fundsPaths } from '@beurs/contract/paths';
import { walletQueries } from './queries';

export type AddWalletRequest = RequestOf<typeof fundsEndpoints.addWallet>;

/** Adds an address. Quiet: a SCAM_CHECK_REQUIRED refusal is handled by the screen's dialog. */
export function useAddWalletMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AddWalletRequest) => api.call(fundsPaths.addWallet, request, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletQueries.all }),
  });
}

export function useDeleteWalletMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(fundsPaths.deleteWallet, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletQueries.all }),
  });
}
