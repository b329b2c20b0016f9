import {
  IS_ADMIN_HEADER,
  SESSION_ACCOUNT_HEADER,
  SESSION_TOKEN_HEADER,
  STAFF_TOKEN_HEADER,
} from '@beurs/contract/paths';

/** A user's sign-in as the app keeps it; null where there is none. */
export type UserSession = { token: string | null; account: string | null; isAdmin?: string | null };

/**
 * The user headers on every user call: `token` and `account` (empty when signed out), and
 * `is-admin` when the session has one (sent as the spec asks; the server never reads it).
 */
export function userSessionHeaders(session: UserSession): Record<string, string> {
  const headers: Record<string, string> = {
    [SESSION_TOKEN_HEADER]: session.token ?? '',
    [SESSION_ACCOUNT_HEADER]: session.account ?? '',
  };
  if (session.isAdmin !== null && session.isAdmin !== undefined) headers[IS_ADMIN_HEADER] = session.isAdmin;
  return headers;
}

/** The staff header on back-office calls: `staff-token`, never the user's `token`. */
export function staffSessionHeaders(staffToken: string | null): Record<string, string> {
  return staffToken ? { [STAFF_TOKEN_HEADER]: staffToken } : {};
}
