// The arithmetic of a strategy's NAV, units and fees, in integers only (bigint minor units): cash
// in cents (scale 2), units at scale 4, the NAV per unit at scale 6. Every rounding goes against
// the person being paid — a fee, units issued, a redemption paid — so what is left in the strategy
// account is never less than NAV × units, and no fee exceeds its published rate.

/** One unit, in unit minor (scale 4). */
export const UNIT = 10_000n;
/** NAV minor (1e-6) per cash minor (1e-2). */
const NAV_PER_CASH = 10_000n;
/** value (cents) × NAV_FACTOR / units (unit minor) = NAV (1e-6 per unit). */
export const NAV_FACTOR = NAV_PER_CASH * UNIT;
/** The NAV of a strategy with no units outstanding (its inception NAV): 10.000000. */
export const INITIAL_NAV = 10n * 1_000_000n;
const BASIS = 10_000n;
const DAYS_PER_YEAR = 365n;

/** NAV per unit from the account's value and the units outstanding, rounded down. */
export function navOf(valueMinor: bigint, unitsMinor: bigint, fallbackNav: bigint): bigint {
  if (unitsMinor <= 0n) return fallbackNav;
  return (valueMinor * NAV_FACTOR) / unitsMinor;
}

/** What `units` are worth at `nav`, in cents, rounded down. */
export const valueOfUnits = (unitsMinor: bigint, nav: bigint): bigint => (unitsMinor * nav) / NAV_FACTOR;

/** Units issued for `amount` cents at `nav`, rounded down (the rest stays with the strategy). */
export const unitsFor = (amountMinor: bigint, nav: bigint): bigint => (amountMinor * NAV_FACTOR) / nav;

/**
 * The management fee for `days` calendar days on `value`: value × rate × days / 365, rounded
 * down. Never more than the published rate per year.
 */
export function managementFee(valueMinor: bigint, basisPoints: number, days: number): bigint {
  if (valueMinor <= 0n || days <= 0 || basisPoints <= 0) return 0n;
  return (valueMinor * BigInt(basisPoints) * BigInt(days)) / (BASIS * DAYS_PER_YEAR);
}

/**
 * The performance fee: the rate of the gain above the high-water mark, per unit, times the units,
 * rounded down; nothing at or below the mark.
 */
export function performanceFee(
  grossNav: bigint,
  highWaterMark: bigint,
  unitsMinor: bigint,
  basisPoints: number,
): bigint {
  if (grossNav <= highWaterMark || unitsMinor <= 0n || basisPoints <= 0) return 0n;
  return ((grossNav - highWaterMark) * unitsMinor * BigInt(basisPoints)) / (NAV_FACTOR * BASIS);
}

export type StrikeInput = {
  /** The strategy account's value now: cash + shares at market quotes (cents). */
  valueMinor: bigint;
  /** Cash in the account (the fees are paid from it). */
  cashMinor: bigint;
  unitsMinor: bigint;
  /** The last NAV struck (the NAV when no units are outstanding). */
  lastNav: bigint;
  highWaterMark: bigint;
  managementBasisPoints: number;
  performanceBasisPoints: number;
  /** Calendar days since the last NAV (0 at the first). */
  days: number;
};

export type Strike = {
  managementFeeMinor: bigint;
  performanceFeeMinor: bigint;
  /** Value after the fees. */
  valueMinor: bigint;
  nav: bigint;
  highWaterMark: bigint;
};

/**
 * One NAV: the management fee accrued for the days since the last NAV, then the performance fee
 * on the gain above the high-water mark, each capped by the cash there is to pay it, then the NAV
 * from what is left. The high-water mark rises to the NAV struck when it is above it.
 */
