import type { WithdrawalBarReason } from '@beurs/contract';
import type { TestApp } from '../../../test/helpers/build-app';
import { callAdmin, type StaffHeaders } from '../staff-auth/admin-test-support';

/** Bars a user's withdrawals as the rules ask: one staff member proposes, another approves. */
export async function barWithdrawals(
  testApp: TestApp,
  staff: { proposer: StaffHeaders; approver: StaffHeaders },
  account: string,
  options: { barReason?: WithdrawalBarReason; days?: number; note?: string } = {},
): Promise<{ id: string; expiresAt: string }> {
  const proposed = await callAdmin(
    testApp,
    '/users/withdrawalBar/propose',
    {
      account,
      barReason: options.barReason ?? 'court_order',
      note: options.note ?? 'Court order 2026/118 received by post',
      days: options.days ?? 30,
    },
    staff.proposer,
  );
  if (proposed.json().status !== 1) throw new Error(`withdrawal bar request failed: ${proposed.body}`);
  const id = proposed.json().data.id as string;
  const approved = await callAdmin(
    testApp,
    '/users/withdrawalBar/review',
    { id, decision: 'approve', reason: 'order checked against the register' },
    staff.approver,
  );
  if (approved.json().status !== 1) throw new Error(`withdrawal bar approval failed: ${approved.body}`);
  return { id, expiresAt: approved.json().data.expiresAt as string };
}
