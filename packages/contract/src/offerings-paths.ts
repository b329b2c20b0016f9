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

/** Placements ("block trades", issue 17 item 4): a block of a listed instrument at a fixed price. */
export const placementPaths = {
  list: '/placement/list',
  detail: '/placement/detail',
  preview: '/placement/preview',
  subscribe: '/placement/subscribe',
  subscriptions: '/placement/subscriptions',
} as const;

/** Under ADMIN_API_BASE_PATH: staff create placements, list them and close one early. */
export const adminPlacementPaths = {
  placementCreate: '/placement/create',
  placementList: '/placement/list',
  placementClose: '/placement/close',
} as const;

/** Copy-following strategies (issue 17 item 5): published rule sets run by the server; units at the next NAV. */
export const strategyPaths = {
  list: '/strategy/list',
  detail: '/strategy/detail',
  follow: '/strategy/follow',
  redeem: '/strategy/redeem',
  mine: '/strategy/mine',
} as const;

/** Under ADMIN_API_BASE_PATH: staff list the strategies with their followers and close one (audited). */
export const adminStrategyPaths = {
  strategyList: '/strategy/list',
  strategyCreate: '/strategy/create',
  strategyClose: '/strategy/close',
} as const;
