import { DomainError, formatCash, formatDecimal, parseDecimal, scales, type Currency } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { RandomSource } from '../../core/random';
import type { Database } from '../../db/database';
import { houseAccount, userAccount } from '../../ledger/ledger-accounts';
import type { LedgerService } from '../../ledger/ledger.service';
import {
  describeBySource,
  sourceIdsOf,
  type RecordEntry,
  type RecordDetails,
} from '../../ledger/record-sources';
import {
  replayOrRefuse,
  requestHash,
  requireIdempotencyKey,
  writeOnce,
} from '../fund-operations/fund-operations.service';
import type { RestrictionsService } from '../restrictions/restrictions.service';
import type { UsersService } from '../users/users.service';
import { quoteExchange } from './exchange-quote';
import { signQuote, verifyQuote, type HeldQuote } from './exchange-quote-token';
import * as repository from './exchange.repository';
import type { ExchangeRow } from './exchange.repository';

// Currency exchange EUR ↔ USD at the market-data EUR/USD rate minus a disclosed spread, posted
// through the ledger's FX house accounts: user `from` → fx `from`, fx `to` → user `to`, one entry.
// A quote checks the user's available balance and is held for `quoteHoldSeconds`: it comes with a
// signed id (see exchange-quote-token.ts) naming the user, the amounts and the rate. Executing that
// id within the hold posts exactly the quoted amounts, whatever the market did since; after it, or
// a second time, it is refused with EXCHANGE_QUOTE_EXPIRED, and someone else's with
// EXCHANGE_QUOTE_INVALID.

/** What this module needs from market data: the rate with its source and time. */
export type FxRatePort = {
  fxRate(base: string, quote: string): Promise<{ rate: string; source: string; timestamp: string }>;
};

