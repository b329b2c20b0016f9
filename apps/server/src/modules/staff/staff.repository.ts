import { asc, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { invitationCodes } from '../users/users.tables';
import { staffUsers } from './staff.tables';

export async function firstStaffUser(db: Executor) {
  const rows = await db.select().from(staffUsers).orderBy(asc(staffUsers.id)).limit(1);
  return rows[0];
}

export async function insertStaffUser(db: Executor, values: typeof staffUsers.$inferInsert) {
  const rows = await db.insert(staffUsers).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into staff_users returned no row');
  return row;
}

export async function firstStaffInvitationCode(db: Executor): Promise<string | undefined> {
  const rows = await db
    .select({ code: invitationCodes.code })
    .from(invitationCodes)
    .where(isNotNull(invitationCodes.ownerStaffId))
    .orderBy(asc(invitationCodes.createdAt))
    .limit(1);
  return rows[0]?.code;
}
