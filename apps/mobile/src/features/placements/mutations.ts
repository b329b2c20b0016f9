import { placementPaths } from '@beurs/contract/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { placementQueries } from './queries';

/** What a request would freeze, before confirming (nothing moves). */
export const fetchPlacementPreview = (id: string, quantity: string) =>
  api.call(placementPaths.preview, { id, quantity });

export function usePlacementSubscribeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; quantity: string; idempotencyKey: string }) =>
      api.call(
        placementPaths.subscribe,
        { id: input.id, quantity: input.quantity },
        { idempotencyKey: input.idempotencyKey },
      ),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: placementQueries.all });
      await queryClient.invalidateQueries({ queryKey: ['wallet'] });
      await queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}
