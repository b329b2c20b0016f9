import { sql, type SQL } from 'drizzle-orm';
import { createBatcher, type Batcher } from '../core/batcher';
import type { Database } from './database';

// The hot reads outside transactions (those before every order placement: the order by its key, the
// identity, the restrictions, the fund password, its attempt counter, a running liquidation) share
// one natural batch per database (core/batcher.ts), and the batch is one statement: each read kind
// asked in it is a scalar subquery answering its rows as one JSON array, side by side in a single
// `select`. A placement's reads thus cost one round trip together with other requests' reads,
// instead of one statement per kind: a statement's cost (a round trip, a socket write, a plan) is
// paid once (bench/README.md, "Trading"). All the reads of a batch see one snapshot.
//
// Each module writes its read in its own repository (only it names its tables): `rowsOf` selects
// `json_agg(json_build_array(…))` over the keys asked, every value as text where the drivers would
// disagree (bigint, timestamps: `jsonTime`); `collect` turns the array back into that module's
// rows, keyed as `keyOf` keys them. Each read is tested against the module's Drizzle query.

export type RoundRead<K, V> = {
  keyOf(key: K): string;
  /** A scalar subquery over these keys (distinct by `keyOf`): one JSON array, or NULL for no rows. */
  rowsOf(keys: readonly K[]): SQL;
  /** The value of each key found, from the JSON rows. */
  collect(rows: readonly unknown[]): ReadonlyMap<string, V>;
};

type Ask = { read: RoundRead<never, unknown>; key: unknown };

const rounds = new WeakMap<Database, Batcher<Ask, unknown>>();

/** Reads one key through the database's shared round: undefined when it has no row. */
export function roundLookup<K, V>(db: Database, read: RoundRead<K, V>): (key: K) => Promise<V | undefined> {
  const round = roundOf(db);
  return (key) => round.submit({ read: read as RoundRead<never, unknown>, key }) as Promise<V | undefined>;
}

function roundOf(db: Database): Batcher<Ask, unknown> {
  const existing = rounds.get(db);
  if (existing) return existing;
  const round = createBatcher<Ask, unknown>({
    maxSize: 512,
    concurrency: 2,
    run: async (asks) => {
      const reads = [...new Set(asks.map((ask) => ask.read))];
      const columns = reads.map((read, index) => {
        const keys = new Map<string, never>();
        for (const ask of asks)
          if (ask.read === read) keys.set(read.keyOf(ask.key as never), ask.key as never);
        return sql`(${read.rowsOf([...keys.values()])}) as ${sql.identifier(`r${index}`)}`;
      });
      const result = (await db.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as {
        rows: Array<Record<string, unknown>>;
      };
      const row = result.rows[0] ?? {};
      const found = new Map(
        reads.map((read, index) => {
          const value = row[`r${index}`];
          const rows =
            typeof value === 'string' ? (JSON.parse(value) as unknown[]) : ((value ?? []) as unknown[]);
          return [read, read.collect(rows)] as const;
        }),
      );
      return asks.map((ask) => found.get(ask.read)?.get(ask.read.keyOf(ask.key as never)));
    },
  });
  rounds.set(db, round);
  return round;
}

/**
 * A timestamp column as JSON: its milliseconds since the epoch as text (what the drivers give,
 * truncated to the millisecond as a JavaScript Date holds it), or null. `jsonDate` reads it back.
 */
export const jsonTime = (column: SQL | SQL.Aliased | { getSQL(): SQL }) =>
  sql`floor(extract(epoch from ${column}) * 1000)::bigint::text`;

export const jsonDate = (value: unknown): Date | null => (value === null ? null : new Date(Number(value)));
export const jsonBigint = (value: unknown): bigint | null => (value === null ? null : BigInt(String(value)));
