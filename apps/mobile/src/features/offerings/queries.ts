import type { DataOf, ipoEndpoints } from '@beurs/contract';
import { ipoPaths } from '@beurs/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { isLoggedIn } from '../../session/storage';
import { pollWhile, useRefreshWhenDecided } from '../../shell/PendingDecisions';

// New-share (IPO) offerings (issue 17): the list, one offering with the user's subscriptions, and
// the user's subscriptions for the positions tab.

export type IpoOffering = DataOf<typeof ipoEndpoints.detail>['offering'];
export type IpoDetail = DataOf<typeof ipoEndpoints.detail>;
export type IpoSubscription = DataOf<typeof ipoEndpoints.subscribe>;
export type IpoPreview = DataOf<typeof ipoEndpoints.preview>;

/** Subscription states that still wait for the window to end or for the draw. */
const waitingStates: readonly string[] = ['subscribing', 'subscription_ended', 'awaiting_draw'];
/** Offering phases in which the draw is still to come once the window closed. */
const waitingPhases: readonly string[] = ['subscription_ended', 'awaiting_draw'];
type Waitable = { id: string; state: string; allocatedQuantity: string | null; paid: string | null };
/** Waits for the window, the draw, or the settlement that follows the draw (drawn, nothing paid yet). */
const waits = (subscription: Waitable) =>
  waitingStates.includes(subscription.state) ||
  (subscription.allocatedQuantity !== null && subscription.paid === null);
const isWaiting = (subscriptions: readonly Waitable[] | undefined) => (subscriptions ?? []).some(waits);
/** The ids of the subscriptions still waiting; undefined until known. */
const waitingIds = (subscriptions: readonly Waitable[] | undefined) =>
  subscriptions?.filter(waits).map(({ id }) => id);
const isDrawPending = (offerings: readonly { phase: string }[] | undefined) =>
  (offerings ?? []).some((offering) => waitingPhases.includes(offering.phase));

// While a subscription (or an offering) waits for the draw or its settlement, the pages showing it ask again every few
// seconds while in front (shell/PendingDecisions.tsx), so a draw shows without a reload.
export const ipoQueries = {
  all: ['ipo'] as const,
  list: () =>
    queryOptions({
      queryKey: [...ipoQueries.all, 'list'],
      queryFn: () => api.call(ipoPaths.list, { page: 1, pageSize: 50 }),
      enabled: isLoggedIn(),
      refetchInterval: (query) => pollWhile(isDrawPending(query.state.data?.items)),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...ipoQueries.all, 'detail', id],
      queryFn: () => api.call(ipoPaths.detail, { id }),
      enabled: isLoggedIn() && id !== '',
      refetchInterval: (query) => {
        const data = query.state.data;
        return pollWhile(isWaiting(data?.subscriptions) || isDrawPending(data ? [data.offering] : []));
      },
    }),
  subscriptions: () =>
    queryOptions({
      queryKey: [...ipoQueries.all, 'subscriptions'],
      queryFn: () => api.call(ipoPaths.subscriptions, { page: 1, pageSize: 100 }),
      enabled: isLoggedIn(),
      refetchInterval: (query) => pollWhile(isWaiting(query.state.data?.items)),
    }),
};

export const useIpoList = () => useQuery(ipoQueries.list());
// Once a polled subscription is drawn, the balances and holdings are fetched again (no reload).
export function useIpoDetail(id: string) {
  const query = useQuery(ipoQueries.detail(id));
  useRefreshWhenDecided(waitingIds(query.data?.subscriptions));
  return query;
}
export function useIpoSubscriptions() {
  const query = useQuery(ipoQueries.subscriptions());
  useRefreshWhenDecided(waitingIds(query.data?.items));
  return query;
}
