import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database';

// Many rows inserted by one statement whose every column is ONE array parameter:
//
//   insert into t (a, b, …) select * from unnest($1::type[], $2::type[], …) returning *
//
// Drizzle's `insert().values(rows)` binds a parameter per value, so a statement stops at 65,535
// values (a few thousand rows) and building it costs more than running it. Here the statement has
// as many parameters as the table has columns, whatever the number of rows (an IPO draw inserts
// fifty thousand orders at once), and the rows come back mapped as `insert().returning()` maps
// them, in the order of `rows`.
//
// The same column set for every row: a column is written when any row gives it, and then every row
// must give it (a column none gives takes its database default). Repositories only: they alone
// import tables.

/** One element of an array literal, quoted; NULL stays NULL. */
const element = (value: unknown): string => {
  if (value === null || value === undefined) return 'NULL';
  const text =
    typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : String(value);
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
};

const names = new WeakMap<PgColumn, string>();
/** The column's name in the database (the schema's keys are camelCase, the database snake_case). */
const columnName = (column: PgColumn) => {
  let name = names.get(column);
  if (name === undefined) {
    name = column.keyAsName ? toSnakeCase(column.name) : column.name;
    names.set(column, name);
  }
  return name;
};

/**
 * The written columns of `rows` as array parameters: `names[i]` is the database name of the
 * column `arrays[i]` carries (`$n::type[]`, one element per row). For a statement that unnests them
 * itself (a data-modifying CTE); `insertMany` is the plain insert.
 */
export function columnArrays<TTable extends PgTable>(
  table: TTable,
  rows: readonly TTable['$inferInsert'][],
): { names: string[]; arrays: SQL[] } {
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const written = columns.filter(([key]) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const arrays: SQL[] = written.map(([key, column]) => {
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      if (value === undefined) throw new Error(`insertMany ${getTableName(table)}: a row has no ${key}`);
      return value === null ? null : column.mapToDriverValue(value);
    });
    return sql`${`{${values.map(element).join(',')}}`}::${sql.raw(column.getSQLType())}[]`;
  });
  return { names: written.map(([, column]) => columnName(column)), arrays };
}

export async function insertMany<TTable extends PgTable>(
  db: Executor,
  table: TTable,
  rows: readonly TTable['$inferInsert'][],
  options: {
    /** `on conflict (these columns) do nothing`: a row that conflicts is skipped, not returned. */
    skipConflictsOn?: readonly PgColumn[];
  } = {},
): Promise<TTable['$inferSelect'][]> {
  if (rows.length === 0) return [];
  const { names: written, arrays } = columnArrays(table, rows);
  const names = sql.raw(written.map((name) => `"${name}"`).join(', '));
  const { skipConflictsOn } = options;
  const onConflict = skipConflictsOn
    ? sql.raw(
        ` on conflict (${skipConflictsOn.map((column) => `"${columnName(column)}"`).join(', ')}) do nothing`,
      )
    : sql``;
  const result = (await db.execute(
    sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})${onConflict} returning *`,
  )) as unknown as { rows: Record<string, unknown>[] };
  // `returning` of an INSERT … SELECT answers the rows in the order they were inserted, which is
  // the order of the arrays (less the skipped ones).
  if (!skipConflictsOn && result.rows.length !== rows.length) {
    throw new Error(`insertMany ${getTableName(table)}: ${result.rows.length} rows of ${rows.length}`);
  }
  return rowsOf(table, result.rows);
}

/** Raw rows of `table` (`returning *` of a statement built by hand) mapped as Drizzle maps them. */
export function rowsOf<TTable extends PgTable>(
  table: TTable,
  raws: readonly Record<string, unknown>[],
): TTable['$inferSelect'][] {
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  return raws.map((raw) => {
    const mapped: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[columnName(column)];
      mapped[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return mapped as TTable['$inferSelect'];
  });
}
