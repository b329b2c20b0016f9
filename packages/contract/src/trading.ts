import { z } from 'zod';
import { defineEndpoints } from './endpoint';
import {
  feeAssetClasses,
  instrumentMarkets,
  orderListTabs,
  orderSides,
  orderStates,
  orderTypes,
  placeableOrderTypes,
  positionDirections,
  positionStates,
  priceBases,
  sessionPhases,
  timesInForce,
  tobClasses,
  tradableMarkets,
  trailUnits,
} from './enums';
import { cashAmountInput, cashAmountOutput, currencySchema, decimalString } from './money';
import { pageFields, pageOf } from './paging';
import { tradePaths } from './paths';
import { TRADING_LIMITS } from './rules';
import { scales } from './decimal';

// Trading (issue 11, DESIGN.md §1 rule 14 and §5): the order ticket with every cost before the
// user confirms, orders, fills, positions and the account totals of the 'me' and wallet screens.
//
// Numbers travel as decimal strings: prices at the price scale (4 decimals), cash with 2,
// quantities at the asset's scale (0 for shares, 8 for crypto), FX rates with 6. A fill comes only
// from the market source's quote, whose price, source and time it keeps; nothing here lets anyone
// set a price or a fill. Staff have no trading endpoint at all.
//
// Refusals (catalogued in errors.ts, translated in six languages): MARKET_CLOSED (not trading
// time; market orders unless `queueForOpen`), PRICE_LIMIT_EXCEEDED (a limit or stop beyond the
// market's collar around the reference price), PRICE_UNAVAILABLE (no quote, or one older than the
// provider's stated delay), PRICE_NOT_POSITIVE, BELOW_PRODUCT_MINIMUM, QUANTITY_NOT_WHOLE_LOTS,
// INSTRUMENT_NOT_TRADABLE, UNKNOWN_SYMBOL, POSITION_LOCKED / SELL_LOCKED_DAYS / SELL_LOCKED_MINUTES
// (the market's sell lock, with the unlock time), INSUFFICIENT_POSITION, INSUFFICIENT_AVAILABLE,
// IDENTITY_REQUIRED, TRADING_BARRED, FUND_PASSWORD_NOT_SET / WRONG_FUND_PASSWORD,
// ORDER_NOT_FOUND, ORDER_NOT_PENDING, ORDER_NOT_HOLDING.

const symbolSchema = z.string().trim().min(1).max(24);
const cashText = cashAmountOutput;
/** A price at the price scale on the way out ("123.4500"). */
export const priceText = z.string().regex(/^-?\d+\.\d{4}$/);
/** A quantity on the way out, at the asset's scale ("12" shares, "0.01500000" BTC). */
export const quantityText = z.string().regex(/^\d+(\.\d{1,8})?$/);
const rateText = z.string().regex(/^\d+\.\d{6}$/);

/**
 * A quantity as typed: a positive decimal with at most 8 decimals and 9 whole digits. Whether it
 * is a whole number of lots of the instrument (shares: whole; crypto: 8 decimals) is checked by
 * the server (QUANTITY_NOT_WHOLE_LOTS).
 */
export const quantityInput = z
  .string()
  .trim()
  .regex(
    new RegExp(
      `^\\d{1,${TRADING_LIMITS.quantityWholeDigitsMax}}(\\.\\d{1,${TRADING_LIMITS.quantityDecimalsMax}})?$`,
    ),
    `a positive quantity with at most ${TRADING_LIMITS.quantityDecimalsMax} decimals, like "10" or "0.015"`,
  )
  .refine((text) => /[1-9]/.test(text), 'must be above 0');

/**
 * A price as typed, at most 4 decimals. Zero and negative prices pass the schema on purpose: the
 * spec's "order price must be above 0" is a catalogued refusal (PRICE_NOT_POSITIVE).
 */
export const priceInput = decimalString(scales.price);

/** Trailing stop by percent: above 0, at most TRADING_LIMITS.trailPercentMax, two decimals. */
export const trailPercentInput = z
  .string()
  .regex(/^\d{1,2}(\.\d{1,2})?$/, 'a percentage like "5" or "2.50"')
  .refine((text) => {
    const value = Number(text);
    return value > 0 && value <= TRADING_LIMITS.trailPercentMax;
  }, `above 0 and at most ${TRADING_LIMITS.trailPercentMax}`);

