import { DomainError } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import type { AuditService, StaffActor } from '../audit/audit.service';
import type { MessagesService } from '../messages/messages.service';
import type { UploadsService } from '../uploads/uploads.service';
import type { UsersService } from '../users/users.service';
import * as repository from './support.repository';

// Support chat (DESIGN.md §1.12, issue 14 item 3): one conversation per user with the operator's
// support staff, inside the app beside the external customer-service link. The user writes text
// and attaches pictures under the upload rules (their own upload, claimed once for this purpose,
// visible to support staff); staff answer through /api/admin/, each answer audited and announced
// to the user as a message. Each side has an unread count: what the other side wrote after the
// last message it read.

/** The start of a staff answer shown in the user's message about it. */
const PREVIEW_LENGTH = 200;

const toMessage = (row: repository.SupportMessageRow) => ({
  id: row.id.toString(),
  author: row.author,
  body: row.body,
  attachmentId: row.attachmentUploadId?.toString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const lastId = (rows: readonly repository.SupportMessageRow[], author: 'user' | 'staff') =>
  rows.filter((row) => row.author === author).at(-1)?.id;

export function createSupportService(deps: {
  db: Database;
  clock: Clock;
  audit: AuditService;
  messages: MessagesService;
  uploads: UploadsService;
  users: UsersService;
}) {
  const { db, clock, audit, messages, uploads, users } = deps;

  return {
    /** The user's conversation, oldest first; the answers in it are now read. */
    async thread(userId: bigint) {
      const rows = await repository.listMessages(db, userId);
      const answered = lastId(rows, 'staff');
      if (answered !== undefined) await repository.markRead(db, userId, 'user', answered);
      return { messages: rows.map(toMessage) };
    },

    async send(userId: bigint, input: { body: string; attachmentId?: string | undefined }) {
      if (input.body === '' && input.attachmentId === undefined)
        throw new DomainError('SUPPORT_MESSAGE_EMPTY');
      const row = await db.transaction(async (tx) => {
        const now = clock.now();
        await repository.lockConversation(tx, userId, now);
        const attachmentUploadId = input.attachmentId === undefined ? null : BigInt(input.attachmentId);
        if (attachmentUploadId !== null) {
          await uploads.claim(tx, userId, attachmentUploadId, 'support_attachment');
        }
        return repository.insertMessage(tx, {
          userId,
          author: 'user',
          staffId: null,
          body: input.body,
          attachmentUploadId,
          createdAt: now,
        });
      });
      return toMessage(row);
    },

    unread: async (userId: bigint) => ({ unread: await repository.unreadByUser(db, userId) }),

    async conversations(input: { page: number; pageSize: number }) {
      const { total, rows } = await repository.listConversations(db, input.page, input.pageSize);
      const names = await users.namesOf(rows.map((row) => row.userId));
      return {
        total,
        items: rows.map((row) => ({
          userId: row.userId.toString(),
          account: names.get(row.userId)?.account ?? '',
          lastMessageAt: row.lastMessageAt.toISOString(),
          lastMessage: row.lastBody,
          unread: row.unread,
        })),
      };
    },

    /** A user's conversation for staff; the user's messages in it are now read by support. */
    async staffThread(actor: StaffActor, userId: bigint) {
      const rows = await db.transaction(async (tx) => {
        const conversation = await repository.lockExistingConversation(tx, userId);
        if (!conversation) throw new DomainError('SUPPORT_CONVERSATION_NOT_FOUND');
        const listed = await repository.listMessages(tx, userId);
        const written = lastId(listed, 'user');
        if (written !== undefined) await repository.markRead(tx, userId, 'staff', written);
        await audit.record(tx, actor, {
          action: 'support.view',
          targetType: 'user',
          targetId: userId,
          reason: 'read the support conversation',
          before: null,
          after: { messages: listed.length },
        });
        return listed;
      });
      const names = await users.namesOf([userId]);
      return { account: names.get(userId)?.account ?? '', messages: rows.map(toMessage) };
    },

    /** Staff answer: stored, audited, and announced to the user as a message (pushed when on). */
    async reply(actor: StaffActor, input: { userId: string; body: string }) {
      const userId = BigInt(input.userId);
      const row = await db.transaction(async (tx) => {
        const conversation = await repository.lockExistingConversation(tx, userId);
        if (!conversation) throw new DomainError('SUPPORT_CONVERSATION_NOT_FOUND');
        const inserted = await repository.insertMessage(tx, {
          userId,
          author: 'staff',
          staffId: actor.staffId,
          body: input.body,
          attachmentUploadId: null,
          createdAt: clock.now(),
        });
        // Answering is reading: everything the user wrote before is now read by support.
        const written = lastId(await repository.listMessages(tx, userId), 'user');
        if (written !== undefined) await repository.markRead(tx, userId, 'staff', written);
        await messages.post(tx, userId, 'support_reply', { preview: input.body.slice(0, PREVIEW_LENGTH) });
        await audit.record(tx, actor, {
          action: 'support.reply',
          targetType: 'user',
          targetId: userId,
          reason: 'answered in the support conversation',
          before: null,
          after: { messageId: inserted.id.toString() },
        });
        return inserted;
      });
      return toMessage(row);
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
