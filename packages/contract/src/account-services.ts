import { z } from 'zod';
import { defineEndpoints } from './endpoint';
import { cashAmountInput, cashAmountOutput } from './money';
import {
  checkInBadges,
  creditFactorNames,
  learningCards,
  loanMovementKinds,
  loanStates,
  professionalCriteria,
  professionalProtectionsLost,
  professionalStates,
} from './account-services-enums';
import { pageFields, pageOf } from './paging';
import {
  adminProfessionalPaths,
  checkInPaths,
  creditPaths,
  professionalPaths,
} from './account-services-paths';

// Account services (issue 14): the credit line with its published score, the daily check-in and
// the professional-client ("seat account") application.

const idText = z.string().regex(/^\d{1,18}$/, 'a numeric id');

// Credit line

/** One factor of the score: its points now, the most (and least) it can give, and what it counted. */
export const creditFactorData = z.object({
  name: z.enum(creditFactorNames),
  points: z.number().int(),
  minPoints: z.number().int(),
  maxPoints: z.number().int(),
  /** What the factor counted (months, loans, owed amount), as a decimal string. */
  measured: z.string(),
});

/** A band of the published table: from this score, this limit at this yearly borrowing rate. */
export const creditTierData = z.object({
  minScore: z.number().int(),
  limit: cashAmountOutput,
  /** Fixed yearly borrowing rate, basis points (1200 = 12.00 %). */
  rateBasisPoints: z.number().int(),
  /** Annual percentage rate with monthly payments and no fees, basis points. */
  aprBasisPoints: z.number().int(),
});

export const creditScoreData = z.object({
  score: z.number().int(),
  maxScore: z.number().int(),
  factors: z.array(creditFactorData),
  tiers: z.array(creditTierData),
  /** The band the score reaches; null below the lowest. */
  tier: creditTierData.nullable(),
  currency: z.literal('EUR'),
  /** Owed now on every open loan, interest included. */
  owed: cashAmountOutput,
  /** What may still be borrowed: the band's limit minus what is owed, never below 0. */
  available: cashAmountOutput,
  termMonths: z.number().int(),
  /** Interest days per year of the daily accrual. */
  dayCountBasis: z.number().int(),
});

export const scheduleLineData = z.object({
  dueOn: z.string(),
  principal: cashAmountOutput,
  interest: cashAmountOutput,
  payment: cashAmountOutput,
});

export const loanPreviewData = z.object({
  currency: z.literal('EUR'),
  amount: cashAmountOutput,
  rateBasisPoints: z.number().int(),
  aprBasisPoints: z.number().int(),
  termMonths: z.number().int(),
  dueOn: z.string(),
  schedule: z.array(scheduleLineData),
  totalInterest: cashAmountOutput,
  totalRepayable: cashAmountOutput,
  score: z.number().int(),
});

export const loanMovementData = z.object({
  id: z.string(),
  kind: z.enum(loanMovementKinds),
  amount: cashAmountOutput,
  /** For a repayment: the part that paid interest, then principal. */
  interest: cashAmountOutput,
  principal: cashAmountOutput,
  createdAt: z.string(),
});

export const loanData = z.object({
  id: z.string(),
  state: z.enum(loanStates),
  currency: z.literal('EUR'),
  rateBasisPoints: z.number().int(),
  aprBasisPoints: z.number().int(),
  borrowed: cashAmountOutput,
  interestAccrued: cashAmountOutput,
  repaid: cashAmountOutput,
  owed: cashAmountOutput,
  principalOwed: cashAmountOutput,
  interestOwed: cashAmountOutput,
  /** Interest is accrued through the ledger up to and including this day (null: none yet). */
  accruedThrough: z.string().nullable(),
  openedAt: z.string(),
  dueOn: z.string(),
  isOverdue: z.boolean(),
  repaidAt: z.string().nullable(),
  movements: z.array(loanMovementData),
});

/** Additional credit is asked in whole euros ("a positive integer", spec §5). */
export const wholeEurosInput = z.string().max(20);

export const creditEndpoints = defineEndpoints(creditPaths, {
  score: {
    auth: 'user',
    summary:
      'The credit score by its published formula, each factor with its points, the band table, what is owed and what may still be borrowed. No call sets it.',
    request: z.strictObject({}),
    data: creditScoreData,
  },
  preview: {
    auth: 'user',
    summary:
      'Before borrowing: the amount, the fixed rate and APR, the monthly repayment schedule and the total cost. Nothing moves.',
    request: z.strictObject({ amount: cashAmountInput }),
    data: loanPreviewData,
  },
  borrow: {
    auth: 'user',
    summary:
      'Open a loan within the limit the score gives, paid into the available EUR balance through the ledger; UNPAID_LOAN while another loan is owed. Needs an idempotency-key header.',
    request: z.strictObject({ amount: cashAmountInput }),
    data: loanData,
  },
  additional: {
    auth: 'user',
    summary:
      'Additional credit on the open loan: a positive whole number of euros (CREDIT_AMOUNT_NOT_WHOLE otherwise), within the limit the score gives. Needs an idempotency-key header.',
    request: z.strictObject({ loanId: idText, amount: wholeEurosInput }),
    data: loanData,
  },
  repay: {
    auth: 'user',
    summary:
      'Repay part or all of a loan at any time without fee, interest first; REPAYMENT_EXCEEDS_LOAN above what is owed. Needs an idempotency-key header.',
    request: z.strictObject({ loanId: idText, amount: cashAmountInput }),
    data: loanData,
  },
  list: {
    auth: 'user',
    summary: "The user's loans, newest first, each with what was borrowed, accrued, repaid and is owed.",
    request: z.strictObject({ ...pageFields }),
    data: pageOf(loanData),
  },
  loan: {
    auth: 'user',
    summary: 'One loan of the user with its draws and repayments.',
    request: z.strictObject({ id: idText }),
    data: loanData,
  },
});