const ticketFields = {
  symbol: symbolSchema,
  side: z.enum(orderSides),
  type: z.enum(placeableOrderTypes).default('market'),
  /** Whole lots (shares) or up to 8 decimals (crypto). Give `quantity` or (buys) `amount`. */
  quantity: quantityInput.optional(),
  /** "Buy for 500 EUR": in `payCurrency`; rounds down to whole lots, and the answer says so. */
  amount: cashAmountInput.optional(),
  /** limit and stop_limit: the worst price accepted. */
  limitPrice: priceInput.optional(),
  /** stop and stop_limit: the trigger price. */
  stopPrice: priceInput.optional(),
  /** trailing_stop: trail by this price amount (one of trailAmount, trailPercent). */
  trailAmount: priceInput.optional(),
  trailPercent: trailPercentInput.optional(),
  timeInForce: z.enum(timesInForce).default('day'),
  /** gtc only: the last day (in the venue's zone) the order lives; at most 90 days ahead, default 90. */
  expiresOn: z.iso.date().optional(),
  /** The cash account that pays or receives; another currency than the instrument's is converted. */
  payCurrency: currencySchema.optional(),
  /** A market order entered while the venue is closed waits for the open instead of being refused. */
  queueForOpen: z.boolean().default(false),
  /**
   * Buys on margin (issue 16): "1.00" (the default, cash only) up to the instrument's cap, 1 / its
   * initial margin ("2.00" large caps, "1.66" other shares and ETFs). Above 1.00 only the initial
   * margin part is reserved from the user's cash; the rest is the user's margin loan.
   */
  leverage: z
    .string()
    .regex(/^\d{1,2}\.\d{2}$/)
    .optional(),
  /**
   * A day trade (issue 16, item 5): a market buy at a leverage up to 1 / the intraday initial margin
   * on an instrument of the published day-trading list, closed at market at the auto-close time.
   */
  intraday: z.boolean().optional(),
  /**
   * A short sale (issue 16, item 3): `short` on a sale sells shares borrowed from the lending pool
   * (a margin account open, the instrument on the lendable list); `short` on a buy covers the
   * short (buy-to-cover). Both are market orders for a quantity, filled at once or refused.
   */
  direction: z.enum(positionDirections).optional(),
};

type TicketShape = {
  side: string;
  type: string;
  quantity?: string | undefined;
  amount?: bigint | undefined;
  limitPrice?: bigint | undefined;
  stopPrice?: bigint | undefined;
  trailAmount?: bigint | undefined;
  trailPercent?: string | undefined;
  timeInForce: string;
  expiresOn?: string | undefined;
  leverage?: string | undefined;
  intraday?: boolean | undefined;
  direction?: string | undefined;
};

/** The combinations a ticket must respect; each broken one is a VALIDATION_FAILED issue on its field. */
function checkTicket(ticket: TicketShape, context: z.RefinementCtx): void {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if ((ticket.quantity === undefined) === (ticket.amount === undefined)) {
    issue('quantity', 'give either quantity or amount');
  }
  if (ticket.amount !== undefined && ticket.side !== 'buy') issue('amount', 'amount is for buys only');
  const needsLimit = ticket.type === 'limit' || ticket.type === 'stop_limit';
  const needsStop = ticket.type === 'stop' || ticket.type === 'stop_limit';
  if (needsLimit !== (ticket.limitPrice !== undefined)) {
    issue(
      'limitPrice',
      needsLimit ? 'a limit price is required' : 'only limit and stop_limit orders take one',
    );
  }
  if (needsStop !== (ticket.stopPrice !== undefined)) {
    issue('stopPrice', needsStop ? 'a stop price is required' : 'only stop and stop_limit orders take one');
  }
  const trails = Number(ticket.trailAmount !== undefined) + Number(ticket.trailPercent !== undefined);
  if (ticket.type === 'trailing_stop' ? trails !== 1 : trails !== 0) {
    issue('trailAmount', 'a trailing stop takes one of trailAmount or trailPercent; other orders neither');
  }
  if (ticket.expiresOn !== undefined && ticket.timeInForce !== 'gtc') {
    issue('expiresOn', 'only good-till-cancelled orders take an expiry day');
  }
  if (ticket.leverage !== undefined && ticket.side !== 'buy') {
    issue('leverage', 'leverage is for buys only (a short sale takes direction short)');
  }
  if (ticket.leverage !== undefined && ticket.leverage < '1.00' && ticket.leverage.length === 4) {
    issue('leverage', "from 1.00 up to the instrument's cap");
  }
  if (ticket.intraday === true && (ticket.side !== 'buy' || ticket.type !== 'market')) {
    issue('intraday', 'a day trade is a market buy');
  }
  if (
    ticket.direction === 'short' &&
    (ticket.type !== 'market' ||
      ticket.quantity === undefined ||
      ticket.leverage !== undefined ||
      ticket.intraday === true)
  ) {
    issue('direction', 'a short sale or a buy-to-cover is a market order for a quantity, without leverage');
  }
  if (ticket.type === 'market' && ticket.timeInForce === 'gtc') {
    issue('timeInForce', 'a market order fills at once or at the open; it cannot be good-till-cancelled');
  }
}

