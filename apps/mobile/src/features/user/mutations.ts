import type { RequestOf, userEndpoints } from '@beurs/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { userPaths } from '@beurs/contract/paths';
import { forgetLogin, saveLogin } from '../../session/storage';
import { userQueries } from './queries';

export const LOGOUT_REDIRECT_MS = 1_000;

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RequestOf<typeof userEndpoints.login>) => api.call(userPaths.login, request),
    onSuccess: (data) => {
      saveLogin(data.token, data.account);
      queryClient.removeQueries({ queryKey: userQueries.all });
    },
  });
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (request: RequestOf<typeof userEndpoints.register>) => api.call(userPaths.register, request),
  });
}

/** Logout revokes the session, removes tokend and account, then goes to login after 1 s. */
export function useLogoutMutation(goToLogin: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(userPaths.logout, {}, { quiet: true }).catch(() => null),
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
      api.call(userPaths.changePassword, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.sessions().queryKey }),
  });
}

export function useRevokeSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(userPaths.revokeSession, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userQueries.sessions().queryKey }),
  });
}

export function useRevokeOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(userPaths.revokeOtherSessions),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userQueries.sessions().queryKey }),
  });
}
