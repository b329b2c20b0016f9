import type { DataOf, userEndpoints } from '@beurs/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { currentLanguage } from '../../app/i18n';
import { userPaths } from '@beurs/contract/paths';
import { isLoggedIn } from '../../session/storage';

export type UserInfo = DataOf<typeof userEndpoints.getUserinfo>;
export type Notice = DataOf<typeof userEndpoints.notice>[number];
export type SessionItem = DataOf<typeof userEndpoints.sessions>[number];
export type SignIn = DataOf<typeof userEndpoints.signInHistory>[number];

export const userQueries = {
  all: ['user'] as const,
  info: () =>
    queryOptions({
      queryKey: [...userQueries.all, 'info'],
      queryFn: () => api.call(userPaths.getUserinfo),
      enabled: isLoggedIn(),
    }),
  notices: (language = currentLanguage()) =>
    queryOptions({
      queryKey: [...userQueries.all, 'notices', language],
      queryFn: () => api.call(userPaths.notice, { language }),
      enabled: isLoggedIn(),
      // Messages arrive when something is decided (a deposit, a price alert, a support answer):
      // the bell's dot and Messages pick them up while the app is open.
      refetchInterval: 20_000,
    }),
  sessions: () =>
    queryOptions({
      queryKey: [...userQueries.all, 'sessions'],
      queryFn: () => api.call(userPaths.sessions),
      enabled: isLoggedIn(),
    }),
  signInHistory: () =>
    queryOptions({
      queryKey: [...userQueries.all, 'signInHistory'],
      queryFn: () => api.call(userPaths.signInHistory),
      enabled: isLoggedIn(),
    }),
  /** Whether two-factor sign-in is on: withdrawals and new payout cards then ask for a code. */
  twoFactor: () =>
    queryOptions({
      queryKey: [...userQueries.all, 'twoFactor'],
      // Quiet: if it cannot be read, a call that needs the code is refused TWO_FACTOR_REQUIRED.
      queryFn: () => api.call(userPaths.twoFactorStatus, {}, { quiet: true }),
      enabled: isLoggedIn(),
    }),
};

export const useUserInfo = () => useQuery(userQueries.info());
export const useNotices = () => useQuery(userQueries.notices());
export const useSessions = () => useQuery(userQueries.sessions());
export const useSignInHistory = () => useQuery(userQueries.signInHistory());
export const useTwoFactorStatus = () => useQuery(userQueries.twoFactor());

/** The real name once identity-verified (is_true 1), else the account (spec section 6). */
export function displayName(info: Pick<UserInfo, 'is_true' | 'realname' | 'account'>): string {
  return info.is_true === 1 && info.realname ? info.realname : info.account;
}
