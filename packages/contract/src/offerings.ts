import { z } from 'zod';
import { defineEndpoints } from './endpoint';
import { ipoPhases, ipoSubscriptionStates, tradableMarkets } from './enums';
import { cashAmountInput, cashAmountOutput, currencySchema } from './money';
import { pageFields, pageOf } from './paging';
import { adminIpoPaths, ipoPaths } from './paths';
import { priceInput, priceText, quantityInput, quantityText } from './trading';

// New-share (IPO) subscription with a provably fair draw (issue 17, items 1, 2 and 6; DESIGN.md §1
// rules 6 and 7). Subscribing freezes issue price × quantity + fee at once; the draw (ipo-draw.ts,
// docs/ipo-draw.md) is a published function of the seed, whose SHA-256 is published before the
// window opens, and of the subscriptions; the allocation is paid from the frozen money through an
// order of type `allotment` and the rest released in the same entry. There is no "payment due".
//
// Refusals: PRODUCT_UNAVAILABLE (no such offering), SUBSCRIPTION_NOT_OPEN (before the window),
// IPO_CHANNEL_CLOSED (after it), IPO_SUBSCRIPTION_LIMIT (the per-user count), BELOW_PRODUCT_MINIMUM,
// QUANTITY_NOT_WHOLE_LOTS (the offering's lot), INSUFFICIENT_AVAILABLE, IDENTITY_REQUIRED,
// TRADING_BARRED, IDEMPOTENCY_KEY_REQUIRED / IDEMPOTENCY_KEY_REUSED.

const idText = z.string().regex(/^\d{1,18}$/, 'a numeric id');
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** What the draw published: the seed (after the draw), the two numbers each result follows from. */
export const ipoDrawData = z.object({
  /** The secret seed, published after the draw; null before. */
  seed: hex64.nullable(),
  drawnAt: z.iso.datetime().nullable(),
  isOversubscribed: z.boolean(),
  /** Rounds in which every subscription still asking got a lot (docs/ipo-draw.md). */
  fullRounds: z.number().int(),
  /** The last ticket that won a lot in the partial round; null when there was none. */
  cutoffTicket: hex64.nullable(),
  lotsOffered: z.number().int(),
  lotsRequested: z.number().int(),
  lotsAllocated: z.number().int(),
  subscriptionCount: z.number().int(),
  /** Lots allocated / lots requested, percent with 2 decimals, computed; null before the draw. */
  winningRatePercent: z.string().nullable(),
});

export const ipoOfferingData = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  /** The market the shares trade on once listed (the app's market id). */
  market: z.enum(tradableMarkets),
  /** The issuing venue as named in the prospectus ("Euronext Brussels"). */
  issueMarket: z.string(),
  /**
   * The lead underwriter as named in the prospectus; null when there is none: the simulator's demo
   * offerings, for which the app shows its own text ("None (simulated)") in the user's language.
   */
  leadUnderwriter: z.string().nullable(),
  currency: currencySchema,
  issuePrice: priceText,
  sharesOffered: quantityText,
  minimumQuantity: quantityText,
  lotSize: quantityText,
  subscriptionsPerUser: z.number().int(),
  /** The subscription fee: basis points of the amount, at least the minimum. */
  feeBasisPoints: z.number().int(),
  feeMinimum: cashAmountOutput,
  prospectusUrl: z.string(),
  opensAt: z.iso.datetime(),
  closesAt: z.iso.datetime(),
  lotteryAt: z.iso.datetime(),
  distributionAt: z.iso.datetime(),
  listingAt: z.iso.datetime(),
  phase: z.enum(ipoPhases),
  /** hex(SHA-256(seed)), published from the offering's creation, before the window opens. */
  seedCommitment: hex64,
  draw: ipoDrawData,
});

export const ipoSubscriptionData = z.object({
  id: z.string(),
  offeringId: z.string(),
  symbol: z.string(),
  name: z.string(),
  state: z.enum(ipoSubscriptionStates),
  quantity: quantityText,
  lots: z.number().int(),
  issuePrice: priceText,
  currency: currencySchema,
  /** What subscribing froze: gross + fee. */
  gross: cashAmountOutput,
  fee: cashAmountOutput,
  frozen: cashAmountOutput,
  /** After the draw: the shares allocated, what they cost (paid from the frozen money) and what was released. */
  allocatedQuantity: quantityText.nullable(),
  paid: cashAmountOutput.nullable(),
  released: cashAmountOutput.nullable(),
  /** The allotment order filled from the frozen money (in the order lists), null when nothing was allocated. */
  orderId: z.string().nullable(),
  /** hex(SHA-256(seed ":" id)) once the seed is published: the subscription's place in the draw. */
  ticket: hex64.nullable(),
  createdAt: z.iso.datetime(),
});

