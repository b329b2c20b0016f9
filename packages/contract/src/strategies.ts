import { z } from 'zod';
import { defineEndpoints } from './endpoint';
import { strategyRequestKinds, strategyRequestStates, strategyRules } from './enums';
import { cashAmountInput, cashAmountOutput, currencySchema, decimalString } from './money';
import { pageFields, pageOf } from './paging';
import { STRATEGY_UNIT_SCALE, strategyLimits } from './rules';
import { adminStrategyPaths, strategyPaths } from './paths';

// Copy-following strategies (issue 17 item 5; spec screen fllow, home "quantitative"): a strategy
// is a published rule set the server runs in a strategy account of its own in the ledger, trading
// through the same order engine as any user at market quotes. Once per trading day, at its
// published time, the server runs the rule, accrues the fees and strikes the NAV per unit from the
// account's own balances (cash + shares at the quote's last price). Followers buy units at the
// next NAV struck after their request (forward pricing: the money is frozen at once, the units
// issued when that NAV is struck) and redeem at the first NAV struck after the notice period.
// Metrics come only from the strategy's NAV history; there is no expected return.
//
// Refusals: PRODUCT_UNAVAILABLE (no such strategy), COPY_TRADING_CLOSED (the strategy no longer
// takes requests), BELOW_PRODUCT_MINIMUM, INSUFFICIENT_BALANCE (nothing frozen),
// INSUFFICIENT_POSITION (more units than held and not already being redeemed), IDENTITY_REQUIRED,
// TRADING_BARRED, IDEMPOTENCY_KEY_REQUIRED / IDEMPOTENCY_KEY_REUSED.

const idText = z.string().regex(/^\d{1,18}$/, 'a numeric id');
export const unitsText = z.string().regex(/^\d+\.\d{4}$/);
export const navText = z.string().regex(/^\d+\.\d{6}$/);
/** A ratio for display (0.1234 = 12.34 %), computed from the NAV history; null without enough history. */
const ratio = z.number().nullable();

export const strategyFeesData = z.object({
  /** Management fee per year, in basis points of the strategy's value, accrued at every NAV. */
  managementBasisPoints: z.number().int(),
  /** Performance fee, in basis points of the gain per unit above the high-water mark. */
  performanceBasisPoints: z.number().int(),
  highWaterMark: navText,
});

export const strategyMetricsData = z.object({
  /** NAVs in the history (one per trading day since inception). */
  observations: z.number().int(),
  returnSinceInception: ratio,
  /** Time-weighted return per year; null before one year of history (not annualised from less). */
  returnPerYear: ratio,
  maxDrawdown: ratio,
  /** Annualised standard deviation of daily log returns. */
  volatility: ratio,
  /** 1–7 from the volatility by the PRIIPs VEV bands; null with fewer than 2 daily returns. */
  riskClass: z.number().int().min(1).max(7).nullable(),
  /** Worst, median and best of the 1-year returns in the history; null before a year and a day. */
  scenarios: z.object({ worst: z.number(), median: z.number(), best: z.number() }).nullable(),
});

/**
 * The rule's parameters, fixed when the strategy is published (never changed under its followers):
 * fixed_weights: `weights` (basis points of the invested part, one per symbol, in the symbols'
 * order); trend_moving_average: `lookback` (holds, in equal parts, each name whose last price is at
 * or above the mean of its last N recorded prices); momentum_top: `lookback` and `top` (holds, in
 * equal parts, the K names that rose most over their last N recorded prices). The rest is null.
 */
export const strategyRuleParametersData = z.object({
  weights: z.array(z.number().int()).nullable(),
  lookback: z.number().int().nullable(),
  top: z.number().int().nullable(),
});

export const strategyData = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  rule: z.enum(strategyRules),
  ruleParameters: strategyRuleParametersData,
  /** The instruments the rule trades. */
  symbols: z.array(z.string()),
  currency: currencySchema,
  nav: navText,
  navDate: z.string().nullable(),
  /** The strategy account's value at the last NAV, and the units outstanding then. */
  size: cashAmountOutput,
  units: unitsText,
  inceptionDate: z.string(),
  /** The published time of day (Europe/Brussels) the rule runs and the NAV is struck, on trading days. */
  strikeTime: z.string(),
  nextStrikeAt: z.iso.datetime().nullable(),
  /** The notice period before a redemption is priced (the "lock time"). */
  noticeDays: z.number().int(),
  minimumFollow: cashAmountOutput,
  fees: strategyFeesData,
  /** When it stopped taking requests (null while open). */
  closedAt: z.iso.datetime().nullable(),
  metrics: strategyMetricsData,
});

export const strategyRequestData = z.object({
  id: z.string(),
  strategyId: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(strategyRequestKinds),
  state: z.enum(strategyRequestStates),
  currency: currencySchema,
  /** follow: the money frozen; redeem: null until paid. */
  amount: cashAmountOutput.nullable(),
  /** follow: units issued (null until settled); redeem: the units redeemed. */
  units: unitsText.nullable(),
  /** The NAV it was settled at (null while pending). */
  nav: navText.nullable(),
  /** redeem: the cash paid (null while pending). */
  paid: cashAmountOutput.nullable(),
  /** The first time it can be settled: the next NAV after the request, or after the notice period. */
  eligibleAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
});

