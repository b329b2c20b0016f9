import { ipoPaths } from '@beurs/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { ipoQueries } from './queries';

/** What subscribing would freeze, before confirming (nothing moves). */
export const fetchIpoPreview = (id: string, quantity: string) => api.call(ipoPaths.preview, { id, quantity });

export function useIpoSubscribeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; quantity: string; idempotencyKey: string }) =>
      api.call(
        ipoPaths.subscribe,
        { id: input.id, quantity: input.quantity },
        { idempotencyKey: input.idempotencyKey },
      ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ipoQueries.all });
      await queryClient.invalidateQueries({ queryKey: ['wallet'] });
      await queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}
