import type { fundsEndpoints, RequestOf } from '@beurs/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { fundsPaths } from '../../api/endpoints';
import { fundsQueries, type BankCard } from './queries';

export type AddBankCardRequest = RequestOf<typeof fundsEndpoints.addBankCard>;

/** Adds a payout card. Quiet: SCAM_CHECK_REQUIRED is handled by the screen's dialog. */
export function useAddBankCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AddBankCardRequest) =>
      api.call<BankCard>(fundsPaths.addBankCard, request, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundsQueries.bankCards().queryKey }),
  });
}

export function useDeleteBankCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call<null>(fundsPaths.deleteBankCard, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fundsQueries.bankCards().queryKey }),
  });
}
