import { currencies, tradableMarkets } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from '../trading/trading.tables';
import { users } from '../users/users.tables';

// IPO offerings and their subscriptions (issue 17, DESIGN.md §1 rules 6 and 7). Quantities are
// whole shares, prices at scale 4, cash in cents. The seed is made by the server when staff create
// the offering; only its SHA-256 (`seed_commitment`) is shown until the draw, which publishes it.

const minor = () => bigint({ mode: 'bigint' });
const at = () => timestamp({ withTimezone: true });

export const ipoOfferings = pgTable(
  'ipo_offerings',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    symbol: text().notNull(),
    name: text().notNull(),
    market: text({ enum: tradableMarkets }).notNull(),
    issueMarket: text().notNull(),
    leadUnderwriter: text().notNull(),
    currency: text({ enum: currencies }).notNull(),
    issuePriceMinor: minor().notNull(),
    sharesOffered: minor().notNull(),
    minimumQuantity: minor().notNull(),
    lotSize: minor().notNull(),
    subscriptionsPerUser: integer().notNull(),
    feeBasisPoints: integer().notNull(),
    feeMinimumMinor: minor().notNull(),
    prospectusUrl: text().notNull(),
    opensAt: at().notNull(),
    closesAt: at().notNull(),
    lotteryAt: at().notNull(),
    distributionAt: at().notNull(),
    listingAt: at().notNull(),
    /** 64 hex digits; never answered before `drawn_at`. */
    seed: text().notNull(),
    seedCommitment: text().notNull(),
    drawnAt: at(),
    fullRounds: integer(),
    cutoffTicket: text(),
    lotsRequested: bigint({ mode: 'number' }),
    lotsAllocated: bigint({ mode: 'number' }),
    subscriptionCount: integer(),
    /** When the last of its drawn subscriptions was settled (paid and released) after the draw. */
    settledAt: at(),
    /**
     * Who created it: a staff member (audited), or in demo mode the simulator (`demo_round`: its
     * nth offering, unique, so two nodes or a restart never create the same one twice).
     */
    createdBy: text({ enum: ['staff', 'simulator'] })
      .notNull()
      .default('staff'),
    createdByStaffId: minor(),
    demoRound: integer(),
    createdAt: at().notNull(),
  },
  (table) => [
    index('ipo_offerings_opens_idx').on(table.opensAt),
    uniqueIndex('ipo_offerings_demo_round').on(table.demoRound),
    check(
      'ipo_offerings_creator',
      sql`(${table.createdBy} = 'staff' and ${table.createdByStaffId} is not null and ${table.demoRound} is null) or (${table.createdBy} = 'simulator' and ${table.createdByStaffId} is null and ${table.demoRound} is not null)`,
    ),
    check('ipo_offerings_price_positive', sql`${table.issuePriceMinor} > 0`),
    check(
      'ipo_offerings_lots',
      sql`${table.lotSize} > 0 and ${table.sharesOffered} > 0 and ${table.sharesOffered} % ${table.lotSize} = 0 and ${table.minimumQuantity} % ${table.lotSize} = 0 and ${table.minimumQuantity} > 0`,
    ),
    check(
      'ipo_offerings_dates',
      sql`${table.opensAt} < ${table.closesAt} and ${table.closesAt} <= ${table.lotteryAt} and ${table.lotteryAt} <= ${table.distributionAt} and ${table.distributionAt} <= ${table.listingAt}`,
    ),
  ],
);

export const ipoSubscriptions = pgTable(
  'ipo_subscriptions',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    offeringId: minor()
      .notNull()
      .references(() => ipoOfferings.id),
    userId: minor()
      .notNull()
      .references(() => users.id),
    quantity: minor().notNull(),
    grossMinor: minor().notNull(),
    feeMinor: minor().notNull(),
    /** gross + fee: what the hold froze. */
    frozenMinor: minor().notNull(),
    holdId: minor().notNull(),
    /** Set by the draw: shares allocated (0 when none). */
    allocatedQuantity: minor(),
    /** Set when the allocation is settled after the draw: what it cost and what was released. */
    paidMinor: minor(),
    releasedMinor: minor(),
    orderId: minor().references(() => orders.id),
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    createdAt: at().notNull(),
    drawnAt: at(),
    settledAt: at(),
  },
  (table) => [
    uniqueIndex('ipo_subscriptions_idempotency_key').on(table.userId, table.idempotencyKey),
    index('ipo_subscriptions_offering_idx').on(table.offeringId, table.id),
    index('ipo_subscriptions_user_idx').on(table.userId, table.createdAt),
    check('ipo_subscriptions_quantity_positive', sql`${table.quantity} > 0`),
    check(
      'ipo_subscriptions_settled_sum',
      sql`(${table.settledAt} is null and ${table.paidMinor} is null and ${table.releasedMinor} is null) or (${table.settledAt} is not null and ${table.allocatedQuantity} is not null and ${table.paidMinor} + ${table.releasedMinor} = ${table.frozenMinor})`,
    ),
    check(
      'ipo_subscriptions_drawn_allocated',
      sql`(${table.drawnAt} is null) = (${table.allocatedQuantity} is null)`,
    ),
  ],
);
