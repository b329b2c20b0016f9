import {
  DomainError,
  PROFESSIONAL_RULES,
  professionalProtectionsLost,
  type ProfessionalCriterion,
  type ProfessionalState,
} from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import { isPgError } from '../../db/database';
import type { StaffActor, OwnedAuditTargets } from '../audit/audit.service';
import type { DecisionsService } from '../decisions/decisions.service';
import type { IdentityService } from '../identity/identity.service';
import type { MessagesService } from '../messages/messages.service';
import type { TradingService } from '../trading/trading.service';
import type { UploadsService } from '../uploads/uploads.service';
import type { UsersService } from '../users/users.service';
import * as repository from './professional.repository';
import type { ProfessionalApplicationRow } from './professional.repository';

// The professional-client application (MiFID II Annex II, opt-up; the spec's "seat account"). The
// user states which of the three criteria they meet — at least two: trades of significant size at
// an average of ten a quarter over the previous four quarters (counted here from their own fills,
// not taken on their word), a portfolio above 500,000 EUR, a year of professional experience in
// finance (both with evidence uploads) — and confirms the protections they give up. Staff decide
// with a written reason, once, audited. Professional status changes nothing else in Beurs today:
// no rule reads it yet (fees, limits and disclosures stay those of a retail client).

const MIN_CRITERIA = 2;

/** The four calendar quarters (UTC) before the one `now` is in, oldest first. */
export function previousQuarters(now: Date, count: number): { from: Date; to: Date }[] {
  const quarterStartMonth = Math.floor(now.getUTCMonth() / 3) * 3;
  const periods: { from: Date; to: Date }[] = [];
  for (let back = count; back >= 1; back -= 1) {
    const from = new Date(Date.UTC(now.getUTCFullYear(), quarterStartMonth - back * 3, 1));
    const to = new Date(Date.UTC(now.getUTCFullYear(), quarterStartMonth - (back - 1) * 3, 1));
    periods.push({ from, to });
  }
  return periods;
}

const tradesRequired = PROFESSIONAL_RULES.tradesPerQuarter * PROFESSIONAL_RULES.quarters;

