import {
  DAY_TRADING_RULES,
  DomainError,
  formatCash,
  formatDecimal,
  parseDecimal,
  securityAsset,
  type MarginClass,
  type OrderTicket,
} from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database, Transaction } from '../../db/database';
import type { LedgerService } from '../../ledger/ledger.service';
import type { MarketService } from '../market/market.service';
import { leverageMax } from './margin-classes';
import * as repository from './day-trading.repository';
import type { DayTradeRow } from './day-trading.repository';

// Day trading (issue 16, item 5). A day trade is Trading's market buy with a leverage (the margin
// buy's path: the initial part frozen, the rest the user's margin loan), marked intraday: the
// leverage may go up to 1 / the intraday initial margin (configuration, 25 % by default: 4.00)
// instead of the instrument's cap, on an eligible instrument (its margin class, after staff
// overrides, in DAY_TRADING_RULES.eligibleClasses — the one place eligibility is decided), while
// its venue's regular session is open and before the auto-close time, the session's close minus
// DAY_TRADING_RULES.autoCloseMinutesBeforeClose. The fill writes a margin_day_trades row in its
// transaction. The day-trading job (jobs/margin-day-trading.job.ts) closes every such position
// still open at its auto-close time at market through Trading's engine (`placeForRule`): the
// sale's proceeds repay the margin loan first, as for any sale. Once per user, symbol and day: the
// rows are claimed by one node with a lease, the sale is keyed by them (a replay answers the same
// order), and the rows record the outcome and the closing order.

/** A claim on a group of day trades: another node may take it over after this without news. */
const CLAIM_MS = 60_000;
const MINUTE_MS = 60_000;

export type { DayTradeRow } from './day-trading.repository';

/**
 * What day trading asks of Trading, declared here so that margin does not import Trading's
 * service (Trading imports margin's): the auto-close places a rule order, the screen reads orders.
 */
export interface RuleOrderPlacer {
  placeForRule(userId: bigint, ticket: OrderTicket, idempotencyKey: string): Promise<{ id: string }>;
}
export interface OrderFillsReader {
  order(userId: bigint, orderId: bigint): Promise<{ fills: ReadonlyArray<{ total: string }> }>;
}

export type DayTradingConfig = {
  intradayInitialBasisPoints: number;
  /**
   * Trading's sell locks per market (configuration TRADE_SELL_LOCKS): a market with a lock is not
   * eligible, since the auto-close must be able to sell what was bought the same day.
   */
  sellLocks?: Readonly<Record<string, { days: number; minutes: number }>>;
};

