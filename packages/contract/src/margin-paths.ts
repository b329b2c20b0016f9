// Paths of the margin account (issue 16), zod-free like every path table; re-exported by `paths.ts`.
// Not routes of the spec (it names no margin call); the app's screen is /information/margin.

export const marginPaths = {
  status: '/margin/status',
  submitTest: '/margin/test',
  accept: '/margin/accept',
  parameters: '/margin/parameters',
  summary: '/margin/summary',
  transfer: '/margin/transfer',
  repay: '/margin/repay',
  history: '/margin/history',
} as const;

/** Day trading (issue 16 item 5): the rules, the eligible instruments and today's intraday P&L. */
export const dayTradingPaths = {
  dayTrading: '/margin/dayTrading',
} as const;

/** Securities lending (issue 16 item 3): the lendable list, the user's lending and earnings; opting in. */
export const lendingPaths = {
  lending: '/margin/lending',
  lendingOptIn: '/margin/lendingOptIn',
} as const;

/** Under ADMIN_API_BASE_PATH: a user's margin account on the back-office user page. */
export const adminMarginPaths = {
  userMargin: '/users/margin',
} as const;
