import type { marginEndpoints, RequestOf } from '@beurs/contract';
import { marginPaths } from '@beurs/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { marginQueries } from './queries';

export type MarginAnswersRequest = RequestOf<typeof marginEndpoints.submitTest>['answers'];
export type MarginAcceptRequest = RequestOf<typeof marginEndpoints.accept>;
export type MarginTransferRequest = RequestOf<typeof marginEndpoints.transfer>;
export type MarginRepayRequest = RequestOf<typeof marginEndpoints.repay>;

export function useMarginTestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: MarginAnswersRequest) => api.call(marginPaths.submitTest, { answers }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marginQueries.all }),
  });
}

export function useMarginAcceptMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MarginAcceptRequest) => api.call(marginPaths.accept, request),
    onSuccess: (status) =>
      queryClient.setQueryData(marginQueries.status(status.disclosure.language).queryKey, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marginQueries.all }),
  });
}

/** The capital transfer between the cash side and the margin side, once per idempotency key. */
export function useMarginTransferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: MarginTransferRequest; idempotencyKey: string }) =>
      api.call(marginPaths.transfer, request, { idempotencyKey }),
    onSuccess: (summary) => queryClient.setQueryData(marginQueries.summary().queryKey, summary),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
}

/** Repays the margin loan from the available cash, once per idempotency key. */
export function useMarginRepayMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: MarginRepayRequest; idempotencyKey: string }) =>
      api.call(marginPaths.repay, request, { idempotencyKey }),
    onSuccess: (summary) => queryClient.setQueryData(marginQueries.summary().queryKey, summary),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