export function createDayTrading(deps: {
  db: Database;
  clock: Clock;
  config: DayTradingConfig;
  market: Pick<MarketService, 'instrumentOf' | 'regularSession' | 'venueDate' | 'provider' | 'currentQuote'>;
  /** The one lookup of an instrument's margin (margin.service `instrumentMargin`). */
  instrumentMargin: (symbol: string) => { marginClass: MarginClass };
}) {
  const { db, clock, config, market, instrumentMargin } = deps;
  const intradayLeverageMax = leverageMax(config.intradayInitialBasisPoints) ?? '1.00';
  const eligibleClasses: readonly MarginClass[] = DAY_TRADING_RULES.eligibleClasses;

  /**
   * Whether day trades are allowed on this instrument: the one place it is decided — its margin
   * class is eligible and its market has no sell lock (the auto-close sells the same day).
   */
  function isEligible(symbol: string): boolean {
    const lock = config.sellLocks?.[market.instrumentOf(symbol).market];
    const isLocked = lock !== undefined && (lock.days > 0 || lock.minutes > 0);
    return !isLocked && eligibleClasses.includes(instrumentMargin(symbol).marginClass);
  }

  /** The venue's session now and the auto-close time of the session open now (null while closed). */
  function windowOf(symbol: string, nowMs: number) {
    const instrument = market.instrumentOf(symbol);
    const session = market.regularSession(instrument, nowMs);
    const autoCloseAtMs =
      session.isOpen && session.closesAtMs !== null
        ? session.closesAtMs - DAY_TRADING_RULES.autoCloseMinutesBeforeClose * MINUTE_MS
        : null;
    return {
      session,
      autoCloseAtMs,
      isOpenForDayTrades: autoCloseAtMs !== null && nowMs < autoCloseAtMs,
      venueDate: market.venueDate(instrument, nowMs),
    };
  }

  /** The published rules with the intraday margin in force. */
  function rules() {
    return {
      intradayInitialBasisPoints: config.intradayInitialBasisPoints,
      intradayLeverageMax,
      autoCloseMinutesBeforeClose: DAY_TRADING_RULES.autoCloseMinutesBeforeClose,
      eligibleClasses: [...eligibleClasses],
    };
  }

  /** The eligible instruments, each with its venue's session and auto-close time now. */
  function eligibleInstruments(nowMs: number) {
    return market.provider
      .instruments()
      .filter((instrument) => instrument.kind !== 'index' && instrument.kind !== 'forex')
      .filter((instrument) => isEligible(instrument.symbol))
      .map((instrument) => {
        const window = windowOf(instrument.symbol, nowMs);
        return {
          symbol: instrument.symbol,
          code: instrument.code,
          name: instrument.name,
          currency: instrument.currency,
          leverageMax: intradayLeverageMax,
          timeZone: window.session.timeZone,
          isOpenForDayTrades: window.isOpenForDayTrades,
          autoCloseAt: window.autoCloseAtMs === null ? null : new Date(window.autoCloseAtMs).toISOString(),
          opensAt:
            window.session.opensAtMs === null ? null : new Date(window.session.opensAtMs).toISOString(),
        };
      });
  }

  /**
   * A day-trade ticket checked (the margin account is checked by the caller): DAY_TRADE_NOT_ELIGIBLE,
   * DAY_TRADE_CUTOFF_PASSED outside the session or from the auto-close time, MARGIN_LEVERAGE_ABOVE_CAP
   * above 1 / the intraday margin.
   */
  function checkTicket(input: { symbol: string; leverageHundredths: number; nowMs: number }) {
    if (!isEligible(input.symbol)) throw new DomainError('DAY_TRADE_NOT_ELIGIBLE', { symbol: input.symbol });
    const window = windowOf(input.symbol, input.nowMs);
    if (!window.isOpenForDayTrades || window.autoCloseAtMs === null) {
      throw new DomainError('DAY_TRADE_CUTOFF_PASSED', {
        autoCloseAt: window.autoCloseAtMs === null ? '' : new Date(window.autoCloseAtMs).toISOString(),
      });
    }
    const capHundredths = Math.floor((10_000 * 100) / config.intradayInitialBasisPoints);
    if (input.leverageHundredths > capHundredths) {
      throw new DomainError('MARGIN_LEVERAGE_ABOVE_CAP', { leverageMax: intradayLeverageMax });
    }
    return { leverageMax: intradayLeverageMax, autoCloseAtMs: window.autoCloseAtMs };
  }

  /** A day-trade buy filled: its row, in the fill's transaction. */
  async function record(
    tx: Transaction,
    input: { orderId: bigint; userId: bigint; symbol: string; quantityMinor: bigint },
  ) {
    const nowMs = clock.now().getTime();
    const window = windowOf(input.symbol, nowMs);
    if (window.autoCloseAtMs === null) throw new Error('day trade filled outside its session');
    await repository.insertDayTrade(tx, {
      orderId: input.orderId,
      userId: input.userId,
      symbol: input.symbol,
      venueDate: window.venueDate,
      quantityMinor: input.quantityMinor,
      openedAt: new Date(nowMs),
      autoCloseAt: new Date(window.autoCloseAtMs),
    });
  }

  /**
   * The auto-close: every group (user, symbol, venue day) of day trades still open whose auto-close
   * time has come, claimed by this node, is sold at market — the quantity bought intraday, at most
   * what the user still holds — and the rows closed with the sale's order. Answers what it did.
   */
  async function closeDue(trading: RuleOrderPlacer, ledger: Pick<LedgerService, 'getUserBalances'>) {
    const now = clock.now();
    const due = await repository.dueGroups(db, now);
    const closes: Array<{
      userId: bigint;
      symbol: string;
      venueDate: string;
      outcome: 'sold' | 'nothing_held' | 'failed';
      orderId: string | null;
      quantity: string;
      error?: string;
    }> = [];
    for (const group of due) {
      const claimed = await repository.claimGroup(db, group, now, new Date(now.getTime() + CLAIM_MS));
      if (claimed.length === 0) continue;
      const instrument = market.instrumentOf(group.symbol);
      const boughtMinor = claimed.reduce((sum, row) => sum + row.quantityMinor, 0n);
      const balances = await ledger.getUserBalances(db, group.userId);
      const heldMinor =
        balances.find((balance) => balance.asset === securityAsset(group.symbol))?.available ?? 0n;
      const quantityMinor = boughtMinor < heldMinor ? boughtMinor : heldMinor;
      const quantity = formatDecimal(quantityMinor, instrument.quantityScale);
      const orderIds = claimed.map((row) => row.orderId);
      const finish = (set: { closeOutcome: 'sold' | 'nothing_held'; closeOrderId: bigint | null }) =>
        repository.closeRows(db, orderIds, { ...set, closedAt: clock.now() });
      if (quantityMinor <= 0n) {
        await finish({ closeOutcome: 'nothing_held', closeOrderId: null });
        closes.push({ ...group, outcome: 'nothing_held', orderId: null, quantity });
        continue;
      }
      try {
        const order = await trading.placeForRule(
          group.userId,
          {
            symbol: group.symbol,
            side: 'sell',
            type: 'market',
            timeInForce: 'ioc',
            queueForOpen: false,
            quantity,
          },
          `day-trade-close:${orderIds[0]?.toString() ?? ''}`,
        );
        await finish({ closeOutcome: 'sold', closeOrderId: BigInt(order.id) });
        closes.push({ ...group, outcome: 'sold', orderId: order.id, quantity });
      } catch (error) {
        // Left open (the claim lapses): the next run tries again, e.g. after a missing quote.
        await repository.releaseRows(db, orderIds);
        closes.push({
          ...group,
          outcome: 'failed',
          orderId: null,
          quantity,
          error: error instanceof DomainError ? error.code : String(error),
        });
      }
    }
    return closes;
  }

  const cashMinor = (text: string) => parseDecimal(text, 2) ?? 0n;

  /**
   * The screen: the rules, the eligible instruments, and the user's positions opened intraday on
   * each venue's current trading day (per symbol) with their P&L — realised for a closed one (the
   * sale's proceeds after costs − the buys' cost), unrealised for an open one (the quantity at the
   * last price − the cost).
   */
  async function overview(userId: bigint, input: { isMarginOpen: boolean; trading: OrderFillsReader }) {
    const now = clock.now();
    const nowMs = now.getTime();
    const since = new Date(nowMs - 2 * 24 * 60 * MINUTE_MS).toISOString().slice(0, 10);
    const rows = (await repository.userRowsSince(db, userId, since)).filter(
      (row) => row.venueDate === windowOf(row.symbol, nowMs).venueDate,
    );
    const groups = new Map<string, DayTradeRow[]>();
    for (const row of rows) groups.set(row.symbol, [...(groups.get(row.symbol) ?? []), row]);
    const positions: Array<{
      symbol: string;
      name: string;
      currency: string;
      venueDate: string;
      quantity: string;
      cost: string;
      autoCloseAt: string;
      state: 'open' | 'sold' | 'nothing_held';
      realisedMinor: bigint | null;
      unrealisedMinor: bigint | null;
    }> = [];
    for (const [symbol, group] of groups) {
      const instrument = market.instrumentOf(symbol);
      let costMinor = 0n;
      let quantityMinor = 0n;
      for (const row of group) {
        const order = await input.trading.order(userId, row.orderId);
        for (const fill of order.fills) costMinor += cashMinor(fill.total);
        quantityMinor += row.quantityMinor;
      }
      const open = group.some((row) => row.closedAt === null);
      const first = group[0] as DayTradeRow;
      let realised: bigint | null = null;
      let unrealised: bigint | null = null;
      if (!open && first.closeOutcome === 'sold' && first.closeOrderId !== null) {
        const sale = await input.trading.order(userId, first.closeOrderId);
        realised = sale.fills.reduce((sum, fill) => sum + cashMinor(fill.total), 0n) - costMinor;
      } else if (open) {
        const quote = await market.currentQuote(symbol).catch(() => null);
        if (quote) {
          const valueMinor =
            (quantityMinor * quote.lastMinor) /
            10n ** BigInt(instrument.quantityScale + instrument.priceScale - 2);
          unrealised = valueMinor - costMinor;
        }
      }
      positions.push({
        symbol,
        name: instrument.name,
        currency: instrument.currency,
        venueDate: first.venueDate,
        quantity: formatDecimal(quantityMinor, instrument.quantityScale),
        cost: formatCash(costMinor),
        autoCloseAt: first.autoCloseAt.toISOString(),
        state: open ? ('open' as const) : (first.closeOutcome ?? 'sold'),
        realisedMinor: realised,
        unrealisedMinor: unrealised,
      });
    }
    const currencies = [...new Set(positions.map((position) => position.currency))];
    return {
      rules: rules(),
      isMarginOpen: input.isMarginOpen,
      instruments: eligibleInstruments(nowMs),
      positions: positions.map(({ realisedMinor, unrealisedMinor, ...position }) => ({
        ...position,
        realised: realisedMinor === null ? null : formatCash(realisedMinor),
        unrealised: unrealisedMinor === null ? null : formatCash(unrealisedMinor),
      })),
      totals: currencies.map((currency) => {
        const mine = positions.filter((position) => position.currency === currency);
        const realised = mine.reduce((sum, position) => sum + (position.realisedMinor ?? 0n), 0n);
        const unrealised = mine.reduce((sum, position) => sum + (position.unrealisedMinor ?? 0n), 0n);
        return {
          currency,
          realised: formatCash(realised),
          unrealised: formatCash(unrealised),
          total: formatCash(realised + unrealised),
        };
      }),
    };
  }

  return {
    overview,
    isEligible,
    windowOf,
    rules,
    eligibleInstruments,
    checkTicket,
    record,
    closeDue,
    /** How many day trades are not closed (tests). */
    openCount: () => repository.openCount(db),
  };
}

export type DayTrading = ReturnType<typeof createDayTrading>;
