import {
  DomainError,
  STRATEGY_NAV_SCALE,
  STRATEGY_UNIT_SCALE,
  formatCash,
  formatDecimal,
  strategyLimits,
  tradableMarkets,
  type Currency,
  type StrategyRule,
} from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { AuditService, StaffActor } from '../audit/audit.service';
import { isPgError, type Database, type Executor, type Transaction } from '../../db/database';
import { houseAccount, move, userAccount } from '../../ledger/ledger-accounts';
import type { LedgerService } from '../../ledger/ledger.service';
import type { RecordDetails, RecordEntry } from '../../ledger/record-sources';
import { zonedInstant } from '../../market/zoned-time';
import {
  replayOrRefuse,
  requestHash,
  requireIdempotencyKey,
  writeOnce,
} from '../fund-operations/fund-operations.service';
import type { IdentityService } from '../identity/identity.service';
import type { MarketService } from '../market/market.service';
import type { RestrictionsService } from '../restrictions/restrictions.service';
import type { TradingService } from '../trading/trading.service';
import type { UsersService } from '../users/users.service';
import * as repository from './strategies.repository';
import type { StrategyHoldingRow, StrategyRequestRow, StrategyRow } from './strategies.repository';
import {
  CASH_BUFFER_BASIS_POINTS,
  INITIAL_NAV,
  metricsOf,
  strike,
  MOMENTUM_HOLDINGS,
  MOMENTUM_WINDOW,
  TREND_WINDOW,
  momentumHolds,
  trendHolds,
  tradesToTargets,
  unitsFor,
  valueOfUnits,
} from './strategy-math';

// Copy-following strategies (issue 17 item 5; DESIGN.md §1 rule 8). A strategy is a published
// rule set the server runs in a ledger account of its own (a users row that cannot sign in),
// trading through the trading module's order engine (`trading.placeForRule`: the same pricing,
// hold and fill as a person's market order) at market quotes.
//
// Once per trading day, at the strategy's published time (Europe/Brussels), the job
// (`strategies.run`) runs each strategy:
//   1. records the quotes' last prices it sees and trades to the rule's targets (market orders);
//   2. in one transaction, the strategy row locked and the day not yet struck: values the account
//      from the ledger (cash + shares at those prices), accrues the management fee for the days
//      since the last NAV and the performance fee above the high-water mark (each a ledger transfer
//      to the house fee account, never above its published rate), strikes the NAV per unit, then
//      settles the requests that were waiting for it: follows issue units at that NAV from the
//      money frozen at request time; redemptions past their notice period are paid at it.
// Requests come in at any time (forward pricing): a follow freezes its money at once (a ledger
// hold; refused for want of money, nothing is frozen) and gets the next NAV struck; a redemption
// sets its units aside and gets the first NAV struck after the notice period.

export type StrategiesServiceDeps = {
  db: Database;
  clock: Clock;
  ledger: LedgerService;
  market: MarketService;
  trading: TradingService;
  identity: IdentityService;
  restrictions: RestrictionsService;
  users: UsersService;
  audit: AuditService;
};

const TIME_ZONE = 'Europe/Brussels';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A strategy's published definition: its rule kind with its parameters, instruments, fees and terms. */
export type StrategyDefinition = {
  code: string;
  name: string;
  rule: StrategyRule;
  symbols: readonly string[];
  /** fixed_weights: target weights in basis points, one per symbol (summing to 10,000); else null. */
  weights: readonly number[] | null;
  /** trend_moving_average and momentum_top: the recorded prices the rule looks back over; else null. */
  lookback: number | null;
  /** momentum_top: how many names it holds; else null. */
  top: number | null;
  managementBasisPoints: number;
  performanceBasisPoints: number;
  noticeDays: number;
  strikeTime: string;
  minimumFollowMinor: bigint;
};

/**
 * The strategies published with the product, opened at first use; staff publish others
 * (`createByStaff`). All live in the strategies table and run the same way.
 */
export const publishedStrategies: readonly StrategyDefinition[] = [
  {
    code: 'BAL6040',
    name: '60/40 world and Belgium ETF rebalance',
    rule: 'fixed_weights',
    symbols: ['IWDA.AS', 'BEL.BR'],
    weights: [6_000, 4_000],
    lookback: null,
    top: null,
    managementBasisPoints: 100,
    performanceBasisPoints: 1_000,
    noticeDays: 2,
    strikeTime: '16:00',
    minimumFollowMinor: 100_00n,
  },
  {
    code: 'TRENDBR',
    name: 'Brussels moving-average trend',
    rule: 'trend_moving_average',
    symbols: ['ABI.BR', 'KBC.BR', 'UCB.BR', 'SOLB.BR', 'ELI.BR'],
    weights: null,
    lookback: TREND_WINDOW,
    top: null,
    managementBasisPoints: 150,
    performanceBasisPoints: 1_500,
    noticeDays: 3,
    strikeTime: '16:00',
    minimumFollowMinor: 100_00n,
  },
  {
    code: 'MOMBR',
    name: 'Brussels momentum, the two strongest of six',
    rule: 'momentum_top',
    symbols: ['AGS.BR', 'ARGX.BR', 'DIE.BR', 'GBLB.BR', 'SYENS.BR', 'UMI.BR'],
    weights: null,
    lookback: MOMENTUM_WINDOW,
    top: MOMENTUM_HOLDINGS,
    managementBasisPoints: 150,
    performanceBasisPoints: 1_500,
    noticeDays: 3,
    strikeTime: '16:00',
    minimumFollowMinor: 100_00n,
  },
];

