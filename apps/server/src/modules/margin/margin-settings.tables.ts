import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { staffUsers } from '../staff/staff.tables';

/**
 * Staff overrides of an instrument's margin and lending settings (issue 15 item 4), one row per
 * instrument that has one; instruments without a row keep what their class gives (MARGIN_RULES).
 * An override can only tighten: take the instrument out of margin, or raise its initial and
 * maintenance margins (never below its class's published ones: the service refuses, and the
 * checks keep them within 0-100 % and the maintenance at most the initial). `lendable` marks the
 * shares as lendable and `lending_paused` pauses that channel. Each change is audited
 * (`margin.instrument_settings`, before and after, with its reason).
 */
export const instrumentMarginSettings = pgTable(
  'instrument_margin_settings',
  {
    symbol: text().primaryKey(),
    notMarginable: boolean().notNull().default(false),
    initialBasisPoints: integer(),
    maintenanceBasisPoints: integer(),
    lendable: boolean().notNull().default(false),
    lendingPaused: boolean().notNull().default(false),
    /** The instrument's annual borrow fee for a short (issue 16 item 3); null: the configuration's. */
    borrowFeeBasisPoints: integer(),
    reason: text().notNull(),
    updatedByStaffId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => staffUsers.id),
    updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check(
      'instrument_margin_settings_basis_points',
      sql`(${table.initialBasisPoints} is null or ${table.initialBasisPoints} between 1 and 10000) and (${table.maintenanceBasisPoints} is null or ${table.maintenanceBasisPoints} between 1 and 10000) and (${table.initialBasisPoints} is null or ${table.maintenanceBasisPoints} is null or ${table.maintenanceBasisPoints} <= ${table.initialBasisPoints})`,
    ),
    check(
      'instrument_margin_settings_borrow_fee',
      sql`${table.borrowFeeBasisPoints} is null or ${table.borrowFeeBasisPoints} between 0 and 10000`,
    ),
  ],
);
