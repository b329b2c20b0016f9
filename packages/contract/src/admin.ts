import { z } from 'zod';
import { pageFields, pageOf } from './paging';
import { defineEndpoints } from './endpoint';
import {
  correctionStates,
  depositChannelKinds,
  fundStates,
  reviewQueues,
  WITHDRAWAL_BAR_MAX_DAYS,
  withdrawalBarReasons,
  withdrawalBarStates,
  reviewDecisions,
  staffRoles,
  tobClasses,
  assignableStaffRoles,
} from './enums';
import { adminPaths } from './paths';
import { feesData } from './trading';
import { cashAmountInput, cashAmountOutput, currencySchema, decimalString, scales } from './money';
import { STAFF_PASSWORD_LENGTH } from './rules';
import {
  accountSchema,
  identityStateSchema,
  recoveryCodesData,
  restrictionKindSchema,
  twoFactorCodeSchema,
  twoFactorSetupData,
} from './users';

// The back-office API under /api/admin/ (issue 4; DESIGN.md §1.9–1.11). Staff sign in with their
// own accounts; the token travels in the `staff-token` header, never the user's `token`. Each call
// names the roles allowed to make it (admin may make every call). Every action that changes
// anything takes a written reason and is audited: who, when, what, why, before and after.

export const staffRoleSchema = z.enum(staffRoles);

/** Why a staff member did something, in words the user (or an auditor) can read. */
export const staffReasonSchema = z.string().trim().min(3).max(500);
const idText = z.string().regex(/^\d{1,18}$/, 'a numeric id');

export const staffLoginData = z.object({
  token: z.string(),
  username: z.string(),
  role: staffRoleSchema,
  expiresAt: z.iso.datetime(),
  /** The first-start password: every call but me, logout and changePassword is refused until changed. */
  mustChangePassword: z.boolean(),
  /**
   * Two-factor sign-in is required for staff: until it is set up (auth/twoFactor/setup, then
   * auth/twoFactor/enable) every call but those, me, logout and changePassword is refused.
   */
  mustEnrolTwoFactor: z.boolean(),
});

/** A staff account as admins see it; `loginLockedUntil` only while the lock is in force. */
export const staffMemberData = z.object({
  id: z.string(),
  username: z.string(),
  role: staffRoleSchema,
  disabledAt: z.iso.datetime().nullable(),
  loginLockedUntil: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});

export const auditEntryData = z.object({
  id: z.string(),
  /** Who acted: a staff member, or the user themself (cancelling their own deposit or withdrawal). */
  staffId: z.string().nullable(),
  staffUsername: z.string(),
  userId: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  reason: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.iso.datetime(),
});

export const adminUserData = z.object({
  id: z.string(),
  account: z.string(),
  realname: z.string(),
  identityState: identityStateSchema,
  createdAt: z.iso.datetime(),
  restrictions: z.array(
    z.object({ kind: restrictionKindSchema, reason: z.string(), since: z.iso.datetime() }),
  ),
  balances: z.array(
    z.object({ currency: currencySchema, available: cashAmountOutput, frozen: cashAmountOutput }),
  ),
});

export const identitySubmissionData = z.object({
  id: z.string(),
  userId: z.string(),
  account: z.string(),
  realname: z.string(),
  documentType: z.string(),
  documentNumber: z.string(),
  frontImageId: z.string(),
  backImageId: z.string(),
  state: identityStateSchema,
  reason: z.string(),
  createdAt: z.iso.datetime(),
  reviewedAt: z.iso.datetime().nullable(),
});

export const depositChannelKindSchema = z.enum(depositChannelKinds);

export const depositChannelInput = z.strictObject({
  /** Absent: a new channel. */
  id: idText.optional(),
  kind: depositChannelKindSchema,
  name: z.string().trim().min(1).max(80),
  currency: currencySchema,
  /** The operator's own collection account: an IBAN, or a crypto address of the operator's. */
  collectionAccount: z.string().trim().min(8).max(120),
  beneficiaryName: z.string().trim().min(1).max(140),
  bic: z.string().trim().max(11).default(''),
  minimum: cashAmountInput,
  maximum: cashAmountInput.nullable(),
  isEnabled: z.boolean(),
  reason: staffReasonSchema,
});

