import { expect } from 'vitest';
import { call, signUp } from '../../../test/helpers/build-app';
import { describeDecidedOnceAtOnce } from '../decisions/decided-once-test-support';
import { callAdmin, createStaff } from '../staff-auth/admin-test-support';

// A correction above the threshold is posted once when approved, never when rejected. Its author
// is a finance member of its own, so the two deciders (created by the admin) are independent of it.
describeDecidedOnceAtOnce({
  name: 'a correction',
  reviewPath: '/corrections/review',
  targetType: 'correction',
  actionPrefix: 'correction',
  role: 'finance',
  async prepare(testApp, admin) {
    const author = await createStaff(testApp, admin, 'finance');
    const user = await signUp(testApp);
    const proposed = await callAdmin(
      testApp,
      '/corrections/propose',
      { account: user.account, currency: 'EUR', amount: '750.00', reason: 'Missed deposit credit' },
      author,
    );
    expect(proposed.json().data).toMatchObject({ state: 'pending' });
    return {
      id: proposed.json().data.id,
      async expectDecided(decision) {
        const info = (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data;
        expect(info.balances[0]).toMatchObject({ available: decision === 'approve' ? '750.00' : '0.00' });
        const listed = await callAdmin(
          testApp,
          '/corrections/list',
          { state: decision === 'approve' ? 'applied' : 'rejected', pageSize: 100 },
          admin,
        );
        expect(
          listed.json().data.items.filter((item: { id: string }) => item.id === proposed.json().data.id),
        ).toHaveLength(1);
      },
    };
  },
});
