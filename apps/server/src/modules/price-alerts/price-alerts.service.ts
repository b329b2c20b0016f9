import {
  DomainError,
  formatDecimal,
  parseDecimal,
  PRICE_ALERT_CHANGE_PERCENT_MAX,
  PRICE_ALERTS_ACTIVE_MAX,
  type PriceAlertCondition,
} from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import type { Quote } from '../../market/provider';
import type { MarketService } from '../market/market.service';
import type { MessagesService } from '../messages/messages.service';
import type { UsersService } from '../users/users.service';
import { isMet, PriceAlertIndex, type IndexedAlert } from './price-alert-index';
import * as repository from './price-alerts.repository';

// Price alerts (issue 14, item 4): above/below a price, or the day's change up/down by a
// percentage, evaluated on the quote stream through an index by symbol (a tick looks at its
// symbol's alerts only). An alert fires once: its state leaves 'active' in the transaction that
// posts the user's message, so two nodes seeing the same tick fire it once.

/** How often a node reads every active alert again (alerts set on other nodes). */
const RELOAD_MS = 30_000;
const CHANGE_SCALE = 2;

const isPriceCondition = (condition: PriceAlertCondition) =>
  condition === 'price_above' || condition === 'price_below';

/** A price as shown: at least two decimals, no trailing zeros beyond them ("52.10", "1.085123"). */
export function shownPrice(minor: bigint, scale: number): string {
  const text = formatDecimal(minor, scale);
  return text.replace(/(\.\d\d\d*?)0+$/, '$1');
}

export function createPriceAlertsService(deps: {
  db: Database;
  clock: Clock;
  market: MarketService;
  messages: MessagesService;
  users: UsersService;
}) {
  const { db, clock, market, messages, users } = deps;
  const index = new PriceAlertIndex();
  let loadedAtMs = Number.NEGATIVE_INFINITY;

  const toAlert = (row: repository.PriceAlertRow) => {
    const instrument = market.instrumentOf(row.symbol);
    return {
      id: row.id.toString(),
      symbol: row.symbol,
      name: instrument.name,
      condition: row.condition,
      value:
        row.priceMinor !== null
          ? shownPrice(row.priceMinor, instrument.priceScale)
          : formatDecimal(BigInt(row.changeBasisPoints ?? 0), CHANGE_SCALE),
      currency: instrument.currency,
      state: row.state,
      createdAt: row.createdAt.toISOString(),
      triggeredAt: row.triggeredAt?.toISOString() ?? null,
      triggeredPrice:
        row.triggeredPriceMinor === null ? null : shownPrice(row.triggeredPriceMinor, instrument.priceScale),
    };
  };

  const indexed = (row: repository.PriceAlertRow): IndexedAlert => ({
    id: row.id,
    symbol: row.symbol,
    condition: row.condition,
    priceMinor: row.priceMinor,
    changeBasisPoints: row.changeBasisPoints,
  });

  async function quoteOrNull(symbol: string): Promise<Quote | null> {
    try {
      return await market.currentQuote(symbol);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'PRICE_UNAVAILABLE') return null;
      throw error;
    }
  }

  /** Fires one alert once, posting the user's message in the same transaction. */
  async function fire(alert: IndexedAlert, quote: Quote): Promise<boolean> {
    const instrument = market.instrumentOf(alert.symbol);
    const isFired = await db.transaction(async (tx) => {
      const row = await repository.fireActive(tx, alert.id, quote.lastMinor, clock.now());
      if (!row) return false;
      await messages.post(tx, row.userId, 'price_alert', {
        symbol: row.symbol,
        name: instrument.name,
        condition: row.condition,
        level: toAlert(row).value,
        price: shownPrice(quote.lastMinor, instrument.priceScale),
        currency: instrument.currency,
      });
      return true;
    });
    index.remove(alert.symbol, alert.id);
    return isFired;
  }

  return {
    async list(userId: bigint) {
      return (await repository.listAlerts(db, userId)).map(toAlert);
    },

    async create(userId: bigint, input: { symbol: string; condition: PriceAlertCondition; value: string }) {
      const instrument = market.instrumentOf(input.symbol);
      const isPrice = isPriceCondition(input.condition);
      const level = parseDecimal(input.value, isPrice ? instrument.priceScale : CHANGE_SCALE);
      const changeMax = BigInt(PRICE_ALERT_CHANGE_PERCENT_MAX * 100);
      if (level === null || level <= 0n || (!isPrice && level > changeMax)) {
        throw new DomainError('ALERT_VALUE_INVALID', { maximum: String(PRICE_ALERT_CHANGE_PERCENT_MAX) });
      }
      const alert = { symbol: instrument.symbol, condition: input.condition };
      const levels = isPrice
        ? { priceMinor: level, changeBasisPoints: null }
        : { priceMinor: null, changeBasisPoints: Number(level) };
      const quote = await quoteOrNull(instrument.symbol);
      if (quote && isMet({ id: 0n, ...alert, ...levels }, quote.lastMinor, quote.previousCloseMinor)) {
        throw new DomainError('ALERT_ALREADY_MET', {
          symbol: instrument.symbol,
          price: shownPrice(quote.lastMinor, instrument.priceScale),
        });
      }
      const row = await db.transaction(async (tx) => {
        // The user's row lock serialises their creations, so the limit holds under parallel calls.
        await users.lock(tx, userId);
        if ((await repository.countActive(tx, userId)) >= PRICE_ALERTS_ACTIVE_MAX) {
          throw new DomainError('ALERT_LIMIT_REACHED', { limit: PRICE_ALERTS_ACTIVE_MAX });
        }
        return repository.insertAlert(tx, { userId, ...alert, ...levels, createdAt: clock.now() });
      });
      index.add(indexed(row));
      return toAlert(row);
    },

    async cancel(userId: bigint, id: bigint) {
      const row = await repository.cancelActive(db, userId, id, clock.now());
      if (!row) {
        const existing = await repository.findAlert(db, userId, id);
        throw new DomainError(existing ? 'ALERT_NOT_ACTIVE' : 'ALERT_NOT_FOUND');
      }
      index.remove(row.symbol, row.id);
      return toAlert(row);
    },

    /**
     * The quote stream: fires the alerts these symbols' current quotes meet (only the symbols'
     * own alerts, from the index). Answers how many fired here.
     */
    async onQuotes(symbols: readonly string[]): Promise<number> {
      const nowMs = clock.now().getTime();
      if (nowMs - loadedAtMs >= RELOAD_MS) {
        loadedAtMs = nowMs;
        await index.reload(() => repository.activeAlerts(db));
      }
      let fired = 0;
      for (const symbol of symbols) {
        if (!index.has(symbol)) continue;
        const quote = await quoteOrNull(symbol);
        if (!quote) continue;
        for (const alert of index.met(symbol, quote.lastMinor, quote.previousCloseMinor)) {
          if (await fire(alert, quote)) fired += 1;
        }
      }
      return fired;
    },
  };
}

export type PriceAlertsService = ReturnType<typeof createPriceAlertsService>;
