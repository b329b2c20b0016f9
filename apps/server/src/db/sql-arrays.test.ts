import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database';
import { bigintArray, intArray, textArray, timestamptzArray } from './sql-arrays';

// Batch statements pass each column as one array literal (unnest): every value must come back out
// of the literal exactly as it went in — a memo with quotes, backslashes, commas, braces and
// spaces, NULL apart from the text 'NULL', bigints past 2^53, instants to the millisecond.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

it('text, bigint, int and timestamptz arrays come back out of unnest exactly', async () => {
  const texts = [
    'Bought 10 UCB.BR at 1.0000 EUR (issue, IPO offering 1); fee 1.00, TOB 0.00',
    'a "quoted" memo',
    'back\\slash and \\"both\\"',
    '{braces}, commas',
    '  spaces around  ',
    '',
    'NULL',
    null,
    'ünïcødé € 中文',
  ];
  const bigints = [0n, -1n, 9_007_199_254_740_993n, null, -9_223_372_036_854_775_808n, 1n, 2n, 3n, 4n];
  const ints = [0, 1, -2, 3, 4, 5, 6, 7, 2_147_483_647];
  const instants = [new Date('2026-11-24T09:00:01.123Z'), null, ...Array(7).fill(new Date(0))];
  const result = (await database.db
    .execute(sql`select t::text as t, b::text as b, i, extract(epoch from ts) * 1000 as ms
    from unnest(${textArray(texts)}, ${bigintArray(bigints)}, ${intArray(ints)}, ${timestamptzArray(instants)})
      with ordinality as u (t, b, i, ts, n)
    order by n`)) as unknown as {
    rows: { t: string | null; b: string | null; i: number; ms: string | null }[];
  };
  expect(result.rows.map((row) => row.t)).toEqual(texts);
  expect(result.rows.map((row) => (row.b === null ? null : BigInt(row.b)))).toEqual(bigints);
  expect(result.rows.map((row) => Number(row.i))).toEqual(ints);
  expect(result.rows.map((row) => (row.ms === null ? null : Number(row.ms)))).toEqual(
    instants.map((instant) => (instant === null ? null : instant.getTime())),
  );
});

it('an int array refuses what is not an integer', () => {
  expect(() => intArray([1, 1.5])).toThrow(RangeError);
});
