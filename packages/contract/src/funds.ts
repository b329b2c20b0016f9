import { z } from 'zod';
import { pageFields, pageOf } from './paging';
import { depositChannelKindSchema } from './admin';
import { defineEndpoints } from './endpoint';
import {
  deciders,
  fundStates,
  orderSides,
  orderTypes,
  recordTabs,
  scamCheckTriggers,
  siteModes,
  walletNetworks,
  withdrawalRuleIds,
  withdrawalWaits,
} from './enums';
import { loanMovementKinds } from './account-services-enums';
import { adminRecordsPaths, fundsPaths } from './paths';
import { cashAmountInput, cashAmountOutput, currencySchema } from './money';
import { REALNAME_LENGTH } from './rules';
import { accountSchema, twoFactorCodeSchema } from './users';
import { navText, unitsText } from './strategies';
import { fxConversionData, priceText, quantityText, tobData } from './trading';

// Payment methods, deposits, withdrawals, currency exchange and records (issue 4).
// Money-moving calls (`recharge`, `cashOut`, `exChange`) need the `idempotency-key` header: the same
// key and body answers the first result; the same key with another body is IDEMPOTENCY_KEY_REUSED.

const idText = z.string().regex(/^\d{1,18}$/, 'a numeric id');

export const walletNetworkSchema = z.enum(walletNetworks);

/** Scam friction (DESIGN.md §1.12): asked before these steps; the answer is recorded. */
export const scamCheckTriggerSchema = z.enum(scamCheckTriggers);

export const bankCardData = z.object({
  id: z.string(),
  holderName: z.string(),
  /** Masked: country and check digits, then the last four ("BE68 **** 7034"). */
  ibanMasked: z.string(),
  bic: z.string(),
  bankName: z.string(),
  branch: z.string(),
  createdAt: z.iso.datetime(),
});

export const walletAddressData = z.object({
  id: z.string(),
  network: walletNetworkSchema,
  address: z.string(),
  label: z.string(),
  createdAt: z.iso.datetime(),
});

export const depositChannelData = z.object({
  id: z.string(),
  kind: depositChannelKindSchema,
  name: z.string(),
  currency: currencySchema,
  collectionAccount: z.string(),
  beneficiaryName: z.string(),
  bic: z.string(),
  minimum: cashAmountOutput,
  maximum: cashAmountOutput.nullable(),
});

export const fundStateSchema = z.enum(fundStates);

/** Who decided: a staff member, or the demo desk (demo mode's automatic reviewer); null while pending. */
export const deciderSchema = z.enum(deciders).nullable();

export const depositData = z.object({
  id: z.string(),
  channelId: z.string(),
  currency: currencySchema,
  amount: cashAmountOutput,
  /** The unique payment reference to put on the transfer (Belgian structured communication). */
  reference: z.string(),
  state: fundStateSchema,
  /** A rejection's reason: the reviewer's words, or an error code of the catalogue (the app translates it). */
  reason: z.string(),
  createdAt: z.iso.datetime(),
  /** The latest time staff decide it; past it, it goes to the supervisors and the user is told. */
  decideBy: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  decidedBy: deciderSchema,
});

export const withdrawalRulesData = z.object({
  currency: currencySchema,
  /** The smallest amount accepted; always above the fee, so every withdrawal pays something out. */
  minimum: cashAmountOutput,
  /** Flat fee taken from the amount withdrawn, never added on top. */
  fee: cashAmountOutput,
  /** What reaches the card for a withdrawal of the minimum: minimum − fee. */
  minimumPayout: cashAmountOutput,
  /** The user's own free funds: available, not frozen, not pledged. */
  withdrawable: cashAmountOutput,
  hours: z.object({
    opens: z.string(),
    closes: z.string(),
    timeZone: z.string(),
    businessDaysOnly: z.boolean(),
  }),
  /** Decided within this many hours; moved to the next business day when that falls on a holiday. */
  decisionWithinHours: z.number().int(),
  rules: z.array(z.object({ id: z.enum(withdrawalRuleIds), isMet: z.boolean() })),
});

