import type { commonEndpoints, fundsEndpoints, identityEndpoints, userEndpoints } from '@beurs/contract';

// Paths of the calls the app makes, by endpoint name. Only the types come from the contract here,
// so zod stays out of the app bundle; endpoints.test.ts checks each path against the contract.
type Paths<E> = { readonly [K in keyof E]: `/${string}` };

export const userPaths = {
  register: '/user/register',
  login: '/user/login',
  logout: '/user/logout',
  getUserinfo: '/user/getUserinfo',
  changePassword: '/user/changePassword',
  sessions: '/user/sessions',
  revokeSession: '/user/revokeSession',
  revokeOtherSessions: '/user/revokeOtherSessions',
  notice: '/user/notice',
} as const satisfies Paths<typeof userEndpoints>;

export const commonPaths = {
  config: '/common/config',
} as const satisfies Paths<typeof commonEndpoints>;

export const fundsPaths = {
  scamCheck: '/information/scamCheck',
  bankList: '/information/bankList',
  addBankCard: '/information/addBankCard',
  deleteBankCard: '/information/deleteBankCard',
  walletList: '/information/wallet',
  addWallet: '/information/addWallet',
  deleteWallet: '/information/deleteWallet',
  rechargeChannel: '/recharge/channels',
  recharge: '/recharge/submit',
  depositList: '/recharge/list',
  withdrawalRules: '/cashOut/rules',
  cashOut: '/cashOut/submit',
  withdrawalList: '/cashOut/list',
  exchangeQuote: '/exChange/quote',
  exchange: '/exChange/submit',
  fundRecord: '/fundRecord/list',
} as const satisfies Paths<typeof fundsEndpoints>;

export const identityPaths = {
  authInfo: '/information/authInfo',
  submitAuth: '/information/submitAuth',
  fundPassword: '/information/fundPass',
  setFundPassword: '/information/fundPass/set',
  changeFundPassword: '/information/fundPass/change',
  resetFundPassword: '/information/fundPass/reset',
} as const satisfies Paths<typeof identityEndpoints>;
