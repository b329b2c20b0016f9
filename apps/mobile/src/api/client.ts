import { createApiClient, userSessionHeaders, type ApiError, type UserApi } from '@beurs/api-client';
import { API_BASE_PATH } from '@beurs/contract/paths';
import { readSession, type SessionStorage } from '../session/storage';

// The app's side of the one API client (@beurs/api-client, DESIGN.md §2 "App", spec sections
// 7–9): the user headers token/account/is-admin from local storage, a translated toast for 2 s on
// any refusal, and on HTTP 401: clear local storage, then go to /login/login after 2 s.

export { API_TIMEOUT_MS, ApiError, isRefusal, type CallOptions } from '@beurs/api-client';
export const TOAST_DURATION_MS = 2_000;
export const UNAUTHORIZED_REDIRECT_MS = 2_000;

export type AppApiClientOptions = {
  fetch: typeof fetch;
  storage: SessionStorage;
  /** Shows a message for `durationMs`. */
  toast: (message: string, durationMs: number) => void;
  /** Translates a refusal code with its parameters (numbers formatted as money). */
  describeError: (error: ApiError) => string;
  /** Goes to the login screen. */
  goToLogin: () => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  timeoutMs?: number;
};

export function createAppApiClient(options: AppApiClientOptions) {
  let isRedirectPending = false;
  return createApiClient<UserApi>({
    basePath: API_BASE_PATH,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    sessionHeaders: () => userSessionHeaders(readSession(options.storage)),
    onUnauthorized: () => {
      options.storage.clear();
      if (isRedirectPending) return;
      isRedirectPending = true;
      options.setTimeout(() => {
        isRedirectPending = false;
        options.goToLogin();
      }, UNAUTHORIZED_REDIRECT_MS);
    },
    onFailure: (error) => options.toast(options.describeError(error), TOAST_DURATION_MS),
  });
}

export type AppApiClient = ReturnType<typeof createAppApiClient>;
