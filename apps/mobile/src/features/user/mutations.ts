import type { DataOf, RequestOf, userEndpoints } from '@beurs/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { userPaths } from '@beurs/contract/paths';
import { forgetLogin, saveLogin } from '../../session/storage';
import { userQueries } from './queries';

export const LOGOUT_REDIRECT_MS = 1_000;

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RequestOf<typeof userEndpoints.login>) =>
      api.call<DataOf<typeof userEndpoints.login>>(userPaths.login, request),
    onSuccess: (data) => {
      saveLogin(data.token, data.account);
      queryClient.removeQueries({ queryKey: userQueries.all });
    },
  });
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (request: RequestOf<typeof userEndpoints.register>) =>
      api.call<DataOf<typeof userEndpoints.register>>(userPaths.register, request),
  });
}

/** Logout revokes the session, removes tokend and account, then goes to login after 1 s. */
export function useLogoutMutation(goToLogin: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call<null>(userPaths.logout, {}, { quiet: true }).catch(() => null),
    onSettled: () => {
      forgetLogin();
      queryClient.removeQueries({ queryKey: userQueries.all });
      window.setTimeout(goToLogin, LOGOUT_REDIRECT_MS);
    },
  });
}

export function useChangePasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RequestOf<typeof userEndpoints.changePassword>) =>
      api.call<null>(userPaths.changePassword, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.sessions().queryKey }),
  });
}

export function useRevokeSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call<null>(userPaths.revokeSession, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userQueries.sessions().queryKey }),
  });
}

export function useRevokeOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.call<DataOf<typeof userEndpoints.revokeOtherSessions>>(userPaths.revokeOtherSessions),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userQueries.sessions().queryKey }),
  });
}
