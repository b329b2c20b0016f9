import { useSyncExternalStore } from 'react';
import { storageKeys } from './storage';

// Read notice ids, kept as a JSON array of strings under `readMsg` (spec section 3). The unread dot
// shows when any notice id is missing from it (spec section 4).

const listeners = new Set<() => void>();
let cachedText: string | null | undefined;
let cachedIds: readonly string[] = [];

export function readMessageIds(storage: Pick<Storage, 'getItem'> = localStorage): readonly string[] {
  const text = storage.getItem(storageKeys.readMsg);
  if (text === cachedText) return cachedIds;
  cachedText = text;
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    cachedIds = Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    cachedIds = [];
  }
  return cachedIds;
}

export function markMessageRead(
  id: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): void {
  const ids = readMessageIds(storage);
  if (ids.includes(id)) return;
  storage.setItem(storageKeys.readMsg, JSON.stringify([...ids, id]));
  for (const listener of listeners) listener();
}

export function hasUnread(noticeIds: readonly string[], readIds: readonly string[]): boolean {
  return noticeIds.some((id) => !readIds.includes(id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.readMsg || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useReadMessageIds(): readonly string[] {
  return useSyncExternalStore(subscribe, () => readMessageIds());
}
