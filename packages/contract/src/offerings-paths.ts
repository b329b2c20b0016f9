// Paths of the offerings (issue 17: IPO subscription with a provably fair draw), zod-free like
// every path table; re-exported by `paths.ts`.

/** New-share (IPO) subscription: the offerings, a subscription's cost, subscribing, the user's subscriptions. */
export const ipoPaths = {
  list: '/ipo/list',
  detail: '/ipo/detail',
  preview: '/ipo/preview',
  subscribe: '/ipo/subscribe',
  subscriptions: '/ipo/subscriptions',
} as const;

/** Under ADMIN_API_BASE_PATH: staff create offerings (the server makes the seed) and list them. */
export const adminIpoPaths = {
  ipoCreate: '/ipo/create',
  ipoList: '/ipo/list',
} as const;
