import type { identityEndpoints, RequestOf } from '@beurs/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { identityPaths } from '../../api/endpoints';
import { identityQueries, type FundPasswordStatus } from './queries';

export type FundPasswordAction = 'set' | 'change' | 'reset';

export type FundPasswordRequest =
  | ({ action: 'set' } & RequestOf<typeof identityEndpoints.setFundPassword>)
  | ({ action: 'change' } & RequestOf<typeof identityEndpoints.changeFundPassword>)
  | ({ action: 'reset' } & RequestOf<typeof identityEndpoints.resetFundPassword>);

const pathOf = {
  set: identityPaths.setFundPassword,
  change: identityPaths.changeFundPassword,
  reset: identityPaths.resetFundPassword,
} as const;

/** Sets, changes or resets the fund password; the answer is the new status. */
export function useFundPasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...request }: FundPasswordRequest) =>
      api.call<FundPasswordStatus>(pathOf[action], request),
    onSuccess: (status) => queryClient.setQueryData(identityQueries.fundPassword().queryKey, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: identityQueries.fundPassword().queryKey }),
  });
}