/** The order ticket: what the preview prices and the placement places. */
export const orderTicketRequest = z.strictObject(ticketFields).superRefine(checkTicket);
export type OrderTicket = z.output<typeof orderTicketRequest>;

export const placeOrderRequest = z
  .strictObject({
    ...ticketFields,
    /** The trading PIN: the fund password, asked on the confirm sheet (spec §5). */
    fundPassword: z.string().max(6),
  })
  .superRefine(checkTicket);

const quoteUsed = z.object({
  bid: priceText.nullable(),
  ask: priceText.nullable(),
  last: priceText,
  previousClose: priceText,
  /** Who made this price, its stated delay and when it was made (DESIGN.md §1.1). */
  source: z.string(),
  delayMs: z.number().int(),
  timestamp: z.iso.datetime(),
  isSimulated: z.boolean(),
});

/** The FX leg when the paying account's currency differs from the instrument's. */
export const fxConversionData = z.object({
  from: currencySchema,
  to: currencySchema,
  /** Market mid EUR/USD (USD per EUR), six decimals. */
  marketRate: rateText,
  spreadBasisPoints: z.number().int(),
  /** Units of `to` per unit of `from` after the spread, six decimals. */
  appliedRate: rateText,
  /** The amount converted, in `from`, and what it becomes, in `to`. */
  amount: cashText,
  converted: cashText,
  source: z.string(),
  timestamp: z.iso.datetime(),
});

/** The TOB of a trade: the "stamp-duty voucher" a filled trade keeps (rate, base, amount). */
export const tobData = z.object({
  class: z.enum(tobClasses),
  rateBasisPoints: z.number().int(),
  /** Taxable base: quantity × price, in the trade currency. */
  base: cashText,
  amount: cashText,
  /** The cap for this class, converted to the trade currency. */
  cap: cashText,
  capEur: cashText,
  isCapped: z.boolean(),
});

export const feeData = z.object({
  basisPoints: z.number().int(),
  minimum: cashText,
  amount: cashText,
  isMinimum: z.boolean(),
});

export const tradingSessionData = z.object({
  phase: z.enum(sessionPhases),
  /** Orders fill only in the regular session. */
  isOpen: z.boolean(),
  /** The next regular open when closed; null past the covered calendar or while open. */
  opensAt: z.iso.datetime().nullable(),
  /** The close of the current regular session (when a day order expires); null while closed. */
  closesAt: z.iso.datetime().nullable(),
  timeZone: z.string(),
});

/** A market's trading terms, shown on the ticket and the fees screen. */
export const sellLockData = z.object({
  /** T+N: days after the buy (in the venue's calendar) before it may be sold; 0 = none. */
  days: z.number().int(),
  /** Or N minutes after the buy; 0 = none. */
  minutes: z.number().int(),
});

