import { z } from 'zod';
import { defineEndpoints } from './endpoint';
import {
  marginAccountStates,
  marginClasses,
  marginExclusions,
  marginExperienceQuestions,
  marginKnowledgeQuestions,
  type MarginQuestion,
} from './margin-enums';
import { adminMarginPaths, marginPaths } from './margin-paths';
import { languageSchema } from './users';
import { cashAmountInput, currencySchema } from './money';

const signedCash = z.string().regex(/^-?\d+\.\d{2}$/);

// The margin account (issue 16, item 1, and the published parameters of item 2). Opening it takes
// an appropriateness test scored by a published rule (MARGIN_RULES), then the risk disclosure and
// the user's explicit acceptance, both stored and audited; identity must be verified first.
// Buying on margin (item 2) is the trading ticket's `leverage`; the loan, its daily interest and the
// capital transfer between the cash and margin sides (item 6) are read and moved here. Short
// selling, securities lending, margin calls and liquidation are not built.
//
// Refusals: IDENTITY_REQUIRED / IDENTITY_PENDING / IDENTITY_REJECTED, MARGIN_TEST_RETAKE_TOO_SOON
// (with the day it may be taken again), MARGIN_TEST_ALREADY_PASSED, MARGIN_TEST_NOT_PASSED,
// MARGIN_DISCLOSURE_NOT_ACCEPTED, MARGIN_DISCLOSURE_OUTDATED, MARGIN_ACCOUNT_ALREADY_OPEN; other
// modules ask `requireMarginEnabled` and refuse with MARGIN_NOT_ENABLED.

const optionsOf = <const Options extends readonly [string, ...string[]]>(options: Options) => z.enum(options);

/** Every question answered with one of its options (a missing or unknown answer is VALIDATION_FAILED). */
export const marginAnswersInput = z.strictObject({
  margin_call: optionsOf(marginKnowledgeQuestions.margin_call),
  liquidation: optionsOf(marginKnowledgeQuestions.liquidation),
  loss_beyond_deposit: optionsOf(marginKnowledgeQuestions.loss_beyond_deposit),
  short_selling: optionsOf(marginKnowledgeQuestions.short_selling),
  interest: optionsOf(marginKnowledgeQuestions.interest),
  recall: optionsOf(marginKnowledgeQuestions.recall),
  leveraged_experience: optionsOf(marginExperienceQuestions.leveraged_experience),
  trade_frequency: optionsOf(marginExperienceQuestions.trade_frequency),
});
export type MarginAnswers = z.output<typeof marginAnswersInput>;

const questionId = z.enum(Object.keys(marginAnswersInput.shape) as [MarginQuestion, ...MarginQuestion[]]);

/** A knowledge answer that was wrong: the option chosen and the right one (the app explains why). */
export const marginWrongAnswerData = z.object({
  question: questionId,
  chosen: z.string(),
  correct: z.string(),
});

/** One taken test, re-scored from its stored answers by the published rule whenever it is read. */
export const marginTestData = z.object({
  id: z.string(),
  answers: z.record(z.string(), z.string()),
  knowledgeCorrect: z.number().int(),
  knowledgeTotal: z.number().int(),
  isExperienceMet: z.boolean(),
  isPassed: z.boolean(),
  wrong: z.array(marginWrongAnswerData),
  takenAt: z.string(),
  /** A failed test: the first moment it may be taken again; null for a pass. */
  retakeFrom: z.string().nullable(),
});

/** The risk disclosure in one language: its version, its paragraphs and the SHA-256 of both. */
export const marginDisclosureData = z.object({
  version: z.string(),
  language: languageSchema,
  paragraphs: z.array(z.string()),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
});

export const marginAccountData = z.object({
  openedAt: z.string(),
  disclosureVersion: z.string(),
  disclosureHash: z.string(),
  disclosureLanguage: languageSchema,
  testId: z.string(),
});

export const marginRuleData = z.object({
  knowledgeCorrectMinimum: z.number().int(),
  knowledgeTotal: z.number().int(),
  retakeDays: z.number().int(),
  /** Options of each experience question that meet the experience rule (either one suffices). */
  experienceOptionsAccepted: z.record(z.string(), z.array(z.string())),
});

export const marginStatusData = z.object({
  state: z.enum(marginAccountStates),
  test: marginTestData.nullable(),
  account: marginAccountData.nullable(),
  rule: marginRuleData,
  disclosure: marginDisclosureData,
});

