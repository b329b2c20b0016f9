import { expect } from 'vitest';
import { call } from '../../../test/helpers/build-app';
import { describeDecidedOnceAtOnce } from '../decisions/decided-once-test-support';
import { uploadSample } from '../uploads/upload-test-support';
import { callWithKey, createChannel, readyDepositor } from './deposit-test-support';

// Approving credits the deposit once; rejecting credits nothing.
describeDecidedOnceAtOnce({
  name: 'a deposit',
  reviewPath: '/deposits/review',
  targetType: 'deposit',
  actionPrefix: 'deposit',
  role: 'finance',
  async prepare(testApp, admin) {
    const user = await readyDepositor(testApp, admin);
    const channelId = await createChannel(testApp, admin);
    const proofImageId = await uploadSample(testApp, user);
    const submitted = await callWithKey(
      testApp,
      '/recharge/submit',
      { channelId, amount: '321.09', proofImageId },
      user,
    );
    return {
      id: submitted.json().data.id,
      async expectDecided(decision) {
        const deposits = (await call(testApp.app, '/recharge/list', {}, user)).json().data.items;
        expect(deposits).toMatchObject([{ state: decision === 'approve' ? 'approved' : 'rejected' }]);
        const info = (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data;
        expect(info.balances[0]).toMatchObject({ available: decision === 'approve' ? '321.09' : '0.00' });
      },
    };
  },
});
