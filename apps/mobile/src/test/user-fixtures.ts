import type { Data } from './fake-server';

/** A verified user's info with one EUR balance: `available`, `frozen`, and `totalAssets` (default: available). */
export const userInfo = (
  available: string,
  frozen = '0.00',
  totalAssets = available,
): Data<'/user/getUserinfo'> => ({
  is_true: 1,
  realname: 'An Peeters',
  account: '32470000001',
  identityState: 'authenticated',
  invitationCode: 'X',
  balances: [
    {
      currency: 'EUR',
      totalAssets,
      available,
      frozen,
      withdrawable: available,
      positionsValue: '0.00',
      marginCash: '0.00',
      owed: '0.00',
      owedMarginLoan: '0.00',
      owedCredit: '0.00',
      profit: '0.00',
    },
  ],
  restrictions: [],
  createdAt: '2026-11-21T10:00:00.000Z',
});