export const withdrawalData = z.object({
  id: z.string(),
  cardId: z.string(),
  currency: currencySchema,
  amount: cashAmountOutput,
  fee: cashAmountOutput,
  /** What reaches the card: amount − fee. */
  payout: cashAmountOutput,
  state: fundStateSchema,
  /** What a pending withdrawal waits for. */
  waitingFor: z.enum(withdrawalWaits),
  /** The latest time it will be decided. */
  decideBy: z.iso.datetime(),
  /** A rejection's reason: the reviewer's words, or an error code of the catalogue (the app translates it). */
  reason: z.string(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  decidedBy: deciderSchema,
});

/** What an exchange gives: both sides, the rates with their source and time. */
export const exchangeRateData = z.object({
  from: currencySchema,
  to: currencySchema,
  amount: cashAmountOutput,
  /** Market mid rate, units of USD per EUR, six decimals, with its source and time. */
  marketRate: z.string(),
  spreadBasisPoints: z.number().int(),
  /** Units of `to` per unit of `from` after the spread. */
  appliedRate: z.string(),
  received: cashAmountOutput,
  source: z.string(),
  timestamp: z.iso.datetime(),
});

/**
 * A quote the server holds: executing `quoteId` before `expiresAt` gives exactly this rate and amount
 * to the user it was issued to (the id is signed by the server; a client cannot choose its rate).
 */
export const exchangeQuoteData = exchangeRateData.extend({
  quoteId: z.string(),
  /** How long a quote is held, in seconds (configuration). */
  holdSeconds: z.number().int(),
  expiresAt: z.iso.datetime(),
});

/** The order a trade record belongs to: what, which side, how many. */
const recordOrder = {
  orderId: z.string(),
  symbol: z.string(),
  side: z.enum(orderSides),
  /** At the instrument's quantity scale ("12" shares, "0.01500000" BTC). */
  quantity: quantityText,
};

/**
 * What a record is, as structured parameters the app translates (the memo is the journal's English
 * text for operators). Each module describes the records of its own sources (the deposit, the
 * withdrawal, the exchange, the correction, the order and its fill, the dividend) from its own rows;
 * `null` when no row stands behind the entry (the app then shows the memo). Staff reasons are
 * verbatim: they are what staff wrote.
 */
export const recordDetail = z.discriminatedUnion('type', [
  z.object({ type: z.literal('deposit'), reference: z.string() }),
  /** The withdrawn amount is frozen until staff pay it out or reject it; `state` is the withdrawal's now. */
  z.object({ type: z.literal('withdrawal_hold'), ibanMasked: z.string(), state: fundStateSchema }),
  z.object({
    type: z.literal('withdrawal_paid'),
    currency: currencySchema,
    /** What reached the card: amount − fee. */
    payout: cashAmountOutput,
    fee: cashAmountOutput,
  }),
  /** The frozen amount went back to available; `reason` is the staff member's. */
  z.object({ type: z.literal('withdrawal_rejected'), reason: z.string() }),
  /** The user cancelled the withdrawal; the frozen amount went back to available. */
  z.object({ type: z.literal('withdrawal_cancelled') }),
  z.object({
    type: z.literal('exchange'),
    from: currencySchema,
    to: currencySchema,
    amount: cashAmountOutput,
    received: cashAmountOutput,
    /** Units of `to` per unit of `from` after the spread, six decimals. */
    appliedRate: z.string(),
    spreadBasisPoints: z.number().int(),
    rateSource: z.string(),
  }),
  z.object({ type: z.literal('correction'), reason: z.string() }),
  /** A credit-loan draw or repayment (a repayment pays interest first, then principal). */
  z.object({
    type: z.literal('loan'),
    loanId: z.string(),
    movement: z.enum(loanMovementKinds),
    rateBasisPoints: z.number().int(),
    interest: cashAmountOutput,
    principal: cashAmountOutput,
  }),
  /**
   * A day's interest on a credit loan (`day`, UTC) at its yearly rate, added to what is owed: no
   * cash of the user moves (the record's `owedChange` is the interest).
   */
  z.object({
    type: z.literal('loan_interest'),
    loanId: z.string(),
    day: z.iso.date(),
    rateBasisPoints: z.number().int(),
  }),
  /** A buy order froze its cash (a sale freezes shares, which are not a cash record). */
  z.object({ type: z.literal('order_placed'), ...recordOrder, orderType: z.enum(orderTypes) }),
  /** A pending order ended unfilled and its frozen cash was released; `reason` a catalogued code. */
  z.object({
    type: z.literal('order_ended'),
    ...recordOrder,
    state: z.enum(['cancelled', 'expired', 'rejected']),
    reason: z.string().nullable(),
  }),
  /** A fill: quantity × price in the trade currency, its fee and TOB, and the FX leg when paid in another. */
  z.object({
    type: z.literal('fill'),
    ...recordOrder,
    fillId: z.string(),
    price: priceText,
    /** The trade (instrument) currency. */
    currency: currencySchema,
    gross: cashAmountOutput,
    fee: cashAmountOutput,
    tob: tobData.pick({ class: true, rateBasisPoints: true, amount: true, isCapped: true }),
    /** What was paid (buy) or received (sale) in the trade currency, costs included. */
    totalInTradeCurrency: cashAmountOutput,
    payCurrency: currencySchema,
    total: cashAmountOutput,
    /** A buy on margin (issue 16): the part of `total` the margin loan paid; null for a cash fill. */
    borrowed: cashAmountOutput.nullable(),
    fx: fxConversionData
      .pick({ from: true, to: true, appliedRate: true, spreadBasisPoints: true })
      .nullable(),
    quoteSource: z.string(),
  }),
  /** A dividend: held quantity × amount per share, less withholding abroad and in Belgium. */
  z.object({
    type: z.literal('dividend'),
    symbol: z.string(),
    exDate: z.iso.date(),
    quantity: quantityText,
    amountPerShare: priceText,
    currency: currencySchema,
    gross: cashAmountOutput,
    withholdingForeign: cashAmountOutput,
    withholdingBelgian: cashAmountOutput,
    net: cashAmountOutput,
  }),
  /**
   * An IPO or placement subscription: issue (or fixed) price × quantity + fee frozen when subscribing;
   * released when nothing was allocated, or refunded in full when staff closed the placement early.
   * An allocation is an order and its fill (the `fill` detail). `allocatedQuantity` is null until
   * the draw or the allocation.
   */
  z.object({
    type: z.literal('subscription'),
    product: z.enum(['ipo', 'placement']),
    event: z.enum(['frozen', 'released', 'refunded']),
    symbol: z.string(),
    quantity: quantityText,
    price: priceText,
    currency: currencySchema,
    fee: cashAmountOutput,
    frozen: cashAmountOutput,
    allocatedQuantity: quantityText.nullable(),
  }),
  /**
   * A copy-following strategy's request: a follow's money frozen until the next NAV, the units it
   * bought at that NAV, or a redemption paid at its NAV. `units` and `nav` are null until struck.
   */
  z.object({
    type: z.literal('strategy'),
    code: z.string(),
    event: z.enum(['follow_frozen', 'units_issued', 'units_redeemed']),
    currency: currencySchema,
    units: unitsText.nullable(),
    nav: navText.nullable(),
    navDate: z.iso.date().nullable(),
  }),
  /**
   * The margin loan (issue 16): a sale's proceeds repaying it (`orderId`, `symbol`: the sale), the
   * user repaying it from their cash (`cash_repayment`), a day's interest added to it (`day`, UTC; no cash of the user moves), or a capital transfer
   * between the cash side and the margin side. `amount` is the movement's; `owedAfter` what was owed
   * in `currency` once it was recorded (borrowed + interest − repaid).
   */
  z.object({
    type: z.literal('margin_loan'),
    event: z.enum(['repayment', 'cash_repayment', 'interest', 'transfer_to_margin', 'transfer_to_cash']),
    currency: currencySchema,
    amount: cashAmountOutput,
    day: z.iso.date().nullable(),
    orderId: z.string().nullable(),
    symbol: z.string().nullable(),
    owedAfter: cashAmountOutput,
  }),
  /**
   * Securities lending (issue 16 item 3), from the user's side (`role`): a day's borrow fee and a
   * manufactured dividend are charged to the short's margin account and paid in part (a fee) or in
   * full (a dividend) to the lenders; a collateral return moves a cover's part of the short's
   * collateral from the margin account to the cash. `quantity`: the shares the short borrowed that
   * day or at the record date, or the shares the cover bought back. `day`: the fee's day (UTC) or
   * the dividend's ex-date. A borrow fee names its annual rate and base price (the short sale's);
   * `charged` is what the short paid in all (a lender's record is their part of it).
   */
  z.object({
    type: z.literal('securities_loan'),
    event: z.enum(['borrow_fee', 'manufactured_dividend', 'collateral_return']),
    role: z.enum(['borrower', 'lender']),
    symbol: z.string(),
    currency: currencySchema,
    quantity: quantityText,
    day: z.iso.date().nullable(),
    feeBasisPoints: z.number().int().nullable(),
    price: priceText.nullable(),
    charged: cashAmountOutput.nullable(),
    orderId: z.string().nullable(),
  }),
]);
export type RecordDetail = z.infer<typeof recordDetail>;

export const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** The journal's head as published on `LEDGER_HEAD_PATH` (ADR 0007). */
export const ledgerHeadData = z.object({
  /** How many seals the chain holds; 0 before the first. */
  sequence: z.string(),
  hash: hex64,
  sealedAt: z.string().nullable(),
  /** Ed25519 over "beurs-ledger-seal-v1\n<sequence>\n<hash>", base64url. */
  signature: z.string().nullable(),
  /** "ed25519:<base64url>": the key that signs every seal, head and receipt. */
  publicKey: z.string(),
});
export type LedgerHead = z.infer<typeof ledgerHeadData>;

/** A head signed over the Merkle root of every seal: in checkpoint files and receipts. */
export const signedLedgerHeadData = z.object({
  format: z.literal('beurs-ledger-head-v1'),
  sequence: z.string(),
  hash: hex64,
  merkleRoot: hex64,
  time: z.string(),
  publicKey: z.string(),
  signature: z.string(),
});

export const ledgerReceiptData = z.object({
  format: z.literal('beurs-ledger-receipt-v1'),
  entryId: z.string(),
  body: z.string(),
  seal: z.object({
    sequence: z.string(),
    previousHash: hex64,
    hash: hex64,
    hashFormat: z.union([z.literal(1), z.literal(2)]),
    signature: z.string().nullable(),
  }),
  leafIndex: z.number().int().min(0),
  proof: z.array(hex64),
  head: signedLedgerHeadData,
});
export type LedgerReceiptData = z.infer<typeof ledgerReceiptData>;

const recordItem = z.object({
  /** The ledger entry number: the order number shown to the user. */
  id: z.string(),
  kind: z.string(),
  memo: z.string(),
  currency: currencySchema,
  /** Signed change of the user's available + frozen balance in this entry. */
  amount: z.string().regex(/^-?\d+\.\d{2}$/),
  /** The movement on the available balance alone (a hold moves available → frozen). */
  availableChange: z.string().regex(/^-?\d+\.\d{2}$/),
  /**
   * Signed change of the user's margin-account cash (issue 16): a capital transfer, a short's
   * collateral, a borrow fee or a manufactured dividend the short pays from it.
   */
  marginChange: z.string().regex(/^-?\d+\.\d{2}$/),
  /**
   * Signed change of what the user owes on the margin loan and credit loans: positive when the
   * entry adds to it (money lent, a day's interest), negative when it pays it off.
   */
  owedChange: z.string().regex(/^-?\d+\.\d{2}$/),
  detail: recordDetail.nullable(),
  createdAt: z.iso.datetime(),
});

export const fundsEndpoints = defineEndpoints(fundsPaths, {
  scamCheck: {
    auth: 'user',
    summary:
      'Record the answer to the safety question (did someone you met online tell you to invest here?).',
    request: z.strictObject({ trigger: scamCheckTriggerSchema, wasToldByOnlineContact: z.boolean() }),
    data: z.object({ id: z.string(), warningListUrl: z.string() }),
  },
  bankList: {
    auth: 'user',
    summary: "The user's payout bank cards.",
    request: z.strictObject({}).nullish(),
    data: z.array(bankCardData),
  },
  addBankCard: {
    auth: 'user',
    summary:
      'Add a payout card: holder = verified real name, IBAN and BIC checked, duplicates refused. The first card or wallet needs the scam-check answer first (SCAM_CHECK_REQUIRED).',
    request: z.strictObject({
      holderName: z.string().trim().min(REALNAME_LENGTH.min).max(REALNAME_LENGTH.max),
      iban: z.string().trim().min(15).max(42),
      bic: z.string().trim().min(8).max(11),
      bankName: z.string().trim().min(1).max(100),
      branch: z.string().trim().max(100).default(''),
      /** When two-factor sign-in is on (TWO_FACTOR_REQUIRED otherwise). */
      twoFactorCode: twoFactorCodeSchema.optional(),
    }),
    data: bankCardData,
  },
  deleteBankCard: {
    auth: 'user',
    summary: 'Delete a payout card (a pending withdrawal to it is still paid to it).',
    request: z.strictObject({ id: idText }),
    data: z.null(),
  },
  walletList: {
    auth: 'user',
    summary: 'Balances per currency and the crypto wallet addresses.',
    request: z.strictObject({}).nullish(),
    data: z.object({
      balances: z.array(
        z.object({ currency: currencySchema, available: cashAmountOutput, frozen: cashAmountOutput }),
      ),
      addresses: z.array(walletAddressData),
    }),
  },
  addWallet: {
    auth: 'user',
    summary: 'Add a crypto address; format and checksum checked for its network.',
    request: z.strictObject({
      network: walletNetworkSchema,
      address: z.string().trim().min(20).max(100),
      label: z.string().trim().max(40).default(''),
      /** When two-factor sign-in is on (TWO_FACTOR_REQUIRED otherwise). */
      twoFactorCode: twoFactorCodeSchema.optional(),
    }),
    data: walletAddressData,
  },
  deleteWallet: {
    auth: 'user',
    summary: 'Delete a crypto address.',
    request: z.strictObject({ id: idText }),
    data: z.null(),
  },
  rechargeChannel: {
    auth: 'user',
    summary:
      "Open deposit channels with the operator's collection account, limits and hours; in demo mode no real money is accepted.",
    request: z.strictObject({}).nullish(),
    data: z.object({
      mode: z.enum(siteModes),
      operator: z.object({ name: z.string(), licence: z.string() }).nullable(),
      hours: z.object({ opens: z.string(), closes: z.string(), timeZone: z.string() }),
      channels: z.array(depositChannelData),
    }),
  },
  recharge: {
    auth: 'user',
    summary:
      'Announce a deposit with its proof; staff match the transfer (from an account in your name) and approve.',
    request: z.strictObject({ channelId: idText, amount: cashAmountInput, proofImageId: idText }),
    data: depositData,
  },
  depositList: {
    auth: 'user',
    summary: "The user's deposits, newest first.",
    request: z.strictObject({
      ...pageFields,
    }),
    data: pageOf(depositData),
  },
  depositCancel: {
    auth: 'user',
    summary:
      'Cancel your own pending deposit announcement (nothing was credited); refused once staff decided it. Audited as your action.',
    request: z.strictObject({ id: idText }),
    data: depositData,
  },
  withdrawalRules: {
    auth: 'user',
    summary: 'Every rule that applies to a withdrawal and whether it is met, before the user types.',
    request: z.strictObject({ currency: currencySchema.default('EUR') }),
    data: withdrawalRulesData,
  },
  cashOut: {
    auth: 'user',
    summary: 'Withdraw to an own card: the amount moves to frozen until staff pay it out or reject it.',
    request: z.strictObject({
      currency: currencySchema.default('EUR'),
      amount: cashAmountInput,
      cardId: idText,
      fundPassword: z.string().max(6),
      /** When two-factor sign-in is on (TWO_FACTOR_REQUIRED otherwise). */
      twoFactorCode: twoFactorCodeSchema.optional(),
    }),
    data: withdrawalData,
  },
  withdrawalList: {
    auth: 'user',
    summary: "The user's withdrawals, newest first, with what a pending one waits for and until when.",
    request: z.strictObject({
      ...pageFields,
    }),
    data: pageOf(withdrawalData),
  },
  withdrawalCancel: {
    auth: 'user',
    summary:
      'Cancel your own pending withdrawal: the frozen amount is available again at once; refused once staff decided it. Audited as your action.',
    request: z.strictObject({ id: idText }),
    data: withdrawalData,
  },
  exchangeQuote: {
    auth: 'user',
    summary:
      'A quote at the market rate minus the spread, held for `holdSeconds` (nothing moves); refused with INSUFFICIENT_BALANCE above the available balance.',
    request: z.strictObject({ from: currencySchema, to: currencySchema, amount: cashAmountInput }),
    data: exchangeQuoteData,
  },
  exchange: {
    auth: 'user',
    summary:
      'Exchange exactly a quote the user was given, through the ledger; refused with EXCHANGE_QUOTE_EXPIRED after its hold (or once used) and EXCHANGE_QUOTE_INVALID when it is not theirs.',
    request: z.strictObject({ quoteId: z.string().min(1).max(1_000) }),
    data: exchangeRateData.extend({ entryId: z.string() }),
  },
  fundRecord: {
    auth: 'user',
    summary: 'Every ledger entry that touched the user, with its reason, newest first, paged by tab.',
    request: z.strictObject({
      tab: z.enum(recordTabs).default('all'),
      ...pageFields,
    }),
    data: pageOf(recordItem),
  },
  fundRecordReceipt: {
    auth: 'user',
    summary:
      "A receipt for one of the user's ledger entries: the entry's canonical text, its signed seal and a Merkle inclusion proof against a chain head signed now (docs/guarantees.md says how to check it).",
    request: z.strictObject({ entryId: z.string().regex(/^\d{1,18}$/) }),
    data: ledgerReceiptData,
  },
});

/** Staff read a user's records as the user sees them (the user page of the back-office). */
export const adminRecordsEndpoints = defineEndpoints(adminRecordsPaths, {
  userRecords: {
    auth: 'staff',
    summary:
      "A user's records: every ledger entry that touched the user, with its reason, newest first, paged by tab, as the user sees them (the roles that may open the user page).",
    request: z.strictObject({
      account: accountSchema,
      tab: z.enum(recordTabs).default('all'),
      ...pageFields,
    }),
    data: pageOf(recordItem),
  },
});