export function strike(input: StrikeInput): Strike {
  let cash = input.cashMinor;
  const management = min(managementFee(input.valueMinor, input.managementBasisPoints, input.days), cash);
  cash -= management;
  let value = input.valueMinor - management;
  const grossNav = navOf(value, input.unitsMinor, input.lastNav);
  const performance = min(
    performanceFee(grossNav, input.highWaterMark, input.unitsMinor, input.performanceBasisPoints),
    cash,
  );
  value -= performance;
  const nav = navOf(value, input.unitsMinor, input.lastNav);
  return {
    managementFeeMinor: management,
    performanceFeeMinor: performance,
    valueMinor: value,
    nav,
    highWaterMark: nav > input.highWaterMark ? nav : input.highWaterMark,
  };
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

// Metrics from the NAV history: numbers for display only (never money).

const TRADING_DAYS_PER_YEAR = 252;

export type StrategyMetrics = {
  observations: number;
  returnSinceInception: number | null;
  returnPerYear: number | null;
  maxDrawdown: number | null;
  volatility: number | null;
  riskClass: number | null;
  scenarios: { worst: number; median: number; best: number } | null;
};

/**
 * The PRIIPs market-risk class from the annualised volatility (Commission Delegated Regulation
 * (EU) 2017/653, Annex II: the VaR-equivalent volatility bands 0.5 %, 5 %, 12 %, 20 %, 30 %, 80 %).
 */
export function riskClassOf(volatility: number): number {
  const bands = [0.005, 0.05, 0.12, 0.2, 0.3, 0.8];
  const index = bands.findIndex((band) => volatility < band);
  return index === -1 ? 7 : index + 1;
}

export function metricsOf(navs: readonly bigint[]): StrategyMetrics {
  const values = navs.map(Number);
  const observations = values.length;
  const none = {
    observations,
    returnSinceInception: null,
    returnPerYear: null,
    maxDrawdown: null,
    volatility: null,
    riskClass: null,
    scenarios: null,
  };
  if (observations < 2) return none;
  const first = values[0]!;
  const last = values[observations - 1]!;
  const returnSinceInception = last / first - 1;
  const days = observations - 1;
  const returnPerYear =
    days >= TRADING_DAYS_PER_YEAR ? (last / first) ** (TRADING_DAYS_PER_YEAR / days) - 1 : null;
  let peak = first;
  let maxDrawdown = 0;
  for (const value of values) {
    if (value > peak) peak = value;
    const drawdown = (peak - value) / peak;
    if (drawdown > maxDrawdown) maxDrawdown = drawdown;
  }
  const logReturns = values.slice(1).map((value, index) => Math.log(value / values[index]!));
  let volatility: number | null = null;
  if (logReturns.length >= 2) {
    const mean = logReturns.reduce((sum, r) => sum + r, 0) / logReturns.length;
    const variance = logReturns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (logReturns.length - 1);
    volatility = Math.sqrt(variance * TRADING_DAYS_PER_YEAR);
  }
  let scenarios: StrategyMetrics['scenarios'] = null;
  if (days > TRADING_DAYS_PER_YEAR) {
    const yearly: number[] = [];
    for (let end = TRADING_DAYS_PER_YEAR; end < observations; end += 1) {
      yearly.push(values[end]! / values[end - TRADING_DAYS_PER_YEAR]! - 1);
    }
    yearly.sort((a, b) => a - b);
    scenarios = {
      worst: yearly[0]!,
      median: yearly[Math.floor((yearly.length - 1) / 2)]!,
      best: yearly[yearly.length - 1]!,
    };
  }
  return {
    observations,
    returnSinceInception,
    returnPerYear,
    maxDrawdown,
    volatility,
    riskClass: volatility === null ? null : riskClassOf(volatility),
    scenarios,
  };
}

// The published rules: what each holds, as target weights of the strategy's value.

/** Cash kept aside by every rule (fees, trading costs, redemptions between runs), in basis points. */
export const CASH_BUFFER_BASIS_POINTS = 200;

/** Fixed weights (BAL6040: 60 % and 40 %) of the invested part; rebalanced when a weight drifts by more than 5 points. */
export const REBALANCE_BAND_BASIS_POINTS = 500;

/** Moving-average trend (TRENDBR): hold a name while its price is at or above the mean of its last N prices. */
export const TREND_WINDOW = 10;

/**
 * For the trend rule: the names whose last price is at or above their moving average of `window`
 * recorded prices (none before `window` prices).
 */
export function trendHolds(
  pricesBySymbol: ReadonlyMap<string, readonly bigint[]>,
  window: number = TREND_WINDOW,
): string[] {
  const held: string[] = [];
  for (const [symbol, prices] of pricesBySymbol) {
    if (prices.length < window) continue;
    const last = prices.slice(-window);
    const sum = last.reduce((total, price) => total + price, 0n);
    if (last[last.length - 1]! * BigInt(window) >= sum) held.push(symbol);
  }
  return held.sort();
}

/** Momentum (MOMBR): the return over the last N recorded prices ranks the names. */
export const MOMENTUM_WINDOW = 20;
/** MOMBR holds this many of its names at most. */
export const MOMENTUM_HOLDINGS = 2;

/**
 * For the momentum rule: the `top` names with the highest return over their last `window` prices
 * (last ÷ first, compared exactly as cross products), only those with a positive return; ties go to
 * the first symbol in alphabetical order. None before the window fills.
 */
export function momentumHolds(
  pricesBySymbol: ReadonlyMap<string, readonly bigint[]>,
  window: number = MOMENTUM_WINDOW,
  top: number = MOMENTUM_HOLDINGS,
): string[] {
  const ranked: { symbol: string; first: bigint; last: bigint }[] = [];
  for (const [symbol, prices] of pricesBySymbol) {
    if (prices.length < window) continue;
    const recent = prices.slice(-window);
    const first = recent[0]!;
    const last = recent[recent.length - 1]!;
    if (first > 0n && last > first) ranked.push({ symbol, first, last });
  }
  // a before b when a's last/first is larger: a.last × b.first > b.last × a.first.
  ranked.sort((a, b) => {
    const left = a.last * b.first;
    const right = b.last * a.first;
    if (left !== right) return left > right ? -1 : 1;
    return a.symbol < b.symbol ? -1 : 1;
  });
  return ranked
    .slice(0, top)
    .map((item) => item.symbol)
    .sort();
}

/**
 * Whole shares to buy (positive) or sell (negative) of each symbol to reach target weights (basis
 * points of `investableMinor`), at each symbol's price. Sells first (they raise the cash); a
 * trade worth less than `minimumTradeMinor` is left out.
 */
export function tradesToTargets(input: {
  investableMinor: bigint;
  targets: ReadonlyMap<string, number>;
  holdings: ReadonlyMap<string, bigint>;
  /** Price per share in cents. */
  pricesMinor: ReadonlyMap<string, bigint>;
  minimumTradeMinor: bigint;
}): { symbol: string; quantity: bigint }[] {
  const symbols = [...new Set([...input.targets.keys(), ...input.holdings.keys()])].sort();
  const trades: { symbol: string; quantity: bigint }[] = [];
  for (const symbol of symbols) {
    const price = input.pricesMinor.get(symbol);
    if (price === undefined || price <= 0n) continue;
    const weight = BigInt(input.targets.get(symbol) ?? 0);
    const targetValue = input.investableMinor > 0n ? (input.investableMinor * weight) / BASIS : 0n;
    const targetShares = targetValue / price;
    const held = input.holdings.get(symbol) ?? 0n;
    const quantity = targetShares - held;
    const worth = (quantity < 0n ? -quantity : quantity) * price;
    if (quantity !== 0n && (worth >= input.minimumTradeMinor || targetShares === 0n)) {
      trades.push({ symbol, quantity });
    }
  }
  return trades.sort((a, b) => (a.quantity < b.quantity ? -1 : a.quantity > b.quantity ? 1 : 0));
}
