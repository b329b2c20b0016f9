import { currencies, tradableMarkets } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../trading/trading.tables';
import { users } from '../users/users.tables';

// Placements ("block trades", issue 17 item 4) and their subscriptions. Quantities are whole
// shares, the price at scale 4, cash in cents. `settled_at` is set once: by the allocation at the
// close or by staff closing the placement early (then `closed_early_at` too, every hold released).

const minor = () => bigint({ mode: 'bigint' });
const at = () => timestamp({ withTimezone: true });

export const placements = pgTable(
  'placements',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    symbol: text().notNull(),
    name: text().notNull(),
    market: text({ enum: tradableMarkets }).notNull(),
    currency: text({ enum: currencies }).notNull(),
    priceMinor: minor().notNull(),
    blockQuantity: minor().notNull(),
    lotSize: minor().notNull(),
    minimumQuantity: minor().notNull(),
    dailyLimit: minor().notNull(),
    feeBasisPoints: integer().notNull(),
    feeMinimumMinor: minor().notNull(),
    opensAt: at().notNull(),
    closesAt: at().notNull(),
    settledAt: at(),
    closedEarlyAt: at(),
    closeReason: text(),
    quantityAllocated: minor(),
    /**
     * Who created it: a staff member (`created_by_staff_id`, audited) or, in demo mode, the
     * simulator (`demo_round`: its nth placement, unique, so two nodes or a restart never create
     * the same one twice).
     */
    createdBy: text({ enum: ['staff', 'simulator'] })
      .notNull()
      .default('staff'),
    createdByStaffId: minor(),
    demoRound: integer(),
    createdAt: at().notNull(),
  },
  (table) => [
    index('placements_opens_idx').on(table.opensAt),
    uniqueIndex('placements_demo_round').on(table.demoRound),
    check(
      'placements_creator',
      sql`(${table.createdBy} = 'staff' and ${table.createdByStaffId} is not null and ${table.demoRound} is null) or (${table.createdBy} = 'simulator' and ${table.createdByStaffId} is null and ${table.demoRound} is not null)`,
    ),
    index('placements_due_idx')
      .on(table.closesAt)
      .where(sql`${table.settledAt} is null`),
    check('placements_price_positive', sql`${table.priceMinor} > 0`),
    check(
      'placements_lots',
      sql`${table.lotSize} > 0 and ${table.blockQuantity} > 0 and ${table.blockQuantity} % ${table.lotSize} = 0 and ${table.minimumQuantity} > 0 and ${table.minimumQuantity} % ${table.lotSize} = 0 and ${table.dailyLimit} >= ${table.minimumQuantity}`,
    ),
    check('placements_window', sql`${table.opensAt} < ${table.closesAt}`),
  ],
);

export const placementSubscriptions = pgTable(
  'placement_subscriptions',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    placementId: minor()
      .notNull()
      .references(() => placements.id),
    userId: minor()
      .notNull()
      .references(() => users.id),
    /** The Brussels calendar day of the subscription (YYYY-MM-DD): the daily limit counts by it. */
    day: text().notNull(),
    quantity: minor().notNull(),
    grossMinor: minor().notNull(),
    feeMinor: minor().notNull(),
    /** gross + fee: what the hold froze. */
    frozenMinor: minor().notNull(),
    holdId: minor().notNull(),
    /** Set at settlement: shares allocated (0 when none or refunded), paid and released. */
    allocatedQuantity: minor(),
    paidMinor: minor(),
    releasedMinor: minor(),
    orderId: minor().references(() => orders.id),
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    createdAt: at().notNull(),
    settledAt: at(),
  },
  (table) => [
    uniqueIndex('placement_subscriptions_idempotency_key').on(table.userId, table.idempotencyKey),
    index('placement_subscriptions_placement_idx').on(table.placementId, table.id),
    index('placement_subscriptions_user_idx').on(table.userId, table.placementId, table.day),
    check('placement_subscriptions_quantity_positive', sql`${table.quantity} > 0`),
    check(
      'placement_subscriptions_settled_sum',
      sql`${table.allocatedQuantity} is null or ${table.paidMinor} + ${table.releasedMinor} = ${table.frozenMinor}`,
    ),
  ],
);
