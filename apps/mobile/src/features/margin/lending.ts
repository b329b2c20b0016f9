import type { DataOf, lendingEndpoints } from '@beurs/contract';
import { lendingPaths } from '@beurs/contract/paths';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { isLoggedIn } from '../../session/storage';

// Securities lending (issue 16 item 3): the lendable list with each instrument's borrow fee and
// channel, and the user's lending (opted in or not, what they lend, what they earned).

export type Lending = DataOf<typeof lendingEndpoints.lending>;

export const lendingQuery = () =>
  queryOptions({
    queryKey: ['margin', 'lending'],
    queryFn: () => api.call(lendingPaths.lending, {}),
    enabled: isLoggedIn(),
    // Staff mark instruments lendable and pause lending: a screen opened after that shows it.
    staleTime: 5_000,
  });

/** `isWanted` false: not asked (the ticket asks only once the margin account is open). */
export const useLending = (isWanted = true) =>
  useQuery({ ...lendingQuery(), enabled: isWanted && isLoggedIn() });

/** Opt in (`true`) or out to lend one's fully paid shares; the answer is the lending view. */
export function useLendingOptInMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lend: boolean) => api.call(lendingPaths.lendingOptIn, { lend }),
    onSuccess: (data) => queryClient.setQueryData(lendingQuery().queryKey, data),
  });
}