export const ipoDetailData = z.object({
  offering: ipoOfferingData,
  /** The caller's own subscriptions to it. */
  subscriptions: z.array(ipoSubscriptionData),
  /** How many more times the caller may subscribe now (0 outside the window). */
  subscriptionsLeft: z.number().int(),
});

/**
 * What a fixed-price subscription would freeze, before confirming: an IPO subscription's and a
 * placement request's preview (one ticket on the server, trading/fixed-price-ticket.ts).
 */
export const fixedPricePreviewData = z.object({
  quantity: quantityText,
  lots: z.number().int(),
  currency: currencySchema,
  gross: cashAmountOutput,
  fee: cashAmountOutput,
  /** What subscribing freezes at once. */
  total: cashAmountOutput,
  available: cashAmountOutput,
  isAffordable: z.boolean(),
});

export const ipoPreviewData = fixedPricePreviewData;

const offeringRef = { id: idText };
const subscribeFields = { id: idText, quantity: quantityInput };

export const ipoEndpoints = defineEndpoints(ipoPaths, {
  list: {
    auth: 'user',
    summary: 'IPO offerings, newest window first, each with its dates, seed commitment, phase and draw.',
    request: z.strictObject({ ...pageFields }),
    data: pageOf(ipoOfferingData),
  },
  detail: {
    auth: 'user',
    summary: "One offering with the caller's subscriptions to it. PRODUCT_UNAVAILABLE when there is none.",
    request: z.strictObject(offeringRef),
    data: ipoDetailData,
  },
  preview: {
    auth: 'user',
    summary:
      'What subscribing to `quantity` shares would freeze (issue price × quantity + fee) against the cash available. Writes nothing.',
    request: z.strictObject(subscribeFields),
    data: ipoPreviewData,
  },
  subscribe: {
    auth: 'user',
    summary:
      'Subscribe: freezes issue price × quantity + fee at once (Idempotency-Key header). Refusals in the file header.',
    request: z.strictObject(subscribeFields),
    data: ipoSubscriptionData,
  },
  subscriptions: {
    auth: 'user',
    summary:
      "The caller's IPO subscriptions with their states, newest first (the positions tab 'subscription').",
    request: z.strictObject({ ...pageFields }),
    data: pageOf(ipoSubscriptionData),
  },
});

export const ipoOfferingStaffData = ipoOfferingData.extend({
  /** A staff member (audited), or in demo mode the simulator (never a staff account). */
  createdBy: z.enum(['staff', 'simulator']),
  createdByStaffId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const adminIpoEndpoints = defineEndpoints(adminIpoPaths, {
  ipoCreate: {
    auth: 'staff',
    summary:
      'Create an IPO offering (audited). The server makes the secret seed and publishes only its SHA-256; nobody sees the seed before the draw.',
    request: z
      .strictObject({
        symbol: z.string().trim().min(1).max(24),
        name: z.string().trim().min(1).max(120),
        market: z.enum(['frank', 'ETF-BEL']).default('frank'),
        issueMarket: z.string().trim().min(1).max(120),
        leadUnderwriter: z.string().trim().min(1).max(120),
        issuePrice: priceInput.refine((minor) => minor > 0n, 'must be above 0'),
        sharesOffered: quantityInput,
        minimumQuantity: quantityInput.default('10000'),
        lotSize: quantityInput.default('1000'),
        subscriptionsPerUser: z.number().int().min(1).max(10).default(1),
        feeBasisPoints: z.number().int().min(0).max(500).default(0),
        feeMinimum: cashAmountInput.optional(),
        prospectusUrl: z.url().max(500),
        opensAt: z.iso.datetime(),
        closesAt: z.iso.datetime(),
        lotteryAt: z.iso.datetime(),
        distributionAt: z.iso.datetime(),
        listingAt: z.iso.datetime(),
        reason: z.string().trim().min(3).max(500),
      })
      .refine(
        (input) =>
          input.opensAt < input.closesAt &&
          input.closesAt <= input.lotteryAt &&
          input.lotteryAt <= input.distributionAt &&
          input.distributionAt <= input.listingAt,
        { message: 'opens < closes ≤ lottery ≤ distribution ≤ listing', path: ['closesAt'] },
      ),
    data: ipoOfferingStaffData,
  },
  ipoList: {
    auth: 'staff',
    summary: 'Every IPO offering, newest first, with its phase and draw (never the seed before the draw).',
    request: z.strictObject({ ...pageFields }),
    data: pageOf(ipoOfferingStaffData),
  },
});

export { adminIpoRoles } from './admin-roles';