export const costPreviewData = z.object({
  symbol: z.string(),
  code: z.string(),
  name: z.string(),
  market: z.enum(instrumentMarkets),
  /** The instrument's (trade) currency. */
  currency: currencySchema,
  side: z.enum(orderSides),
  type: z.enum(orderTypes),
  timeInForce: z.enum(timesInForce),
  quantity: quantityText,
  quantityScale: z.number().int(),
  lotSize: z.number().int(),
  /** An amount-based buy: the amount asked for, and whether the quantity was rounded down to whole lots. */
  requestedAmount: cashText.nullable(),
  isRoundedDown: z.boolean(),
  /** The price the estimate uses and where it comes from (the quote's ask or bid, the limit, …). */
  price: priceText,
  priceBasis: z.enum(priceBases),
  quote: quoteUsed.nullable(),
  /** quantity × price in the trade currency. */
  gross: cashText,
  fee: feeData,
  tob: tobData,
  /** gross + fee + TOB (buy) or gross − fee − TOB (sell), in the trade currency. */
  totalInTradeCurrency: cashText,
  fx: fxConversionData.nullable(),
  payCurrency: currencySchema,
  /** What the user pays (buy) or receives (sell), in payCurrency. */
  total: cashText,
  /** The pay account's available cash now, and after this trade. */
  available: cashText,
  cashLeft: z.string().regex(/^-?\d+\.\d{2}$/),
  /** A buy freezes this much while it is pending (market buys with a buffer for the price moving). */
  reserve: cashText,
  session: tradingSessionData,
  /** Entered now, the order would wait for the venue's open. */
  willQueueForOpen: z.boolean(),
  /** The market's sell lock, shown before buying. */
  sellLock: sellLockData,
  /** Business days until a sale's proceeds can be withdrawn (T+2 Euronext, T+1 US, 0 crypto). */
  settlementDays: z.number().int(),
  /** Limit and stop prices must lie within this band around the reference price. */
  collar: z.object({ low: priceText, high: priceText, reference: priceText, percent: z.number().int() }),
  /** A good-till-cancelled order expires at this time; a day order at the close. */
  expiresAt: z.iso.datetime().nullable(),
  /** A buy on margin (leverage above 1.00): what it borrows and at which rate; null for a cash order. */
  margin: z
    .object({
      leverage: z.string(),
      /** The instrument's cap: 1 / its initial margin. */
      leverageMax: z.string(),
      /** The part of the total paid from the user's cash (total / leverage, rounded up). */
      marginUsed: cashText,
      /** The rest: borrowed as the user's margin loan, in payCurrency. */
      borrowed: cashText,
      /** Cash available × leverage: the most this ticket could buy. */
      buyingPower: cashText,
      /** Benchmark + spread, a year; interest accrues daily at 1/365 of it. */
      annualRateBasisPoints: z.number().int(),
      /** One day's interest on `borrowed` at that rate. */
      dailyInterest: cashText,
      /**
       * A short sale or a buy-to-cover (issue 16 item 3): the initial margin held on the short's
       * value, the instrument's annual borrow fee and one day's fee on the short's value.
       */
      short: z
        .object({
          initialMarginBasisPoints: z.number().int(),
          initialMargin: cashText,
          borrowFeeBasisPoints: z.number().int(),
          dailyBorrowFee: cashText,
          /** Shares the lending pool can lend now. */
          poolAvailable: z.string(),
        })
        .nullable()
        .optional(),
    })
    .nullable(),
});
export type CostPreviewData = z.infer<typeof costPreviewData>;

export const feesData = z.object({
  /** The published fee schedule: a percentage with a minimum per trade. */
  schedule: z.array(
    z.object({
      assetClass: z.enum(feeAssetClasses),
      basisPoints: z.number().int(),
      minimum: z.array(z.object({ currency: currencySchema, amount: cashText })),
    }),
  ),
  /** The Belgian tax on stock-exchange transactions per class, with its cap in EUR. */
  tob: z.array(z.object({ class: z.enum(tobClasses), rateBasisPoints: z.number().int(), capEur: cashText })),
  /** The spread on currency conversion when the paying account's currency differs. */
  fxSpreadBasisPoints: z.number().int(),
  /** Market buys reserve this much above the ask while they are pending. */
  marketBuyBufferBasisPoints: z.number().int(),
  markets: z.array(
    z.object({
      market: z.enum(tradableMarkets),
      settlementDays: z.number().int(),
      sellLock: sellLockData,
      collarPercent: z.number().int(),
      tobClasses: z.array(z.enum(tobClasses)),
    }),
  ),
});

export const fillData = z.object({
  id: z.string(),
  quantity: quantityText,
  price: priceText,
  /** The quote the fill used: its side, source and time (DESIGN.md §1 rule 14). */
  priceBasis: z.enum(priceBases),
  quoteSource: z.string(),
  quoteTimestamp: z.iso.datetime(),
  gross: cashText,
  fee: cashText,
  tob: tobData,
  fx: fxConversionData.nullable(),
  /** Cash paid (buy) or received (sell) in the pay currency. */
  total: cashText,
  payCurrency: currencySchema,
  /** The ledger entry that moved cash, fee, TOB and shares. */
  entryId: z.string(),
  /** Sells: when the proceeds become withdrawable. */
  settlesOn: z.iso.date().nullable(),
  createdAt: z.iso.datetime(),
});

