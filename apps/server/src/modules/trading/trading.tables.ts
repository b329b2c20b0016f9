import {
  currencies,
  orderSides,
  orderStates,
  orderTypes,
  positionDirections,
  positionStates,
  priceBases,
  timesInForce,
  tobClasses,
} from '@beurs/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

// Orders, fills, positions, their FIFO lots and the settlement of sale proceeds (issue 11, ADR 0005).
// Quantities are minor units at the instrument's quantity scale (0 shares, 8 crypto), prices at
// scale 4, cash in cents. The share (or crypto) balance itself is the ledger asset `sec:<symbol>`
// (`crypto:<code>`); `positions` must always agree with it (the property test checks).

const minor = () => bigint({ mode: 'bigint' });
const at = () => timestamp({ withTimezone: true });

export const orders = pgTable(
  'orders',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: minor()
      .notNull()
      .references(() => users.id),
    symbol: text().notNull(),
    /** The ledger asset traded: `sec:ABI.BR`, `crypto:BTC`. */
    asset: text().notNull(),
    market: text().notNull(),
    /** The instrument's currency (the trade currency). */
    currency: text({ enum: currencies }).notNull(),
    /** The cash account that pays or receives. */
    payCurrency: text({ enum: currencies }).notNull(),
    side: text({ enum: orderSides }).notNull(),
    type: text({ enum: orderTypes }).notNull(),
    timeInForce: text({ enum: timesInForce }).notNull(),
    direction: text({ enum: positionDirections }).notNull().default('long'),
    leverage: smallint().notNull().default(1),
    /**
     * A buy on margin (issue 16): the ticket's leverage in hundredths (100 = 1.00×, a cash order).
     * The hold freezes total × 100 / this; the rest of the fill is the user's margin loan.
     */
    leverageHundredths: smallint().notNull().default(100),
    quantityMinor: minor().notNull(),
    quantityScale: smallint().notNull(),
    filledQuantityMinor: minor()
      .notNull()
      .default(sql`0`),
    limitPriceMinor: minor(),
    stopPriceMinor: minor(),
    trailAmountMinor: minor(),
    /** Trailing by percent, in basis points (5 % = 500). */
    trailBasisPoints: integer(),
    /** A trailing stop's best price since it was placed (highest for a sale, lowest for a buy). */
    trailReferenceMinor: minor(),
    /** A market order entered while the venue was closed, waiting for the open. */
    isQueuedForOpen: boolean().notNull().default(false),
    state: text({ enum: orderStates }).notNull(),
    /** Why it was rejected, expired or cancelled by the system (a catalogued code). */
    reason: text(),
    /** The ledger hold of cash (buy) or shares (sell) while the order is pending. */
    holdId: minor(),
    reservedMinor: minor().notNull(),
    expiresAt: at(),
    idempotencyKey: text().notNull(),
    requestHash: text().notNull(),
    createdAt: at().notNull(),
    updatedAt: at().notNull(),
    filledAt: at(),
    cancelledAt: at(),
    expiredAt: at(),
    rejectedAt: at(),
  },
  (table) => [
    uniqueIndex('orders_idempotency_key').on(table.userId, table.idempotencyKey),
    index('orders_user_created_idx').on(table.userId, table.createdAt),
    index('orders_pending_symbol_idx')
      .on(table.symbol)
      .where(sql`${table.state} in ('pending', 'partially_filled')`),
    index('orders_pending_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.state} in ('pending', 'partially_filled') and ${table.expiresAt} is not null`),
    check('orders_quantity_positive', sql`${table.quantityMinor} > 0`),
    check(
      'orders_filled_within_quantity',
      sql`${table.filledQuantityMinor} >= 0 and ${table.filledQuantityMinor} <= ${table.quantityMinor}`,
    ),
    check('orders_reserved_not_negative', sql`${table.reservedMinor} >= 0`),
    check('orders_leverage_one', sql`${table.leverage} = 1`),
    check(
      'orders_leverage_hundredths',
      sql`${table.leverageHundredths} >= 100 and ${table.leverageHundredths} <= 1000 and (${table.leverageHundredths} = 100 or ${table.side} = 'buy')`,
    ),
  ],
);