export function createProfessionalService(deps: {
  db: Database;
  clock: Clock;
  decisions: DecisionsService;
  identity: Pick<IdentityService, 'requireVerified'>;
  messages: Pick<MessagesService, 'post'>;
  trading: Pick<TradingService, 'significantTradeCounts'>;
  uploads: Pick<UploadsService, 'claim'>;
  users: Pick<UsersService, 'lock' | 'namesOf'>;
}) {
  const { db, clock, decisions, identity, messages, trading, uploads, users } = deps;

  const view = (row: ProfessionalApplicationRow) => ({
    id: row.id.toString(),
    state: row.state,
    criteria: row.criteria,
    tradesPerQuarter: row.tradesPerQuarter,
    evidenceUploadIds: row.evidenceUploadIds.map(String),
    statement: row.statement,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  });

  async function tradeCounts(userId: bigint) {
    return trading.significantTradeCounts(
      userId,
      previousQuarters(clock.now(), PROFESSIONAL_RULES.quarters),
      PROFESSIONAL_RULES.significantTradeMinor,
    );
  }

  const sum = (counts: readonly number[]) => counts.reduce((total, value) => total + value, 0);

  async function staffViews(rows: readonly ProfessionalApplicationRow[]) {
    const names = await users.namesOf(rows.map((row) => row.userId));
    return rows.map((row) => ({
      ...view(row),
      userId: row.userId.toString(),
      account: names.get(row.userId)?.account ?? '',
      realname: names.get(row.userId)?.realname ?? '',
    }));
  }

  return {
    /** The user's professional-client applications as audit targets: the user page's audit trail lists the staff actions on them. */
    auditTargetsOwnedBy(userId: bigint): OwnedAuditTargets {
      return { targetType: 'professional_application', ids: repository.auditTargetIdsOwnedBy(db, userId) };
    },
    async status(userId: bigint) {
      const [latest, counts] = await Promise.all([repository.latestOfUser(db, userId), tradeCounts(userId)]);
      return {
        isProfessional: latest?.state === 'approved',
        tradesPerQuarter: counts,
        meetsTradesCriterion: sum(counts) >= tradesRequired,
        application: latest ? view(latest) : null,
        protectionsLost: [...professionalProtectionsLost],
      };
    },

    async apply(
      userId: bigint,
      input: {
        criteria: ProfessionalCriterion[];
        evidenceUploadIds: string[];
        statement: string;
        acknowledgesProtectionsLost: boolean;
      },
    ) {
      await identity.requireVerified(userId);
      const live = await repository.liveOfUser(db, userId);
      if (live?.state === 'approved') throw new DomainError('ALREADY_PROFESSIONAL');
      if (live) throw new DomainError('PROFESSIONAL_APPLICATION_PENDING');
      const criteria = [...new Set(input.criteria)];
      if (criteria.length < MIN_CRITERIA) {
        throw new DomainError('PROFESSIONAL_CRITERIA_TOO_FEW', { required: MIN_CRITERIA });
      }
      const counts = await tradeCounts(userId);
      if (criteria.includes('trades') && sum(counts) < tradesRequired) {
        throw new DomainError('PROFESSIONAL_TRADES_NOT_MET', {
          required: tradesRequired,
          counted: sum(counts),
        });
      }
      const evidence = [...new Set(input.evidenceUploadIds)].map(BigInt);
      const needsEvidence = criteria.includes('portfolio') || criteria.includes('experience');
      if (needsEvidence && evidence.length === 0) throw new DomainError('PROFESSIONAL_EVIDENCE_REQUIRED');
      if (!input.acknowledgesProtectionsLost)
        throw new DomainError('PROFESSIONAL_PROTECTIONS_NOT_ACKNOWLEDGED');
      try {
        const row = await db.transaction(async (tx) => {
          await users.lock(tx, userId);
          const raced = await repository.liveOfUser(tx, userId);
          if (raced) {
            throw new DomainError(
              raced.state === 'approved' ? 'ALREADY_PROFESSIONAL' : 'PROFESSIONAL_APPLICATION_PENDING',
            );
          }
          for (const id of evidence) await uploads.claim(tx, userId, id, 'professional_evidence');
          return repository.insertApplication(tx, {
            userId,
            state: 'pending',
            criteria,
            tradesPerQuarter: counts,
            evidenceUploadIds: evidence,
            statement: input.statement,
            createdAt: clock.now(),
          });
        });
        return view(row);
      } catch (error) {
        if (isPgError(error, '23505')) throw new DomainError('PROFESSIONAL_APPLICATION_PENDING');
        throw error;
      }
    },

    /** Staff: applications in a state, oldest first. */
    async list(input: { state: ProfessionalState; page: number; pageSize: number }) {
      const { rows, total } = await repository.listByState(
        db,
        input.state,
        (input.page - 1) * input.pageSize,
        input.pageSize,
      );
      return { total, items: await staffViews(rows) };
    },

    /** Staff: approve or reject a pending application once, with a reason, audited. */
    async review(actor: StaffActor, input: { id: string; decision: 'approve' | 'reject'; reason: string }) {
      const isApproved = input.decision === 'approve';
      const decided = await decisions.decideOnce(actor, {
        targetType: 'professional_application',
        id: BigInt(input.id),
        action: isApproved ? 'professional.approve' : 'professional.reject',
        reason: input.reason,
        lock: repository.lockApplication,
        isUndecided: (row) => row.state === 'pending',
        auditView: (row) => ({ state: row.state, criteria: row.criteria, reason: row.reason }),
        apply: async (tx, row) => {
          const decided = await repository.decide(tx, row.id, {
            state: isApproved ? 'approved' : 'rejected',
            reason: input.reason,
            decidedByStaffId: actor.staffId,
            decidedAt: clock.now(),
          });
          // The user is told in the deciding transaction: a refused second decision tells nothing.
          await messages.post(
            tx,
            decided.userId,
            isApproved ? 'professional_approved' : 'professional_rejected',
            {
              reason: input.reason,
            },
          );
          return { decided };
        },
      });
      const [answer] = await staffViews([decided]);
      if (!answer) throw new Error('decided application has no view');
      return answer;
    },
  };
}

export type ProfessionalService = ReturnType<typeof createProfessionalService>;
