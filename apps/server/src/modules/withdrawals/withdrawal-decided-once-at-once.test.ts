import { expect } from 'vitest';
import { call } from '../../../test/helpers/build-app';
import { describeDecidedOnceAtOnce } from '../decisions/decided-once-test-support';
import { callWithKey } from '../deposits/deposit-test-support';
import { FUND_PASSWORD, fundedUser } from './withdrawal-test-support';

// Paying out takes the held amount once; rejecting returns all of it once.
describeDecidedOnceAtOnce({
  name: 'a withdrawal',
  reviewPath: '/withdrawals/review',
  targetType: 'withdrawal',
  actionPrefix: 'withdrawal',
  role: 'finance',
  async prepare(testApp, admin) {
    const user = await fundedUser(testApp, admin, '600.00');
    const submitted = await callWithKey(
      testApp,
      '/cashOut/submit',
      { currency: 'EUR', amount: '200.00', cardId: user.cardId, fundPassword: FUND_PASSWORD },
      user,
    );
    return {
      id: submitted.json().data.id,
      async expectDecided(decision) {
        const withdrawals = (await call(testApp.app, '/cashOut/list', {}, user)).json().data.items;
        expect(withdrawals).toMatchObject([{ state: decision === 'approve' ? 'approved' : 'rejected' }]);
        const info = (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data;
        expect(info.balances[0]).toMatchObject({
          available: decision === 'approve' ? '400.00' : '600.00',
          frozen: '0.00',
        });
      },
    };
  },
});
