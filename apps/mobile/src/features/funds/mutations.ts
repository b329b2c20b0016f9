import type { fundsEndpoints, RequestOf } from '@beurs/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { fundsPaths } from '@beurs/contract/paths';
import { uploadImage } from '../identity/uploads';
import { fundsQueries, type ExchangeQuote } from './queries';

export type AddBankCardRequest = RequestOf<typeof fundsEndpoints.addBankCard>;

/** Adds a payout card. Quiet: SCAM_CHECK_REQUIRED is handled by the screen's dialog. */
export function useAddBankCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AddBankCardRequest) => api.call(fundsPaths.addBankCard, request, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundsQueries.bankCards().queryKey }),
  });
}

export function useDeleteBankCardMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(fundsPaths.deleteBankCard, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fundsQueries.bankCards().queryKey }),
  });
}

export type CashOutRequest = RequestOf<typeof fundsEndpoints.cashOut>;

/** Withdraws with the action's idempotency key: a retry of the same action creates one record. */
export function useCashOutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: CashOutRequest; idempotencyKey: string }) =>
      api.call(fundsPaths.cashOut, request, { idempotencyKey }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: fundsQueries.all });
      await queryClient.invalidateQueries({ queryKey: ['wallet'] });
      await queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

/** Cancels the user's own pending withdrawal: the frozen amount is available again at once. */
export function useCancelWithdrawalMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(fundsPaths.withdrawalCancel, { id }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: fundsQueries.all });
      await queryClient.invalidateQueries({ queryKey: ['wallet'] });
      await queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

/** Cancels the user's own pending deposit announcement (nothing was credited or held). */
export function useCancelDepositMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(fundsPaths.depositCancel, { id }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: fundsQueries.all });
      await queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

export type DepositInput = { channelId: string; amount: string; proofImageId: string };

/** Uploads the proof (raw bytes); answers its id. */
export const uploadProof = (file: Blob) => uploadImage(file).then((result) => result.id);

/** Announces a deposit. Quiet: SCAM_CHECK_REQUIRED is handled by the screen's dialog. */
export function useRechargeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: DepositInput; idempotencyKey: string }) =>
      api.call(fundsPaths.recharge, request, {
        quiet: true,
        idempotencyKey,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: fundsQueries.all }),
  });
}

export type ExchangeInput = RequestOf<typeof fundsEndpoints.exchangeQuote>;

/** A quote: nothing moves. */
export const fetchExchangeQuote = (request: ExchangeInput) => api.call(fundsPaths.exchangeQuote, request);

/** Exchanges exactly a held quote (its signed id), with the action's idempotency key. */
export function useExchangeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quote, idempotencyKey }: { quote: ExchangeQuote; idempotencyKey: string }) =>
      api.call(fundsPaths.exchange, { quoteId: quote.quoteId }, { idempotencyKey }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: fundsQueries.all });
      await queryClient.invalidateQueries({ queryKey: ['wallet'] });
      await queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}
