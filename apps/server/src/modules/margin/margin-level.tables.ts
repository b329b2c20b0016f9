import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

export const marginCallStates = ['open', 'met'] as const;
export type MarginCallState = (typeof marginCallStates)[number];

/**
 * Margin calls (issue 16, item 4): one row from the tick that finds the account's margin level
 * (equity / maintenance requirement) below the published call level until a tick finds it back at
 * or above it (`met`). At most one open call per user (a unique partial index): the row is inserted
 * with the user's message in one transaction, so however many nodes see the same tick, the user is
 * told once per call. The figures are those of the tick that made the call, in EUR cents.
 */
export const marginCalls = pgTable(
  'margin_calls',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    state: text({ enum: marginCallStates }).notNull(),
    levelBasisPoints: integer().notNull(),
    equityMinor: bigint({ mode: 'bigint' }).notNull(),
    maintenanceMinor: bigint({ mode: 'bigint' }).notNull(),
    neededMinor: bigint({ mode: 'bigint' }).notNull(),
    openedAt: timestamp({ withTimezone: true }).notNull(),
    /** When a tick found the level back at or above the call level. */
    metAt: timestamp({ withTimezone: true }),
    metLevelBasisPoints: integer(),
  },
  (table) => [
    uniqueIndex('margin_calls_one_open')
      .on(table.userId)
      .where(sql`${table.state} = 'open'`),
    index('margin_calls_user_idx').on(table.userId, table.id),
    check(
      'margin_calls_state',
      sql`${table.state} in ('open', 'met') and (${table.state} = 'open') = (${table.metAt} is null)`,
    ),
  ],
);

export const marginLiquidationStates = ['running', 'done'] as const;
export type MarginLiquidationState = (typeof marginLiquidationStates)[number];

/**
 * Liquidations (issue 16, item 4): one row from the tick that finds the account below the published
 * liquidation level until its positions are closed back to the maintenance requirement (`done`).
 * At most one running per user (a unique partial index): the node whose insert lands runs it;
 * another node takes it over only once its lease (`claimedUntil`) has passed (a node stopped in the
 * middle). `shortfallMinor`: what was still owed, EUR cents, once nothing was left to sell.
 */
export const marginLiquidations = pgTable(
  'margin_liquidations',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    state: text({ enum: marginLiquidationStates }).notNull(),
    levelBasisPoints: integer().notNull(),
    equityMinor: bigint({ mode: 'bigint' }).notNull(),
    maintenanceMinor: bigint({ mode: 'bigint' }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    claimedUntil: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    endLevelBasisPoints: integer(),
    shortfallMinor: bigint({ mode: 'bigint' }),
  },
  (table) => [
    uniqueIndex('margin_liquidations_one_running')
      .on(table.userId)
      .where(sql`${table.state} = 'running'`),
    index('margin_liquidations_user_idx').on(table.userId, table.id),
    check(
      'margin_liquidations_state',
      sql`${table.state} in ('running', 'done') and (${table.state} = 'running') = (${table.endedAt} is null)`,
    ),
  ],
);

/**
 * Each position a liquidation closed, in the published order (largest loss first, in EUR): the
 * market order (Trading's order engine), the quantity, its cost and value, and the quote used.
 */
export const marginLiquidationSales = pgTable(
  'margin_liquidation_sales',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    liquidationId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => marginLiquidations.id),
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id),
    orderId: bigint({ mode: 'bigint' }).notNull(),
    symbol: text().notNull(),
    currency: text().notNull(),
    quantity: text().notNull(),
    costMinor: bigint({ mode: 'bigint' }).notNull(),
    valueMinor: bigint({ mode: 'bigint' }).notNull(),
    /** Cost − value at the last price, EUR cents: the order's key. */
    lossEurMinor: bigint({ mode: 'bigint' }).notNull(),
    lastMinor: bigint({ mode: 'bigint' }).notNull(),
    bidMinor: bigint({ mode: 'bigint' }),
    askMinor: bigint({ mode: 'bigint' }),
    quoteAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('margin_liquidation_sales_order').on(table.orderId),
    index('margin_liquidation_sales_liquidation_idx').on(table.liquidationId, table.id),
  ],
);
