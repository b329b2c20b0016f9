import { expect } from 'vitest';
import { call, signUp } from '../../../test/helpers/build-app';
import { describeDecidedOnceAtOnce } from '../decisions/decided-once-test-support';
import { callAdmin } from '../staff-auth/admin-test-support';
import { uploadSample, VALID_NATIONAL_NUMBER } from '../uploads/upload-test-support';

// Approving verifies the user with the submitted name; rejecting fails it with that staff's reason.
describeDecidedOnceAtOnce({
  name: 'an identity submission',
  reviewPath: '/identity/review',
  targetType: 'identity_submission',
  actionPrefix: 'identity',
  role: 'reviewer',
  async prepare(testApp, admin) {
    const user = await signUp(testApp);
    const submitted = await call(
      testApp.app,
      '/information/submitAuth',
      {
        realname: 'Lotte Claes',
        documentType: 'be_national_register',
        documentNumber: VALID_NATIONAL_NUMBER,
        frontImageId: await uploadSample(testApp, user),
        backImageId: await uploadSample(testApp, user),
      },
      user,
    );
    expect(submitted.json().status).toBe(1);
    const list = await callAdmin(testApp, '/identity/list', { state: 'under_review', pageSize: 100 }, admin);
    const item = list
      .json()
      .data.items.find((candidate: { account: string }) => candidate.account === user.account);
    return {
      id: item.id,
      async expectDecided(decision) {
        const info = (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data;
        expect(info).toMatchObject(
          decision === 'approve'
            ? { identityState: 'authenticated', realname: 'Lotte Claes', is_true: 1 }
            : { identityState: 'failed', is_true: 0 },
        );
      },
    };
  },
});