/** The interest rate on borrowed cash: the benchmark plus the spread, both from configuration. */
export const marginRateData = z.object({
  benchmarkName: z.string(),
  benchmarkBasisPoints: z.number().int(),
  spreadBasisPoints: z.number().int(),
  annualRateBasisPoints: z.number().int(),
  dayCountBasis: z.number().int(),
});

export const marginClassRuleData = z.object({
  marginClass: z.enum(marginClasses),
  initialBasisPoints: z.number().int().nullable(),
  maintenanceBasisPoints: z.number().int().nullable(),
  /** 1 / initial margin, two decimals, rounded down ("2.00"); null when not marginable. */
  leverageMax: z.string().nullable(),
});

export const marginInstrumentData = marginClassRuleData.extend({
  symbol: z.string(),
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  exclusion: z.enum(marginExclusions).nullable(),
});

/** The published margin levels (equity / maintenance requirement, basis points: 10,000 = 100 %). */
export const marginLevelsData = z.object({
  /** Below it: a margin call, told to the user once per call with the amount needed. */
  callBasisPoints: z.number().int(),
  /** Below it: the account is to be liquidated. */
  liquidationBasisPoints: z.number().int(),
});

export const marginParametersData = z.object({
  rate: marginRateData,
  levels: marginLevelsData,
  classes: z.array(marginClassRuleData),
  /** In whole units of the instrument's currency, as decimal strings. */
  largeCapMinimum: z.string(),
  liquidityMinimum: z.string(),
  instruments: z.array(marginInstrumentData),
});

/** A margin call: the level, equity, maintenance requirement and EUR needed when it was made. */
export const marginCallData = z.object({
  id: z.string(),
  openedAt: z.iso.datetime(),
  levelBasisPoints: z.number().int(),
  equity: signedCash,
  maintenanceRequirement: signedCash,
  needed: signedCash,
});

/**
 * A liquidation (below the liquidation level): running (the account's positions being closed,
 * locked to the rule) or done, with each position closed in the published order (largest loss
 * first), its order and the quote used; `shortfall`: EUR still owed beyond the margin cash once
 * nothing was left to sell (the loan stays owed).
 */
export const marginLiquidationData = z.object({
  id: z.string(),
  state: z.enum(['running', 'done']),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  levelBasisPoints: z.number().int(),
  endLevelBasisPoints: z.number().int().nullable(),
  shortfall: signedCash.nullable(),
  sales: z.array(
    z.object({
      orderId: z.string(),
      symbol: z.string(),
      currency: z.string(),
      quantity: z.string(),
      cost: signedCash,
      value: signedCash,
      lossEur: signedCash,
      last: z.string(),
      bid: z.string().nullable(),
      ask: z.string().nullable(),
      quoteAt: z.iso.datetime(),
    }),
  ),
});

/** The user's margin calls and liquidations, newest first (the margin screen's log). */
export const marginHistoryData = z.object({
  calls: z.array(
    marginCallData.extend({
      /** open: still below the call level; met: a later tick found it back at or above. */
      state: z.enum(['open', 'met']),
      metAt: z.iso.datetime().nullable(),
    }),
  ),
  liquidations: z.array(marginLiquidationData),
});

/** The margin side and the loan, per currency and in EUR (USD at the market mid rate). */
export const marginSummaryData = z.object({
  isOpen: z.boolean(),
  annualRateBasisPoints: z.number().int(),
  /** EUR: margin cash + holdings at their value now − what is owed. */
  equity: signedCash,
  holdingsValue: signedCash,
  marginCash: signedCash,
  owed: signedCash,
  /** EUR: each holding's value × its class's maintenance (initial) margin; not marginable: in full. */
  maintenanceRequirement: signedCash,
  initialRequirement: signedCash,
  excessOverMaintenance: signedCash,
  /** Equity / maintenance requirement in basis points (floor); null while nothing is required. */
  levelBasisPoints: z.number().int().nullable(),
  levels: marginLevelsData,
  /** EUR that brings the account back to the call level now (0 when not below it). */
  neededForCallLevel: signedCash,
  /** The margin call open now (below the call level since `openedAt`), or null. */
  call: marginCallData.nullable(),
  /** The latest liquidation, running or done (see marginLiquidationData), or null. */
  liquidation: marginLiquidationData.nullable(),
  currencies: z.array(
    z.object({
      currency: currencySchema,
      /** The cash side: available cash. */
      available: signedCash,
      /** Available cash × the highest leverage cap (large caps). */
      buyingPower: signedCash,
      /** The margin side's cash. */
      marginCash: signedCash,
      /** Borrowed + interest − repaid. */
      owed: signedCash,
      borrowed: signedCash,
      interestToDate: signedCash,
      repaid: signedCash,
      /** One day's interest on what is owed now. */
      dailyInterest: signedCash,
    }),
  ),
});

