import { DomainError, currencies, formatCash, type Currency, type UserInfo } from '@beurs/contract';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../core/clock';
import type { InvalidationBus } from '../../core/invalidation-bus';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../core/passwords';
import type { RandomSource } from '../../core/random';
import { isPgError, type Database, type Executor, type Transaction } from '../../db/database';
import { roundLookup } from '../../db/read-round';
import type { AttemptLimitsService } from '../attempt-limits/attempt-limits.service';
import type { TwoFactorService } from '../two-factor/two-factor.service';
import type { AuthenticatedSession, SessionsService } from './sessions.service';
import * as repository from './users.repository';

type RestrictionKind = repository.RestrictionRow['kind'];

// Registration, sign-in and the account overview. Rules: the invitation code must belong to an
// existing user (or the operator's staff account); passwords hashed with argon2id; five failed
// logins lock the account name for 15 minutes, counted before the hash is compared so parallel
// guesses count too (attempt-limits); every check of the login password (sign-in, changing it,
// resetting the fund password) counts toward that lock; the answer never says whether the account
// or the password was wrong, nor whether the account exists once locked; frozen, login-banned and
// disabled accounts are refused with the staff's reason.
const INVITATION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const INVITATION_CODE_LENGTH = 8;
/**
 * The account overview is cached per node for at most a second; a change to the user or their
 * balances evicts it on every node at once (the bus), so the second only bounds a race between a
 * read and a commit.
 */
const USER_INFO_CACHE_TTL_MS = 1_000;
const USER_INFO_CACHE_MAX = 100_000;

/** What this module needs from the ledger (its balances are the ledger's, never a column here). */
export type LedgerPort = {
  openUserAccounts(executor: Executor, userId: bigint): Promise<void>;
  /** After each committed money move: the users whose balances it changed. */
  onBalancesChanged(listener: (userIds: ReadonlySet<bigint>) => void): () => void;
};

/**
 * The account totals per cash currency, from the trading module (positions and the ledger; see
 * its `accountTotals`). A port, not an import: the trading module already depends on this one.
 */
export type AccountTotalsPort = (userId: bigint) => Promise<
  ReadonlyArray<{
    currency: Currency;
    availableMinor: bigint;
    frozenMinor: bigint;
    withdrawableMinor: bigint;
    positionsValueMinor: bigint;
    marginCashMinor: bigint;
    /** Everything owed: the margin loan and credit loans. */
    owedMinor: bigint;
    owedMarginMinor: bigint;
    owedCreditMinor: bigint;
    totalAssetsMinor: bigint;
    totalProfitMinor: bigint;
  }>
>;

export type UsersServiceDeps = {
  db: Database;
  clock: Clock;
  random: RandomSource;
  bus: InvalidationBus;
  sessions: SessionsService;
  ledger: LedgerPort;
  accountTotals: AccountTotalsPort;
  attemptLimits: AttemptLimitsService;
  twoFactor: TwoFactorService;
};

type Client = { userAgent: string; ipAddress: string };

export function newInvitationCode(random: RandomSource): string {
  let code = '';
  for (let index = 0; index < INVITATION_CODE_LENGTH; index += 1) {
    code += INVITATION_ALPHABET[random.int(INVITATION_ALPHABET.length)];
  }
  return code;
}

