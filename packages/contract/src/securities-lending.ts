import { z } from 'zod';
import { defineEndpoints } from './endpoint';
import { lendingPaths } from './margin-paths';

// Securities lending (issue 16, item 3; rules in LENDING_RULES). A short sale is placed with the
// trading ticket (`/trade/place` with `direction: 'short'`, a market sale; a buy with `direction:
// 'short'` covers it). These calls publish the lendable list with each instrument's borrow fee and
// channel, and let a user opt in (or out) to lend their fully paid shares, with what they lend and
// what they earned. Refusals of a short sale: MARGIN_NOT_ENABLED, SHORT_NOT_LENDABLE,
// LENDING_CHANNEL_CLOSED, MARGIN_QUOTA_FULL (the pool has not enough shares).

const cash = z.string().regex(/^-?\d+\.\d{2}$/);

export const lendingData = z.object({
  isOptedIn: z.boolean(),
  optedInAt: z.iso.datetime().nullable(),
  /** The lenders' share of the borrow fee in force, basis points. */
  lenderShareBasisPoints: z.number().int(),
  /** A recall's notice before the buy-in, minutes. */
  recallNoticeMinutes: z.number().int(),
  /** The user's shares lent out now, per symbol. */
  lent: z.array(z.object({ symbol: z.string(), quantity: z.string() })),
  /** What the user earned as a lender, per currency: borrow-fee shares and manufactured dividends. */
  earnings: z.array(z.object({ currency: z.string(), borrowFees: cash, manufacturedDividends: cash })),
  /** The lendable list: instruments that may be sold short, their channel and annual borrow fee. */
  lendable: z.array(
    z.object({
      symbol: z.string(),
      code: z.string(),
      name: z.string(),
      currency: z.string(),
      isChannelOpen: z.boolean(),
      borrowFeeBasisPoints: z.number().int(),
      initialBasisPoints: z.number().int(),
    }),
  ),
});
export type LendingData = z.infer<typeof lendingData>;

export const lendingEndpoints = defineEndpoints(lendingPaths, {
  lending: {
    auth: 'user',
    summary:
      'Securities lending: the lendable list (with each instrument’s annual borrow fee and whether its channel is open), whether the user lends their fully paid shares, what they lend now and what they earned (their share of the borrow fees, manufactured dividends).',
    request: z.strictObject({}),
    data: lendingData,
  },
  lendingOptIn: {
    auth: 'user',
    summary:
      'Opt in (`lend: true`) to lend the fully paid shares one holds to the pool, or out (`lend: false`: no new loans; shares already lent stay lent until the short covers). Stored and audited.',
    request: z.strictObject({ lend: z.boolean() }),
    data: lendingData,
  },
});
