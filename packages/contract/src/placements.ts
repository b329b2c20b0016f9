import { z } from 'zod';
import { defineEndpoints } from './endpoint';
import { placementPhases, placementSubscriptionStates, tradableMarkets } from './enums';
import { cashAmountInput, cashAmountOutput, currencySchema } from './money';
import { fixedPricePreviewData } from './offerings';
import { pageFields, pageOf } from './paging';
import { adminPlacementPaths, placementPaths } from './paths';
import { priceInput, priceText, quantityInput, quantityText } from './trading';

// Placements ("block trades", issue 17 item 4; spec screens blockTrade, newStock2, newStockBuy2):
// a block of shares of a listed instrument offered at a published fixed price for a window, with a
// lot, a minimum quantity and a per-user daily limit (spec §5). Subscribing freezes price ×
// quantity + fee at once; at the close, allocation is pro-rata to the requests in whole lots, the
// lots left over by largest remainder, ties to the earlier subscription (placement-allocation.ts,
// docs/placements.md), paid from the hold through an `allotment` order and the rest released in
// the same entry. Staff may close a placement early (audited): every subscriber is refunded in full.
//
// Refusals: PRODUCT_UNAVAILABLE (no such placement, or closed early: off shelf),
// SUBSCRIPTION_NOT_OPEN (before the window), BLOCK_TRADE_CLOSED (after it),
// BELOW_PRODUCT_MINIMUM, QUANTITY_NOT_WHOLE_LOTS, BLOCK_TRADE_DAILY_LIMIT, INSUFFICIENT_AVAILABLE,
// IDENTITY_REQUIRED, TRADING_BARRED, IDEMPOTENCY_KEY_REQUIRED / IDEMPOTENCY_KEY_REUSED; for
// staff, ALREADY_PROCESSED (closing one already allocated or closed).

const idText = z.string().regex(/^\d{1,18}$/, 'a numeric id');

export const placementData = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  market: z.enum(tradableMarkets),
  currency: currencySchema,
  /** The published fixed price. */
  price: priceText,
  /** The block: shares offered in all. */
  blockQuantity: quantityText,
  lotSize: quantityText,
  minimumQuantity: quantityText,
  /** Shares one user may request per day (Brussels calendar day). */
  dailyLimit: quantityText,
  feeBasisPoints: z.number().int(),
  feeMinimum: cashAmountOutput,
  opensAt: z.iso.datetime(),
  closesAt: z.iso.datetime(),
  phase: z.enum(placementPhases),
  /** Shares requested so far (every subscription counts). */
  quantityRequested: quantityText,
  subscriptionCount: z.number().int(),
  /** After the allocation: shares allocated in all; null before. */
  quantityAllocated: quantityText.nullable(),
  settledAt: z.iso.datetime().nullable(),
  /** Set when staff closed it early, with their reason. */
  closedEarlyAt: z.iso.datetime().nullable(),
  closeReason: z.string().nullable(),
});

export const placementSubscriptionData = z.object({
  id: z.string(),
  placementId: z.string(),
  symbol: z.string(),
  name: z.string(),
  state: z.enum(placementSubscriptionStates),
  quantity: quantityText,
  lots: z.number().int(),
  price: priceText,
  currency: currencySchema,
  gross: cashAmountOutput,
  fee: cashAmountOutput,
  /** What subscribing froze: gross + fee. */
  frozen: cashAmountOutput,
  allocatedQuantity: quantityText.nullable(),
  paid: cashAmountOutput.nullable(),
  released: cashAmountOutput.nullable(),
  /** The allotment order filled from the frozen money, null when nothing was allocated. */
  orderId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
});

export const placementDetailData = z.object({
  placement: placementData,
  subscriptions: z.array(placementSubscriptionData),
  /** Shares the caller may still request today (0 outside the window). */
  dailyLeft: quantityText,
});

/** The same preview as an IPO subscription's (one fixed-price ticket). */
export const placementPreviewData = fixedPricePreviewData;

const placementRef = { id: idText };
const subscribeFields = { id: idText, quantity: quantityInput };

export const placementEndpoints = defineEndpoints(placementPaths, {
  list: {
    auth: 'user',
    summary: 'Placements (block trades), newest window first, with their price, block, limits and phase.',
    request: z.strictObject({ ...pageFields }),
    data: pageOf(placementData),
  },
  detail: {
    auth: 'user',
    summary: "One placement with the caller's subscriptions and what they may still request today.",
    request: z.strictObject(placementRef),
    data: placementDetailData,
  },
  preview: {
    auth: 'user',
    summary: 'What subscribing to `quantity` shares would freeze (price × quantity + fee). Writes nothing.',
    request: z.strictObject(subscribeFields),
    data: placementPreviewData,
  },
  subscribe: {
    auth: 'user',
    summary:
      'Subscribe to a placement: freezes price × quantity + fee at once (Idempotency-Key header). Refusals in the file header.',
    request: z.strictObject(subscribeFields),
    data: placementSubscriptionData,
  },
  subscriptions: {
    auth: 'user',
    summary: "The caller's placement subscriptions with their states, newest first.",
    request: z.strictObject({ ...pageFields }),
    data: pageOf(placementSubscriptionData),
  },
});

export const placementStaffData = placementData.extend({
  /** A staff member (`createdByStaffId`) or, in demo mode, the simulator (no staff member). */
  createdBy: z.enum(['staff', 'simulator']),
  createdByStaffId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

export const adminPlacementEndpoints = defineEndpoints(adminPlacementPaths, {
  placementCreate: {
    auth: 'staff',
    summary: 'Create a placement (block trade) of a listed instrument at a fixed price (audited).',
    request: z
      .strictObject({
        symbol: z.string().trim().min(1).max(24),
        name: z.string().trim().min(1).max(120),
        price: priceInput.refine((minor) => minor > 0n, 'must be above 0'),
        blockQuantity: quantityInput,
        lotSize: quantityInput.default('100'),
        minimumQuantity: quantityInput,
        dailyLimit: quantityInput,
        feeBasisPoints: z.number().int().min(0).max(500).default(0),
        feeMinimum: cashAmountInput.optional(),
        opensAt: z.iso.datetime(),
        closesAt: z.iso.datetime(),
        reason: z.string().trim().min(3).max(500),
      })
      .refine((input) => input.opensAt < input.closesAt, {
        message: 'opens before it closes',
        path: ['closesAt'],
      }),
    data: placementStaffData,
  },
  placementList: {
    auth: 'staff',
    summary: 'Every placement, newest first, with its phase and totals.',
    request: z.strictObject({ ...pageFields }),
    data: pageOf(placementStaffData),
  },
  placementClose: {
    auth: 'staff',
    summary:
      'Close a placement early (audited): every subscriber refunded in full (holds released). ALREADY_PROCESSED once allocated or closed.',
    request: z.strictObject({ id: idText, reason: z.string().trim().min(3).max(500) }),
    data: placementStaffData,
  },
});

export { adminPlacementRoles } from './admin-roles';