export const orderData = z.object({
  id: z.string(),
  symbol: z.string(),
  code: z.string(),
  name: z.string(),
  market: z.enum(instrumentMarkets),
  currency: currencySchema,
  side: z.enum(orderSides),
  type: z.enum(orderTypes),
  timeInForce: z.enum(timesInForce),
  direction: z.enum(positionDirections),
  leverage: z.number().int(),
  /** The ticket's leverage, two decimals ("1.00": a cash order; above: a buy on margin). */
  leverageRatio: z.string(),
  quantity: quantityText,
  filledQuantity: quantityText,
  limitPrice: priceText.nullable(),
  stopPrice: priceText.nullable(),
  trail: z.object({ unit: z.enum(trailUnits), value: z.string() }).nullable(),
  payCurrency: currencySchema,
  /** Frozen for this order now (cash for a buy, in payCurrency; shares for a sell). */
  reserved: z.string(),
  state: z.enum(orderStates),
  /** Why an order was rejected or expired (a catalogued code), else null. */
  reason: z.string().nullable(),
  expiresAt: z.iso.datetime().nullable(),
  /** The timeline: when it entered each state. */
  createdAt: z.iso.datetime(),
  filledAt: z.iso.datetime().nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  expiredAt: z.iso.datetime().nullable(),
  rejectedAt: z.iso.datetime().nullable(),
  fills: z.array(fillData),
});
export type OrderData = z.infer<typeof orderData>;

export const positionData = z.object({
  id: z.string(),
  symbol: z.string(),
  code: z.string(),
  name: z.string(),
  market: z.enum(instrumentMarkets),
  currency: currencySchema,
  direction: z.enum(positionDirections),
  leverage: z.number().int(),
  state: z.enum(positionStates),
  quantity: quantityText,
  /** Shares not frozen by a pending sell. */
  availableQuantity: quantityText,
  averageCost: priceText,
  /** quantity × average cost, trade currency. */
  costBasis: cashText,
  /** From the live quote; null when no price can be obtained. */
  lastPrice: priceText.nullable(),
  marketValue: cashText.nullable(),
  unrealisedPnl: z.string().nullable(),
  unrealisedPnlEur: z.string().nullable(),
  realisedPnl: z.string(),
  realisedPnlEur: z.string(),
  todayChange: z.string().nullable(),
  /** Can be sold from this time (the market's sell lock); null when not locked. */
  lockedUntil: z.iso.datetime().nullable(),
  /**
   * Bought on margin (issue 16): over the open lots at their fill prices, the leverage (cost /
   * margin paid, two decimals), the initial part paid and the rest borrowed; `liquidationPrice`: the
   * last price at which the account's margin level would reach the liquidation level, the other
   * prices held constant (null: no loan owed, no price, or none above 0). Null for a cash position.
   */
  margin: z
    .object({
      leverage: z.string(),
      marginPaid: cashText,
      borrowed: cashText,
      liquidationPrice: priceText.nullable(),
    })
    .nullable(),
  /** A margin liquidation of the account runs: the user's own orders on it are refused (POSITION_LOCKED). */
  isLiquidating: z.boolean(),
  openedAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
});

export const positionDetailData = positionData.extend({
  /** FIFO lots still open, oldest first (for the tax report). */
  lots: z.array(
    z.object({ quantity: quantityText, price: priceText, openedAt: z.iso.datetime(), fillId: z.string() }),
  ),
  /** Every order on this instrument, newest first, with its fills and TOB vouchers. */
  orders: z.array(orderData),
});

export const tradeSummaryData = z.object({
  /** Per cash currency, computed from positions and the ledger, never stored by hand. */
  currencies: z.array(
    z.object({
      currency: currencySchema,
      available: cashText,
      frozen: cashText,
      withdrawable: cashText,
      /** Market value of the holdings priced in this currency (a short counts negative). */
      positionsValue: cashText,
      /** Cash on the margin side (collateral, capital transfers). */
      marginCash: cashText,
      /** Everything the user owes in this currency: owedMarginLoan + owedCredit. */
      owed: cashText,
      /** What the margin loan owes in this currency (a shortfall after a liquidation included). */
      owedMarginLoan: cashText,
      /**
       * What the user owes on credit loans in this currency (EUR only): principal outstanding plus
       * interest due through yesterday — what repaying them in full takes today.
       */
      owedCredit: cashText,
      /** Available + frozen + margin cash + holdings − owed (margin loan and credit loans). */
      totalAssets: cashText,
      unrealisedPnl: z.string(),
      realisedPnl: z.string(),
      /** Dividends credited, net of withholding. */
      dividends: z.string(),
      /** Realised + unrealised P&L + dividends net of withholding. */
      totalProfit: z.string(),
    }),
  ),
  /** Everything converted to EUR at the market mid rate. */
  totalAssetsEur: cashText,
  totalProfitEur: z.string(),
});