export const strategyHoldingData = z.object({
  strategyId: z.string(),
  code: z.string(),
  name: z.string(),
  currency: currencySchema,
  units: unitsText,
  /** Units set aside by pending redemptions. */
  unitsRedeeming: unitsText,
  nav: navText,
  value: cashAmountOutput,
  /** Money paid in for the units still held (average cost), and value minus it. */
  cost: cashAmountOutput,
  pnl: cashAmountOutput,
});

export const strategyDetailData = z.object({
  strategy: strategyData,
  navHistory: z.array(z.object({ date: z.string(), nav: navText })),
  holding: strategyHoldingData.nullable(),
  requests: z.array(strategyRequestData),
});

export const strategyMineData = z.object({
  holdings: z.array(strategyHoldingData),
  requests: pageOf(strategyRequestData),
});

const unitsInput = decimalString(STRATEGY_UNIT_SCALE).refine((minor) => minor > 0n, 'must be above 0');

export const strategyEndpoints = defineEndpoints(strategyPaths, {
  list: {
    auth: 'user',
    summary:
      'Copy-following strategies with their NAV, size, fees, risk class and metrics from their own history.',
    request: z.strictObject({}),
    data: z.object({ items: z.array(strategyData) }),
  },
  detail: {
    auth: 'user',
    summary: "One strategy with its NAV history since inception, the caller's units and requests.",
    request: z.strictObject({ id: idText }),
    data: strategyDetailData,
  },
  follow: {
    auth: 'user',
    summary:
      'Follow a strategy: freezes `amount` at once; units are issued at the next NAV struck (Idempotency-Key header).',
    request: z.strictObject({ id: idText, amount: cashAmountInput }),
    data: strategyRequestData,
  },
  redeem: {
    auth: 'user',
    summary: 'Redeem units: paid at the first NAV struck after the notice period (Idempotency-Key header).',
    request: z.strictObject({ id: idText, units: unitsInput }),
    data: strategyRequestData,
  },
  mine: {
    auth: 'user',
    summary: "The caller's strategy units and requests (newest first).",
    request: z.strictObject({ ...pageFields }),
    data: strategyMineData,
  },
});

/** A strategy as staff see it: what users see, with its followers and the requests waiting for a NAV. */
export const strategyStaffData = strategyData.extend({
  /** Users holding units now. */
  followers: z.number().int(),
  /** Follows waiting for the next NAV, and the money they froze. */
  pendingFollows: z.number().int(),
  pendingFollowAmount: cashAmountOutput,
  /** Redemptions waiting for their notice period or the next NAV, and their units. */
  pendingRedemptions: z.number().int(),
  pendingRedemptionUnits: unitsText,
});

export const adminStrategyEndpoints = defineEndpoints(adminStrategyPaths, {
  strategyList: {
    auth: 'staff',
    summary:
      'Every published strategy with its NAV, size, fees, followers and the follows and redemptions waiting for a NAV.',
    request: z.strictObject({}),
    data: z.object({ items: z.array(strategyStaffData) }),
  },
  strategyCreate: {
    auth: 'staff',
    summary:
      'Publish a new strategy (audited with its definition and the reason): the daily job runs it from its first trading day like the others. Its rule, instruments, fees and terms never change afterwards; to change them, create another and close this one. Refusals: STRATEGY_CODE_TAKEN, UNKNOWN_SYMBOL, INSTRUMENT_NOT_TRADABLE, STRATEGY_INSTRUMENT_REPEATED, STRATEGY_CURRENCIES_MIXED, STRATEGY_WEIGHTS_INVALID, STRATEGY_RULE_PARAMETERS_INVALID, STRATEGY_MANAGEMENT_FEE_ABOVE_CAP, STRATEGY_PERFORMANCE_FEE_ABOVE_CAP.',
    request: z.strictObject({
      /** 3 to 8 capital letters and digits, unique among all strategies (closed ones too). */
      code: z.string().regex(strategyLimits.codePattern, '3 to 8 capital letters and digits'),
      name: z.string().trim().min(3).max(80),
      rule: z.enum(strategyRules),
      /** The instruments, each in the market catalogue, tradable, all in one currency. */
      symbols: z.array(z.string().trim().min(1).max(24)).min(1).max(strategyLimits.instrumentsMax),
      /** fixed_weights only: basis points per symbol, in the same order, summing to 10,000. */
      weights: z.array(z.number().int().min(0).max(strategyLimits.weightsTotal)).optional(),
      /** trend_moving_average and momentum_top: the number of recorded prices the rule looks back over. */
      lookback: z.number().int().positive().optional(),
      /** momentum_top only: how many names it holds. */
      top: z.number().int().positive().optional(),
      /** Caps: strategyLimits.managementBasisPointsMax and performanceBasisPointsMax. */
      managementBasisPoints: z.number().int().min(0),
      performanceBasisPoints: z.number().int().min(0),
      noticeDays: z.number().int().min(0).max(strategyLimits.noticeDaysMax),
      minimumFollow: cashAmountInput,
      reason: z.string().trim().min(3).max(500),
    }),
    data: strategyStaffData,
  },
  strategyClose: {
    auth: 'staff',
    summary:
      'Close a strategy (audited with the reason): from now it refuses follows (COPY_TRADING_CLOSED); pending follows are still settled at the next NAV and redemptions go on. ALREADY_PROCESSED once closed.',
    request: z.strictObject({ id: idText, reason: z.string().trim().min(3).max(500) }),
    data: strategyStaffData,
  },
});

export { adminStrategyRoles } from './admin-roles';
