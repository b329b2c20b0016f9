import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database';
import * as attemptLimits from '../modules/attempt-limits/attempt-limits.repository';
import * as fundPasswords from '../modules/fund-password/fund-password.repository';
import { liquidationLeasesRead } from '../modules/margin/margin-level.repository';
import * as users from '../modules/users/users.repository';
import { roundLookup } from './read-round';

// The reads before an order share one statement (read-round.ts). Each module's JSON read must give
// exactly what its Drizzle query gives for the same row — ids past 2^53, instants with microseconds
// (truncated to the millisecond as the drivers do), nulls, quotes and non-ASCII text, several
// restrictions of one user in their order — and the round must send one statement for reads of
// several kinds asked together, each caller getting its own key's value.

let database: TestDatabase;
const userIds: bigint[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.execute(sql`alter table users alter column id restart with 9007199254740993`);
  for (const [index, state] of (['authenticated', 'under_review', 'failed'] as const).entries()) {
    const rows =
      (await db.execute(sql`insert into users (account, password_hash, invited_by_code, realname, identity_state, created_at)
      values (${`3247000000${index}`}, 'x', 'CODE', ${index === 0 ? 'Zoë "Q" O\'Brien 中文' : ''}, ${state}, now())
      returning id::text as id`)) as unknown as { rows: Array<{ id: string }> };
    userIds.push(BigInt(rows.rows[0]!.id));
  }
  const [first, second] = userIds as [bigint, bigint];
  await db.execute(sql`insert into user_restrictions (user_id, kind, reason, staff_id, created_at, expires_at, lifted_at) values
    (${first}, 'trading_barred', 'a "reason" \\ with ünïcødé', 7, '2026-11-20 10:00:00.123456+00', null, null),
    (${first}, 'withdrawal_barred', 'AML_REVIEW', null, '2026-11-20 10:00:00.123999+00', '2026-12-01 00:00:00.000001+00', null),
    (${first}, 'frozen', 'lifted long ago', 3, '2026-11-19 09:00:00+00', null, '2026-11-19 10:00:00+00'),
    (${second}, 'frozen', 'second', null, '2026-11-18 08:00:00.5+00', null, null)`);
  await db.execute(sql`insert into fund_passwords (user_id, password_hash, updated_at) values
    (${first}, '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', '2026-11-20 10:00:00.987654+00')`);
  await db.execute(sql`insert into attempt_counters (scope, subject, attempt_count, locked_until, updated_at) values
    ('fund_password', ${String(first)}, 5, '2026-11-20 10:15:00.000999+00', '2026-11-20 10:00:00.5+00'),
    ('login', ${String(first)}, 0, null, '2026-11-20 09:00:00+00'),
    ('fund_password', ${String(second)}, 2, null, '2026-11-20 09:30:00.25+00')`);
  await db.execute(sql`insert into margin_liquidations (user_id, state, level_basis_points, equity_minor, maintenance_minor, started_at, claimed_until, ended_at) values
    (${first}, 'running', 9000, 100, 200, now(), '2026-11-20 10:00:30.123456+00', null),
    (${second}, 'done', 9000, 100, 200, now(), '2026-11-20 09:00:30+00', now())`);
});
afterAll(async () => {
  await database?.close();
});

describe('each read in the round gives what the module’s Drizzle query gives', () => {
  it('identities', async () => {
    const read = roundLookup(database.db, users.identitiesRead);
    for (const userId of [...userIds, 1n]) {
      expect(await read(userId)).toEqual(await users.findIdentity(database.db, userId));
    }
  });

  it('restrictions in force, oldest first', async () => {
    const read = roundLookup(database.db, users.restrictionsInForceRead);
    const [first] = userIds as [bigint];
    const expected = await users.listActiveRestrictions(database.db, first);
    expect(expected.map((row) => row.kind)).toEqual(['trading_barred', 'withdrawal_barred']);
    for (const userId of [...userIds, 1n]) {
      const rows = await users.listActiveRestrictions(database.db, userId);
      expect(await read(userId)).toEqual(rows.length === 0 ? undefined : rows);
    }
  });

  it('fund passwords', async () => {
    const read = roundLookup(database.db, fundPasswords.fundPasswordsRead);
    for (const userId of userIds) {
      expect(await read(userId)).toEqual(await fundPasswords.findFundPassword(database.db, userId));
    }
  });

  it('attempt counters', async () => {
    const read = roundLookup(database.db, attemptLimits.countersRead);
    for (const userId of userIds) {
      for (const scope of ['fund_password', 'login', 'staff_login'] as const) {
        const key = { scope, subject: String(userId) };
        expect(await read(key)).toEqual(await attemptLimits.findCounter(database.db, key));
      }
    }
    const lockedUntil = (await read({ scope: 'fund_password', subject: String(userIds[0]) }))?.lockedUntil;
    expect(lockedUntil?.toISOString()).toBe('2026-11-20T10:15:00.000Z');
  });

  it('running liquidations', async () => {
    const read = roundLookup(database.db, liquidationLeasesRead);
    const [first, second] = userIds as [bigint, bigint];
    expect((await read(first))?.toISOString()).toBe('2026-11-20T10:00:30.123Z');
    expect(await read(second)).toBeUndefined();
  });
});

it('reads of several kinds asked together go in one statement, each caller getting its own answer', async () => {
  const { db } = database;
  const [first, second] = userIds as [bigint, bigint];
  const identity = roundLookup(db, users.identitiesRead);
  const restrictions = roundLookup(db, users.restrictionsInForceRead);
  const password = roundLookup(db, fundPasswords.fundPasswordsRead);
  const execute = vi.spyOn(db, 'execute');
  try {
    // Nothing is running: the first two asks each start a round at once (two run at a time); the
    // others wait, then go together in the next one.
    const alone = identity(second);
    const alsoAlone = password(second);
    const together = Promise.all([
      identity(first),
      restrictions(first),
      password(first),
      identity(second),
      identity(first),
      restrictions(second),
      password(second),
    ]);
    expect((await alone)?.identityState).toBe('under_review');
    expect(await alsoAlone).toBeUndefined();
    const [firstIdentity, firstBars, firstPassword, secondIdentity, again, secondBars, secondPassword] =
      await together;
    expect(firstIdentity?.identityState).toBe('authenticated');
    expect(again).toEqual(firstIdentity);
    expect(firstBars?.map((row) => row.kind)).toEqual(['trading_barred', 'withdrawal_barred']);
    expect(firstPassword?.userId).toBe(first);
    expect(secondIdentity?.identityState).toBe('under_review');
    expect(secondBars?.map((row) => row.reason)).toEqual(['second']);
    expect(secondPassword).toBeUndefined();
    expect(execute).toHaveBeenCalledTimes(3);
    const third = new PgDialect().sqlToQuery(execute.mock.calls[2]![0] as SQL).sql;
    // One subquery per kind asked (users asked twice, for two users, is still one).
    expect(third.match(/json_agg/g)).toHaveLength(3);
    for (const table of ['users', 'user_restrictions', 'fund_passwords'])
      expect(third).toContain(`"${table}"`);
  } finally {
    execute.mockRestore();
  }
});