export function createUsersService(deps: UsersServiceDeps) {
  const { db, clock, random, bus, sessions, ledger, accountTotals, attemptLimits, twoFactor } = deps;
  const ownerOf = (userId: bigint) => ({ kind: 'user' as const, id: userId });
  const infoCache = new LRUCache<string, UserInfo>({ max: USER_INFO_CACHE_MAX, ttl: USER_INFO_CACHE_TTL_MS });
  let evictions = 0;
  bus.subscribe('user-info', (userId) => {
    evictions += 1;
    infoCache.delete(userId);
  });
  // Balances change only through the ledger, which says so after commit: every node then forgets
  // those users' overviews (the bus carries it to the others), so no service has to remember to.
  ledger.onBalancesChanged((userIds) => {
    for (const userId of userIds) bus.publish('user-info', userId.toString());
  });

  // The identity and the restrictions are read before every order and fund operation: outside a
  // transaction these reads are batched (core/batcher.ts), one statement for all the users asking.
  const identities = roundLookup(db, repository.identitiesRead);
  const restrictionsInForce = roundLookup(db, repository.restrictionsInForceRead);

  async function loadUserInfo(userId: bigint): Promise<UserInfo> {
    const user = await repository.findUserById(db, userId);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    const [invitationCode, totals, restrictions] = await Promise.all([
      repository.findInvitationCodeOfUser(db, user.id),
      accountTotals(user.id),
      repository.activeRestrictions(db, user.id),
    ]);
    return {
      is_true: user.identityState === 'authenticated' ? 1 : 0,
      realname: user.realname,
      account: user.account,
      identityState: user.identityState,
      invitationCode,
      balances: currencies.map((currency) => {
        const total = totals.find((item) => item.currency === currency);
        return {
          currency,
          totalAssets: formatCash(total?.totalAssetsMinor ?? 0n),
          available: formatCash(total?.availableMinor ?? 0n),
          frozen: formatCash(total?.frozenMinor ?? 0n),
          withdrawable: formatCash(total?.withdrawableMinor ?? 0n),
          positionsValue: formatCash(total?.positionsValueMinor ?? 0n),
          marginCash: formatCash(total?.marginCashMinor ?? 0n),
          owed: formatCash(total?.owedMinor ?? 0n),
          owedMarginLoan: formatCash(total?.owedMarginMinor ?? 0n),
          owedCredit: formatCash(total?.owedCreditMinor ?? 0n),
          profit: formatCash(total?.totalProfitMinor ?? 0n),
        };
      }),
      restrictions,
      createdAt: user.createdAt.toISOString(),
    };
  }

  async function issueOwnInvitationCode(tx: Executor, userId: bigint, createdAt: Date): Promise<void> {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      if (
        await repository.insertInvitationCode(tx, {
          code: newInvitationCode(random),
          ownerUserId: userId,
          createdAt,
        })
      ) {
        return;
      }
    }
    throw new Error('could not find a free invitation code in 10 attempts');
  }

  /**
   * Checks a login password against the account name's attempt counter; the account may not
   * exist (then a dummy hash is compared, and the answer is the same as for a wrong password).
   */
  /**
   * Checks a login password against the account name's attempt counter; the account may not
   * exist (then a dummy hash is compared, and the answer is the same as for a wrong password).
   * With two-factor sign-in on, `secondFactor` is checked in the same attempt: a wrong code counts
   * as a failure; no code at all gives the attempt back and asks for one (TWO_FACTOR_REQUIRED).
   */
  async function checkLoginPassword(
    account: string,
    password: string,
    user: { id: bigint; passwordHash: string } | undefined,
    wrongCode: 'WRONG_CREDENTIALS' | 'WRONG_ORIGINAL_PASSWORD',
    secondFactor?: { code: string | undefined },
  ): Promise<void> {
    let isCodeWrong = false;
    const outcome = await attemptLimits.attempt({ scope: 'login', subject: account }, async () => {
      if (!user) {
        await verifyAgainstDummy(password);
        return false;
      }
      if (!(await verifyPassword(user.passwordHash, password))) return false;
      if (!secondFactor || !(await twoFactor.isEnabled(ownerOf(user.id)))) return true;
      if (!secondFactor.code) return 'release';
      isCodeWrong = !(await twoFactor.acceptCode(ownerOf(user.id), secondFactor.code));
      return !isCodeWrong;
    });
    if (outcome.isAllowed) return;
    if (outcome.lockedUntil)
      throw new DomainError('LOGIN_LOCKED', { until: outcome.lockedUntil.toISOString() });
    if (outcome.isReleased) throw new DomainError('TWO_FACTOR_REQUIRED');
    throw new DomainError(isCodeWrong ? 'WRONG_TWO_FACTOR_CODE' : wrongCode);
  }

  async function requireLoginPassword(userId: bigint, password: string) {
    const user = await repository.findUserById(db, userId);
    if (!user) throw new DomainError('UNAUTHENTICATED');
    await checkLoginPassword(user.account, password, user, 'WRONG_ORIGINAL_PASSWORD');
    return user;
  }

  async function refuseRestrictedLogin(userId: bigint): Promise<void> {
    const restrictions = await repository.activeRestrictions(db, userId);
    for (const kind of ['disabled', 'frozen', 'login_banned'] as const) {
      const restriction = restrictions.find((item) => item.kind === kind);
      if (!restriction) continue;
      const code =
        kind === 'disabled' ? 'ACCOUNT_DISABLED' : kind === 'frozen' ? 'ACCOUNT_FROZEN' : 'LOGIN_BANNED';
      throw new DomainError(code, { reason: restriction.reason });
    }
  }

  return {
    async register(input: {
      account: string;
      password: string;
      confirmPassword: string;
      invitationCode: string;
    }) {
      if (input.password !== input.confirmPassword) throw new DomainError('PASSWORDS_DO_NOT_MATCH');
      const invitation = await repository.findInvitationCode(db, input.invitationCode.toUpperCase());
      if (!invitation) throw new DomainError('INVITER_NOT_FOUND');
      if (await repository.findUserByAccount(db, input.account)) throw new DomainError('ACCOUNT_EXISTS');
      const passwordHash = await hashPassword(input.password);
      try {
        await db.transaction(async (tx) => {
          const createdAt = clock.now();
          const user = await repository.insertUser(tx, {
            account: input.account,
            passwordHash,
            invitedByCode: invitation.code,
            createdAt,
          });
          await issueOwnInvitationCode(tx, user.id, createdAt);
          await ledger.openUserAccounts(tx, user.id);
        });
      } catch (error) {
        if (isPgError(error, '23505')) throw new DomainError('ACCOUNT_EXISTS');
        throw error;
      }
      return { account: input.account };
    },

    async login(input: { account: string; password: string; twoFactorCode?: string }, client: Client) {
      const user = await repository.findUserByAccount(db, input.account);
      await checkLoginPassword(input.account, input.password, user, 'WRONG_CREDENTIALS', {
        code: input.twoFactorCode,
      });
      if (!user) throw new DomainError('WRONG_CREDENTIALS');
      await refuseRestrictedLogin(user.id);
      const opened = await sessions.open(user.id, client);
      return { token: opened.token, account: user.account, expiresAt: opened.expiresAt.toISOString() };
    },

    async changePassword(
      session: AuthenticatedSession,
      input: { oldPassword: string; newPassword: string; confirmPassword: string },
    ): Promise<void> {
      if (input.newPassword !== input.confirmPassword) throw new DomainError('PASSWORDS_DO_NOT_MATCH');
      const user = await requireLoginPassword(session.userId, input.oldPassword);
      await repository.updatePasswordHash(db, user.id, await hashPassword(input.newPassword));
      await sessions.revokeOthers(session);
    },

    async userInfo(session: AuthenticatedSession): Promise<UserInfo> {
      const key = session.userId.toString();
      const cached = infoCache.get(key);
      if (cached) return cached;
      const evictionsBefore = evictions;
      const info = await loadUserInfo(session.userId);
      if (evictions === evictionsBefore) infoCache.set(key, info);
      return info;
    },

    /**
     * Refuses unless the password is the user's login password (fund-password reset asks for it):
     * WRONG_ORIGINAL_PASSWORD, or LOGIN_LOCKED once the guesses lock the login.
     */
    async requireLoginPassword(userId: bigint, password: string): Promise<void> {
      await requireLoginPassword(userId, password);
    },

    twoFactorStatus: (session: AuthenticatedSession) => twoFactor.status(ownerOf(session.userId)),

    /** Starts turning two-factor sign-in on (the login password is asked, and counted). */
    async twoFactorSetup(session: AuthenticatedSession, password: string) {
      const user = await requireLoginPassword(session.userId, password);
      return twoFactor.setup(ownerOf(user.id), user.account);
    },

    twoFactorEnable: (session: AuthenticatedSession, code: string) =>
      twoFactor.enable(ownerOf(session.userId), code),

    /** Turns two-factor sign-in off with the login password and a code. */
    async twoFactorDisable(session: AuthenticatedSession, input: { password: string; code: string }) {
      const user = await requireLoginPassword(session.userId, input.password);
      await twoFactor.requireCode(ownerOf(user.id), input.code, { scope: 'login', subject: user.account });
      await twoFactor.disable(ownerOf(user.id));
      return twoFactor.status(ownerOf(user.id));
    },

    /**
     * For steps that ask again when two-factor sign-in is on (withdrawals, new payout cards):
     * nothing when it is off; otherwise a right code, and a wrong one counts toward the login lock.
     */
    async requireSecondFactor(userId: bigint, code: string | undefined): Promise<void> {
      const user = await repository.findUserById(db, userId);
      if (!user) throw new DomainError('UNAUTHENTICATED');
      await twoFactor.requireCode(ownerOf(userId), code, { scope: 'login', subject: user.account });
    },

    /**
     * Every node forgets this user's cached overview, after a change to the user that is not a
     * balance (identity state, restrictions); balance changes reach it from the ledger by themselves.
     */
    invalidateUserInfo(userId: bigint): void {
      bus.publish('user-info', userId.toString());
    },

    // Other modules reach the users tables only through these.

    /** The user with this account (phone number), without secrets; undefined when none. */
    findByAccount: (account: string) => repository.findSummaryByAccount(db, account),
    /** Back-office search: account prefix or part of the verified name. */
    searchUsers: (text: string, limit: number) => repository.searchUsers(db, text, limit),
    summariesOf: (userIds: readonly bigint[]) => repository.findSummariesByIds(db, userIds),

    /** Account and real name by user id, for staff lists. */
    async namesOf(userIds: readonly bigint[]): Promise<Map<bigint, { account: string; realname: string }>> {
      const rows = await repository.findNames(db, [...new Set(userIds)]);
      return new Map(rows.map((row) => [row.id, { account: row.account, realname: row.realname }]));
    },

    /**
     * Locks the user's row until the transaction ends, serialising the user's fund operations and
     * identity submissions; answers the identity fields, or undefined when there is no such user.
     */
    lock: (tx: Transaction, userId: bigint) => repository.lockUser(tx, userId),

    /** `lock` for many users at once, in id order (a batch of placements, one transaction). */
    lockMany: (tx: Transaction, userIds: readonly bigint[]) => repository.lockUsers(tx, userIds),

    /**
     * A users row that owns ledger accounts but is nobody's login: a copy-following strategy's
     * own account (issue 17 item 5). Its account name is not a phone number and its password hash
     * ('!') matches no password, so it can never sign in. Answers the existing row when there is one.
     */
    async openSystemAccount(tx: Transaction, account: string, now: Date): Promise<bigint> {
      const existing = await repository.findUserByAccount(tx, account);
      if (existing) return existing.id;
      const row = await repository.insertUser(tx, {
        account,
        passwordHash: '!',
        invitedByCode: '',
        createdAt: now,
      });
      return row.id;
    },

    /** The identity state and verified real name (identity keeps them on the user). */
    identityOf: (userId: bigint) => identities(userId),

    /** When the user registered; undefined when there is no such user. */
    registeredAt: (userId: bigint) => repository.findRegisteredAt(db, userId),

    /** Sets the identity state (and the verified name) in the identity module's transaction. */
    setIdentity: (tx: Transaction, userId: bigint, values: Parameters<typeof repository.setIdentity>[2]) =>
      repository.setIdentity(tx, userId, values),

    /** Restrictions in force, oldest first (the restrictions module imposes and lifts them). */
    activeRestrictions: (executor: Executor, userId: bigint): Promise<repository.RestrictionRow[]> =>
      executor === db
        ? restrictionsInForce(userId).then((rows) => rows ?? [])
        : repository.listActiveRestrictions(executor, userId),
    imposeRestriction: (tx: Transaction, values: Parameters<typeof repository.insertRestriction>[1]) =>
      repository.insertRestriction(tx, values),
    liftRestriction: (tx: Transaction, userId: bigint, kind: RestrictionKind, now: Date) =>
      repository.liftRestriction(tx, userId, kind, now),
    /** Lifts the restrictions whose expiry has passed; answers them (the restrictions module's job). */
    liftExpiredRestrictions: (executor: Executor, now: Date) =>
      repository.liftExpiredRestrictions(executor, now),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
