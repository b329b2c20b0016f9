import type { Language } from '@beurs/contract/enums';
import { inboxPaths } from '@beurs/contract/paths';
import { api } from '../../api';

// Web Push on this device: the service worker (public/sw.js) shows each pushed message and opens
// it when tapped; the subscription goes to the server with the language its texts are written in.

const SERVICE_WORKER_URL = '/sw.js';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export const isPushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function pushState(): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** Asks the browser's permission, subscribes with the server's VAPID key and registers it. */
export async function enablePush(language: Language): Promise<PushState> {
  if (!isPushSupported()) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return pushState();
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  await navigator.serviceWorker.ready;
  const { publicKey } = await api.call(inboxPaths.pushKey);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const json = subscription.toJSON();
  await api.call(inboxPaths.pushSubscribe, {
    subscription: {
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
    language,
  });
  return 'on';
}

export async function disablePush(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await api.call(inboxPaths.pushUnsubscribe, { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return pushState();
}