export const fills = pgTable(
  'fills',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: minor()
      .notNull()
      .references(() => orders.id),
    userId: minor()
      .notNull()
      .references(() => users.id),
    symbol: text().notNull(),
    side: text({ enum: orderSides }).notNull(),
    quantityMinor: minor().notNull(),
    priceMinor: minor().notNull(),
    /** The quote the fill used (DESIGN.md §1 rule 14): its side, source and time. */
    priceBasis: text({ enum: priceBases }).notNull(),
    quoteSource: text().notNull(),
    quoteTimestamp: at().notNull(),
    currency: text({ enum: currencies }).notNull(),
    grossMinor: minor().notNull(),
    feeMinor: minor().notNull(),
    feeBasisPoints: integer().notNull(),
    feeMinimumMinor: minor().notNull(),
    /** The TOB voucher: class, rate, base, amount, cap (trade currency and EUR). */
    tobClass: text({ enum: tobClasses }).notNull(),
    tobBasisPoints: integer().notNull(),
    tobBaseMinor: minor().notNull(),
    tobMinor: minor().notNull(),
    tobCapMinor: minor().notNull(),
    tobCapEurMinor: minor().notNull(),
    isTobCapped: boolean().notNull(),
    totalTradeMinor: minor().notNull(),
    payCurrency: text({ enum: currencies }).notNull(),
    totalPayMinor: minor().notNull(),
    fxMarketRateMinor: minor(),
    fxAppliedRateMinor: minor(),
    fxSpreadBasisPoints: integer(),
    fxAmountMinor: minor(),
    fxConvertedMinor: minor(),
    fxSource: text(),
    fxTimestamp: at(),
    /** Sells: realised P&L against the average cost, trade currency, and in EUR. */
    realisedPnlMinor: minor(),
    realisedPnlEurMinor: minor(),
    entryId: minor().notNull(),
    /** Sells: when the proceeds become withdrawable. */
    settlesOn: date(),
    createdAt: at().notNull(),
  },
  (table) => [
    index('fills_order_idx').on(table.orderId),
    index('fills_user_created_idx').on(table.userId, table.createdAt),
    uniqueIndex('fills_entry_key').on(table.entryId),
    check('fills_quantity_positive', sql`${table.quantityMinor} > 0`),
    check('fills_price_positive', sql`${table.priceMinor} > 0`),
    check(
      'fills_fx_complete',
      sql`(${table.fxAppliedRateMinor} is null) = (${table.payCurrency} = ${table.currency})`,
    ),
  ],
);

export const positions = pgTable(
  'positions',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: minor()
      .notNull()
      .references(() => users.id),
    symbol: text().notNull(),
    asset: text().notNull(),
    market: text().notNull(),
    currency: text({ enum: currencies }).notNull(),
    direction: text({ enum: positionDirections }).notNull().default('long'),
    leverage: smallint().notNull().default(1),
    state: text({ enum: positionStates }).notNull(),
    quantityMinor: minor().notNull(),
    quantityScale: smallint().notNull(),
    /** What the held quantity cost, fees and TOB included, trade currency cents (average cost basis). */
    costMinor: minor().notNull(),
    realisedPnlMinor: minor()
      .notNull()
      .default(sql`0`),
    realisedPnlEurMinor: minor()
      .notNull()
      .default(sql`0`),
    openedAt: at().notNull(),
    closedAt: at(),
    updatedAt: at().notNull(),
  },
  (table) => [
    uniqueIndex('positions_one_holding')
      .on(table.userId, table.symbol, table.direction)
      .where(sql`${table.state} = 'holding'`),
    index('positions_user_idx').on(table.userId, table.state),
    check('positions_quantity_not_negative', sql`${table.quantityMinor} >= 0`),
    check('positions_closed_when_empty', sql`(${table.state} = 'closed') = (${table.quantityMinor} = 0)`),
  ],
);

/** FIFO lots of a position, for the tax report and the sell lock: what each buy fill added and what is left. */
export const positionLots = pgTable(
  'position_lots',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    positionId: minor()
      .notNull()
      .references(() => positions.id),
    fillId: minor()
      .notNull()
      .references(() => fills.id),
    quantityMinor: minor().notNull(),
    remainingMinor: minor().notNull(),
    priceMinor: minor().notNull(),
    openedAt: at().notNull(),
    /** The sell lock of its market: not sellable before this instant (null when there is none). */
    lockedUntil: at(),
  },
  (table) => [
    index('position_lots_position_idx').on(table.positionId, table.openedAt),
    check(
      'position_lots_remaining_within',
      sql`${table.remainingMinor} >= 0 and ${table.remainingMinor} <= ${table.quantityMinor}`,
    ),
  ],
);

/** Sale proceeds not yet settled: available to trade at once, withdrawable from `settles_on`. */
export const settlements = pgTable(
  'settlements',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: minor()
      .notNull()
      .references(() => users.id),
    fillId: minor()
      .notNull()
      .references(() => fills.id),
    currency: text({ enum: currencies }).notNull(),
    amountMinor: minor().notNull(),
    settlesOn: date().notNull(),
    createdAt: at().notNull(),
  },
  (table) => [
    index('settlements_user_idx').on(table.userId, table.settlesOn),
    check('settlements_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

/**
 * Dividends and splits applied to a user's holding, once per (user, symbol, kind, ex-date): what
 * they were entitled to at the record date and what the ledger entry moved.
 */
export const corporateActionPayments = pgTable(
  'corporate_action_payments',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: minor()
      .notNull()
      .references(() => users.id),
    symbol: text().notNull(),
    kind: text({ enum: ['dividend', 'split'] }).notNull(),
    exDate: date().notNull(),
    currency: text({ enum: currencies }).notNull(),
    /** Shares held at the record date (before the ex-date's open). */
    quantityMinor: minor().notNull(),
    /** Dividends: per share at the price scale, gross, withheld abroad and in Belgium, net credited. */
    amountPerShareMinor: minor(),
    grossMinor: minor(),
    withholdingForeignMinor: minor(),
    withholdingBelgianMinor: minor(),
    netMinor: minor(),
    /** Splits: ratioFrom old shares became ratioTo. */
    ratioFrom: integer(),
    ratioTo: integer(),
    entryId: minor(),
    createdAt: at().notNull(),
  },
  (table) => [
    uniqueIndex('corporate_action_payments_once').on(table.userId, table.symbol, table.kind, table.exDate),
    check('corporate_action_payments_quantity_positive', sql`${table.quantityMinor} > 0`),
  ],
);
