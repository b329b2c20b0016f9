import { DomainError, formatCash, formatDecimal, parseDecimal, scales, type Currency } from '@beurs/contract';
import type { Clock } from '../../core/clock';
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
import * as repository from './exchange.repository';
import type { ExchangeRow } from './exchange.repository';

// Currency exchange EUR ↔ USD at the market-data EUR/USD rate minus a disclosed spread, posted
// through the ledger's FX house accounts: user `from` → fx `from`, fx `to` → user `to`, one entry.
// The user confirms with the amount they were quoted; if the rate moved against them since, the
// call is refused with EXCHANGE_RATE_CHANGED and the new amount, so nobody gets less than shown.

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
  spreadBasisPoints: number;
}) {
  const { db, clock, ledger, market, restrictions, users, spreadBasisPoints } = deps;

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
    row: Omit<ExchangeRow, 'id' | 'userId' | 'idempotencyKey' | 'requestHash' | 'createdAt'>,
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

    async quote(input: { from: Currency; to: Currency; amount: bigint }) {
      const computed = await quote(input);
      return toAnswer({
        fromCurrency: computed.from,
        toCurrency: computed.to,
        amountMinor: computed.amountMinor,
        receivedMinor: computed.receivedMinor,
        marketRateMinor: computed.marketRateMinor,
        appliedRateMinor: computed.appliedRateMinor,
        spreadBasisPoints: computed.spreadBasisPoints,
        rateSource: computed.source,
        rateTimestamp: computed.timestamp,
        entryId: 0n,
      });
    },

    async exchange(
      userId: bigint,
      input: { from: Currency; to: Currency; amount: bigint; minimumReceived: bigint },
      idempotencyKeyHeader: string | undefined,
    ) {
      const idempotencyKey = requireIdempotencyKey(idempotencyKeyHeader);
      const hash = requestHash({ ...input });
      const earlier = replayOrRefuse(await repository.findByIdempotencyKey(db, userId, idempotencyKey), hash);
      if (earlier) return { ...toAnswer(earlier), entryId: earlier.entryId.toString() };

      await restrictions.assertAllowed(userId, 'exchange');
      const computed = await quote(input);
      if (computed.receivedMinor < input.minimumReceived) {
        throw new DomainError('EXCHANGE_RATE_CHANGED', { received: formatCash(computed.receivedMinor) });
      }
      const rateText = formatDecimal(computed.appliedRateMinor, scales.fxRate);
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
            const entry = await ledger.transfer(tx, {
              idempotencyKey: `exchange:${userId}:${idempotencyKey}`,
              kind: 'exchange',
              source: { type: 'exchange', id: exchangeId.toString() },
              memo: `Exchange ${formatCash(input.amount)} ${input.from} → ${formatCash(computed.receivedMinor)} ${input.to} at ${rateText} (${computed.source}, spread ${spreadBasisPoints} bp)`,
              postings: [
                { account: userAccount(userId, input.from), amountMinor: -input.amount },
                { account: houseAccount('fx', input.from), amountMinor: input.amount },
                { account: houseAccount('fx', input.to), amountMinor: -computed.receivedMinor },
                { account: userAccount(userId, input.to), amountMinor: computed.receivedMinor },
              ],
            });
            return repository.insertExchange(tx, {
              id: exchangeId,
              userId,
              fromCurrency: input.from,
              toCurrency: input.to,
              amountMinor: input.amount,
              receivedMinor: computed.receivedMinor,
              marketRateMinor: computed.marketRateMinor,
              appliedRateMinor: computed.appliedRateMinor,
              spreadBasisPoints,
              rateSource: computed.source,
              rateTimestamp: computed.timestamp,
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
