import { fundsPaths, identityPaths } from '@beurs/contract/paths';
import { focusManager, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../api';
import { fundsQueries } from '../features/funds/queries';
import { identityQueries } from '../features/identity/queries';
import { tradeQueries } from '../features/trading/queries';
import { walletQueries } from '../features/wallet/queries';
import { userQueries } from '../features/user/queries';

/** How often what waits for a reviewer (a person or the demo desk) is asked again, while the app is in front. */
export const DECISION_POLL_MS = 4_000;

/**
 * A query's `refetchInterval` that asks again every few seconds while its answer still waits for
 * something decided on the server, and not at all otherwise. React Query does not run the interval
 * while the page is hidden (`refetchIntervalInBackground` is off), so only a page in front asks.
 */
export const pollWhile = (isWaiting: boolean) => (isWaiting ? DECISION_POLL_MS : false);

/** The ids of the items in a page that are still pending, as one comparable key. */
const pendingKey = (items: readonly { id: string; state: string }[] | undefined) =>
  (items ?? [])
    .filter((item) => item.state === 'pending')
    .map((item) => item.id)
    .join(',');

/** Marks stale (and refetches where shown) what a staff decision can change. */
const refetchWhatDecisionsChange = (queryClient: QueryClient) =>
  Promise.all(
    [userQueries.all, walletQueries.all, fundsQueries.all, identityQueries.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

/**
 * Fetches the balances, the user's info and the holdings again once something the page polled for
 * is decided on the server: `waiting` lists the ids still waiting (a subscription before its draw,
 * a placement request before its allocation); when one of them no longer waits, money has moved
 * (paid, released or refunded) and shares may have arrived, so the wallet and the positions follow
 * without a reload. Nothing is fetched while the list only grows (a new request: its mutation
 * already refreshed them).
 */
export function useRefreshWhenDecided(waiting: readonly string[] | undefined) {
  const queryClient = useQueryClient();
  const key = waiting === undefined ? null : [...waiting].sort().join(',');
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    const before = previous.current;
    previous.current = key;
    if (before === null || before === '') return;
    const now = new Set(key.split(','));
    if (before.split(',').every((id) => now.has(id))) return;
    void Promise.all(
      [userQueries.all, walletQueries.all, fundsQueries.all, tradeQueries.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  }, [key, queryClient]);
}

/**
 * While the user's identity, a deposit or a withdrawal waits for a decision, asks for it again every
 * few seconds (only while the app is visible), so whatever screen is open follows the decision
 * without a reload; once one is decided, balances, records and the user's info are fetched again.
 * Nothing is asked repeatedly while nothing waits. Whenever the app comes back to the front, all of
 * that is fetched again too (a decision taken while it was hidden, or one nothing waited for: a
 * restriction, a staff correction). Mounted once, in the layout, for a signed-in user.
 */
export function PendingDecisions() {
  const queryClient = useQueryClient();
  // The screens' own queries (same keys, same answers), asked quietly: a failure here is the
  // screens' to show, not a toast over whatever the user is doing.
  const identity = useQuery({
    ...identityQueries.authInfo(),
    queryFn: () => api.call(identityPaths.authInfo, undefined, { quiet: true }),
    refetchInterval: (query) => pollWhile(query.state.data?.state === 'under_review'),
  });
  const deposits = useQuery({
    ...fundsQueries.deposits(),
    queryFn: () => api.call(fundsPaths.depositList, { page: 1, pageSize: 10 }, { quiet: true }),
    refetchInterval: (query) => pollWhile(pendingKey(query.state.data?.items) !== ''),
  });
  const withdrawals = useQuery({
    ...fundsQueries.withdrawals(),
    queryFn: () => api.call(fundsPaths.withdrawalList, { page: 1, pageSize: 10 }, { quiet: true }),
    refetchInterval: (query) => pollWhile(pendingKey(query.state.data?.items) !== ''),
  });

  const isKnown =
    identity.data !== undefined && deposits.data !== undefined && withdrawals.data !== undefined;
  const waiting = [
    identity.data?.state === 'under_review' ? 'identity' : '',
    pendingKey(deposits.data?.items),
    pendingKey(withdrawals.data?.items),
  ].join('|');
  // Back in front: whatever staff decided meanwhile (a decision, a restriction, a correction).
  useEffect(
    () =>
      focusManager.subscribe((isFocused) => {
        if (isFocused) void refetchWhatDecisionsChange(queryClient);
      }),
    [queryClient],
  );
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (!isKnown) return;
    const before = previous.current;
    previous.current = waiting;
    if (before === null || before === waiting) return;
    // Something was decided (or newly submitted): what depends on it is out of date.
    void refetchWhatDecisionsChange(queryClient);
  }, [isKnown, waiting, queryClient]);
  return null;
}
