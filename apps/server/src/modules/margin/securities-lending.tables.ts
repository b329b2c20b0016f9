import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

// Short selling and securities lending (issue 16, item 3). A short is Trading's sale with direction
// `short`; what it borrows is recorded here: the borrow (one per short sale's fill) and, for each
// lender who supplies it, an allocation (allocation rule in docs/margin-account.md: oldest opt-in
// first). The lent shares stay in the lender's ledger account; the short's obligation to return them
// is these rows, which ledger:verify holds against the short positions and the entries they name.

const minor = () => bigint({ mode: 'bigint' });
const at = () => timestamp({ withTimezone: true });

/** Users who lend their fully paid shares to the pool (opt-in, audited); an opt-out ends it. */
export const lendingParticipants = pgTable('lending_participants', {
  userId: minor()
    .primaryKey()
    .references(() => users.id),
  /** The place in the allocation order: the latest opt-in (oldest first). */
  optedInAt: at().notNull(),
  optedOutAt: at(),
  updatedAt: at().notNull(),
});

/** What one short sale borrowed from the pool, and how much of it has been returned. */
export const securitiesBorrows = pgTable(
  'securities_borrows',
  {
    id: minor().primaryKey().generatedAlwaysAsIdentity(),
    userId: minor()
      .notNull()
      .references(() => users.id),
    symbol: text().notNull(),
    currency: text().notNull(),
    /** The short sale (Trading's orders.id). */
    orderId: minor().notNull(),
    quantityMinor: minor().notNull(),
    returnedMinor: minor()
      .notNull()
      .default(sql`0`),
    /** The short sale's fill price (scale 4): the borrow fee's base. */
    priceMinor: minor().notNull(),
    /** Cash the short sale put in the user's margin account: the initial margin and the proceeds. */
    collateralMinor: minor().notNull(),
    collateralReturnedMinor: minor()
      .notNull()
      .default(sql`0`),
    /** The annual borrow fee in force at the sale, basis points. */
    feeBasisPoints: bigint({ mode: 'number' }).notNull(),
    createdAt: at().notNull(),
  },
  (table) => [
    uniqueIndex('securities_borrows_order_key').on(table.orderId),
    index('securities_borrows_user_idx').on(table.userId, table.symbol),
    check('securities_borrows_quantity_positive', sql`${table.quantityMinor} > 0`),
    check(
      'securities_borrows_returned_within',
      sql`${table.returnedMinor} >= 0 and ${table.returnedMinor} <= ${table.quantityMinor}`,
    ),
  ],
);

/**
 * A lender's shares lent to one borrow. `recalledAt`: the lender sold shares that were lent and the
 * pool could not re-supply them; the short was told and is bought in at `buyInAt` unless the pool
 * can re-supply them by then.
 */
export const securitiesLoanAllocations = pgTable(
  'securities_loan_allocations',
  {
    id: minor().primaryKey().generatedAlwaysAsIdentity(),
    borrowId: minor()
      .notNull()
      .references(() => securitiesBorrows.id),
    lenderUserId: minor()
      .notNull()
      .references(() => users.id),
    symbol: text().notNull(),
    quantityMinor: minor().notNull(),
    returnedMinor: minor()
      .notNull()
      .default(sql`0`),
    recalledAt: at(),
    buyInAt: at(),
    /** How a recall ended: re-supplied from the pool, or bought in (the buy-to-cover order). */
    recallOutcome: text({ enum: ['resupplied', 'bought_in'] }),
    buyInOrderId: minor(),
    createdAt: at().notNull(),
  },
  (table) => [
    index('securities_loan_allocations_borrow_idx').on(table.borrowId),
    index('securities_loan_allocations_lender_idx').on(table.lenderUserId, table.symbol),
    index('securities_loan_allocations_recall_idx')
      .on(table.buyInAt)
      .where(sql`${table.recalledAt} is not null and ${table.recallOutcome} is null`),
    check('securities_loan_allocations_quantity_positive', sql`${table.quantityMinor} > 0`),
    check(
      'securities_loan_allocations_returned_within',
      sql`${table.returnedMinor} >= 0 and ${table.returnedMinor} <= ${table.quantityMinor}`,
    ),
  ],
);

/**
 * One day's borrow fee of one borrow (and, for a dividend, a manufactured dividend): the amount the
 * short paid, the lenders' share and the entry that moved it. Once per borrow and day (or ex-date).
 */
export const securitiesLendingCharges = pgTable(
  'securities_lending_charges',
  {
    id: minor().primaryKey().generatedAlwaysAsIdentity(),
    borrowId: minor()
      .notNull()
      .references(() => securitiesBorrows.id),
    kind: text({ enum: ['borrow_fee', 'manufactured_dividend'] }).notNull(),
    /** The fee's day (UTC), or the dividend's ex-date. */
    day: date({ mode: 'string' }).notNull(),
    /** Shares borrowed that day (at the record date for a dividend). */
    quantityMinor: minor().notNull(),
    amountMinor: minor().notNull(),
    lendersMinor: minor().notNull(),
    entryId: minor().notNull(),
    createdAt: at().notNull(),
  },
  (table) => [
    uniqueIndex('securities_lending_charges_once').on(table.borrowId, table.kind, table.day),
    check('securities_lending_charges_amount', sql`${table.amountMinor} > 0 and ${table.lendersMinor} >= 0`),
  ],
);