const decision = z.enum(reviewDecisions);

export const correctionData = z.object({
  id: z.string(),
  account: z.string(),
  currency: currencySchema,
  /** Signed: positive credits the user's available balance, negative debits it. */
  amount: z.string().regex(/^-?\d+\.\d{2}$/),
  reason: z.string(),
  state: z.enum(correctionStates),
  proposedBy: z.string(),
  decidedBy: z.string().nullable(),
  entryId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

/** A withdrawal bar request (issue 12, item 3) and what became of it. */
export const withdrawalBarData = z.object({
  id: z.string(),
  account: z.string(),
  barReason: z.enum(withdrawalBarReasons),
  /** Staff's note: never shown to the user. */
  note: z.string(),
  days: z.number().int(),
  state: z.enum(withdrawalBarStates),
  proposedBy: z.string(),
  decidedBy: z.string().nullable(),
  /** When an approved bar ends (its days from the approval). */
  expiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});

/** The result of the ledger checks of `ledger:verify` (run on request or by the hourly job). */
const ledgerCheckResult = z.object({
  isOk: z.boolean(),
  breachCount: z.number().int(),
  /** The checks that found something (`ledger:verify` names them). */
  checks: z.array(z.string()),
  entryCount: z.number().int(),
  sealedCount: z.number().int(),
  unsealedCount: z.number().int(),
  checkedAt: z.iso.datetime(),
});

export const adminEndpoints = defineEndpoints(adminPaths, {
  login: {
    auth: 'public',
    summary: 'Staff sign-in; answers the token for the `staff-token` header.',
    request: z.strictObject({
      username: z.string().min(1).max(64),
      password: z.string().min(1).max(128),
      /** Required once the staff member has set up two-factor sign-in. */
      twoFactorCode: twoFactorCodeSchema.optional(),
    }),
    data: staffLoginData,
  },
  twoFactorSetup: {
    auth: 'staff',
    summary:
      'Set up two-factor sign-in (required for staff; password required): a new secret and its otpauth:// URI for a QR code.',
    request: z.strictObject({ password: z.string().min(1).max(128) }),
    data: twoFactorSetupData,
  },
  twoFactorEnable: {
    auth: 'staff',
    summary:
      'Confirm two-factor sign-in with a first code; answers ten single-use recovery codes, shown once.',
    request: z.strictObject({ code: twoFactorCodeSchema }),
    data: recoveryCodesData,
  },
  logout: {
    auth: 'staff',
    summary: 'End the current staff session.',
    request: z.strictObject({}).nullish(),
    data: z.null(),
  },
  me: {
    auth: 'staff',
    summary: 'The signed-in staff member and role.',
    request: z.strictObject({}).nullish(),
    data: z.object({ id: z.string(), username: z.string(), role: staffRoleSchema }),
  },
  changePassword: {
    auth: 'staff',
    summary:
      'Change your own staff password (12+ characters; the first-start password is shown once and should be changed). Your other staff sessions end; audited.',
    request: z.strictObject({
      oldPassword: z.string().min(1).max(128),
      newPassword: z.string().min(STAFF_PASSWORD_LENGTH.min).max(STAFF_PASSWORD_LENGTH.max),
    }),
    data: z.null(),
  },
  createStaff: {
    auth: 'staff',
    summary: 'Create a staff account with a role (admin only; audited).',
    request: z.strictObject({
      username: z
        .string()
        .trim()
        .regex(/^[a-z0-9_.-]{3,32}$/),
      password: z.string().min(STAFF_PASSWORD_LENGTH.min).max(STAFF_PASSWORD_LENGTH.max),
      /** Not `demo_desk`: that account is the server's own. */
      role: z.enum(assignableStaffRoles),
      reason: staffReasonSchema,
    }),
    data: z.object({ id: z.string(), username: z.string(), role: staffRoleSchema }),
  },
  staffList: {
    auth: 'staff',
    summary: 'Staff accounts, oldest first, with disabled and locked state (admin and auditor).',
    request: z.strictObject({ ...pageFields }),
    data: pageOf(staffMemberData),
  },
  disableStaff: {
    auth: 'staff',
    summary:
      'Disable a staff account with a reason: it can no longer sign in and its sessions end at once. Not oneself, nor the last enabled admin (admin only; audited).',
    request: z.strictObject({ id: idText, reason: staffReasonSchema }),
    data: staffMemberData,
  },
  enableStaff: {
    auth: 'staff',
    summary: 'Re-enable a disabled staff account with a reason (admin only; audited).',
    request: z.strictObject({ id: idText, reason: staffReasonSchema }),
    data: staffMemberData,
  },
  auditLog: {
    auth: 'staff',
    summary:
      'The audit log, newest first, filtered by target, staff member, action, user and time (admin and auditor).',
    request: z.strictObject({
      ...pageFields,
      targetType: z.string().max(40).optional(),
      targetId: z.string().max(40).optional(),
      staffId: idText.optional(),
      action: z.string().max(60).optional(),
      userId: idText.optional(),
      /**
       * Every row about this user: staff actions on the account, on the user's items (deposits,
       * withdrawals, identity submissions, corrections, withdrawal bars, professional-client
       * applications, uploads) and the user's own decisions on them.
       */
      aboutUserId: idText.optional(),
      /** From this instant, inclusive. */
      from: z.iso.datetime().optional(),
      /** Before this instant. */
      to: z.iso.datetime().optional(),
    }),
    data: pageOf(auditEntryData),
  },
  userSearch: {
    auth: 'staff',
    summary:
      "Find users by the beginning of their account, part of their verified name, part of an ID document number or of a payout card's IBAN (letters and digits, at least 4 for those two); at most 20, each with what matched.",
    request: z.strictObject({ query: z.string().trim().min(2).max(100) }),
    data: z.object({
      items: z.array(
        z.object({
          id: z.string(),
          account: z.string(),
          realname: z.string(),
          identityState: identityStateSchema,
          matchedBy: z.enum(['account', 'name', 'document', 'iban']),
        }),
      ),
    }),
  },
  userDetail: {
    auth: 'staff',
    summary: 'One user: identity state, restrictions in force and balances.',
    request: z.strictObject({ account: accountSchema }),
    data: adminUserData,
  },
  userSessions: {
    auth: 'staff',
    summary:
      "A user's live sessions: when each began and was last used, when it ends, the device and the address (never a token); looking is audited.",
    request: z.strictObject({ account: accountSchema }),
    data: z.object({
      items: z.array(
        z.object({
          id: z.string(),
          createdAt: z.iso.datetime(),
          lastSeenAt: z.iso.datetime(),
          expiresAt: z.iso.datetime(),
          userAgent: z.string(),
          ipAddress: z.string(),
        }),
      ),
    }),
  },
  restrict: {
    auth: 'staff',
    summary:
      'Freeze, ban login, disable, bar trading or bar withdrawing, with the reason the user sees. Freezing, banning login and disabling sign the user out everywhere.',
    request: z.strictObject({
      account: accountSchema,
      kind: restrictionKindSchema,
      reason: staffReasonSchema,
    }),
    data: adminUserData,
  },
  liftRestriction: {
    auth: 'staff',
    summary: 'Lift a restriction in force, with a reason.',
    request: z.strictObject({
      account: accountSchema,
      kind: restrictionKindSchema,
      reason: staffReasonSchema,
    }),
    data: adminUserData,
  },
  withdrawalBarPropose: {
    auth: 'staff',
    summary:
      "Ask to bar a user's withdrawals: a reason from the published list (the user sees it in their language), a note for staff only, and 1 to 30 days. It takes effect when another staff member approves it; renewing takes a new request.",
    request: z.strictObject({
      account: accountSchema,
      barReason: z.enum(withdrawalBarReasons),
      note: staffReasonSchema,
      days: z.number().int().min(1).max(WITHDRAWAL_BAR_MAX_DAYS),
    }),
    data: withdrawalBarData,
  },
  withdrawalBarReview: {
    auth: 'staff',
    summary:
      'Approve (by another staff member than the one who asked) or reject a withdrawal bar request; an approved bar replaces any bar in force and lasts its days from now.',
    request: z.strictObject({ id: idText, decision, reason: staffReasonSchema }),
    data: withdrawalBarData,
  },
  withdrawalBarList: {
    auth: 'staff',
    summary: 'Withdrawal bar requests in a state (default: pending), oldest first.',
    request: z.strictObject({
      state: z.enum(withdrawalBarStates).default('pending'),
      ...pageFields,
    }),
    data: pageOf(withdrawalBarData),
  },
  identityList: {
    auth: 'staff',
    summary: 'Identity submissions in a state (default: under review), oldest first.',
    request: z.strictObject({
      state: identityStateSchema.default('under_review'),
      ...pageFields,
    }),
    data: pageOf(identitySubmissionData),
  },
  identityReview: {
    auth: 'staff',
    summary: 'Approve or reject an identity submission; a rejection reason is shown to the user.',
    request: z.strictObject({ id: idText, decision, reason: staffReasonSchema }),
    data: identitySubmissionData,
  },
  depositChannelSave: {
    auth: 'staff',
    summary: "Create or change a deposit channel naming the operator's own collection account.",
    request: depositChannelInput,
    data: z.object({ id: z.string() }),
  },
  depositChannelList: {
    auth: 'staff',
    summary: 'Every deposit channel, enabled and disabled, oldest first (to find and change one).',
    request: z.strictObject({ ...pageFields }),
    data: pageOf(
      z.object({
        id: z.string(),
        kind: depositChannelKindSchema,
        name: z.string(),
        currency: currencySchema,
        collectionAccount: z.string(),
        beneficiaryName: z.string(),
        bic: z.string(),
        minimum: cashAmountOutput,
        maximum: cashAmountOutput.nullable(),
        isEnabled: z.boolean(),
        createdAt: z.iso.datetime(),
      }),
    ),
  },
  depositList: {
    auth: 'staff',
    summary:
      "Deposits in a state (default: pending), oldest first; queue 'escalated': those past their decide-by time, moved to the supervisors' queue.",
    request: z.strictObject({
      state: z.enum(fundStates).default('pending'),
      queue: z.enum(reviewQueues).default('all'),
      ...pageFields,
    }),
    data: pageOf(
      z.object({
        id: z.string(),
        account: z.string(),
        realname: z.string(),
        channelName: z.string(),
        currency: currencySchema,
        amount: cashAmountOutput,
        reference: z.string(),
        proofImageId: z.string(),
        state: z.enum(fundStates),
        reason: z.string(),
        decideBy: z.iso.datetime(),
        /** When the overdue job moved it to the supervisors' queue and told the user; null before. */
        escalatedAt: z.iso.datetime().nullable(),
        createdAt: z.iso.datetime(),
        /** Matching helpers: facts the server has (the bank statement is for staff to compare). */
        matching: z.object({
          /** The user's other deposits through this channel: how many were decided how, the latest five. */
          onChannel: z.object({
            approved: z.number().int(),
            rejected: z.number().int(),
            cancelled: z.number().int(),
            recent: z.array(
              z.object({
                id: z.string(),
                amount: cashAmountOutput,
                currency: currencySchema,
                reference: z.string(),
                state: z.enum(fundStates),
                createdAt: z.iso.datetime(),
              }),
            ),
          }),
          /** Other deposits (any user) whose proof is the same uploaded picture. */
          sameProofDepositIds: z.array(z.string()),
        }),
      }),
    ),
  },
  depositReview: {
    auth: 'staff',
    summary:
      'Approve (credits the available balance through the ledger, once) or reject a pending deposit with a reason.',
    request: z.strictObject({ id: idText, decision, reason: staffReasonSchema }),
    data: z.object({ id: z.string(), state: z.enum(['approved', 'rejected']) }),
  },
  withdrawalList: {
    auth: 'staff',
    summary:
      "Withdrawals in a state (default: pending), oldest first, with their payout card; queue 'escalated': those past their decide-by time, moved to the supervisors' queue.",
    request: z.strictObject({
      state: z.enum(fundStates).default('pending'),
      queue: z.enum(reviewQueues).default('all'),
      ...pageFields,
    }),
    data: pageOf(
      z.object({
        id: z.string(),
        account: z.string(),
        realname: z.string(),
        currency: currencySchema,
        amount: cashAmountOutput,
        fee: cashAmountOutput,
        payout: cashAmountOutput,
        iban: z.string(),
        bic: z.string(),
        holderName: z.string(),
        state: z.enum(fundStates),
        reason: z.string(),
        decideBy: z.iso.datetime(),
        escalatedAt: z.iso.datetime().nullable(),
        createdAt: z.iso.datetime(),
      }),
    ),
  },
  withdrawalReview: {
    auth: 'staff',
    summary:
      'Approve (pays the frozen amount out, fee from the amount withdrawn) or reject (returns it) with a reason.',
    request: z.strictObject({ id: idText, decision, reason: staffReasonSchema }),
    data: z.object({ id: z.string(), state: z.enum(['approved', 'rejected']) }),
  },
  correctionPropose: {
    auth: 'staff',
    summary:
      "Correct a user's balance by a new journal entry with a reason the user sees (never an edit). Up to the threshold it applies at once; above it a second staff member must approve.",
    request: z.strictObject({
      account: accountSchema,
      currency: currencySchema,
      amount: decimalString(scales.cash).refine((minor) => minor !== 0n, 'must not be 0'),
      reason: staffReasonSchema,
    }),
    data: correctionData,
  },
  correctionReview: {
    auth: 'staff',
    summary: 'A second staff member approves (posts) or rejects a pending correction.',
    request: z.strictObject({ id: idText, decision, reason: staffReasonSchema }),
    data: correctionData,
  },
  correctionList: {
    auth: 'staff',
    summary: 'Corrections in a state (default: pending), oldest first.',
    request: z.strictObject({
      state: z.enum(correctionStates).default('pending'),
      ...pageFields,
    }),
    data: pageOf(correctionData),
  },
  feeSchedule: {
    auth: 'staff',
    summary:
      'The published fee schedule, TOB rates and caps and each market’s rules, as users see them (read-only: set by the server’s configuration and, for TOB, by law).',
    request: z.strictObject({}).nullish(),
    data: feesData,
  },
  reconciliation: {
    auth: 'staff',
    summary:
      'Reconciliation for a period of at most 366 days (dates in the funds time zone, both included): withdrawals paid out per day and currency, the TOB collected per month, currency and class (the figures for the declaration), the ledger’s health (the last run of the hourly `ledger.verify` job, the chain’s head, the house balances), and with verifyLedger the result of the ledger checks of `ledger:verify` run now (admin, finance, auditor; read-only).',
    request: z
      .strictObject({ from: z.iso.date(), to: z.iso.date(), verifyLedger: z.boolean().default(false) })
      .refine(
        ({ from, to }) => from <= to && Date.parse(to) - Date.parse(from) <= 365 * 86_400_000,
        'to on or after from, at most 366 days',
      ),
    data: z.object({
      from: z.iso.date(),
      to: z.iso.date(),
      timeZone: z.string(),
      withdrawalsPaid: z.array(
        z.object({
          day: z.iso.date(),
          currency: currencySchema,
          count: z.number().int(),
          amount: cashAmountOutput,
          fee: cashAmountOutput,
          payout: cashAmountOutput,
        }),
      ),
      tobCollected: z.array(
        z.object({
          month: z.string().regex(/^\d{4}-\d{2}$/),
          currency: currencySchema,
          tobClass: z.enum(tobClasses),
          count: z.number().int(),
          base: cashAmountOutput,
          tob: cashAmountOutput,
        }),
      ),
      ledger: ledgerCheckResult.nullable(),
      /** Always: the last run of the hourly `ledger.verify` job, the chain's head, the house balances. */
      ledgerHealth: z.object({
        lastScheduledRun: ledgerCheckResult.nullable(),
        /** How many seals the chain holds (the published head's sequence). */
        headSequence: z.string(),
        headSealedAt: z.string().nullable(),
        houseBalances: z.array(z.object({ kind: z.string(), asset: z.string(), balance: z.string() })),
      }),
    }),
  },
});

export {
  adminEndpointRoles,
  adminRecordsRoles,
  staffMayCall,
  type AdminEndpointName,
  type AdminSupportEndpointName,
} from './admin-roles';
