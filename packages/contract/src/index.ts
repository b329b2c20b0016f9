// @beurs/contract: the zod schemas of every call with everything below. Clients that must not load
// zod import the zod-free entry points instead: `@beurs/contract/decimal`, `/assets`, `/paths`, `/enums`,
// `/rules` (see package.json `exports`).
export * from './decimal';
export * from './assets';
export * from './paths';
export * from './enums';
export * from './rules';
export * from './errors';
export * from './envelope';
export * from './endpoint';
export * from './money';
export * from './users';
export * from './common';
export * from './market';
export * from './admin';
export * from './identity';
export * from './funds';
export * from './paging';
export * from './trading';
export * from './inbox';
export * from './news';
export * from './account-services';
export * from './offerings';
export * from './placements';
export * from './placement-allocation';
export * from './strategies';
export * from './ipo-draw';
export * from './margin';
export * from './day-trading';
export * from './securities-lending';
export * from './margin-settings';
export * from './api';
