import { z } from 'zod';
import { defineEndpoints } from './endpoint';
import { newsTabs } from './enums';
import { newsPaths } from './paths';
import { languageSchema } from './users';

// The news centre (issue 14, item 2): items from the RSS/Atom feeds the operator configures
// (fetched by a scheduled job, HTML reduced to a safe subset, images left out) and, in demo mode,
// the simulator's corporate events as notices labelled simulated. Every item names its source and
// time. Tabs: "hot" (everything, newest first) and "stock" (stock price news: items about listed
// instruments and the corporate events).

export const NEWS_PAGE_SIZE = 20;

export const newsItemData = z.object({
  id: z.string(),
  title: z.string(),
  /** Plain text, at most about 200 characters. */
  excerpt: z.string(),
  source: z.string(),
  publishedAt: z.iso.datetime(),
  /** A notice the simulator made up (demo mode), not news. */
  isSimulated: z.boolean(),
  symbols: z.array(z.string()),
});

export const newsEndpoints = defineEndpoints(newsPaths, {
  list: {
    auth: 'user',
    summary:
      'News newest first in the language given: tab hot (everything) or stock (stock price news), optionally about one symbol or matching words in the title; page on with `cursor`.',
    request: z.strictObject({
      tab: z.enum(newsTabs).default('hot'),
      language: languageSchema,
      query: z.string().trim().max(100).optional(),
      symbol: z.string().trim().min(1).max(24).optional(),
      cursor: z
        .string()
        .regex(/^\d{13}\.\d{1,18}$/, 'a cursor from a previous page')
        .optional(),
    }),
    data: z.object({
      items: z.array(newsItemData),
      nextCursor: z.string().nullable(),
      /** How many feeds the operator configured (none: only simulated notices, in demo mode). */
      feeds: z.number().int(),
    }),
  },
  detail: {
    auth: 'user',
    summary:
      'One item: its sanitised HTML (links to http(s) only, no scripts, no images) and the link to the original.',
    request: z.strictObject({ id: z.string().regex(/^\d{1,18}$/), language: languageSchema }),
    data: newsItemData.extend({ html: z.string(), link: z.string().nullable() }),
  },
});
