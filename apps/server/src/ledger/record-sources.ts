import { formatCash, formatDecimal, scales, type Currency, type RecordDetail } from '@beurs/contract';
import type { UserCashEntry } from './ledger-records.repository';

// Records are ledger entries described by the module that owns their source (CONVENTIONS.md
// "Seams"): the records module pages the entries and hands each module its own, once per page;
// the module reads its rows by the sources' ids and answers a detail per entry.

/** What a module needs to describe one of its records: the entry, its kind and its source. */
export type RecordEntry = Pick<UserCashEntry, 'id' | 'kind' | 'sourceType' | 'sourceId' | 'idempotencyKey'>;

/** A module's descriptions of a page of its records, by entry id (an entry with no row has none). */
export type RecordDetails = Map<bigint, RecordDetail>;

const NUMERIC_ID = /^\d{1,18}$/;

/** The sources' ids as numbers, once each (a source id that is not a number names no row). */
export function sourceIdsOf(entries: readonly RecordEntry[]): bigint[] {
  const ids = entries.map((entry) => entry.sourceId).filter((id) => NUMERIC_ID.test(id));
  return [...new Set(ids)].map((id) => BigInt(id));
}

/** Each entry's detail from the row its source names (`describe` may still answer null). */
export function describeBySource<Row extends { id: bigint }>(
  entries: readonly RecordEntry[],
  rows: readonly Row[],
  describe: (row: Row, entry: RecordEntry) => RecordDetail | null,
): RecordDetails {
  const byId = new Map(rows.map((row) => [row.id.toString(), row]));
  const details: RecordDetails = new Map();
  for (const entry of entries) {
    const row = byId.get(entry.sourceId);
    const detail = row ? describe(row, entry) : null;
    if (detail) details.set(entry.id, detail);
  }
  return details;
}

/** A fixed-price subscription row (an IPO's or a placement's), as its record needs it. */
type FixedPriceSubscription = {
  id: bigint;
  quantity: bigint;
  feeMinor: bigint;
  frozenMinor: bigint;
  allocatedQuantity: bigint | null;
};

/** What a subscription's record shows of its offering or placement. */
type FixedPriceTerms = { symbol: string; priceMinor: bigint; currency: Currency; isClosedEarly: boolean };

/**
 * The records of IPO or placement subscriptions' own entries (their source id is the
 * subscription's): the hold when subscribing, and the release when nothing was allocated or the
 * refund of a placement closed early. An allocation is an order and its fill, described by Trading.
 * `rows` are the user's subscriptions the entries name; their products are read once per page.
 */
export async function describeFixedPriceSubscriptions<Row extends FixedPriceSubscription, Offer>(
  product: 'ipo' | 'placement',
  entries: readonly RecordEntry[],
  rows: readonly Row[],
  offers: {
    byIds: (ids: readonly bigint[]) => Promise<readonly (Offer & { id: bigint })[]>;
    idOf: (row: Row) => bigint;
    termsOf: (offer: Offer) => FixedPriceTerms;
  },
): Promise<RecordDetails> {
  const byId = new Map(
    (await offers.byIds([...new Set(rows.map(offers.idOf))])).map((offer) => [offer.id, offer]),
  );
  return describeBySource(entries, rows, (row, entry) => {
    const offer = byId.get(offers.idOf(row));
    if (!offer) return null;
    const terms = offers.termsOf(offer);
    return {
      type: 'subscription',
      product,
      event: entry.kind === 'hold_reserve' ? 'frozen' : terms.isClosedEarly ? 'refunded' : 'released',
      symbol: terms.symbol,
      quantity: row.quantity.toString(),
      price: formatDecimal(terms.priceMinor, scales.price),
      currency: terms.currency,
      fee: formatCash(row.feeMinor),
      frozen: formatCash(row.frozenMinor),
      allocatedQuantity: row.allocatedQuantity?.toString() ?? null,
    };
  });
}
