import { createApiClient, staffSessionHeaders, type AdminApi } from '@beurs/api-client';
import { ADMIN_API_BASE_PATH } from '@beurs/contract/paths';
import type { StaffRole } from '@beurs/contract/enums';

// The staff session as the back-office keeps it: the login answer in session storage (this tab
// only, gone when the browser closes), and the one typed client of the staff API.

const STORAGE_KEY = 'beurs-admin-session';

export type StaffLogin = {
  token: string;
  username: string;
  role: StaffRole;
  expiresAt: string;
  mustChangePassword: boolean;
  mustEnrolTwoFactor: boolean;
};

export function storedSession(): StaffLogin | null {
  try {
    const text = sessionStorage.getItem(STORAGE_KEY);
    return text ? (JSON.parse(text) as StaffLogin) : null;
  } catch {
    return null;
  }
}

export function storeSession(session: StaffLogin | null): void {
  if (session) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  else sessionStorage.removeItem(STORAGE_KEY);
}

const listeners = new Set<() => void>();
/** Called when the server answers 401: the session has ended. */
export function onSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const api = createApiClient<AdminApi>({
  basePath: ADMIN_API_BASE_PATH,
  fetch: (...args) => globalThis.fetch(...args),
  sessionHeaders: () => staffSessionHeaders(storedSession()?.token ?? null),
  onUnauthorized: () => {
    storeSession(null);
    for (const listener of listeners) listener();
  },
});
