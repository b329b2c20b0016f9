import { z } from 'zod';
import { defineEndpoint } from './endpoint';

// Site configuration (spec section 7): a list of {name, value}. Known names: kefu (customer-service
// link), title, logo (a path under /api/), mode ('demo' or 'live'), operatorName, licence.
export const configEntry = z.object({ name: z.string(), value: z.string() });
export const siteModes = ['demo', 'live'] as const;

export const commonEndpoints = {
  config: defineEndpoint({
    path: '/common/config',
    auth: 'public',
    summary: 'Site configuration as a list of {name, value}.',
    request: z.strictObject({ type: z.literal('all') }),
    data: z.array(configEntry),
  }),
};
