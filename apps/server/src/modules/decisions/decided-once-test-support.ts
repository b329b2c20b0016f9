import type { StaffRole } from '@beurs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';

// The one concurrency test of decide-once, reused by every kind of decided item: two staff members
// decide the same item at once, in every pairing of approve and reject. Exactly one answer is the
// decision and the other is the catalogued refusal; the item shows the winner's decision and its
// effect once (balances, identity state); the audit log holds one row for the item, the winner's;
// the ledger verifies. Meant for PostgreSQL (npm run test:pg), where the two calls run at once on
// separate connections; on PGlite they are serialised, and the answers must be the same.

type Decision = 'approve' | 'reject';

export type DecidedOnceCase = {
  /** The kind of item, for the test names. */
  name: string;
  /** The back-office call that decides it, e.g. `/deposits/review`. */
  reviewPath: string;
  /** Its audit target type and action prefix (`deposit` → `deposit.approve`). */
  targetType: string;
  actionPrefix: string;
  /** The role that decides it (besides admin). */
  role: Exclude<StaffRole, 'demo_desk'>;
  /** Creates one item that waits for a decision. */
  prepare(testApp: TestApp, admin: StaffHeaders): Promise<PreparedItem>;
};

export type PreparedItem = {
  id: string;
  /** Checks that the item and its effect show `decision`, applied once. */
  expectDecided(decision: Decision): Promise<void>;
};

const pairings: Array<[Decision, Decision]> = [
  ['approve', 'approve'],
  ['approve', 'reject'],
  ['reject', 'approve'],
  ['reject', 'reject'],
];

export function describeDecidedOnceAtOnce(kind: DecidedOnceCase): void {
  describe(`${kind.name} decided by two staff at once`, () => {
    let testApp: TestApp;
    let admin: StaffHeaders;
    let staff: [StaffHeaders, StaffHeaders];

    beforeAll(async () => {
      testApp = await buildTestApp();
      admin = await adminLogin(testApp);
      staff = [await createStaff(testApp, admin, kind.role), await createStaff(testApp, admin, kind.role)];
    });
    afterAll(() => testApp.close());

    it.each(pairings)('%s and %s: one decision, one effect, one audit row', async (first, second) => {
      const item = await kind.prepare(testApp, admin);
      const answers = await Promise.all(
        ([first, second] as const).map((decision, index) =>
          callAdmin(
            testApp,
            kind.reviewPath,
            { id: item.id, decision, reason: `decided ${decision} by staff ${index + 1}` },
            staff[index],
          ),
        ),
      );
      const bodies = answers.map((answer) => answer.json());
      const winners = bodies.flatMap((body, index) => (body.status === 1 ? [index] : []));
      expect(winners).toHaveLength(1);
      const winner = winners[0] ?? 0;
      expect(bodies[1 - winner]).toMatchObject({ status: 0, code: 'ALREADY_PROCESSED' });
      const decision = winner === 0 ? first : second;

      await item.expectDecided(decision);
      const log = await callAdmin(
        testApp,
        '/audit/list',
        { targetType: kind.targetType, targetId: item.id, pageSize: 10 },
        admin,
      );
      expect(log.json().data.total).toBe(1);
      expect(log.json().data.items[0]).toMatchObject({
        action: `${kind.actionPrefix}.${decision}`,
        reason: `decided ${decision} by staff ${winner + 1}`,
      });
      expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
    });
  });
}
