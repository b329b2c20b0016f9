import { z } from 'zod';

// Paged lists, one shape for every list call: the request carries `page` (from 1) and `pageSize`,
// the answer `{total, items}`.

export const pageFields = {
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
};

export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ total: z.number().int(), items: z.array(item) });
