// The account services' closed lists and published rules (issue 14), zod-free: the app imports
// them through `@beurs/contract/enums`, which re-exports this file.

export const creditFactorNames = [
  'identity_verified',
  'account_age',
  'deposit_months',
  'repayments',
  'current_debt',
] as const;
export type CreditFactorName = (typeof creditFactorNames)[number];

export const loanStates = ['open', 'repaid'] as const;
export type LoanState = (typeof loanStates)[number];

export const loanMovementKinds = ['draw', 'repayment'] as const;

export const checkInBadges = ['first_check_in', 'week_streak', 'thirty_check_ins'] as const;
export type CheckInBadge = (typeof checkInBadges)[number];

/** The learning cards about investing risk, one a day in turn (texts in @beurs/i18n). */
export const learningCards = [
  'diversify',
  'leverage',
  'guaranteed_returns',
  'costs',
  'time_horizon',
  'scams',
  'emergency_fund',
] as const;
export type LearningCard = (typeof learningCards)[number];

export const professionalCriteria = ['trades', 'portfolio', 'experience'] as const;
export type ProfessionalCriterion = (typeof professionalCriteria)[number];

/** The protections a retail client gives up as a professional client (texts in @beurs/i18n). */
export const professionalProtectionsLost = [
  'appropriateness',
  'cost_detail',
  'loss_reports',
  'best_execution_detail',
  'compensation_claims',
] as const;

export const PROFESSIONAL_RULES = {
  tradesPerQuarter: 10,
  quarters: 4,
  /** A trade is significant from this gross amount in its currency, in minor units. */
  significantTradeMinor: 100_000n,
  portfolioMinimumEur: '500000.00',
  experienceYears: 1,
} as const;

export const professionalStates = ['pending', 'approved', 'rejected'] as const;
export type ProfessionalState = (typeof professionalStates)[number];
