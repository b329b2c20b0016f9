import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { auditLog } from './audit.tables';

export async function insertAuditEntry(db: Executor, values: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(values);
}

export async function listAuditEntries(
  db: Executor,
  filter: { targetType?: string; targetId?: string; offset: number; limit: number },
) {
  const conditions: SQL[] = [];
  if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
  if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
