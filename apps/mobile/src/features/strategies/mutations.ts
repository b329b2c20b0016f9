import { strategyPaths } from '@beurs/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { strategyQueries } from './queries';

function useAfterRequest() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: strategyQueries.all });
    await queryClient.invalidateQueries({ queryKey: ['wallet'] });
    await queryClient.invalidateQueries({ queryKey: ['user'] });
  };
}

/** Follow: the amount is frozen at once; units at the next NAV. */
export function useStrategyFollowMutation() {
  const onSettled = useAfterRequest();
  return useMutation({
    mutationFn: (input: { id: string; amount: string; idempotencyKey: string }) =>
      api.call(
        strategyPaths.follow,
        { id: input.id, amount: input.amount },
        { idempotencyKey: input.idempotencyKey },
      ),
    onSettled,
  });
}

/** Redeem: paid at the first NAV after the notice period. */
export function useStrategyRedeemMutation() {
  const onSettled = useAfterRequest();
  return useMutation({
    mutationFn: (input: { id: string; units: string; idempotencyKey: string }) =>
      api.call(
        strategyPaths.redeem,
        { id: input.id, units: input.units },
        { idempotencyKey: input.idempotencyKey },
      ),
    onSettled,
  });
}
