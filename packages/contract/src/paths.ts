// Every API path, defined once and zod-free (`@beurs/contract/paths`). The endpoint definitions
// take their paths from these tables (`defineEndpoints(userPaths, {...})`), the server registers
// routes from the endpoints, and clients call by these paths without loading zod.

/** User calls (the mobile app): POST JSON under this base. */
export const API_BASE_PATH = '/api/vue';
/** Staff calls (the back-office): POST JSON under this base, with the `staff-token` header. */
export const ADMIN_API_BASE_PATH = '/api/admin';

export type EndpointPath = `/${string}`;

// Headers

/** The user's session travels in these two headers on every user call. */
export const SESSION_TOKEN_HEADER = 'token';
export const SESSION_ACCOUNT_HEADER = 'account';
/** Sent by the app as the spec asks; accepted and ignored for authorisation (DESIGN.md §1.11). */
export const IS_ADMIN_HEADER = 'is-admin';
/** The staff session on back-office calls; never the user's `token`. */
export const STAFF_TOKEN_HEADER = 'staff-token';
/** Money-moving calls carry this header; the same key and body replays the first answer. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Every answer carries its request id in this header (and refusals in `requestId`). */
export const REQUEST_ID_HEADER = 'x-request-id';

// Under API_BASE_PATH

export const userPaths = {
  register: '/user/register',
  login: '/user/login',
  logout: '/user/logout',
  getUserinfo: '/user/getUserinfo',
  changePassword: '/user/changePassword',
  sessions: '/user/sessions',
  revokeSession: '/user/revokeSession',
  revokeOtherSessions: '/user/revokeOtherSessions',
  signInHistory: '/user/signInHistory',
  twoFactorStatus: '/user/twoFactor/status',
  twoFactorSetup: '/user/twoFactor/setup',
  twoFactorEnable: '/user/twoFactor/enable',
  twoFactorDisable: '/user/twoFactor/disable',
  notice: '/user/notice',
} as const;

export const commonPaths = {
  config: '/common/config',
} as const;

export const identityPaths = {
  authInfo: '/information/authInfo',
  submitAuth: '/information/submitAuth',
  fundPassword: '/information/fundPass',
  setFundPassword: '/information/fundPass/set',
  changeFundPassword: '/information/fundPass/change',
  resetFundPassword: '/information/fundPass/reset',
} as const;

/** Under ADMIN_API_BASE_PATH: a user's records (ledger entries) as staff read them. */
export const adminRecordsPaths = {
  userRecords: '/users/records',
} as const;

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
  depositCancel: '/recharge/cancel',
  withdrawalRules: '/cashOut/rules',
  cashOut: '/cashOut/submit',
  withdrawalList: '/cashOut/list',
  withdrawalCancel: '/cashOut/cancel',
  exchangeQuote: '/exChange/quote',
  exchange: '/exChange/submit',
  fundRecord: '/fundRecord/list',
  fundRecordReceipt: '/fundRecord/receipt',
} as const;

export const marketPaths = {
  status: '/market/status',
  quote: '/market/quote',
  quotes: '/market/quotes',
  list: '/market/list',
  indices: '/market/indices',
  instrument: '/market/instrument',
  candles: '/market/candles',
  search: '/market/search',
  fxRate: '/market/fxRate',
  watchlist: '/market/watchlist/list',
  watchlistAdd: '/market/watchlist/add',
  watchlistRemove: '/market/watchlist/remove',
  watchlistRemoveMany: '/market/watchlist/removeMany',
} as const;

/** Trading (issue 11): costs before confirming, orders, positions and account totals. */
export const tradePaths = {
  preview: '/trade/preview',
  fees: '/trade/fees',
  place: '/trade/place',
  cancel: '/trade/cancel',
  orders: '/trade/orders',
  order: '/trade/order',
  positions: '/trade/positions',
  position: '/trade/position',
  summary: '/trade/summary',
  report: '/trade/report',
  reportPdf: '/trade/reportPdf',
} as const;

/** Support chat, price alerts and notification settings (issue 14). Messages come with `/user/notice`. */
export const inboxPaths = {
  supportThread: '/support/thread',
  supportSend: '/support/send',
  supportUnread: '/support/unread',
  alertList: '/alerts/list',
  alertCreate: '/alerts/create',
  alertCancel: '/alerts/cancel',
  notificationSettings: '/notifications/settings',
  notificationSettingsSave: '/notifications/settings/save',
  pushKey: '/notifications/push/key',
  pushSubscribe: '/notifications/push/subscribe',
  pushUnsubscribe: '/notifications/push/unsubscribe',
} as const;

/** The news centre (issue 14, item 2). */
export const newsPaths = {
  list: '/news/list',
  detail: '/news/detail',
} as const;

/**
 * Raw uploads: POST the file's bytes (not multipart, not base64) with the user headers and
 * `content-type: application/octet-stream` (or the image's own type); answers `uploadData`.
 */
export const UPLOAD_PATH = '/upload/image';

// Under ADMIN_API_BASE_PATH

export const adminPaths = {
  login: '/auth/login',
  twoFactorSetup: '/auth/twoFactor/setup',
  twoFactorEnable: '/auth/twoFactor/enable',
  logout: '/auth/logout',
  me: '/auth/me',
  changePassword: '/auth/changePassword',
  createStaff: '/staff/create',
  staffList: '/staff/list',
  disableStaff: '/staff/disable',
  enableStaff: '/staff/enable',
  auditLog: '/audit/list',
  userSearch: '/users/search',
  userDetail: '/users/detail',
  userSessions: '/users/sessions',
  restrict: '/users/restrict',
  liftRestriction: '/users/lift',
  withdrawalBarPropose: '/users/withdrawalBar/propose',
  withdrawalBarReview: '/users/withdrawalBar/review',
  withdrawalBarList: '/users/withdrawalBar/list',
  identityList: '/identity/list',
  identityReview: '/identity/review',
  depositChannelSave: '/deposit-channels/save',
  depositChannelList: '/deposit-channels/list',
  depositList: '/deposits/list',
  depositReview: '/deposits/review',
  withdrawalList: '/withdrawals/list',
  withdrawalReview: '/withdrawals/review',
  correctionPropose: '/corrections/propose',
  correctionReview: '/corrections/review',
  correctionList: '/corrections/list',
  feeSchedule: '/config/fees',
  reconciliation: '/reports/reconciliation',
} as const;

/** Support staff answer the in-app conversations (issue 14, item 3). */
export const adminSupportPaths = {
  supportConversations: '/support/conversations',
  supportThread: '/support/thread',
  supportReply: '/support/reply',
} as const;

export * from './account-services-paths';
export * from './margin-paths';
export * from './margin-settings-paths';

// Outside the two bases

/** Private uploaded files: `GET {UPLOADED_FILES_PATH}/{id}` with the owner's user headers or a staff token with the role. */
export const UPLOADED_FILES_PATH = '/api/uploads';

/** The journal's published head (`GET`, public): sequence, hash, time, signature and public key. */
export const LEDGER_HEAD_PATH = '/api/ledger/head';
export const uploadFilePath = (id: string): string => `${UPLOADED_FILES_PATH}/${encodeURIComponent(id)}`;

/** The live quote stream: a WebSocket speaking JSON messages. */
export const STREAM_PATH = '/api/ws';
export * from './offerings-paths';
