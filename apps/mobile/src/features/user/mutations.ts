import type { RequestOf, userEndpoints } from '@beurs/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { userPaths } from '@beurs/contract/paths';
import { forgetLogin, saveLogin } from '../../session/storage';
import { userQueries } from './queries';

export const LOGOUT_REDIRECT_MS = 1_000;

/**
 * Signs in. Quiet: the login screen shows refusals itself, and asks for the second factor when
 * the server answers TWO_FACTOR_REQUIRED.
 */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RequestOf<typeof userEndpoints.login>) =>
      api.call(userPaths.login, request, { quiet: true }),
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

/** Starts turning two-factor sign-in on: the login password for a new secret and its QR text. */
export function useTwoFactorSetupMutation() {
  return useMutation({
    mutationFn: (password: string) => api.call(userPaths.twoFactorSetup, { password }),
  });
}

/**
 * Confirms two-factor sign-in with a first code; answers the ten recovery codes, shown once. The
 * screen refreshes the status only when the user says they saved the codes, so they stay shown.
 */
export function useTwoFactorEnableMutation() {
  return useMutation({
    mutationFn: (code: string) => api.call(userPaths.twoFactorEnable, { code }),
  });
}

export function useTwoFactorDisableMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RequestOf<typeof userEndpoints.twoFactorDisable>) =>
      api.call(userPaths.twoFactorDisable, request),
    onSuccess: (status) => queryClient.setQueryData(userQueries.twoFactor().queryKey, status),
  });
}
