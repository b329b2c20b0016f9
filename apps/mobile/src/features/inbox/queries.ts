import type { DataOf, inboxEndpoints } from '@beurs/contract';
import { inboxPaths } from '@beurs/contract/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { isLoggedIn } from '../../session/storage';

// Support chat, price alerts and notification settings (issue 14). The messages themselves come
// with the notices (features/user, `/user/notice`).

export type SupportMessage = DataOf<typeof inboxEndpoints.supportThread>['messages'][number];
export type PriceAlert = DataOf<typeof inboxEndpoints.alertList>[number];
export type NotificationSetting = DataOf<typeof inboxEndpoints.notificationSettings>[number];

export const inboxQueries = {
  support: ['support'] as const,
  alerts: ['alerts'] as const,
  thread: () =>
    queryOptions({
      queryKey: [...inboxQueries.support, 'thread'],
      queryFn: () => api.call(inboxPaths.supportThread),
      enabled: isLoggedIn(),
      // While the conversation is open, an answer shows up within seconds.
      refetchInterval: 10_000,
    }),
  unread: () =>
    queryOptions({
      queryKey: [...inboxQueries.support, 'unread'],
      queryFn: () => api.call(inboxPaths.supportUnread),
      enabled: isLoggedIn(),
      refetchInterval: 60_000,
    }),
  alertList: () =>
    queryOptions({
      queryKey: [...inboxQueries.alerts, 'list'],
      queryFn: () => api.call(inboxPaths.alertList),
      enabled: isLoggedIn(),
      refetchInterval: 30_000,
    }),
  settings: () =>
    queryOptions({
      queryKey: ['notifications', 'settings'],
      queryFn: () => api.call(inboxPaths.notificationSettings),
      enabled: isLoggedIn(),
    }),
};

export const useSupportThread = () => useQuery(inboxQueries.thread());
export const useSupportUnread = () => useQuery(inboxQueries.unread());
export const usePriceAlerts = () => useQuery(inboxQueries.alertList());
export const useNotificationSettings = () => useQuery(inboxQueries.settings());
