// The margin account's published rules (issue 16, items 1 and 2), zod-free: the app imports them
// through `@beurs/contract/enums`, which re-exports this file. The margin classes of instruments,
// their initial and maintenance margins, the thresholds that decide the class, and the
// appropriateness test's questions and scoring rule live here, in one place; the server classifies
// instruments and scores answers with them, and the app shows them.

/**
 * The classes of instruments for margin. `large_cap`: shares with a market capitalisation of at
 * least `largeCapMinimum` at the catalogue's reference price; `standard`: other shares and ETFs;
 * `not_marginable`: crypto, instruments that cannot be traded (indices, currency pairs) and shares
 * or ETFs whose daily turnover is below `liquidityMinimum`.
 */
export const marginClasses = ['large_cap', 'standard', 'not_marginable'] as const;
export type MarginClass = (typeof marginClasses)[number];

/** Why an instrument is not marginable (`staff`: taken out of margin by a staff override, issue 15). */
export const marginExclusions = ['crypto', 'not_tradable', 'illiquid', 'staff'] as const;
export type MarginExclusion = (typeof marginExclusions)[number];

export const MARGIN_RULES = {
  /** Initial and maintenance margin of each marginable class, basis points of the position's value. */
  classes: {
    large_cap: { initialBasisPoints: 5_000, maintenanceBasisPoints: 3_000 },
    standard: { initialBasisPoints: 6_000, maintenanceBasisPoints: 4_000 },
  },
  /** A share is a large cap from this market capitalisation, in whole units of its currency. */
  largeCapMinimum: 10_000_000_000n,
  /** Below this average daily turnover, in whole units of its currency, nothing is marginable. */
  liquidityMinimum: 1_000_000n,
  /** Days of interest in a year: borrowed cash accrues annual rate / 365 each day. */
  interestDayCountBasis: 365,
  /** A failed appropriateness test can be taken again this many days after it was taken. */
  retakeDays: 30,
  /** The test passes with at least this many knowledge answers right and the experience rule met. */
  knowledgeCorrectMinimum: 5,
  /**
   * The margin level is equity / maintenance requirement, in basis points (10,000 = 100 %), recomputed
   * on every tick of a held instrument. Below `callLevelBasisPoints` the account is in a margin call:
   * the user is told once per call, with the amount that brings it back to the call level.
   */
  callLevelBasisPoints: 10_000,
  /** Below this margin level the account is to be liquidated (positions closed at market). */
  liquidationLevelBasisPoints: 8_000,
  /** The version of the rules text (the risk disclosure); a new text gets a new version. */
  disclosureVersion: '2026-11-26.3',
} as const;

/** The knowledge questions, each with its options (texts in @beurs/i18n, `margin.questions`). */
export const marginKnowledgeQuestions = {
  margin_call: ['add_cash_or_reduce', 'extra_credit_offer', 'monthly_fee'],
  liquidation: ['closed_at_market', 'wait_for_recovery', 'staff_choose'],
  loss_beyond_deposit: ['yes_debt', 'no_never'],
  short_selling: ['unlimited_loss', 'loss_capped_at_proceeds', 'no_risk_when_price_falls'],
  interest: ['daily_on_borrowed', 'only_on_profit', 'none'],
  recall: ['forced_buy_in', 'nothing_happens', 'lender_pays_you'],
} as const;
export type MarginKnowledgeQuestion = keyof typeof marginKnowledgeQuestions;

/** The experience questions: stated, not right or wrong; the experience rule reads them. */
export const marginExperienceQuestions = {
  leveraged_experience: ['never', 'under_one_year', 'one_to_three_years', 'over_three_years'],
  trade_frequency: ['never', 'few_a_year', 'monthly', 'weekly'],
} as const;
export type MarginExperienceQuestion = keyof typeof marginExperienceQuestions;

export type MarginQuestion = MarginKnowledgeQuestion | MarginExperienceQuestion;

export const marginKnowledgeQuestionIds = Object.keys(marginKnowledgeQuestions) as MarginKnowledgeQuestion[];
export const marginExperienceQuestionIds = Object.keys(
  marginExperienceQuestions,
) as MarginExperienceQuestion[];

/**
 * The experience rule: some experience with leveraged products, or shares and ETFs traded at
 * least monthly over the last year. (The knowledge rule: `knowledgeCorrectMinimum` right.)
 */
export const MARGIN_EXPERIENCE_RULE = {
  leveraged_experience: ['under_one_year', 'one_to_three_years', 'over_three_years'],
  trade_frequency: ['monthly', 'weekly'],
} as const;

/** Where the user stands: no test yet, a failed or passed test, or the account open. */
export const marginAccountStates = ['not_started', 'test_failed', 'test_passed', 'open'] as const;
export type MarginAccountState = (typeof marginAccountStates)[number];

/** The risk disclosure's paragraphs, in order (texts in @beurs/i18n, `margin.disclosure`). */
export const marginDisclosureParagraphs = [
  'intro',
  'classes',
  'not_marginable',
  'margin_call',
  'liquidation',
  'losses',
  'interest',
  'short_selling',
  'recall',
  'available',
] as const;
export type MarginDisclosureParagraph = (typeof marginDisclosureParagraphs)[number];

/**
 * Day trading (issue 16, item 5): a day-trade order is a market buy marked intraday, at a leverage
 * up to 1 / the intraday initial margin, on an eligible instrument, while its venue is open and
 * before the auto-close time. Every position opened intraday and still open is closed at market at
 * the auto-close time, `autoCloseMinutesBeforeClose` minutes before the venue's regular close.
 */
export const DAY_TRADING_RULES = {
  /**
   * The intraday initial margin's default, basis points (25 %: leverage up to 4.00); the server's
   * configuration (MARGIN_INTRADAY_INITIAL_BASIS_POINTS) sets the one in force, which
   * /margin/dayTrading publishes.
   */
  intradayInitialBasisPointsDefault: 2_500,
  /**
   * The eligible instruments: those whose margin class, after staff overrides, is one of these (the
   * large caps, which are liquid by the class rule); derived in one place on the server.
   */
  eligibleClasses: ['large_cap'],
  /** Positions opened intraday are closed at market this many minutes before the venue's close. */
  autoCloseMinutesBeforeClose: 15,
} as const;

/**
 * Short selling and securities lending (issue 16, item 3). The lendable list: marginable instruments
 * staff mark lendable (back office → Margin and lending), each with its channel open or paused. The
 * pool: the fully paid shares (held, not held for a sale, not bought on margin) of users who opted
 * in, allocated to a short oldest opt-in first. The server's configuration sets the fee, the share and
 * the notice in force (LENDING_BORROW_FEE_BASIS_POINTS, LENDING_LENDER_SHARE_BASIS_POINTS,
 * LENDING_RECALL_NOTICE_MINUTES); these are the defaults, and /margin/lending publishes the ones in force.
 */
export const LENDING_RULES = {
  /** The annual borrow fee, basis points (3.00 %), 1/365 a day on the short sale's value. */
  borrowFeeBasisPointsDefault: 300,
  /** The lenders' share of the borrow fee, basis points (50 %), the rest to the house. */
  lenderShareBasisPoints: 5_000,
  /** A recall's notice before the forced buy-in, minutes (one day). */
  recallNoticeMinutes: 1_440,
} as const;
