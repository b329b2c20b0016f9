import type { CheckInBadge, professionalEndpoints, RequestOf } from '@beurs/contract';
import { checkInPaths, creditPaths, professionalPaths } from '@beurs/contract/paths';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { deviceTimeZone, servicesQueries } from './queries';

async function afterMoney(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: servicesQueries.credit });
  await queryClient.invalidateQueries({ queryKey: ['wallet'] });
  await queryClient.invalidateQueries({ queryKey: ['user'] });
}

/** What borrowing costs, before confirming (nothing moves). */
export const fetchLoanPreview = (amount: string) => api.call(creditPaths.preview, { amount });

export function useBorrowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ amount, idempotencyKey }: { amount: string; idempotencyKey: string }) =>
      api.call(creditPaths.borrow, { amount }, { idempotencyKey }),
    onSettled: () => afterMoney(queryClient),
  });
}

export function useAdditionalCreditMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { loanId: string; amount: string; idempotencyKey: string }) =>
      api.call(
        creditPaths.additional,
        { loanId: input.loanId, amount: input.amount },
        { idempotencyKey: input.idempotencyKey },
      ),
    onSettled: () => afterMoney(queryClient),
  });
}

export function useRepayMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { loanId: string; amount: string; idempotencyKey: string }) =>
      api.call(
        creditPaths.repay,
        { loanId: input.loanId, amount: input.amount },
        { idempotencyKey: input.idempotencyKey },
      ),
    onSettled: () => afterMoney(queryClient),
  });
}

export function useCheckInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(checkInPaths.checkIn, { timeZone: deviceTimeZone() }),
    onSuccess: (data) => queryClient.setQueryData(servicesQueries.checkIn().queryKey, data),
  });
}

export function useClaimBadgeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (badge: CheckInBadge) =>
      api.call(checkInPaths.claimBadge, { badge, timeZone: deviceTimeZone() }),
    onSuccess: (data) => queryClient.setQueryData(servicesQueries.checkIn().queryKey, data),
  });
}

export type ProfessionalApplyRequest = RequestOf<typeof professionalEndpoints.apply>;

export function useProfessionalApplyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ProfessionalApplyRequest) => api.call(professionalPaths.apply, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: servicesQueries.professional().queryKey }),
  });
}
