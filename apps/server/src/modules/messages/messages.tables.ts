import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { languages, messageKinds, notificationKinds } from '@beurs/contract';
import { users } from '../users/users.tables';

/** What a message says, as parameters (amounts as decimal strings, times as ISO); never its text. */
export type MessageParams = Record<string, string>;

/**
 * A user's in-app messages: the kind and its parameters only, so each reader sees the text in
 * their own language (rendered from @beurs/i18n when read or pushed).
 */
export const userMessages = pgTable(
  'user_messages',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    kind: text({ enum: messageKinds }).notNull(),
    params: jsonb().$type<MessageParams>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('user_messages_user_idx').on(table.userId, table.id)],
);

/** Push notifications turned off for a kind of message (on unless a row says off). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    kind: text({ enum: notificationKinds }).notNull(),
    isPushEnabled: boolean().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

/** A browser's Web Push subscription, with the language its notifications are written in. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    language: text({ enum: languages }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint),
    index('push_subscriptions_user_idx').on(table.userId),
  ],
);

/** The server's VAPID key pair when none is configured: generated once, at first start. */
export const vapidKeys = pgTable('vapid_keys', {
  name: text().primaryKey(),
  publicKey: text().notNull(),
  privateKey: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});
