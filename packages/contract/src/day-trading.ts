import { z } from 'zod';
import { defineEndpoints } from './endpoint';
import { marginClasses } from './margin-enums';
import { dayTradingPaths } from './margin-paths';

// Day trading (issue 16, item 5; rules in DAY_TRADING_RULES). A day trade is placed with the
// trading ticket (`/trade/place` with `intraday: true` and a leverage up to the intraday cap);
// this call publishes the rules in force, the eligible instruments with their auto-close time, and
// the user's positions opened intraday today with their profit and loss. Refusals of a day trade:
// MARGIN_NOT_ENABLED, DAY_TRADE_NOT_ELIGIBLE, DAY_TRADE_CUTOFF_PASSED, MARGIN_LEVERAGE_ABOVE_CAP.

const cash = z.string().regex(/^-?\d+\.\d{2}$/);

export const dayTradingData = z.object({
  rules: z.object({
    /** The intraday initial margin in force, basis points (configuration; 2,500 by default). */
    intradayInitialBasisPoints: z.number().int(),
    /** 1 / the intraday initial margin, two decimals ("4.00" at 25 %). */
    intradayLeverageMax: z.string(),
    autoCloseMinutesBeforeClose: z.number().int(),
    /** The margin classes whose instruments are eligible (after staff overrides). */
    eligibleClasses: z.array(z.enum(marginClasses)),
  }),
  /** Whether the user's margin account is open (day trades need it). */
  isMarginOpen: z.boolean(),
  instruments: z.array(
    z.object({
      symbol: z.string(),
      code: z.string(),
      name: z.string(),
      currency: z.string(),
      leverageMax: z.string(),
      /** The venue's time zone, for showing the auto-close time in the venue's time. */
      timeZone: z.string(),
      /** Open and before the auto-close time now. */
      isOpenForDayTrades: z.boolean(),
      /** Today's auto-close time while the venue is open (null while it is closed). */
      autoCloseAt: z.string().nullable(),
      /** The next regular open while the venue is closed. */
      opensAt: z.string().nullable(),
    }),
  ),
  /** The user's positions opened intraday on each venue's current trading day, per symbol. */
  positions: z.array(
    z.object({
      symbol: z.string(),
      name: z.string(),
      currency: z.string(),
      venueDate: z.string(),
      /** Bought intraday (the day trades' fills). */
      quantity: z.string(),
      /** What the day trades' fills cost, costs included. */
      cost: cash,
      autoCloseAt: z.string(),
      /** 'open' until the auto-close; 'sold' closed by it; 'nothing_held' sold by the user before. */
      state: z.enum(['open', 'sold', 'nothing_held']),
      /** Closed: the sale's proceeds after costs − the cost. */
      realised: cash.nullable(),
      /** Open: the quantity at the last price − the cost (null without a price). */
      unrealised: cash.nullable(),
    }),
  ),
  /** Today's intraday profit and loss per currency: realised + unrealised of those positions. */
  totals: z.array(z.object({ currency: z.string(), realised: cash, unrealised: cash, total: cash })),
});
export type DayTradingData = z.infer<typeof dayTradingData>;

export const dayTradingEndpoints = defineEndpoints(dayTradingPaths, {
  dayTrading: {
    auth: 'user',
    summary:
      "Day trading: the rules in force (intraday initial margin and leverage cap, the auto-close minutes before the venue's close, the eligible classes), the eligible instruments with today's auto-close time, and the user's positions opened intraday today with today's realised and unrealised profit and loss. Day trades are placed with /trade/place (`intraday: true`).",
    request: z.strictObject({}),
    data: dayTradingData,
  },
});
