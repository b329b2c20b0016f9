import { DomainError } from '@beurs/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey, createChannel, readyDepositor } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { staffUsers } from '../staff/staff.tables';
import { uploadSample } from '../uploads/upload-test-support';
import { users } from '../users/users.tables';
import { FUND_PASSWORD, fundedUser } from './withdrawal-test-support';

// A user's cancel and a staff approval of the same pending item, sent at once, go through the
// same decide-once lock: exactly one outcome — approved (and paid out, or credited) or cancelled
// (and the hold released) — never both; one audit row; the ledger verifies. Meant for PostgreSQL
// (npm run test:pg), where both calls run at once on separate connections; on PGlite they are
// serialised, and the answers must be the same. Each round alternates which call is sent first.

const ROUNDS = 10;

let testApp: TestApp;
let admin: StaffHeaders;
let finance: StaffHeaders;
let channelId: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
  finance = await createStaff(testApp, admin, 'finance');
  channelId = await createChannel(testApp, finance);
});
afterAll(() => testApp.close());

type User = { token: string; account: string };

/**
 * Sends the cancel and the approval at once, straight to the services so that their transactions
 * overlap (the HTTP layer's session checks would mostly separate them); answers which one won.
 * The loser is refused with its catalogued code, never a fault.
 */
async function race(round: number, user: User, kind: 'deposits' | 'withdrawals', id: string) {
  const { services } = testApp.app;
  const [userRow] = await testApp.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.account, user.account));
  const [staffRow] = await testApp.database.db
    .select({ staffId: staffUsers.id, username: staffUsers.username })
    .from(staffUsers)
    .where(eq(staffUsers.role, 'finance'))
    .limit(1);
  if (!userRow || !staffRow) throw new Error('user or finance staff member not found');
  const calls = [
    () => services[kind].cancel(userRow.id, { id }),
    () => services[kind].review(staffRow, { id, decision: 'approve', reason: 'matched at once' }),
  ];
  const ordered = round % 2 === 0 ? calls : [...calls].reverse();
  const settled = await Promise.allSettled(ordered.map((send) => send()));
  const [cancelled, approved] = round % 2 === 0 ? settled : [...settled].reverse();
  if (!cancelled || !approved) throw new Error('two answers expected');
  expect([cancelled.status, approved.status].sort()).toEqual(['fulfilled', 'rejected']);
  const refusal =
    cancelled.status === 'rejected'
      ? cancelled.reason
      : approved.status === 'rejected'
        ? approved.reason
        : null;
  expect(refusal).toBeInstanceOf(DomainError);
  if (cancelled.status === 'fulfilled') {
    expect((refusal as DomainError).code).toBe('ALREADY_PROCESSED');
    return 'cancel' as const;
  }
  expect((refusal as DomainError).code).toBe('FUND_OPERATION_NOT_PENDING');
  return 'approve' as const;
}

async function expectOneAuditRow(targetType: string, id: string, winner: 'cancel' | 'approve') {
  const log = (
    await callAdmin(testApp, '/audit/list', { targetType, targetId: id, pageSize: 10 }, admin)
  ).json().data;
  expect(log.total).toBe(1);
  expect(log.items[0].action).toBe(`${targetType}.${winner}`);
}

describe('a cancel racing a staff approval', () => {
  it(`withdrawal: paid out or cancelled and released, never both (${ROUNDS} rounds)`, async () => {
    const winners: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await fundedUser(testApp, admin, '600.00', channelId);
      const submitted = await callWithKey(
        testApp,
        '/cashOut/submit',
        { currency: 'EUR', amount: '200.00', cardId: user.cardId, fundPassword: FUND_PASSWORD },
        user,
      );
      const id = submitted.json().data.id as string;
      const winner = await race(round, user, 'withdrawals', id);
      winners.push(winner);
      const list = (await call(testApp.app, '/cashOut/list', {}, user)).json().data.items;
      expect(list).toMatchObject([{ id, state: winner === 'cancel' ? 'cancelled' : 'approved' }]);
      const info = (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data;
      expect(info.balances[0]).toMatchObject({
        available: winner === 'cancel' ? '600.00' : '400.00',
        frozen: '0.00',
      });
      await expectOneAuditRow('withdrawal', id, winner);
    }
    console.info(`withdrawal cancel/approve race winners: ${winners.join(', ')}`);
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });

  it(`deposit: credited or cancelled, never both (${ROUNDS} rounds)`, async () => {
    const winners: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const user = await readyDepositor(testApp, admin);
      const proofImageId = await uploadSample(testApp, user);
      const submitted = await callWithKey(
        testApp,
        '/recharge/submit',
        { channelId, amount: '75.00', proofImageId },
        user,
      );
      const id = submitted.json().data.id as string;
      const winner = await race(round, user, 'deposits', id);
      winners.push(winner);
      const list = (await call(testApp.app, '/recharge/list', {}, user)).json().data.items;
      expect(list).toMatchObject([{ id, state: winner === 'cancel' ? 'cancelled' : 'approved' }]);
      const info = (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data;
      expect(info.balances[0]).toMatchObject({ available: winner === 'cancel' ? '0.00' : '75.00' });
      await expectOneAuditRow('deposit', id, winner);
    }
    console.info(`deposit cancel/approve race winners: ${winners.join(', ')}`);
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });
});
