import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { bigintArray } from '../../db/sql-arrays';
import { queryRows } from '../../ledger/ledger.repository';
import { marginAccounts, marginLoanMovements, marginTests } from './margin.tables';

export type MarginTestRow = typeof marginTests.$inferSelect;
export type MarginAccountRow = typeof marginAccounts.$inferSelect;

export async function latestTest(db: Executor, userId: bigint): Promise<MarginTestRow | undefined> {
  const rows = await db
    .select()
    .from(marginTests)
    .where(eq(marginTests.userId, userId))
    .orderBy(desc(marginTests.id))
    .limit(1);
  return rows[0];
}

export async function testById(db: Executor, id: bigint): Promise<MarginTestRow | undefined> {
  const rows = await db.select().from(marginTests).where(eq(marginTests.id, id)).limit(1);
  return rows[0];
}

export async function insertTest(
  db: Executor,
  values: typeof marginTests.$inferInsert,
): Promise<MarginTestRow> {
  const rows = await db.insert(marginTests).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into margin_tests returned no row');
  return row;
}

export async function accountOfUser(db: Executor, userId: bigint): Promise<MarginAccountRow | undefined> {
  const rows = await db.select().from(marginAccounts).where(eq(marginAccounts.userId, userId)).limit(1);
  return rows[0];
}

export async function insertAccount(
  db: Executor,
  values: typeof marginAccounts.$inferInsert,
): Promise<MarginAccountRow> {
  const rows = await db.insert(marginAccounts).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into margin_accounts returned no row');
  return row;
}

export type MarginMovementRow = typeof marginLoanMovements.$inferSelect;

