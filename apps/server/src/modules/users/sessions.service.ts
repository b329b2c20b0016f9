import { createHash } from 'node:crypto';
import { DomainError } from '@beurs/contract';
import { LRUCache } from 'lru-cache';
import type { InvalidationBus } from '../../core/invalidation-bus';
import type { Clock } from '../../core/clock';
import type { RandomSource } from '../../core/random';
import type { Database } from '../../db/database';
import * as repository from './users.repository';

// Sessions: a random 256-bit token given to the client once, stored only as its SHA-256. A session
// must match the `account` header, is not revoked and has not expired.

export type AuthenticatedSession = { userId: bigint; sessionId: bigint; account: string };

const TOUCH_INTERVAL_MS = 60_000;
/** Sessions are cached per node; any revocation evicts them at once on every node (the bus). */
const SESSION_CACHE_TTL_MS = 30_000;
const SESSION_CACHE_MAX = 100_000;

type CachedSession = AuthenticatedSession & { expiresAt: Date; lastSeenAt: Date };

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export type SessionsServiceDeps = {
  db: Database;
  clock: Clock;
  random: RandomSource;
  bus: InvalidationBus;
  sessionTtlHours: number;
};

export function createSessionsService({ db, clock, random, bus, sessionTtlHours }: SessionsServiceDeps) {
  const tokensByUser = new Map<string, Set<string>>();
  const cache = new LRUCache<string, CachedSession>({
    max: SESSION_CACHE_MAX,
    ttl: SESSION_CACHE_TTL_MS,
    dispose: (session, tokenHash) => {
      const tokens = tokensByUser.get(session.userId.toString());
      tokens?.delete(tokenHash);
      if (tokens?.size === 0) tokensByUser.delete(session.userId.toString());
    },
  });
  // A lookup that raced with a revocation must not cache what it read before the revocation.
  let evictions = 0;
  bus.subscribe('user-sessions', (userId) => {
    evictions += 1;
    for (const tokenHash of [...(tokensByUser.get(userId) ?? [])]) cache.delete(tokenHash);
  });

  function remember(tokenHash: string, session: CachedSession): void {
    cache.set(tokenHash, session);
    const key = session.userId.toString();
    const tokens = tokensByUser.get(key) ?? new Set<string>();
    tokens.add(tokenHash);
    tokensByUser.set(key, tokens);
  }

  async function lookUp(tokenHash: string, now: Date): Promise<CachedSession | null> {
    const cached = cache.get(tokenHash);
    if (cached) return cached.expiresAt > now ? cached : null;
    const evictionsBefore = evictions;
    const found = await repository.findLiveSession(db, tokenHash, now);
    if (!found) return null;
    const session: CachedSession = {
      userId: found.session.userId,
      sessionId: found.session.id,
      account: found.account,
      expiresAt: found.session.expiresAt,
      lastSeenAt: found.session.lastSeenAt,
    };
    if (evictions === evictionsBefore) remember(tokenHash, session);
    return session;
  }

  /** Every node drops this user's cached sessions. */
  const evictUser = (userId: bigint) => bus.publish('user-sessions', userId.toString());

  return {
    async open(userId: bigint, client: { userAgent: string; ipAddress: string }) {
      const token = random.bytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + sessionTtlHours * 3_600_000);
      await repository.insertSession(db, {
        userId,
        tokenHash: hashToken(token),
        userAgent: client.userAgent.slice(0, 300),
        ipAddress: client.ipAddress,
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
      });
      return { token, expiresAt };
    },

    /** The session behind the `token` and `account` headers, or UNAUTHENTICATED. */
    async authenticate(
      token: string | undefined,
      account: string | undefined,
    ): Promise<AuthenticatedSession> {
      if (!token || !account) throw new DomainError('UNAUTHENTICATED');
      const now = clock.now();
      const session = await lookUp(hashToken(token), now);
      if (!session || session.account !== account) throw new DomainError('UNAUTHENTICATED');
      if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        session.lastSeenAt = now;
        await repository.touchSession(db, session.sessionId, now);
      }
      return { userId: session.userId, sessionId: session.sessionId, account: session.account };
    },

    async list(session: AuthenticatedSession) {
      const rows = await repository.listLiveSessions(db, session.userId, clock.now());
      return rows.map((row) => ({
        id: row.id.toString(),
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        userAgent: row.userAgent,
        ipAddress: row.ipAddress,
        isCurrent: row.id === session.sessionId,
      }));
    },

    /** A user's live sessions for the back-office: when, device and address; never a token. */
    async liveSessionsOf(userId: bigint) {
      const rows = await repository.listLiveSessions(db, userId, clock.now());
      return rows.map((row) => ({
        id: row.id.toString(),
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        userAgent: row.userAgent,
        ipAddress: row.ipAddress,
      }));
    },

    /** The last 50 sign-ins (every session ever opened), newest first: the sign-in history. */
    async history(session: AuthenticatedSession) {
      const rows = await repository.listRecentSessions(db, session.userId, 50);
      return rows.map((row) => ({
        signedInAt: row.createdAt.toISOString(),
        userAgent: row.userAgent,
        ipAddress: row.ipAddress,
        isCurrent: row.id === session.sessionId,
      }));
    },

    async revoke(session: AuthenticatedSession, sessionId: bigint): Promise<void> {
      const revoked = await repository.revokeSession(db, session.userId, sessionId, clock.now());
      evictUser(session.userId);
      if (revoked === 0) throw new DomainError('SESSION_NOT_FOUND');
    },

    async revokeOthers(session: AuthenticatedSession): Promise<number> {
      const revoked = await repository.revokeSessionsExcept(
        db,
        session.userId,
        session.sessionId,
        clock.now(),
      );
      evictUser(session.userId);
      return revoked.length;
    },

    async revokeAll(userId: bigint): Promise<number> {
      const revoked = await repository.revokeSessionsExcept(db, userId, null, clock.now());
      evictUser(userId);
      return revoked.length;
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
