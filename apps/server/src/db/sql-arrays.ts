import { sql, type SQL } from 'drizzle-orm';

/**
 * A bigint[] parameter for a batch statement (`unnest(...)`): one text parameter holding the array
 * literal, however many values, so a statement's parameter count stays fixed. NULL stays NULL.
 */
export function bigintArray(values: readonly (bigint | null)[]): SQL {
  const literal = `{${values.map((value) => (value === null ? 'NULL' : value.toString())).join(',')}}`;
  return sql`${literal}::bigint[]`;
}
