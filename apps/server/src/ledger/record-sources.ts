import type { RecordDetail } from '@beurs/contract';
import type { UserCashEntry } from './ledger-records.repository';

// Records are ledger entries described by the module that owns their source (CONVENTIONS.md
// "Seams"): the records module pages the entries and hands each module its own, once per page;
// the module reads its rows by the sources' ids and answers a detail per entry.

/** What a module needs to describe one of its records: the entry, its kind and its source. */
export type RecordEntry = Pick<UserCashEntry, 'id' | 'kind' | 'sourceType' | 'sourceId'>;

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
