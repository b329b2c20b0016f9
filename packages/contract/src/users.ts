import { z } from 'zod';
import { defineEndpoints } from './endpoint';
import { userPaths } from './paths';
import { identityStates, languages, restrictionKinds } from './enums';
import { cashAmountOutput, currencySchema } from './money';
import { ACCOUNT_PATTERN, PASSWORD_LENGTH, TWO_FACTOR_CODE_PATTERN } from './rules';

// Accounts and sessions (spec sections 3–7).

/** The phone number is the account: digits only, with country code, 6 to 15 digits. */
export const accountSchema = z.string().regex(ACCOUNT_PATTERN, 'digits only, 6 to 15');
export const passwordSchema = z.string().min(PASSWORD_LENGTH.min).max(PASSWORD_LENGTH.max);
export const invitationCodeSchema = z.string().trim().min(4).max(32);

export const identityStateSchema = z.enum(identityStates);

export const registerRequest = z.strictObject({
  account: accountSchema,
  password: passwordSchema,
  confirmPassword: z.string().max(128),
  invitationCode: invitationCodeSchema,
});

/**
 * A code from the authenticator app (six digits) or one of the ten single-use recovery codes
 * (`XXXXX-XXXXX`), asked for when two-factor sign-in is on (issue 12, item 6).
 */
export const twoFactorCodeSchema = z
  .string()
  .trim()
  .regex(TWO_FACTOR_CODE_PATTERN, 'six digits or a recovery code');

export const loginRequest = z.strictObject({
  account: accountSchema,
  password: z.string().min(1).max(128),
  /** Required when the account has two-factor sign-in on (TWO_FACTOR_REQUIRED otherwise). */
  twoFactorCode: twoFactorCodeSchema.optional(),
});

/** Turning two-factor sign-in on: the secret for the authenticator app, once, and its QR text. */
export const twoFactorSetupData = z.object({
  /** Base32, for typing into the authenticator app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the app shows as a QR code. */
  otpauthUri: z.string(),
});

export const twoFactorStatusData = z.object({
  isEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});

/** The ten recovery codes, shown once when two-factor sign-in is turned on. */
export const recoveryCodesData = z.object({ recoveryCodes: z.array(z.string()) });

export const loginData = z.object({
  token: z.string(),
  account: z.string(),
  expiresAt: z.iso.datetime(),
});

export const languageSchema = z.enum(languages);

/** Calls without a payload accept no body, null or {}. */
export const emptyRequest = z.strictObject({}).nullish();

/**
 * Account totals per cash currency, computed from positions and the ledger (never stored by hand):
 * total assets = available + frozen + margin cash + holdings priced in this currency at the live
 * price − what the user owes on the margin loan and on credit loans (issues 14 and 16: borrowed
 * money is never counted as the user's);
 * withdrawable = available − sale proceeds still settling; profit = realised + unrealised P&L of
 * the positions plus dividends received net of withholding.
 */
export const balanceSummary = z.object({
  currency: currencySchema,
  totalAssets: cashAmountOutput,
  available: cashAmountOutput,
  frozen: cashAmountOutput,
  withdrawable: cashAmountOutput,
  /** Holdings priced in this currency at market value (at cost while no price can be had). */
  positionsValue: cashAmountOutput,
  /** Cash on the margin side (collateral, capital transfers). */
  marginCash: cashAmountOutput,
  /** Everything the user owes in this currency: owedMarginLoan + owedCredit. */
  owed: cashAmountOutput,
  /** What the margin loan owes in this currency, a shortfall after a liquidation included. */
  owedMarginLoan: cashAmountOutput,
  /**
   * What the user owes on credit loans in this currency (EUR only): principal outstanding plus
   * interest due through yesterday — what repaying them in full takes today.
   */
  owedCredit: cashAmountOutput,
  profit: cashAmountOutput,
});

export const restrictionKindSchema = z.enum(restrictionKinds);