/** Locks the user's margin account row (before any ledger row): the loan's movements are serialised on it. */
export async function lockAccounts(db: Executor, userIds: readonly bigint[]): Promise<void> {
  if (userIds.length === 0) return;
  const sorted = [...new Set(userIds)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  await db
    .select({ id: marginAccounts.id })
    .from(marginAccounts)
    .where(inArray(marginAccounts.userId, sorted))
    .orderBy(asc(marginAccounts.userId))
    .for('update');
}

export async function insertMovement(
  db: Executor,
  values: typeof marginLoanMovements.$inferInsert,
): Promise<MarginMovementRow> {
  const rows = await db.insert(marginLoanMovements).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into margin_loan_movements returned no row');
  return row;
}

export async function movementByKey(
  db: Executor,
  userId: bigint,
  idempotencyKey: string,
): Promise<MarginMovementRow | undefined> {
  const rows = await db
    .select()
    .from(marginLoanMovements)
    .where(
      and(eq(marginLoanMovements.userId, userId), eq(marginLoanMovements.idempotencyKey, idempotencyKey)),
    )
    .limit(1);
  return rows[0];
}

export async function movementsOf(db: Executor, userId: bigint): Promise<MarginMovementRow[]> {
  return db
    .select()
    .from(marginLoanMovements)
    .where(eq(marginLoanMovements.userId, userId))
    .orderBy(asc(marginLoanMovements.id));
}

/** The (user, currency) pairs that ever borrowed, with the last interest day posted. */
export async function borrowers(
  db: Executor,
): Promise<{ userId: bigint; currency: 'EUR' | 'USD'; firstDay: string; lastInterestDay: string | null }[]> {
  const rows = await queryRows<{
    user_id: string;
    currency: 'EUR' | 'USD';
    first_day: string;
    last_interest_day: string | null;
  }>(
    db,
    sql`select user_id::text, currency,
          to_char(min(created_at) filter (where kind = 'borrow') at time zone 'UTC', 'YYYY-MM-DD') as first_day,
          to_char(max(interest_day), 'YYYY-MM-DD') as last_interest_day
        from margin_loan_movements
        group by user_id, currency
        having count(*) filter (where kind = 'borrow') > 0
        order by user_id, currency`,
  );
  return rows.map((row) => ({
    userId: BigInt(row.user_id),
    currency: row.currency,
    firstDay: row.first_day,
    lastInterestDay: row.last_interest_day,
  }));
}

/**
 * The user's movements written by these ledger entries, each with what was owed in its currency
 * once it was recorded (borrowed + interest − repaid over the user's movements up to it): one query.
 */
export async function movementsByEntries(
  db: Executor,
  userId: bigint,
  entryIds: readonly bigint[],
): Promise<(MarginMovementRow & { owedAfterMinor: bigint })[]> {
  if (entryIds.length === 0) return [];
  const running = db
    .select({
      id: marginLoanMovements.id,
      entryId: marginLoanMovements.entryId,
      owedAfterMinor: sql<string>`sum(case ${marginLoanMovements.kind}
          when 'repay' then -${marginLoanMovements.amountMinor}
          when 'borrow' then ${marginLoanMovements.amountMinor}
          when 'interest' then ${marginLoanMovements.amountMinor}
          else 0 end) over (partition by ${marginLoanMovements.currency} order by ${marginLoanMovements.id})::text`.as(
        'owed_after_minor',
      ),
    })
    .from(marginLoanMovements)
    .where(eq(marginLoanMovements.userId, userId))
    .as('running');
  const rows = await db
    .select({ movement: marginLoanMovements, owedAfterMinor: running.owedAfterMinor })
    .from(running)
    .innerJoin(marginLoanMovements, eq(marginLoanMovements.id, running.id))
    .where(inArray(running.entryId, [...entryIds]));
  return rows.map((row) => ({ ...row.movement, owedAfterMinor: BigInt(row.owedAfterMinor) }));
}

/**
 * The loan movements of each of these users summed per currency and kind (one statement, one row
 * per user, currency and kind): what `loanFigures` adds up, without reading every movement row.
 */
export async function movementTotalsOf(
  db: Executor,
  userIds: readonly bigint[],
): Promise<Map<bigint, Pick<MarginMovementRow, 'currency' | 'kind' | 'amountMinor'>[]>> {
  const totals = new Map<bigint, Pick<MarginMovementRow, 'currency' | 'kind' | 'amountMinor'>[]>();
  if (userIds.length === 0) return totals;
  const rows = await queryRows<{
    user_id: string;
    currency: MarginMovementRow['currency'];
    kind: MarginMovementRow['kind'];
    amount_minor: string;
  }>(
    db,
    sql`select user_id::text, currency, kind, sum(amount_minor)::text as amount_minor
        from margin_loan_movements
        where user_id = any(${bigintArray(userIds)})
        group by user_id, currency, kind`,
  );
  for (const row of rows) {
    const userId = BigInt(row.user_id);
    let list = totals.get(userId);
    if (!list) {
      list = [];
      totals.set(userId, list);
    }
    list.push({ currency: row.currency, kind: row.kind, amountMinor: BigInt(row.amount_minor) });
  }
  return totals;
}

/** Many movements in one statement. */
export async function insertMovements(
  db: Executor,
  values: readonly (typeof marginLoanMovements.$inferInsert)[],
): Promise<void> {
  if (values.length === 0) return;
  await db.insert(marginLoanMovements).values([...values]);
}

/** What each of these users owes, by currency (one read; `owedByCurrency` of many). */
export async function owedByUserAndCurrency(
  db: Executor,
  userIds: readonly bigint[],
): Promise<Map<string, bigint>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ user_id: string; currency: string; owed_minor: string }>(
    db,
    sql`select user_id::text as user_id, currency,
          coalesce(sum(case kind when 'borrow' then amount_minor when 'interest' then amount_minor
                                 when 'repay' then -amount_minor else 0 end), 0)::text as owed_minor
        from margin_loan_movements
        where user_id in (${sql.join(
          [...new Set(userIds)].map((id) => sql`${id.toString()}::bigint`),
          sql`, `,
        )})
        group by user_id, currency`,
  );
  return new Map(rows.map((row) => [`${row.user_id}:${row.currency}`, BigInt(row.owed_minor)]));
}
