import { tradePaths } from '@beurs/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { userQueries } from '../user/queries';
import { walletQueries } from '../wallet/queries';
import { tradeQueries } from './queries';
import type { TicketRequest } from './ticket';

/**
 * Places an order with the trading PIN and one idempotency key per confirmation. Quiet: a refusal
 * is shown by the ticket at the field it concerns. Orders, positions, balances and the account
 * totals refresh after.
 */
export function usePlaceOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ticket: TicketRequest; fundPassword: string; idempotencyKey: string }) =>
      api.call(
        tradePaths.place,
        { ...input.ticket, fundPassword: input.fundPassword },
        { quiet: true, idempotencyKey: input.idempotencyKey },
      ),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tradeQueries.all }),
        queryClient.invalidateQueries({ queryKey: walletQueries.all }),
        // The account totals ('me', wallet) follow cash, holdings and P&L.
        queryClient.invalidateQueries({ queryKey: userQueries.info().queryKey }),
      ]);
    },
  });
}

/** Cancels a pending order; its hold is released (ORDER_NOT_PENDING otherwise, toasted). */
export function useCancelOrderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(tradePaths.cancel, { id }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tradeQueries.all }),
        queryClient.invalidateQueries({ queryKey: walletQueries.all }),
        // The account totals ('me', wallet) follow cash, holdings and P&L.
        queryClient.invalidateQueries({ queryKey: userQueries.info().queryKey }),
      ]);
    },
  });
}
