import { z } from 'zod';
import { defineEndpoints } from './endpoint';
import { siteModes } from './enums';
import { commonPaths } from './paths';

// Site configuration (spec section 7): a list of {name, value}. Known names: kefu (customer-service
// link), title, logo (a path under /api/), mode ('demo' or 'live'), operatorName, licence.
export const configEntry = z.object({ name: z.string(), value: z.string() });
export const siteModeSchema = z.enum(siteModes);

export const commonEndpoints = defineEndpoints(commonPaths, {
  config: {
    auth: 'public',
    summary: 'Site configuration as a list of {name, value}.',
    request: z.strictObject({ type: z.literal('all') }),
    data: z.array(configEntry),
  },
});
