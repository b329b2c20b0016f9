import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { supportAuthors } from '@beurs/contract';
import { uploads } from '../uploads/uploads.tables';
import { users } from '../users/users.tables';

/** One conversation per user with support: how far each side has read, and the latest message. */
export const supportConversations = pgTable(
  'support_conversations',
  {
    userId: bigint({ mode: 'bigint' })
      .primaryKey()
      .references(() => users.id),
    /** The last staff message the user has read (0: none). */
    userReadUpTo: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The last user message support has read (0: none). */
    staffReadUpTo: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    lastMessageAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('support_conversations_last_idx').on(table.lastMessageAt)],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => supportConversations.userId),
    author: text({ enum: supportAuthors }).notNull(),
    /** The staff member who answered; null for the user's own messages. */
    staffId: bigint({ mode: 'bigint' }),
    body: text().notNull(),
    attachmentUploadId: bigint({ mode: 'bigint' }).references(() => uploads.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('support_messages_user_idx').on(table.userId, table.id),
    check('support_messages_staff_author', sql`(${table.author} = 'staff') = (${table.staffId} is not null)`),
    check('support_messages_not_empty', sql`${table.body} <> '' or ${table.attachmentUploadId} is not null`),
  ],
);
