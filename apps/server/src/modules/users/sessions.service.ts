import { createHash } from 'node:crypto';
import { DomainError } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { RandomSource } from '../../core/random';
import type { Database } from '../../db/database';
import * as repository from './users.repository';

// Sessions: a random 256-bit token given to the client once, stored only as its SHA-256. A session
// must match the `account` header, is not revoked and has not expired.

export type AuthenticatedSession = { userId: bigint; sessionId: bigint; account: string };

const TOUCH_INTERVAL_MS = 60_000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export type SessionsServiceDeps = {
  db: Database;
  clock: Clock;
  random: RandomSource;
  sessionTtlHours: number;
};

export function createSessionsService({ db, clock, random, sessionTtlHours }: SessionsServiceDeps) {
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
      const found = await repository.findLiveSession(db, hashToken(token), now);
      if (!found || found.account !== account) throw new DomainError('UNAUTHENTICATED');
      if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await repository.touchSession(db, found.session.id, now);
      }
      return { userId: found.session.userId, sessionId: found.session.id, account: found.account };
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

    async revoke(session: AuthenticatedSession, sessionId: bigint): Promise<void> {
      const revoked = await repository.revokeSession(db, session.userId, sessionId, clock.now());
      if (revoked === 0) throw new DomainError('SESSION_NOT_FOUND');
    },

    async revokeOthers(session: AuthenticatedSession): Promise<number> {
      const revoked = await repository.revokeSessionsExcept(
        db,
        session.userId,
        session.sessionId,
        clock.now(),
      );
      return revoked.length;
    },

    async revokeAll(userId: bigint): Promise<number> {
      const revoked = await repository.revokeSessionsExcept(db, userId, null, clock.now());
      return revoked.length;
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
