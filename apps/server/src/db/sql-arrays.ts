import { sql, type SQL } from 'drizzle-orm';

/**
 * A bigint[] parameter for a batch statement (`unnest(...)`): one text parameter holding the array
 * literal, however many values, so a statement's parameter count stays fixed. NULL stays NULL.
 */
export function bigintArray(values: readonly (bigint | null)[]): SQL {
  const literal = `{${values.map((value) => (value === null ? 'NULL' : value.toString())).join(',')}}`;
  return sql`${literal}::bigint[]`;
}

/** One element of a PostgreSQL array literal: quoted (so commas, braces and spaces stay inside). */
const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** A text[] parameter, as `bigintArray` (every element quoted; NULL stays NULL). */
export function textArray(values: readonly (string | null)[]): SQL {
  const literal = `{${values.map((value) => (value === null ? 'NULL' : quoted(value))).join(',')}}`;
  return sql`${literal}::text[]`;
}

/** An int[] parameter, as `bigintArray`. */
export function intArray(values: readonly number[]): SQL {
  for (const value of values) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`intArray: ${value} is not an integer`);
  }
  return sql`${`{${values.join(',')}}`}::int[]`;
}

/** A timestamptz[] parameter (ISO texts), as `bigintArray`. */
export function timestamptzArray(values: readonly (Date | null)[]): SQL {
  const literal = `{${values.map((value) => (value === null ? 'NULL' : quoted(value.toISOString()))).join(',')}}`;
  return sql`${literal}::timestamptz[]`;
}
