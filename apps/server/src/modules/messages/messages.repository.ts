import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Language, MessageKind, NotificationKind } from '@beurs/contract';
import type { Executor } from '../../db/database';
import {
  notificationSettings,
  pushSubscriptions,
  userMessages,
  vapidKeys,
  type MessageParams,
} from './messages.tables';

export type { MessageParams };

export type MessageRow = typeof userMessages.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export async function insertMessage(
  db: Executor,
  message: { userId: bigint; kind: MessageKind; params: MessageParams; createdAt: Date },
): Promise<MessageRow> {
  const [row] = await db.insert(userMessages).values(message).returning();
  if (!row) throw new Error('message not inserted');
  return row;
}

export async function insertMessages(
  db: Executor,
  messages: readonly { userId: bigint; kind: MessageKind; params: MessageParams; createdAt: Date }[],
): Promise<MessageRow[]> {
  if (messages.length === 0) return [];
  return db
    .insert(userMessages)
    .values([...messages])
    .returning();
}

/** The user's newest messages first (at most `limit`). */
export const listMessages = (db: Executor, userId: bigint, limit: number) =>
  db
    .select()
    .from(userMessages)
    .where(eq(userMessages.userId, userId))
    .orderBy(desc(userMessages.id))
    .limit(limit);

export const messagesByIds = (db: Executor, ids: readonly bigint[]) =>
  db
    .select()
    .from(userMessages)
    .where(inArray(userMessages.id, [...ids]));

export const listSettings = (db: Executor, userId: bigint) =>
  db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));

export const settingsOf = (db: Executor, userIds: readonly bigint[]) =>
  db
    .select()
    .from(notificationSettings)
    .where(inArray(notificationSettings.userId, [...userIds]));

export async function saveSetting(
  db: Executor,
  setting: { userId: bigint; kind: NotificationKind; isPushEnabled: boolean },
): Promise<void> {
  await db
    .insert(notificationSettings)
    .values(setting)
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: { isPushEnabled: setting.isPushEnabled },
    });
}

/** Saves a browser's subscription; the same endpoint moves to the user who subscribed last. */
export async function saveSubscription(
  db: Executor,
  subscription: {
    userId: bigint;
    endpoint: string;
    p256dh: string;
    auth: string;
    language: Language;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(subscription)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: subscription.userId,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        language: subscription.language,
        createdAt: subscription.createdAt,
      },
    });
}

export async function deleteSubscription(db: Executor, userId: bigint, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** A subscription the push service says is gone (404/410), unless it was renewed since. */
export async function deleteGoneSubscription(db: Executor, id: bigint, createdAt: Date): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.createdAt, createdAt)));
}

export const subscriptionsOf = (db: Executor, userIds: readonly bigint[]) =>
  db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));

/** The stored VAPID pair, inserting `generated` first if none exists (the first node to start wins). */
export async function vapidKeyPair(
  db: Executor,
  generated: { publicKey: string; privateKey: string },
  now: Date,
): Promise<{ publicKey: string; privateKey: string }> {
  await db
    .insert(vapidKeys)
    .values({ name: 'web_push', ...generated, createdAt: now })
    .onConflictDoNothing({ target: vapidKeys.name });
  const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.name, 'web_push'));
  if (!row) throw new Error('VAPID keys not stored');
  return { publicKey: row.publicKey, privateKey: row.privateKey };
}