export const userInfoData = z.object({
  /** 1 means identity-verified (spec section 3). */
  is_true: z.union([z.literal(0), z.literal(1)]),
  realname: z.string(),
  account: z.string(),
  identityState: identityStateSchema,
  invitationCode: z.string(),
  balances: z.array(balanceSummary),
  restrictions: z.array(z.object({ kind: restrictionKindSchema, reason: z.string() })),
  createdAt: z.iso.datetime(),
});
export type UserInfo = z.infer<typeof userInfoData>;

export const changePasswordRequest = z.strictObject({
  oldPassword: z.string().min(1).max(128),
  newPassword: passwordSchema,
  confirmPassword: z.string().max(128),
});

export const sessionItem = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  userAgent: z.string(),
  ipAddress: z.string(),
  isCurrent: z.boolean(),
});

export const userEndpoints = defineEndpoints(userPaths, {
  register: {
    auth: 'public',
    summary: 'Register with a phone number, a password and an invitation code.',
    request: registerRequest,
    data: z.object({ account: z.string() }),
  },
  login: {
    auth: 'public',
    summary: 'Sign in; answers the token to send in the `token` header with `account`.',
    request: loginRequest,
    data: loginData,
  },
  logout: {
    auth: 'user',
    summary: 'Revoke the current session.',
    request: emptyRequest,
    data: z.null(),
  },
  getUserinfo: {
    auth: 'user',
    summary: 'The signed-in user, identity state, restrictions and balances per currency.',
    request: emptyRequest,
    data: userInfoData,
  },
  changePassword: {
    auth: 'user',
    summary: 'Change the login password; other sessions are signed out.',
    request: changePasswordRequest,
    data: z.null(),
  },
  sessions: {
    auth: 'user',
    summary: 'Active sessions of the signed-in user (security centre).',
    request: emptyRequest,
    data: z.array(sessionItem),
  },
  revokeSession: {
    auth: 'user',
    summary: 'Sign out one of your other sessions.',
    request: z.strictObject({ id: z.string().regex(/^\d+$/) }),
    data: z.null(),
  },
  revokeOtherSessions: {
    auth: 'user',
    summary: 'Sign out every session but this one.',
    request: emptyRequest,
    data: z.object({ revoked: z.number().int() }),
  },
  signInHistory: {
    auth: 'user',
    summary:
      'The last 50 sign-ins to this account, newest first: time, device and address (security centre).',
    request: emptyRequest,
    data: z.array(
      z.object({
        signedInAt: z.iso.datetime(),
        userAgent: z.string(),
        ipAddress: z.string(),
        isCurrent: z.boolean(),
      }),
    ),
  },
  twoFactorStatus: {
    auth: 'user',
    summary: 'Whether two-factor sign-in is on, and how many recovery codes are left.',
    request: emptyRequest,
    data: twoFactorStatusData,
  },
  twoFactorSetup: {
    auth: 'user',
    summary:
      'Start turning on two-factor sign-in (login password required): a new secret for the authenticator app and its otpauth:// URI for a QR code. Nothing changes until it is confirmed.',
    request: z.strictObject({ password: z.string().min(1).max(128) }),
    data: twoFactorSetupData,
  },
  twoFactorEnable: {
    auth: 'user',
    summary:
      'Turn two-factor sign-in on with a first code from the authenticator app; answers ten single-use recovery codes, shown once. From then on sign-in, withdrawals and new payout cards ask for a code.',
    request: z.strictObject({ code: twoFactorCodeSchema }),
    data: recoveryCodesData,
  },
  twoFactorDisable: {
    auth: 'user',
    summary: 'Turn two-factor sign-in off, with the login password and a code (or a recovery code).',
    request: z.strictObject({ password: z.string().min(1).max(128), code: twoFactorCodeSchema }),
    data: twoFactorStatusData,
  },
  notice: {
    auth: 'user',
    summary: 'Notices for the user in their language; the app keeps read ids in `readMsg`.',
    request: z.strictObject({ language: languageSchema.optional() }).nullish(),
    data: z.array(
      z.object({ id: z.string(), title: z.string(), content: z.string(), createdAt: z.iso.datetime() }),
    ),
  },
});
