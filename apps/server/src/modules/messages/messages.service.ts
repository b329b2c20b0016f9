import webPush from 'web-push';
import { Agent } from 'node:https';
import {
  DomainError,
  notificationKindOf,
  notificationKinds,
  type Language,
  type MessageKind,
  type NotificationKind,
} from '@beurs/contract';
import type { Clock } from '../../core/clock';
import { afterCommit, type CommitTopic } from '../../db/after-commit';
import type { Database, Executor } from '../../db/database';
import type { CommonService } from '../common/common.service';
import { messageText } from './message-text';
import * as repository from './messages.repository';
import type { MessageParams } from './messages.repository';

// The user's in-app messages and their delivery (issue 13 item 5, issue 14 item 4). A module that
// decides something the user must hear of (an identity review, a deposit, a withdrawal, a lock, a
// price alert, a support answer) posts a message in its own transaction: the message exists if and
// only if the decision committed. After the commit, each message is pushed (Web Push, VAPID) to the
// user's subscribed browsers, in the language each subscribed with, unless the user turned push
// off for that kind. A push that fails is not retried: the message stays in Messages regardless.

/** Messages listed per call: the newest ones. */
const MESSAGES_LISTED_MAX = 100;
/** Notices' ids are the notice table's ids; a message's id is this prefix and its own id. */
export const MESSAGE_ID_PREFIX = 'm';

export type PushConfig = {
  vapidKeys: { publicKey: string; privateKey: string } | null;
  subject: string;
  serviceHosts: readonly string[];
  /** Tests only: the local fake push service's certificate. */
  trustedCertificate?: string;
};

