import { currencies, strategyRequestKinds, strategyRequestStates, strategyRules } from '@beurs/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

// Copy-following strategies (issue 17 item 5). Each strategy trades in a ledger account of its own
// (`account_user_id`: a users row that cannot sign in, opened for it). Cash in cents, units at
// scale 4, NAVs at scale 6, prices at scale 4. One NAV row per strategy and trading day (unique),
// so a day's NAV is struck once even when two nodes run the job.

const minor = () => bigint({ mode: 'bigint' });
const at = () => timestamp({ withTimezone: true });

export const strategies = pgTable(
  'strategies',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    name: text().notNull(),
    rule: text({ enum: strategyRules }).notNull(),
    /** The instruments the rule trades, comma-separated. */
    symbols: text().notNull(),
    /** The rule's parameters, fixed at publication: fixed_weights: basis points per symbol, comma-separated. */
    weights: text(),
    /** trend_moving_average and momentum_top: recorded prices looked back over; momentum_top: names held. */
    lookback: integer(),
    top: integer(),
    currency: text({ enum: currencies }).notNull(),
    accountUserId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    managementBasisPoints: integer().notNull(),
    performanceBasisPoints: integer().notNull(),
    noticeDays: integer().notNull(),
    /** HH:MM, Europe/Brussels. */
    strikeTime: text().notNull(),
    minimumFollowMinor: minor().notNull(),
    /** Units outstanding and the high-water mark, as of the last NAV. */
    unitsMinor: minor().notNull(),
    highWaterMark: minor().notNull(),
    lastNav: minor().notNull(),
    lastNavDate: text(),
    lastNavAt: at(),
    inceptionDate: text().notNull(),
    closedAt: at(),
    createdAt: at().notNull(),
  },
  (table) => [
    uniqueIndex('strategies_code_key').on(table.code),
    check(
      'strategies_fees_published',
      sql`${table.managementBasisPoints} between 0 and 500 and ${table.performanceBasisPoints} between 0 and 3000`,
    ),
    check('strategies_units_not_negative', sql`${table.unitsMinor} >= 0`),
    check(
      'strategies_rule_parameters',
      // coalesce: a missing parameter (null) must fail the check, not pass it as unknown.
      sql`coalesce((${table.rule} = 'fixed_weights' and ${table.weights} is not null and ${table.lookback} is null and ${table.top} is null)
        or (${table.rule} = 'trend_moving_average' and ${table.weights} is null and ${table.lookback} > 0 and ${table.top} is null)
        or (${table.rule} = 'momentum_top' and ${table.weights} is null and ${table.lookback} > 0 and ${table.top} > 0), false)`,
    ),
  ],
);

export const strategyNavs = pgTable(
  'strategy_navs',
  {
    strategyId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => strategies.id),
    /** The Brussels trading day. */
    date: text().notNull(),
    nav: minor().notNull(),
    /** After the fees, before the day's follows and redemptions. */
    valueMinor: minor().notNull(),
    unitsMinor: minor().notNull(),
    managementFeeMinor: minor().notNull(),
    performanceFeeMinor: minor().notNull(),
    highWaterMark: minor().notNull(),
    /** Units issued and redeemed at this NAV, and the value and units after them. */
    unitsIssuedMinor: minor().notNull(),
    unitsRedeemedMinor: minor().notNull(),
    valueAfterMinor: minor().notNull(),
    unitsAfterMinor: minor().notNull(),
    struckAt: at().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.strategyId, table.date] }),
    check(
      'strategy_navs_fees_not_negative',
      sql`${table.managementFeeMinor} >= 0 and ${table.performanceFeeMinor} >= 0`,
    ),
  ],
);

/** The prices the rule saw at each run (the trend rule's moving average reads them; no look-ahead). */
export const strategyPrices = pgTable(
  'strategy_prices',
  {
    strategyId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => strategies.id),
    date: text().notNull(),
    symbol: text().notNull(),
    priceMinor: minor().notNull(),
  },
  (table) => [primaryKey({ columns: [table.strategyId, table.date, table.symbol] })],
);

export const strategyRequests = pgTable(
  'strategy_requests',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    strategyId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => strategies.id),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    kind: text({ enum: strategyRequestKinds }).notNull(),
    state: text({ enum: strategyRequestStates }).notNull(),
    /** follow: the money frozen (hold_id); redeem: null. */
    amountMinor: minor(),
    holdId: minor(),
    /** follow: units issued at settlement; redeem: units redeemed. */
    unitsMinor: minor(),
    nav: minor(),
    navDate: text(),
    paidMinor: minor(),
    eligibleAt: at().notNull(),
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    createdAt: at().notNull(),
    settledAt: at(),
  },
  (table) => [
    uniqueIndex('strategy_requests_idempotency_key').on(table.userId, table.idempotencyKey),
    index('strategy_requests_pending_idx')
      .on(table.strategyId, table.eligibleAt)
      .where(sql`${table.state} = 'pending'`),
    index('strategy_requests_user_idx').on(table.userId, table.id),
    check(
      'strategy_requests_shape',
      sql`(${table.kind} = 'follow' and ${table.amountMinor} > 0) or (${table.kind} = 'redeem' and ${table.unitsMinor} > 0)`,
    ),
  ],
);

/** A follower's units in a strategy, and the money paid in for them (average cost). */
export const strategyHoldings = pgTable(
  'strategy_holdings',
  {
    strategyId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => strategies.id),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    unitsMinor: minor().notNull(),
    costMinor: minor().notNull(),
    updatedAt: at().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.strategyId, table.userId] }),
    check('strategy_holdings_not_negative', sql`${table.unitsMinor} >= 0 and ${table.costMinor} >= 0`),
  ],
);