/** The time of day staff-created strategies run, as the published ones (Europe/Brussels). */
const CREATED_STRIKE_TIME = '16:00';

/** A strategy row's definition (what the audit keeps, and what must never change under followers). */
export function definitionOf(row: StrategyRow): StrategyDefinition {
  return {
    code: row.code,
    name: row.name,
    rule: row.rule,
    symbols: symbolsOf(row),
    weights: row.weights === null ? null : row.weights.split(',').map(Number),
    lookback: row.lookback,
    top: row.top,
    managementBasisPoints: row.managementBasisPoints,
    performanceBasisPoints: row.performanceBasisPoints,
    noticeDays: row.noticeDays,
    strikeTime: row.strikeTime,
    minimumFollowMinor: row.minimumFollowMinor,
  };
}

/** The definition as the audit log keeps it (the minimum to follow as a decimal amount). */
function auditedDefinition(row: StrategyRow) {
  const { minimumFollowMinor, ...definition } = definitionOf(row);
  return { ...definition, currency: row.currency, minimumFollow: formatCash(minimumFollowMinor) };
}

/** Basis points as a percentage with two decimals ("3.00"), exactly. */
const percentOf = (basisPoints: number) => formatDecimal(BigInt(basisPoints), 2);

function symbolsOf(row: StrategyRow) {
  return row.symbols.split(',');
}
const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};
const formatUnits = (units: bigint) => formatDecimal(units, STRATEGY_UNIT_SCALE);
const formatNav = (nav: bigint) => formatDecimal(nav, STRATEGY_NAV_SCALE);

/**
 * The ledger key of a follower request's step: its hold (a follow's money frozen), its settlement
 * (the units issued at the NAV) and its payment (a redemption paid). Records find the request by it,
 * since a strategy's entries all name the strategy as their source.
 */
const requestSteps = { hold: 'follow_frozen', settle: 'units_issued', pay: 'units_redeemed' } as const;
type RequestStep = keyof typeof requestSteps;
const requestEntryKey = (requestId: bigint, step: RequestStep) => `strategy-request:${requestId}:${step}`;
const REQUEST_ENTRY_KEY = /^strategy-request:(\d{1,18}):(hold|settle|pay)$/;
function requestStepOf(key: string | null): { requestId: bigint; step: RequestStep } | null {
  const match = key ? REQUEST_ENTRY_KEY.exec(key) : null;
  return match ? { requestId: BigInt(match[1] as string), step: match[2] as RequestStep } : null;
}
/** Shares × a price at scale 4, in cents (rounded down). */
const sharesValue = (quantity: bigint, priceMinor: bigint) => (quantity * priceMinor) / 100n;