export const marginEndpoints = defineEndpoints(marginPaths, {
  status: {
    auth: 'user',
    summary:
      "The user's margin account: its state, the latest test re-scored by the published rule (wrong answers and the retake date), the account once opened, and the risk disclosure in the language asked with its version and hash.",
    request: z.strictObject({ language: languageSchema.default('en') }),
    data: marginStatusData,
  },
  submitTest: {
    auth: 'user',
    summary:
      'Take the appropriateness test: every question answered, scored by the published rule, stored and audited. A failed test may be taken again after 30 days (MARGIN_TEST_RETAKE_TOO_SOON); identity must be verified.',
    request: z.strictObject({ answers: marginAnswersInput }),
    data: marginTestData,
  },
  accept: {
    auth: 'user',
    summary:
      'Accept the risk disclosure after a passed test: the version and hash of the text shown must match the current one (MARGIN_DISCLOSURE_OUTDATED). Stored with the time, audited; the margin account is then open.',
    request: z.strictObject({
      language: languageSchema,
      disclosureVersion: z.string().max(40),
      disclosureHash: z.string().max(64),
      accepts: z.boolean(),
    }),
    data: marginStatusData,
  },
  parameters: {
    auth: 'public',
    summary:
      'The published margin parameters: the interest rate (benchmark + spread), the classes with their initial and maintenance margins, and each instrument with its class. Leverage up to the cap of each instrument is the `leverage` field of the order ticket.',
    request: z.strictObject({}),
    data: marginParametersData,
  },
  summary: {
    auth: 'user',
    summary:
      "The user's margin side: equity, maintenance and initial requirements, the margin level (equity / maintenance) against the published call and liquidation levels with the margin call open now and the latest liquidation with the quotes used, buying power, and per currency what is borrowed, the interest added to date and what is owed (read from the loan's movements, which ledger:verify holds against the journal).",
    request: z.strictObject({}),
    data: marginSummaryData,
  },
  transfer: {
    auth: 'user',
    summary:
      "Capital transfer: move cash from the available (cash) side to the margin account (to_margin) or back (to_cash); to_cash is refused with MARGIN_TRANSFER_BELOW_MAINTENANCE when the margin side's equity after it would be below the maintenance requirement. MARGIN_NOT_ENABLED until the account is open. Needs an idempotency-key header.",
    request: z.strictObject({
      direction: z.enum(['to_margin', 'to_cash']),
      currency: currencySchema,
      amount: cashAmountInput,
    }),
    data: marginSummaryData,
  },
  repay: {
    auth: 'user',
    summary:
      "Repays the margin loan in `currency` from the user's available cash, up to what is owed (MARGIN_REPAY_ABOVE_OWED {owed} for more; INSUFFICIENT_BALANCE when the available cash is short), so a loan (or a shortfall left after a liquidation) stops accruing interest without selling. One loan_repayment entry and a `repay` movement. Needs an idempotency-key header.",
    request: z.strictObject({ currency: currencySchema, amount: cashAmountInput }),
    data: marginSummaryData,
  },
  history: {
    auth: 'user',
    summary:
      "The user's margin calls (the amount needed, when, open or met) and liquidations (each position closed with its order, the quote used and any shortfall), newest first, at most 50 of each.",
    request: z.strictObject({}),
    data: marginHistoryData,
  },
});

/** A user's margin account for the back-office user page: when it opened, the latest test re-scored. */
export const marginStaffData = z.object({
  openedAt: z.string().nullable(),
  test: marginTestData.nullable(),
});

export const adminMarginEndpoints = defineEndpoints(adminMarginPaths, {
  userMargin: {
    auth: 'staff',
    summary:
      "A user's margin account: when it opened (null: not open) and the latest appropriateness test, re-scored by the published rule. Read only.",
    request: z.strictObject({ account: z.string().regex(/^\d{6,15}$/) }),
    data: marginStaffData,
  },
});

export { adminMarginRoles } from './admin-roles';