const idText = z.string().regex(/^\d{1,18}$/, 'a numeric id');

/**
 * The year's trades for the user's accountant: one CSV row per fill, with its TOB and fee, and one
 * per dividend, with its withholding.
 */
export const tradeReportData = z.object({
  year: z.number().int(),
  fileName: z.string(),
  contentType: z.literal('text/csv'),
  /** RFC 4180, comma-separated, a header row, amounts as plain decimals, times in UTC. */
  csv: z.string(),
  totals: z.array(
    z.object({
      currency: currencySchema,
      fills: z.number().int(),
      bought: cashText,
      sold: cashText,
      fees: cashText,
      tob: cashText,
      realisedPnl: z.string(),
      /** Dividends of the year: how many payments, gross, withheld at source and in Belgium, net. */
      dividends: z.number().int(),
      dividendsGross: cashText,
      withholdingForeign: cashText,
      withholdingBelgian: cashText,
      dividendsNet: cashText,
    }),
  ),
});

/** The same report as a PDF document (base64), with the account, the year, when and from what it was made. */
export const tradeReportPdfData = z.object({
  year: z.number().int(),
  fileName: z.string(),
  contentType: z.literal('application/pdf'),
  /** The PDF's bytes, base64. */
  pdf: z.string(),
});

export const tradeEndpoints = defineEndpoints(tradePaths, {
  preview: {
    auth: 'user',
    summary:
      'Every cost of an order before confirming (quantity × price, fee, TOB, currency conversion, total, cash left); writes nothing. PRICE_UNAVAILABLE without a fresh quote.',
    request: orderTicketRequest,
    data: costPreviewData,
  },
  fees: {
    auth: 'user',
    summary:
      'The published fee schedule, TOB rates and caps, and each market’s settlement, sell lock and collar.',
    request: z.strictObject({}).nullish(),
    data: feesData,
  },
  place: {
    auth: 'user',
    summary:
      'Place an order (idempotency-key header): checks identity, trading bar and fund password, reserves cash (buy) or shares (sell) with a hold; a market order fills at once at the ask (buy) or bid (sell).',
    request: placeOrderRequest,
    data: orderData,
  },
  cancel: {
    auth: 'user',
    summary: 'Cancel a pending order; the hold is released (ORDER_NOT_PENDING otherwise).',
    request: z.strictObject({ id: idText }),
    data: orderData,
  },
  orders: {
    auth: 'user',
    summary: "The user's orders by tab (pending, filled, cancelled, all), newest first.",
    request: z.strictObject({
      tab: z.enum(orderListTabs).default('all'),
      symbol: symbolSchema.optional(),
      ...pageFields,
    }),
    data: pageOf(orderData),
  },
  order: {
    auth: 'user',
    summary: 'One order with its fills, TOB vouchers and timeline.',
    request: z.strictObject({ id: idText }),
    data: orderData,
  },
  positions: {
    auth: 'user',
    summary: "The user's positions (holding or closed; crypto separately) with live value and P&L.",
    request: z.strictObject({
      state: z.enum(positionStates).default('holding'),
      assetClass: z.enum(['all', ...feeAssetClasses]).default('all'),
      ...pageFields,
    }),
    data: pageOf(positionData),
  },
  position: {
    auth: 'user',
    summary: 'One position with its lots, orders, fills, fees and TOB vouchers.',
    request: z.strictObject({ id: idText }),
    data: positionDetailData,
  },
  report: {
    auth: 'user',
    summary:
      'The trade report of a calendar year (CSV): every fill with its TOB voucher, fee, currency conversion and realised P&L, every dividend with its withholding, and totals per currency.',
    request: z.strictObject({ year: z.number().int().min(2000).max(2100) }),
    data: tradeReportData,
  },
  reportPdf: {
    auth: 'user',
    summary:
      'The trade report of a calendar year as a PDF (base64): the same rows and totals as the CSV, with the account, the year, the time it was made and the data source.',
    request: z.strictObject({ year: z.number().int().min(2000).max(2100) }),
    data: tradeReportPdfData,
  },
  summary: {
    auth: 'user',
    summary:
      "Account totals for the 'me' and wallet screens: total assets, available, frozen, withdrawable, profit.",
    request: z.strictObject({}).nullish(),
    data: tradeSummaryData,
  },
});