export function createStrategiesService(deps: StrategiesServiceDeps) {
  const { db, clock, ledger, market, trading, identity, restrictions, users, audit } = deps;

  let published: Promise<void> | null = null;

  /**
   * What opens a strategy in the transaction: its own ledger account (a users row that cannot sign
   * in) and its row's values with the definition, NAV 10.000000 and no units.
   */
  async function openValues(tx: Transaction, definition: StrategyDefinition, currency: Currency) {
    const now = clock.now();
    const today = market.venueDate(market.instrumentOf(definition.symbols[0]!), now.getTime());
    const accountUserId = await users.openSystemAccount(tx, `strategy:${definition.code}`, now);
    await ledger.openUserAccounts(tx, accountUserId);
    return {
      code: definition.code,
      name: definition.name,
      rule: definition.rule,
      symbols: definition.symbols.join(','),
      weights: definition.weights === null ? null : definition.weights.join(','),
      lookback: definition.lookback,
      top: definition.top,
      currency,
      accountUserId,
      managementBasisPoints: definition.managementBasisPoints,
      performanceBasisPoints: definition.performanceBasisPoints,
      noticeDays: definition.noticeDays,
      strikeTime: definition.strikeTime,
      minimumFollowMinor: definition.minimumFollowMinor,
      unitsMinor: 0n,
      highWaterMark: INITIAL_NAV,
      lastNav: INITIAL_NAV,
      inceptionDate: today,
      createdAt: now,
    };
  }

  /** Opens each published strategy once (its row and its own ledger account); two nodes may race. */
  function ensurePublished(): Promise<void> {
    published ??= (async () => {
      for (const definition of publishedStrategies) {
        for (let attempt = 0; ; attempt += 1) {
          try {
            await db.transaction(async (tx) => {
              if (await repository.findStrategyByCode(tx, definition.code)) return;
              await repository.ensureStrategy(tx, await openValues(tx, definition, 'EUR'));
            });
            break;
          } catch (error) {
            if (attempt >= 2) throw error;
          }
        }
      }
    })().catch((error: unknown) => {
      published = null;
      throw error;
    });
    return published;
  }

  /**
   * A staff definition checked against the catalogue and the limits: every instrument known,
   * tradable (a listed share or ETF of a tradable market) and in one currency; the rule's
   * parameters those of its kind; the fees under their caps. Answers the strategy's currency.
   */
  function checkDefinition(definition: StrategyDefinition): Currency {
    const nowMs = clock.now().getTime();
    let currency: Currency | null = null;
    const seen = new Set<string>();
    for (const symbol of definition.symbols) {
      if (seen.has(symbol)) throw new DomainError('STRATEGY_INSTRUMENT_REPEATED', { symbol });
      seen.add(symbol);
      const instrument = market.instrumentOf(symbol);
      const isTradable =
        (tradableMarkets as readonly string[]).includes(instrument.market) &&
        instrument.kind !== 'crypto' &&
        (instrument.currency === 'EUR' || instrument.currency === 'USD') &&
        (instrument.listedFromMs === undefined || instrument.listedFromMs <= nowMs);
      if (!isTradable) throw new DomainError('INSTRUMENT_NOT_TRADABLE', { symbol });
      const own = instrument.currency as Currency;
      currency ??= own;
      if (own !== currency) throw new DomainError('STRATEGY_CURRENCIES_MIXED', { symbol, currency: own });
    }
    const { rule, weights, lookback, top } = definition;
    const count = definition.symbols.length;
    const lookbackFits =
      lookback !== null && lookback >= strategyLimits.lookbackMin && lookback <= strategyLimits.lookbackMax;
    const parametersFit =
      rule === 'fixed_weights'
        ? weights !== null && lookback === null && top === null
        : rule === 'trend_moving_average'
          ? weights === null && lookbackFits && top === null
          : weights === null && lookbackFits && top !== null && top >= 1 && top < count;
    if (!parametersFit) throw new DomainError('STRATEGY_RULE_PARAMETERS_INVALID');
    if (weights !== null) {
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      if (
        weights.length !== count ||
        weights.some((weight) => weight <= 0) ||
        total !== strategyLimits.weightsTotal
      ) {
        throw new DomainError('STRATEGY_WEIGHTS_INVALID', { total: total.toString() });
      }
    }
    if (definition.managementBasisPoints > strategyLimits.managementBasisPointsMax) {
      throw new DomainError('STRATEGY_MANAGEMENT_FEE_ABOVE_CAP', {
        cap: percentOf(strategyLimits.managementBasisPointsMax),
      });
    }
    if (definition.performanceBasisPoints > strategyLimits.performanceBasisPointsMax) {
      throw new DomainError('STRATEGY_PERFORMANCE_FEE_ABOVE_CAP', {
        cap: percentOf(strategyLimits.performanceBasisPointsMax),
      });
    }
    return currency as Currency;
  }

  const instrumentOf = (row: StrategyRow) => market.instrumentOf(symbolsOf(row)[0]!);

  /** Whether `date` is a trading day of the strategy's venue. */
  function isTradingDay(row: StrategyRow, date: string) {
    const instrument = instrumentOf(row);
    const closeMs = market.regularCloseOnOrBefore(instrument, date);
    return closeMs !== null && market.venueDate(instrument, closeMs) === date;
  }

  const strikeInstant = (row: StrategyRow, date: string) =>
    zonedInstant(date, minutesOf(row.strikeTime), TIME_ZONE);

  /** The next published strike after the last NAV, at or after `fromMs` (null past two weeks). */
  function nextStrikeAt(row: StrategyRow, fromMs: number): Date | null {
    const instrument = instrumentOf(row);
    for (let offset = 0; offset < 14; offset += 1) {
      const date = market.venueDate(instrument, fromMs + offset * DAY_MS);
      if (row.lastNavDate !== null && date <= row.lastNavDate) continue;
      if (!isTradingDay(row, date)) continue;
      const at = strikeInstant(row, date);
      if (at >= fromMs - DAY_MS) return new Date(Math.max(at, fromMs));
    }
    return null;
  }

  async function pricesNow(row: StrategyRow): Promise<Map<string, bigint>> {
    const prices = new Map<string, bigint>();
    for (const symbol of symbolsOf(row)) {
      prices.set(symbol, (await market.currentQuote(symbol)).lastMinor);
    }
    return prices;
  }

  /** The strategy account from the ledger: cash, shares, and their value at `prices`. */
  async function accountOf(executor: Executor, row: StrategyRow, prices: ReadonlyMap<string, bigint>) {
    const balances = await ledger.getUserBalances(executor, row.accountUserId);
    const cash = balances.find((balance) => balance.asset === row.currency);
    const cashMinor = (cash?.available ?? 0n) + (cash?.frozen ?? 0n);
    const holdings = new Map<string, bigint>();
    let valueMinor = cashMinor;
    for (const symbol of symbolsOf(row)) {
      const balance = balances.find((candidate) => candidate.asset === `sec:${symbol}`);
      const quantity = (balance?.available ?? 0n) + (balance?.frozen ?? 0n);
      if (quantity === 0n) continue;
      holdings.set(symbol, quantity);
      valueMinor += sharesValue(quantity, prices.get(symbol) ?? 0n);
    }
    return { cashMinor: cash?.available ?? 0n, holdings, valueMinor };
  }

  /** The rule's target weights (basis points of the invested part), from its published parameters. */
  async function targetsOf(row: StrategyRow): Promise<Map<string, number>> {
    const { symbols, rule, weights, lookback, top } = definitionOf(row);
    if (rule === 'fixed_weights') {
      return new Map(symbols.map((symbol, index) => [symbol, weights?.[index] ?? 0]));
    }
    const prices = await repository.pricesOf(db, row.id);
    const window = lookback ?? 0;
    const held =
      rule === 'momentum_top' ? momentumHolds(prices, window, top ?? 0) : trendHolds(prices, window);
    return new Map(held.map((symbol) => [symbol, Math.floor(10_000 / held.length)]));
  }

  /** Step 1: the day's prices recorded, then the trades to the rule's targets (each its own order). */
  async function trade(row: StrategyRow, date: string, prices: ReadonlyMap<string, bigint>) {
    await repository.recordPrices(
      db,
      [...prices].map(([symbol, priceMinor]) => ({ strategyId: row.id, date, symbol, priceMinor })),
    );
    const account = await accountOf(db, row, prices);
    const redeeming = await repository.unitsRedeeming(db, row.id, null);
    const toPay = valueOfUnits(redeeming, row.lastNav);
    const buffer = (account.valueMinor * BigInt(CASH_BUFFER_BASIS_POINTS)) / 10_000n;
    const costs = 10_00n * BigInt(symbolsOf(row).length);
    const investable = account.valueMinor - toPay - (buffer > costs ? buffer : costs);
    const trades = tradesToTargets({
      investableMinor: investable > 0n ? investable : 0n,
      targets: await targetsOf(row),
      holdings: account.holdings,
      pricesMinor: new Map([...prices].map(([symbol, price]) => [symbol, price / 100n])),
      minimumTradeMinor: 50_00n,
    });
    const refused: string[] = [];
    for (const { symbol, quantity } of trades) {
      const side = quantity > 0n ? 'buy' : 'sell';
      try {
        await trading.placeForRule(
          row.accountUserId,
          {
            symbol,
            side,
            type: 'market',
            timeInForce: 'ioc',
            queueForOpen: false,
            quantity: (quantity > 0n ? quantity : -quantity).toString(),
          },
          `strategy:${row.id}:${date}:${symbol}`,
        );
      } catch (error) {
        // A refused order (market closed, not enough cash after costs) leaves the holding as it is.
        if (!(error instanceof DomainError)) throw error;
        refused.push(`${symbol}: ${error.code}`);
      }
    }
    return refused;
  }

  /** Step 2: fees, the NAV, then the requests waiting for it; once per strategy and day. */
  async function strikeDay(strategyId: bigint, date: string, prices: ReadonlyMap<string, bigint>) {
    return db.transaction(async (tx) => {
      const row = await repository.lockStrategy(tx, strategyId);
      if (!row || (row.lastNavDate !== null && row.lastNavDate >= date)) return false;
      const now = clock.now();
      const account = await accountOf(tx, row, prices);
      const days =
        row.lastNavAt === null
          ? 0
          : Math.max(0, Math.round((now.getTime() - row.lastNavAt.getTime()) / DAY_MS));
      const struck = strike({
        valueMinor: account.valueMinor,
        cashMinor: account.cashMinor,
        unitsMinor: row.unitsMinor,
        lastNav: row.lastNav,
        highWaterMark: row.highWaterMark,
        managementBasisPoints: row.managementBasisPoints,
        performanceBasisPoints: row.performanceBasisPoints,
        days,
      });
      const source = { type: 'strategy' as const, id: row.id.toString() };
      const strategyCash = userAccount(row.accountUserId, row.currency as Currency);
      const fees = [
        [
          'management-fee',
          struck.managementFeeMinor,
          `${row.code}: management fee, ${days} day(s) at ${row.managementBasisPoints / 100} % a year`,
        ],
        [
          'performance-fee',
          struck.performanceFeeMinor,
          `${row.code}: performance fee, ${row.performanceBasisPoints / 100} % above the high-water mark ${formatNav(row.highWaterMark)}`,
        ],
      ] as const;
      for (const [name, amount, memo] of fees) {
        if (amount <= 0n) continue;
        await ledger.transfer(tx, {
          idempotencyKey: `strategy:${row.id}:${date}:${name}`,
          kind: 'strategy_fee',
          source,
          memo,
          postings: move(strategyCash, houseAccount('fees', row.currency as Currency), amount),
        });
      }
      let cash = account.cashMinor - struck.managementFeeMinor - struck.performanceFeeMinor;
      let units = row.unitsMinor;
      let valueAfter = struck.valueMinor;
      let issued = 0n;
      let redeemed = 0n;
      for (const request of await repository.dueRequests(tx, row.id, now)) {
        if (request.kind === 'follow') {
          const amount = request.amountMinor ?? 0n;
          const newUnits = unitsFor(amount, struck.nav);
          await ledger.postHold(tx, {
            idempotencyKey: requestEntryKey(request.id, 'settle'),
            holdId: request.holdId ?? 0n,
            kind: 'strategy_subscription',
            source,
            memo: `${row.code}: ${formatUnits(newUnits)} units at NAV ${formatNav(struck.nav)} for ${formatCash(amount)} ${row.currency}`,
            isFinal: true,
            destinations: [{ account: strategyCash, amountMinor: amount }],
          });
          await repository.addToHolding(tx, {
            strategyId: row.id,
            userId: request.userId,
            unitsMinor: newUnits,
            costMinor: amount,
            updatedAt: now,
          });
          await repository.updateRequest(tx, request.id, {
            state: 'settled',
            unitsMinor: newUnits,
            nav: struck.nav,
            navDate: date,
            settledAt: now,
          });
          cash += amount;
          valueAfter += amount;
          units += newUnits;
          issued += newUnits;
        } else {
          const requestUnits = request.unitsMinor ?? 0n;
          const payout = valueOfUnits(requestUnits, struck.nav);
          // Not enough cash yet (its sales were refused): it waits for the next NAV.
          if (payout > cash) continue;
          const holding = await repository.findHolding(tx, row.id, request.userId);
          const heldUnits = holding?.unitsMinor ?? 0n;
          const costOut = heldUnits > 0n ? ((holding?.costMinor ?? 0n) * requestUnits) / heldUnits : 0n;
          if (payout > 0n) {
            await ledger.transfer(tx, {
              idempotencyKey: requestEntryKey(request.id, 'pay'),
              kind: 'strategy_redemption',
              source,
              memo: `${row.code}: ${formatUnits(requestUnits)} units redeemed at NAV ${formatNav(struck.nav)}: ${formatCash(payout)} ${row.currency}`,
              postings: move(strategyCash, userAccount(request.userId, row.currency as Currency), payout),
            });
          }
          await repository.takeFromHolding(tx, {
            strategyId: row.id,
            userId: request.userId,
            unitsMinor: requestUnits,
            costMinor: costOut,
            updatedAt: now,
          });
          await repository.updateRequest(tx, request.id, {
            state: 'settled',
            nav: struck.nav,
            navDate: date,
            paidMinor: payout,
            settledAt: now,
          });
          cash -= payout;
          valueAfter -= payout;
          units -= requestUnits;
          redeemed += requestUnits;
        }
      }
      await repository.insertNav(tx, {
        strategyId: row.id,
        date,
        nav: struck.nav,
        valueMinor: struck.valueMinor,
        unitsMinor: row.unitsMinor,
        managementFeeMinor: struck.managementFeeMinor,
        performanceFeeMinor: struck.performanceFeeMinor,
        highWaterMark: struck.highWaterMark,
        unitsIssuedMinor: issued,
        unitsRedeemedMinor: redeemed,
        valueAfterMinor: valueAfter,
        unitsAfterMinor: units,
        struckAt: now,
      });
      await repository.updateStrategy(tx, row.id, {
        unitsMinor: units,
        highWaterMark: struck.highWaterMark,
        lastNav: struck.nav,
        lastNavDate: date,
        lastNavAt: now,
      });
      return true;
    });
  }

  function presentRequest(strategy: StrategyRow, row: StrategyRequestRow) {
    return {
      id: row.id.toString(),
      strategyId: strategy.id.toString(),
      code: strategy.code,
      name: strategy.name,
      kind: row.kind,
      state: row.state,
      currency: strategy.currency,
      amount: row.amountMinor === null ? null : formatCash(row.amountMinor),
      units: row.unitsMinor === null ? null : formatUnits(row.unitsMinor),
      nav: row.nav === null ? null : formatNav(row.nav),
      paid: row.paidMinor === null ? null : formatCash(row.paidMinor),
      eligibleAt: row.eligibleAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      settledAt: row.settledAt?.toISOString() ?? null,
    };
  }

  function presentHolding(strategy: StrategyRow, holding: StrategyHoldingRow, redeeming: bigint) {
    const value = valueOfUnits(holding.unitsMinor, strategy.lastNav);
    return {
      strategyId: strategy.id.toString(),
      code: strategy.code,
      name: strategy.name,
      currency: strategy.currency,
      units: formatUnits(holding.unitsMinor),
      unitsRedeeming: formatUnits(redeeming),
      nav: formatNav(strategy.lastNav),
      value: formatCash(value),
      cost: formatCash(holding.costMinor),
      pnl: formatCash(value - holding.costMinor),
    };
  }

  async function presentStrategy(row: StrategyRow, navs?: readonly bigint[]) {
    const history = navs ?? (await repository.navHistory(db, row.id)).map((nav) => nav.nav);
    const metrics = metricsOf(history);
    const last = row.lastNavDate === null ? null : await repository.findNav(db, row.id, row.lastNavDate);
    return {
      id: row.id.toString(),
      code: row.code,
      name: row.name,
      rule: row.rule,
      ruleParameters: (({ weights, lookback, top }) => ({ weights: weights && [...weights], lookback, top }))(
        definitionOf(row),
      ),
      symbols: symbolsOf(row),
      currency: row.currency,
      nav: formatNav(row.lastNav),
      navDate: row.lastNavDate,
      size: formatCash(last?.valueAfterMinor ?? 0n),
      units: formatUnits(row.unitsMinor),
      inceptionDate: row.inceptionDate,
      strikeTime: row.strikeTime,
      // A closed strategy still strikes its NAV: the follows made before the close and the
      // redemptions are settled at it.
      nextStrikeAt: nextStrikeAt(row, clock.now().getTime())?.toISOString() ?? null,
      noticeDays: row.noticeDays,
      minimumFollow: formatCash(row.minimumFollowMinor),
      fees: {
        managementBasisPoints: row.managementBasisPoints,
        performanceBasisPoints: row.performanceBasisPoints,
        highWaterMark: formatNav(row.highWaterMark),
      },
      closedAt: row.closedAt?.toISOString() ?? null,
      metrics,
    };
  }

  async function presentForStaff(row: StrategyRow, totals: repository.StrategyStaffTotals | undefined) {
    return {
      ...(await presentStrategy(row)),
      followers: totals?.followers ?? 0,
      pendingFollows: totals?.pendingFollows ?? 0,
      pendingFollowAmount: formatCash(totals?.pendingFollowMinor ?? 0n),
      pendingRedemptions: totals?.pendingRedemptions ?? 0,
      pendingRedemptionUnits: formatUnits(totals?.pendingRedemptionUnitsMinor ?? 0n),
    };
  }

  async function requireStrategy(executor: Executor, id: bigint) {
    await ensurePublished();
    const row = await repository.findStrategy(executor, id);
    if (!row) throw new DomainError('PRODUCT_UNAVAILABLE');
    return row;
  }

  const assertOpen = (row: StrategyRow) => {
    if (row.closedAt && row.closedAt <= clock.now()) throw new DomainError('COPY_TRADING_CLOSED');
  };

  /** One request per idempotency key, written under the user's row lock by `write`. */
  async function request(
    userId: bigint,
    kind: 'follow' | 'redeem',
    keyHeader: string | undefined,
    fields: Record<string, string>,
    write: (tx: Transaction, row: StrategyRow, key: string, hash: string) => Promise<StrategyRequestRow>,
  ) {
    const key = requireIdempotencyKey(keyHeader);
    const hash = requestHash(fields);
    const earlier = replayOrRefuse(await repository.findRequestByKey(db, userId, key), hash);
    const strategy = await requireStrategy(db, BigInt(fields.id ?? '0'));
    if (earlier) return presentRequest(strategy, earlier);
    // A closed strategy takes no new follows; leaving it stays possible (DESIGN.md §1 rule 8).
    if (kind === 'follow') assertOpen(strategy);
    await restrictions.assertAllowed(userId, 'trade');
    await identity.requireVerified(userId);
    const row = await writeOnce({
      hash,
      findByKey: () => repository.findRequestByKey(db, userId, key),
      write: () =>
        db.transaction(async (tx) => {
          await users.lock(tx, userId);
          const raced = replayOrRefuse(await repository.findRequestByKey(tx, userId, key), hash);
          if (raced) return raced;
          const locked = await repository.lockStrategyShared(tx, strategy.id);
          if (!locked) throw new DomainError('PRODUCT_UNAVAILABLE');
          if (kind === 'follow') assertOpen(locked);
          return write(tx, locked, key, hash);
        }),
    });
    return presentRequest(strategy, row);
  }

  return {
    ensurePublished,

    async list() {
      await ensurePublished();
      const rows = await repository.listStrategies(db);
      return { items: await Promise.all(rows.map((row) => presentStrategy(row))) };
    },

    async detail(userId: bigint, id: bigint) {
      const row = await requireStrategy(db, id);
      const [history, holding, redeeming, requests] = await Promise.all([
        repository.navHistory(db, row.id),
        repository.findHolding(db, row.id, userId),
        repository.unitsRedeeming(db, row.id, userId),
        repository.userRequests(db, userId, row.id, 1, 50),
      ]);
      return {
        strategy: await presentStrategy(
          row,
          history.map((nav) => nav.nav),
        ),
        navHistory: history.map((nav) => ({ date: nav.date, nav: formatNav(nav.nav) })),
        holding:
          holding && (holding.unitsMinor > 0n || redeeming > 0n)
            ? presentHolding(row, holding, redeeming)
            : null,
        requests: requests.rows.map((item) => presentRequest(row, item)),
      };
    },

    /** Follow: freezes the amount now (nothing frozen when refused); units at the next NAV struck. */
    follow(userId: bigint, input: { id: string; amount: bigint }, keyHeader: string | undefined) {
      return request(
        userId,
        'follow',
        keyHeader,
        { id: input.id, amount: input.amount.toString() },
        async (tx, row, key, hash) => {
          if (input.amount < row.minimumFollowMinor) {
            throw new DomainError('BELOW_PRODUCT_MINIMUM', { minimum: formatCash(row.minimumFollowMinor) });
          }
          const now = clock.now();
          const inserted = await repository.insertRequest(tx, {
            strategyId: row.id,
            userId,
            kind: 'follow',
            state: 'pending',
            amountMinor: input.amount,
            eligibleAt: now,
            idempotencyKey: key,
            requestHash: hash,
            createdAt: now,
          });
          const hold = await ledger.hold(tx, {
            idempotencyKey: requestEntryKey(inserted.id, 'hold'),
            userId,
            asset: row.currency as Currency,
            amountMinor: input.amount,
            source: { type: 'strategy', id: row.id.toString() },
            memo: `Follow ${row.code}: ${formatCash(input.amount)} ${row.currency} frozen until the next NAV`,
          });
          return repository.updateRequest(tx, inserted.id, { holdId: hold.holdId });
        },
      );
    },

    /** Redeem: the units set aside now; paid at the first NAV struck after the notice period. */
    redeem(userId: bigint, input: { id: string; units: bigint }, keyHeader: string | undefined) {
      return request(
        userId,
        'redeem',
        keyHeader,
        { id: input.id, units: input.units.toString() },
        async (tx, row, key, hash) => {
          const holding = await repository.findHolding(tx, row.id, userId);
          const free = (holding?.unitsMinor ?? 0n) - (await repository.unitsRedeeming(tx, row.id, userId));
          if (input.units > free) {
            throw new DomainError('INSUFFICIENT_POSITION', { available: formatUnits(free > 0n ? free : 0n) });
          }
          const now = clock.now();
          return repository.insertRequest(tx, {
            strategyId: row.id,
            userId,
            kind: 'redeem',
            state: 'pending',
            unitsMinor: input.units,
            eligibleAt: new Date(now.getTime() + row.noticeDays * DAY_MS),
            idempotencyKey: key,
            requestHash: hash,
            createdAt: now,
          });
        },
      );
    },

    /**
     * The records of the user's follows and redemptions (source `strategy`: the strategy's id; the
     * entry's key names the request and its step). A fee is the strategy account's, never a user's.
     */
    async describeRecords(userId: bigint, entries: readonly RecordEntry[]): Promise<RecordDetails> {
      const steps = new Map(entries.map((entry) => [entry.id, requestStepOf(entry.idempotencyKey)]));
      const requestIds = [...new Set([...steps.values()].flatMap((step) => (step ? [step.requestId] : [])))];
      const requests = new Map(
        (await repository.userRequestsByIds(db, userId, requestIds)).map((request) => [request.id, request]),
      );
      const codes = new Map(
        (
          await repository.strategiesByIds(db, [...new Set([...requests.values()].map((r) => r.strategyId))])
        ).map((row) => [row.id, { code: row.code, currency: row.currency as Currency }]),
      );
      const details: RecordDetails = new Map();
      for (const entry of entries) {
        const step = steps.get(entry.id);
        const request = step ? requests.get(step.requestId) : undefined;
        const strategy = request ? codes.get(request.strategyId) : undefined;
        if (!step || !request || !strategy || request.strategyId.toString() !== entry.sourceId) continue;
        const isStruck = step.step !== 'hold' && request.nav !== null;
        details.set(entry.id, {
          type: 'strategy',
          code: strategy.code,
          event: requestSteps[step.step],
          currency: strategy.currency,
          units: isStruck && request.unitsMinor !== null ? formatUnits(request.unitsMinor) : null,
          nav: isStruck && request.nav !== null ? formatNav(request.nav) : null,
          navDate: isStruck ? request.navDate : null,
        });
      }
      return details;
    },

    async mine(userId: bigint, input: { page: number; pageSize: number }) {
      await ensurePublished();
      const [holdings, requests] = await Promise.all([
        repository.userHoldings(db, userId),
        repository.userRequests(db, userId, null, input.page, input.pageSize),
      ]);
      const strategies = new Map(
        (
          await repository.strategiesByIds(db, [
            ...new Set([
              ...holdings.map((row) => row.strategyId),
              ...requests.rows.map((row) => row.strategyId),
            ]),
          ])
        ).map((row) => [row.id, row]),
      );
      const presentedHoldings = [];
      for (const holding of holdings) {
        const strategy = strategies.get(holding.strategyId);
        if (!strategy) continue;
        const redeeming = await repository.unitsRedeeming(db, strategy.id, userId);
        if (holding.unitsMinor === 0n && redeeming === 0n) continue;
        presentedHoldings.push(presentHolding(strategy, holding, redeeming));
      }
      return {
        holdings: presentedHoldings,
        requests: {
          total: requests.total,
          items: requests.rows.flatMap((row) => {
            const strategy = strategies.get(row.strategyId);
            return strategy ? [presentRequest(strategy, row)] : [];
          }),
        },
      };
    },

    /**
     * The job: every strategy whose published time has come on a trading day and whose day is not
     * struck yet trades, then strikes its NAV. Answers the strategies struck here.
     */
    async runDue(): Promise<{ struck: string[]; refused: string[] }> {
      await ensurePublished();
      const struck: string[] = [];
      const refused: string[] = [];
      for (const row of await repository.listStrategies(db)) {
        const nowMs = clock.now().getTime();
        const date = market.venueDate(instrumentOf(row), nowMs);
        if (row.lastNavDate !== null && row.lastNavDate >= date) continue;
        if (!isTradingDay(row, date) || nowMs < strikeInstant(row, date)) continue;
        // No quote for one of its instruments (a provider without it): that strategy waits, the others run.
        let prices: Map<string, bigint>;
        try {
          prices = await pricesNow(row);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          refused.push(`${row.code}: ${error.code}`);
          continue;
        }
        refused.push(...(await trade(row, date, prices)).map((text) => `${row.code} ${text}`));
        if (await strikeDay(row.id, date, prices)) struck.push(row.code);
      }
      return { struck, refused };
    },

    /** Every strategy as staff see it: followers, and follows and redemptions waiting for a NAV. */
    async listForStaff() {
      await ensurePublished();
      const [rows, totals] = await Promise.all([repository.listStrategies(db), repository.staffTotals(db)]);
      return {
        items: await Promise.all(rows.map(async (row) => presentForStaff(row, totals.get(row.id)))),
      };
    },

    /**
     * Staff close a strategy (audited with the reason): from now on follows are refused
     * (COPY_TRADING_CLOSED); follows already made still get the next NAV, redemptions go on.
     * ALREADY_PROCESSED when it is closed already.
     */
    async closeByStaff(actor: StaffActor, input: { id: string; reason: string }) {
      await ensurePublished();
      const closed = await db.transaction(async (tx) => {
        const row = await repository.lockStrategy(tx, BigInt(input.id));
        if (!row) throw new DomainError('PRODUCT_UNAVAILABLE');
        if (row.closedAt) throw new DomainError('ALREADY_PROCESSED');
        const now = clock.now();
        await repository.updateStrategy(tx, row.id, { closedAt: now });
        const after = { ...row, closedAt: now };
        await audit.record(tx, actor, {
          action: 'strategy.close',
          targetType: 'strategy',
          targetId: row.id,
          reason: input.reason,
          before: { code: row.code, closedAt: null },
          after: { code: row.code, closedAt: now.toISOString() },
        });
        return after;
      });
      const totals = await repository.staffTotals(db);
      return presentForStaff(closed, totals.get(closed.id));
    },

    /**
     * Staff publish a strategy (audited with its definition and the reason). Checked by
     * `checkDefinition`; STRATEGY_CODE_TAKEN when its code exists (also when two submits race: the
     * code is unique). The job runs it from then on like the published ones; nothing changes its
     * definition afterwards.
     */
    async createByStaff(
      actor: StaffActor,
      input: {
        code: string;
        name: string;
        rule: StrategyRule;
        symbols: string[];
        weights?: number[] | undefined;
        lookback?: number | undefined;
        top?: number | undefined;
        managementBasisPoints: number;
        performanceBasisPoints: number;
        noticeDays: number;
        minimumFollow: bigint;
        reason: string;
      },
    ) {
      await ensurePublished();
      const definition: StrategyDefinition = {
        code: input.code,
        name: input.name,
        rule: input.rule,
        symbols: input.symbols,
        weights: input.weights ?? null,
        lookback: input.lookback ?? null,
        top: input.top ?? null,
        managementBasisPoints: input.managementBasisPoints,
        performanceBasisPoints: input.performanceBasisPoints,
        noticeDays: input.noticeDays,
        strikeTime: CREATED_STRIKE_TIME,
        minimumFollowMinor: input.minimumFollow,
      };
      const taken = () => new DomainError('STRATEGY_CODE_TAKEN', { code: input.code });
      if (await repository.findStrategyByCode(db, input.code)) throw taken();
      const currency = checkDefinition(definition);
      let created: StrategyRow;
      try {
        created = await db.transaction(async (tx) => {
          if (await repository.findStrategyByCode(tx, input.code)) throw taken();
          const row = await repository.insertStrategy(tx, await openValues(tx, definition, currency));
          await audit.record(tx, actor, {
            action: 'strategy.created',
            targetType: 'strategy',
            targetId: row.id,
            reason: input.reason,
            before: null,
            after: auditedDefinition(row),
          });
          return row;
        });
      } catch (error) {
        if (isPgError(error, '23505')) throw taken();
        throw error;
      }
      return presentForStaff(created, undefined);
    },

    /** Stops a strategy taking follows from `at` (COPY_TRADING_CLOSED after it); redemptions go on. */
    async close(code: string, at: Date) {
      await ensurePublished();
      const row = await repository.findStrategyByCode(db, code);
      if (!row) throw new DomainError('PRODUCT_UNAVAILABLE');
      await repository.updateStrategy(db, row.id, { closedAt: at });
    },

    /** The strategy account's value at the given prices, with its units and NAV (tests, checks). */
    async accountValue(code: string, prices: ReadonlyMap<string, bigint>) {
      const row = await repository.findStrategyByCode(db, code);
      if (!row) throw new DomainError('PRODUCT_UNAVAILABLE');
      const account = await accountOf(db, row, prices);
      return { ...account, unitsMinor: row.unitsMinor, nav: row.lastNav, row };
    },
  };
}

export type StrategiesService = ReturnType<typeof createStrategiesService>;
