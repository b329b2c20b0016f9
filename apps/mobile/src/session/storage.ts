// The session in local storage under the spec's keys (spec section 3, DESIGN.md §2 "App").

export const storageKeys = {
  token: 'tokend',
  account: 'account',
  isAdmin: 'is-admin',
  language: 'language',
  stockType: 'stockType',
  readMsg: 'readMsg',
  stockDetail: 'stockDetail',
} as const;

export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

export function readSession(storage: SessionStorage = localStorage) {
  return {
    token: storage.getItem(storageKeys.token),
    account: storage.getItem(storageKeys.account),
    isAdmin: storage.getItem(storageKeys.isAdmin),
  };
}

export function isLoggedIn(storage: SessionStorage = localStorage): boolean {
  return Boolean(storage.getItem(storageKeys.token));
}

export function saveLogin(token: string, account: string, storage: SessionStorage = localStorage): void {
  storage.setItem(storageKeys.token, token);
  storage.setItem(storageKeys.account, account);
}

/** Logout removes the token and the account (spec section 4); language and read ids stay. */
export function forgetLogin(storage: SessionStorage = localStorage): void {
  storage.removeItem(storageKeys.token);
  storage.removeItem(storageKeys.account);
}