// Daily check-in

export const badgeData = z.object({
  badge: z.enum(checkInBadges),
  /** How many check-ins it takes: in a row for a streak badge, in all otherwise. */
  required: z.number().int(),
  counts: z.enum(['streak', 'total']),
  claimedAt: z.string().nullable(),
});

export const checkInStatusData = z.object({
  /** Today in the user's time zone. */
  today: z.string(),
  timeZone: z.string(),
  hasCheckedInToday: z.boolean(),
  streak: z.number().int(),
  total: z.number().int(),
  badges: z.array(badgeData),
  /** Today's learning card once checked in today, else null. */
  card: z.enum(learningCards).nullable(),
  recent: z.array(z.string()),
});

const timeZoneSchema = z.string().min(1).max(64);

export const checkInEndpoints = defineEndpoints(checkInPaths, {
  status: {
    auth: 'user',
    summary: "Check-in state for today in the user's time zone: streak, total, badges and today's card.",
    request: z.strictObject({ timeZone: timeZoneSchema }),
    data: checkInStatusData,
  },
  checkIn: {
    auth: 'user',
    summary:
      "Check in once a day in the user's time zone; ALREADY_CHECKED_IN the second time. Rewards are a learning card and badges, never money.",
    request: z.strictObject({ timeZone: timeZoneSchema }),
    data: checkInStatusData,
  },
  claimBadge: {
    auth: 'user',
    summary: 'Claim a badge; INSUFFICIENT_CHECKINS until the check-ins it needs are made.',
    request: z.strictObject({ badge: z.enum(checkInBadges), timeZone: timeZoneSchema }),
    data: checkInStatusData,
  },
});

// Professional-client application (MiFID II opt-up, the spec's "seat account")

export const professionalApplicationData = z.object({
  id: z.string(),
  state: z.enum(professionalStates),
  criteria: z.array(z.enum(professionalCriteria)),
  /** Significant trades per quarter, oldest first, as counted from the user's own fills. */
  tradesPerQuarter: z.array(z.number().int()),
  evidenceUploadIds: z.array(z.string()),
  statement: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

export const professionalStatusData = z.object({
  isProfessional: z.boolean(),
  /** Significant trades per quarter over the last four quarters, oldest first. */
  tradesPerQuarter: z.array(z.number().int()),
  meetsTradesCriterion: z.boolean(),
  application: professionalApplicationData.nullable(),
  protectionsLost: z.array(z.enum(professionalProtectionsLost)),
});

export const professionalEndpoints = defineEndpoints(professionalPaths, {
  status: {
    auth: 'user',
    summary:
      'Whether the user is a professional client, their trade counts per quarter, their latest application and the protections a professional client gives up.',
    request: z.strictObject({}),
    data: professionalStatusData,
  },
  apply: {
    auth: 'user',
    summary:
      'Apply to be treated as a professional client: two or three criteria, evidence uploads, the protections given up acknowledged. ALREADY_PROFESSIONAL when already one.',
    request: z.strictObject({
      criteria: z.array(z.enum(professionalCriteria)).min(1).max(3),
      evidenceUploadIds: z.array(idText).max(6),
      statement: z.string().trim().max(1_000),
      acknowledgesProtectionsLost: z.boolean(),
    }),
    data: professionalApplicationData,
  },
});

export const professionalApplicationStaffData = professionalApplicationData.extend({
  userId: z.string(),
  account: z.string(),
  realname: z.string(),
});

export const adminProfessionalEndpoints = defineEndpoints(adminProfessionalPaths, {
  professionalList: {
    auth: 'staff',
    summary: 'Professional-client applications in a state (default: pending), oldest first.',
    request: z.strictObject({ state: z.enum(professionalStates).default('pending'), ...pageFields }),
    data: pageOf(professionalApplicationStaffData),
  },
  professionalReview: {
    auth: 'staff',
    summary:
      'Approve or reject a professional-client application with a written reason (audited; the user sees the reason).',
    request: z.strictObject({
      id: idText,
      decision: z.enum(['approve', 'reject']),
      reason: z.string().trim().min(3).max(500),
    }),
    data: professionalApplicationStaffData,
  },
});

export { adminProfessionalRoles } from './admin-roles';
