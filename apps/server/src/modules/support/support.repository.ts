import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { supportConversations, supportMessages } from './support.tables';

export type SupportMessageRow = typeof supportMessages.$inferSelect;

/** Creates the user's conversation on their first message, and locks it for this transaction. */
export async function lockConversation(db: Executor, userId: bigint, now: Date) {
  await db
    .insert(supportConversations)
    .values({ userId, lastMessageAt: now })
    .onConflictDoNothing({ target: supportConversations.userId });
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.userId, userId))
    .for('update');
  if (!row) throw new Error('support conversation not created');
  return row;
}

/** The conversation under a row lock, or undefined when the user never wrote. */
export async function lockExistingConversation(db: Executor, userId: bigint) {
  const [row] = await db
    .select()
    .from(supportConversations)
    .where(eq(supportConversations.userId, userId))
    .for('update');
  return row;
}

export async function insertMessage(
  db: Executor,
  message: {
    userId: bigint;
    author: 'user' | 'staff';
    staffId: bigint | null;
    body: string;
    attachmentUploadId: bigint | null;
    createdAt: Date;
  },
): Promise<SupportMessageRow> {
  const [row] = await db.insert(supportMessages).values(message).returning();
  if (!row) throw new Error('support message not inserted');
  await db
    .update(supportConversations)
    .set({ lastMessageAt: message.createdAt })
    .where(eq(supportConversations.userId, message.userId));
  return row;
}

export const listMessages = (db: Executor, userId: bigint) =>
  db.select().from(supportMessages).where(eq(supportMessages.userId, userId)).orderBy(supportMessages.id);

/** Marks the other side's messages read up to `messageId` (never moves back). */
export async function markRead(db: Executor, userId: bigint, reader: 'user' | 'staff', messageId: bigint) {
  await db
    .update(supportConversations)
    .set(
      reader === 'user'
        ? { userReadUpTo: sql`greatest(${supportConversations.userReadUpTo}, ${messageId})` }
        : { staffReadUpTo: sql`greatest(${supportConversations.staffReadUpTo}, ${messageId})` },
    )
    .where(eq(supportConversations.userId, userId));
}

/** How many support answers the user has not read. */
export async function unreadByUser(db: Executor, userId: bigint): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(supportMessages)
    .innerJoin(supportConversations, eq(supportConversations.userId, supportMessages.userId))
    .where(
      and(
        eq(supportMessages.userId, userId),
        eq(supportMessages.author, 'staff'),
        gt(supportMessages.id, supportConversations.userReadUpTo),
      ),
    );
  return row?.unread ?? 0;
}

/** Conversations for staff: those with unread user messages first, then the latest. */
export async function listConversations(db: Executor, page: number, pageSize: number) {
  const unread = sql<number>`(
    select count(*)::int from ${supportMessages}
    where ${supportMessages.userId} = ${supportConversations.userId}
      and ${supportMessages.author} = 'user'
      and ${supportMessages.id} > ${supportConversations.staffReadUpTo}
  )`;
  const lastBody = sql<string>`(
    select ${supportMessages.body} from ${supportMessages}
    where ${supportMessages.userId} = ${supportConversations.userId}
    order by ${supportMessages.id} desc limit 1
  )`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: supportConversations.userId,
        lastMessageAt: supportConversations.lastMessageAt,
        unread,
        lastBody,
      })
      .from(supportConversations)
      .orderBy(desc(sql`${unread} > 0`), desc(supportConversations.lastMessageAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(supportConversations),
  ]);
  return { total: total?.total ?? 0, rows };
}