export function createExchangeService(deps: {
  db: Database;
  clock: Clock;
  ledger: LedgerService;
  market: FxRatePort;
  restrictions: RestrictionsService;
  users: UsersService;
  random: RandomSource;
  spreadBasisPoints: number;
  /** How long a quote holds, in seconds. */
  quoteHoldSeconds: number;
  /** The key that signs quotes; null: a random key for this process. */
  quoteSecret: string | null;
}) {
  const { db, clock, ledger, market, restrictions, users, random, spreadBasisPoints, quoteHoldSeconds } =
    deps;
  const quoteKey = deps.quoteSecret === null ? random.bytes(32) : Buffer.from(deps.quoteSecret, 'utf8');

  async function quote(input: { from: Currency; to: Currency; amount: bigint }) {
    if (input.from === input.to) throw new DomainError('EXCHANGE_SAME_CURRENCY');
    const rate = await market.fxRate('EUR', 'USD');
    const eurUsdMinor = parseDecimal(rate.rate, scales.fxRate);
    if (eurUsdMinor === null || eurUsdMinor <= 0n) throw new DomainError('PRICE_UNAVAILABLE');
    const computed = quoteExchange({
      from: input.from,
      to: input.to,
      amountMinor: input.amount,
      eurUsdMinor,
      spreadBasisPoints,
    });
    if (computed.receivedMinor <= 0n) throw new DomainError('INVALID_AMOUNT', { currency: input.from });
    return { ...computed, source: rate.source, timestamp: new Date(rate.timestamp) };
  }

  const toAnswer = (
    row: Omit<ExchangeRow, 'id' | 'userId' | 'idempotencyKey' | 'requestHash' | 'createdAt' | 'entryId'>,
  ) => ({
    from: row.fromCurrency,
    to: row.toCurrency,
    amount: formatCash(row.amountMinor),
    marketRate: formatDecimal(row.marketRateMinor, scales.fxRate),
    spreadBasisPoints: row.spreadBasisPoints,
    appliedRate: formatDecimal(row.appliedRateMinor, scales.fxRate),
    received: formatCash(row.receivedMinor),
    source: row.rateSource,
    timestamp: row.rateTimestamp.toISOString(),
  });

  const rowOf = (held: HeldQuote) => ({
    fromCurrency: held.from,
    toCurrency: held.to,
    amountMinor: held.amountMinor,
    receivedMinor: held.receivedMinor,
    marketRateMinor: held.marketRateMinor,
    appliedRateMinor: held.appliedRateMinor,
    spreadBasisPoints: held.spreadBasisPoints,
    rateSource: held.source,
    rateTimestamp: held.rateTimestamp,
  });

  return {
    /** Describes the user's exchange records (one entry, a line per currency): both sides and the rate. */
    async describeRecords(userId: bigint, entries: readonly RecordEntry[]): Promise<RecordDetails> {
      const rows = await repository.findUserExchangesByIds(db, userId, sourceIdsOf(entries));
      return describeBySource(entries, rows, (row) => ({
        type: 'exchange',
        from: row.fromCurrency,
        to: row.toCurrency,
        amount: formatCash(row.amountMinor),
        received: formatCash(row.receivedMinor),
        appliedRate: formatDecimal(row.appliedRateMinor, scales.fxRate),
        spreadBasisPoints: row.spreadBasisPoints,
        rateSource: row.rateSource,
      }));
    },

    /** A quote held for `quoteHoldSeconds`, refused above the user's available balance. */
    async quote(userId: bigint, input: { from: Currency; to: Currency; amount: bigint }) {
      const computed = await quote(input);
      const balances = await ledger.getCashBalances(db, userId);
      const available = balances.find((balance) => balance.currency === input.from)?.available ?? 0n;
      if (input.amount > available) {
        throw new DomainError('INSUFFICIENT_BALANCE', {
          currency: input.from,
          available: formatCash(available),
        });
      }
      const now = clock.now();
      const held: HeldQuote = {
        nonce: random.bytes(16).toString('hex'),
        userId,
        from: computed.from,
        to: computed.to,
        amountMinor: computed.amountMinor,
        marketRateMinor: computed.marketRateMinor,
        appliedRateMinor: computed.appliedRateMinor,
        receivedMinor: computed.receivedMinor,
        spreadBasisPoints: computed.spreadBasisPoints,
        source: computed.source,
        rateTimestamp: computed.timestamp,
        expiresAt: new Date(now.getTime() + quoteHoldSeconds * 1000),
      };
      return {
        ...toAnswer(rowOf(held)),
        quoteId: signQuote(quoteKey, held),
        holdSeconds: quoteHoldSeconds,
        expiresAt: held.expiresAt.toISOString(),
      };
    },

    /** Executes a held quote of this user: exactly its amounts, once, before it expires. */
    async exchange(userId: bigint, input: { quoteId: string }, idempotencyKeyHeader: string | undefined) {
      const idempotencyKey = requireIdempotencyKey(idempotencyKeyHeader);
      const hash = requestHash({ ...input });
      const earlier = replayOrRefuse(await repository.findByIdempotencyKey(db, userId, idempotencyKey), hash);
      if (earlier) return { ...toAnswer(earlier), entryId: earlier.entryId.toString() };

      const held = verifyQuote(quoteKey, input.quoteId);
      if (held === null || held.userId !== userId) throw new DomainError('EXCHANGE_QUOTE_INVALID');
      if (clock.now().getTime() >= held.expiresAt.getTime()) {
        throw new DomainError('EXCHANGE_QUOTE_EXPIRED', { seconds: quoteHoldSeconds });
      }
      await restrictions.assertAllowed(userId, 'exchange');
      const rateText = formatDecimal(held.appliedRateMinor, scales.fxRate);
      const row = await writeOnce({
        hash,
        write: () =>
          db.transaction(async (tx) => {
            // One exchange per user at a time: a second call with this key waits here and replays
            // the first (the entry names the exchange row, whose id is taken before the entry).
            await users.lock(tx, userId);
            const raced = replayOrRefuse(
              await repository.findByIdempotencyKey(tx, userId, idempotencyKey),
              hash,
            );
            if (raced) return raced;
            const exchangeId = await repository.nextId(tx);
            let entry;
            try {
              entry = await ledger.transfer(tx, {
                // Keyed by the quote: a quote moves money once, whatever idempotency key comes with it.
                idempotencyKey: `exchange-quote:${userId}:${held.nonce}`,
                kind: 'exchange',
                source: { type: 'exchange', id: exchangeId.toString() },
                memo: `Exchange ${formatCash(held.amountMinor)} ${held.from} → ${formatCash(held.receivedMinor)} ${held.to} at ${rateText} (${held.source}, spread ${held.spreadBasisPoints} bp)`,
                postings: [
                  { account: userAccount(userId, held.from), amountMinor: -held.amountMinor },
                  { account: houseAccount('fx', held.from), amountMinor: held.amountMinor },
                  { account: houseAccount('fx', held.to), amountMinor: -held.receivedMinor },
                  { account: userAccount(userId, held.to), amountMinor: held.receivedMinor },
                ],
              });
            } catch (error) {
              if (error instanceof DomainError && error.code === 'IDEMPOTENCY_KEY_REUSED') {
                throw new DomainError('EXCHANGE_QUOTE_EXPIRED', { seconds: quoteHoldSeconds });
              }
              throw error;
            }
            return repository.insertExchange(tx, {
              id: exchangeId,
              userId,
              ...rowOf(held),
              entryId: entry.entryId,
              idempotencyKey,
              requestHash: hash,
              createdAt: clock.now(),
            });
          }),
        findByKey: () => repository.findByIdempotencyKey(db, userId, idempotencyKey),
      });
      return { ...toAnswer(row), entryId: row.entryId.toString() };
    },
  };
}

export type ExchangeService = ReturnType<typeof createExchangeService>;