export function createMessagesService(deps: {
  db: Database;
  clock: Clock;
  common: CommonService;
  push: PushConfig;
  /** Times in messages are shown in this zone (the funds time zone). */
  timeZone: string;
  log?: { error(details: object, message: string): void };
}) {
  const { db, clock, common, push, timeZone } = deps;
  let keys: Promise<{ publicKey: string; privateKey: string }> | null = null;
  const inFlight = new Set<Promise<void>>();
  const pushAgent = push.trustedCertificate ? new Agent({ ca: push.trustedCertificate }) : undefined;

  /** The configured VAPID pair, or the stored one (generated on first use and kept). */
  const vapidKeys = () => {
    keys ??= push.vapidKeys
      ? Promise.resolve(push.vapidKeys)
      : repository.vapidKeyPair(db, webPush.generateVAPIDKeys(), clock.now());
    keys.catch(() => {
      keys = null;
    });
    return keys;
  };

  const isAllowedPushService = (endpoint: string): boolean => {
    const url = new URL(endpoint);
    if (url.protocol !== 'https:') return false;
    const host = url.hostname.toLowerCase();
    return push.serviceHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
  };

  async function deliver(messageIds: ReadonlySet<bigint>): Promise<void> {
    const messages = await repository.messagesByIds(db, [...messageIds]);
    const userIds = [...new Set(messages.map((message) => message.userId))];
    if (userIds.length === 0) return;
    const [subscriptions, settings] = await Promise.all([
      repository.subscriptionsOf(db, userIds),
      repository.settingsOf(db, userIds),
    ]);
    if (subscriptions.length === 0) return;
    const off = new Set(
      settings
        .filter((setting) => !setting.isPushEnabled)
        .map((setting) => `${setting.userId}:${setting.kind}`),
    );
    const { publicKey, privateKey } = await vapidKeys();
    for (const message of messages) {
      if (off.has(`${message.userId}:${notificationKindOf[message.kind]}`)) continue;
      for (const subscription of subscriptions.filter((row) => row.userId === message.userId)) {
        const text = await messageText(message.kind, message.params, subscription.language, timeZone);
        const payload = JSON.stringify({
          ...text,
          id: `${MESSAGE_ID_PREFIX}${message.id}`,
          url: `#/information/msgInfo?id=${MESSAGE_ID_PREFIX}${message.id}`,
        });
        try {
          await webPush.sendNotification(
            {
              endpoint: subscription.endpoint,
              keys: { p256dh: subscription.p256dh, auth: subscription.auth },
            },
            payload,
            {
              vapidDetails: { subject: push.subject, publicKey, privateKey },
              TTL: 24 * 3600,
              timeout: 10_000,
              ...(pushAgent ? { agent: pushAgent } : {}),
            },
          );
        } catch (error) {
          const status = error instanceof webPush.WebPushError ? error.statusCode : null;
          // The browser unsubscribed or the subscription expired: forget it.
          if (status === 404 || status === 410) {
            await repository.deleteGoneSubscription(db, subscription.id, subscription.createdAt);
          } else {
            deps.log?.error({ err: error, subscriptionId: subscription.id.toString() }, 'push not delivered');
          }
        }
      }
    }
  }

  const pushTopic: CommitTopic<bigint> = {
    publish(messageIds) {
      const delivery = deliver(messageIds).catch((error: unknown) => {
        deps.log?.error({ err: error }, 'push delivery failed');
      });
      inFlight.add(delivery);
      void delivery.finally(() => inFlight.delete(delivery));
    },
  };

  async function settingsOf(userId: bigint) {
    const rows = await repository.listSettings(db, userId);
    const off = new Set(rows.filter((row) => !row.isPushEnabled).map((row) => row.kind));
    return notificationKinds.map((kind) => ({ kind, isPushEnabled: !off.has(kind) }));
  }

  return {
    /**
     * Posts a message to the user in the caller's transaction (`tx`): it is stored only if that
     * transaction commits, and pushed after it does.
     */
    async post(tx: Executor, userId: bigint, kind: MessageKind, params: MessageParams = {}): Promise<void> {
      const row = await repository.insertMessage(tx, { userId, kind, params, createdAt: clock.now() });
      afterCommit(tx, pushTopic, [row.id]);
    },

    /** Several `post`s in one statement (a tick's fills), stored and pushed as `post` does. */
    async postMany(
      tx: Executor,
      messages: readonly { userId: bigint; kind: MessageKind; params: MessageParams }[],
    ): Promise<void> {
      if (messages.length === 0) return;
      const createdAt = clock.now();
      const rows = await repository.insertMessages(
        tx,
        messages.map((message) => ({ ...message, createdAt })),
      );
      afterCommit(
        tx,
        pushTopic,
        rows.map((row) => row.id),
      );
    },

    /** `/user/notice`: the site's notices and the user's own messages, newest first, in `language`. */
    async inbox(userId: bigint, language: Language) {
      const [notices, rows] = await Promise.all([
        common.notices(language),
        repository.listMessages(db, userId, MESSAGES_LISTED_MAX),
      ]);
      const messages = await Promise.all(
        rows.map(async (row) => ({
          id: `${MESSAGE_ID_PREFIX}${row.id}`,
          ...(await messageText(row.kind, row.params, language, timeZone)),
          createdAt: row.createdAt.toISOString(),
        })),
      );
      return [...messages, ...notices].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },

    settings: settingsOf,

    async saveSetting(userId: bigint, kind: NotificationKind, isPushEnabled: boolean) {
      await repository.saveSetting(db, { userId, kind, isPushEnabled });
      return settingsOf(userId);
    },

    async pushKey(): Promise<{ publicKey: string }> {
      return { publicKey: (await vapidKeys()).publicKey };
    },

    async subscribe(
      userId: bigint,
      input: {
        subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
        language: Language;
      },
    ): Promise<null> {
      if (!isAllowedPushService(input.subscription.endpoint))
        throw new DomainError('PUSH_SERVICE_NOT_ALLOWED');
      await repository.saveSubscription(db, {
        userId,
        endpoint: input.subscription.endpoint,
        p256dh: input.subscription.keys.p256dh,
        auth: input.subscription.keys.auth,
        language: input.language,
        createdAt: clock.now(),
      });
      return null;
    },

    async unsubscribe(userId: bigint, endpoint: string): Promise<null> {
      await repository.deleteSubscription(db, userId, endpoint);
      return null;
    },

    /** Resolves when every push started so far has been sent or given up (tests, shutdown). */
    async pushesSettled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
