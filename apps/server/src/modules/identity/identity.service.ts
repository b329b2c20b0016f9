import { DomainError, type Decider, type ErrorCode } from '@beurs/contract';
import type { Clock } from '../../core/clock';
import type { Database } from '../../db/database';
import type { DecisionsService } from '../decisions/decisions.service';
import type { MessagesService } from '../messages/messages.service';
import type { StaffActor, OwnedAuditTargets } from '../audit/audit.service';
import type { StaffService } from '../staff/staff.service';
import type { UploadsService } from '../uploads/uploads.service';
import type { UsersService } from '../users/users.service';
import { maskDocumentNumber, normaliseDocumentNumber, type DocumentType } from './document-numbers';
import * as repository from './identity.repository';

// Real-name verification: not_certified → under_review → authenticated, or failed with the
// reviewer's reason and a new submission allowed. Deposits, withdrawals and trades ask
// `requireVerified` first (IDENTITY_REQUIRED, IDENTITY_PENDING, IDENTITY_REJECTED).

type Submission = NonNullable<Awaited<ReturnType<typeof repository.latestSubmission>>>;

export function createIdentityService(deps: {
  db: Database;
  clock: Clock;
  decisions: DecisionsService;
  messages: MessagesService;
  staff: StaffService;
  uploads: UploadsService;
  users: UsersService;
}) {
  const { db, clock, decisions, messages, staff, uploads, users } = deps;
  /** Called after a submission commits, with its id (the demo desk schedules its review). */
  const submittedListeners: Array<(submissionId: bigint) => Promise<unknown>> = [];

  const toAuthInfo = (
    submission: Submission | undefined,
    state: repository.IdentityState,
    reviewedBy: Decider | null,
  ) => ({
    state,
    realname: submission?.realname ?? '',
    documentType: submission?.documentType ?? null,
    documentNumberMasked: submission ? maskDocumentNumber(submission.documentNumber) : '',
    reason: state === 'failed' ? (submission?.reason ?? '') : '',
    submittedAt: submission?.createdAt.toISOString() ?? null,
    reviewedAt: submission?.reviewedAt?.toISOString() ?? null,
    reviewedBy,
    frontImageId: submission?.frontUploadId.toString() ?? null,
    backImageId: submission?.backUploadId.toString() ?? null,
  });

  const toStaffView = (submission: Submission, account: string) => ({
    id: submission.id.toString(),
    userId: submission.userId.toString(),
    account,
    realname: submission.realname,
    documentType: submission.documentType,
    documentNumber: submission.documentNumber,
    frontImageId: submission.frontUploadId.toString(),
    backImageId: submission.backUploadId.toString(),
    state: submission.state,
    reason: submission.reason,
    createdAt: submission.createdAt.toISOString(),
    reviewedAt: submission.reviewedAt?.toISOString() ?? null,
  });

  async function authInfo(userId: bigint) {
    const [user, submission] = await Promise.all([
      users.identityOf(userId),
      repository.latestSubmission(db, userId),
    ]);
    const reviewer = submission?.reviewedByStaffId ?? null;
    const reviewedBy =
      reviewer === null ? null : ((await staff.decidersOf([reviewer])).get(reviewer) ?? null);
    return toAuthInfo(submission, user?.identityState ?? 'not_certified', reviewedBy);
  }

  return {
    /** The user's identity submissions as audit targets: the user page's audit trail lists the staff actions on them. */
    auditTargetsOwnedBy(userId: bigint): OwnedAuditTargets {
      return { targetType: 'identity_submission', ids: repository.auditTargetIdsOwnedBy(db, userId) };
    },
    authInfo,

    onSubmitted(listener: (submissionId: bigint) => Promise<unknown>): void {
      submittedListeners.push(listener);
    },

    /**
     * What a reviewer checks before approving, as a catalogued reason to reject with, or null when
     * nothing stands in the way: the ID number passes its document type's check, and both photos
     * are there and readable. The demo desk decides by it; a person sees the same facts.
     */
    /** Back-office search: users whose document number contains these letters and digits. */
    userIdsByDocument(normalised: string, limit: number) {
      return repository.userIdsByDocument(db, normalised, limit);
    },

    async reviewFindings(submissionId: bigint): Promise<ErrorCode | null> {
      const submission = await repository.findSubmission(db, submissionId);
      if (!submission) return 'RECORD_NOT_FOUND';
      if (normaliseDocumentNumber(submission.documentType, submission.documentNumber) === null) {
        return 'ID_NUMBER_CHECK_FAILED';
      }
      for (const uploadId of [submission.frontUploadId, submission.backUploadId]) {
        if (!(await uploads.isReadable(uploadId, submission.userId, 'identity_document'))) {
          return 'ID_PHOTOS_MISSING';
        }
      }
      return null;
    },

    async submit(
      userId: bigint,
      input: {
        realname: string;
        documentType: DocumentType;
        documentNumber: string;
        frontImageId: string;
        backImageId: string;
      },
    ) {
      const documentNumber = normaliseDocumentNumber(input.documentType, input.documentNumber);
      if (!documentNumber) throw new DomainError('ID_NUMBER_INVALID', { documentType: input.documentType });
      const submission = await db.transaction(async (tx) => {
        const user = await users.lock(tx, userId);
        if (!user) throw new DomainError('UNAUTHENTICATED');
        if (user.identityState === 'authenticated') throw new DomainError('IDENTITY_ALREADY_VERIFIED');
        if (user.identityState === 'under_review') throw new DomainError('IDENTITY_PENDING');
        const frontUploadId = BigInt(input.frontImageId);
        const backUploadId = BigInt(input.backImageId);
        await uploads.claim(tx, userId, frontUploadId, 'identity_document');
        await uploads.claim(tx, userId, backUploadId, 'identity_document');
        const inserted = await repository.insertSubmission(tx, {
          userId,
          realname: input.realname.replace(/\s+/g, ' '),
          documentType: input.documentType,
          documentNumber,
          frontUploadId,
          backUploadId,
          state: 'under_review',
          createdAt: clock.now(),
        });
        await users.setIdentity(tx, userId, { identityState: 'under_review' });
        return inserted;
      });
      // The identity state changed, not a balance: the ledger does not announce this one.
      users.invalidateUserInfo(userId);
      for (const listener of submittedListeners) await listener(submission.id);
      return authInfo(userId);
    },

    async list(input: { state: repository.IdentityState; page: number; pageSize: number }) {
      const { rows, total } = await repository.listSubmissions(
        db,
        input.state,
        (input.page - 1) * input.pageSize,
        input.pageSize,
      );
      const names = await users.namesOf(rows.map((row) => row.userId));
      return { total, items: rows.map((row) => toStaffView(row, names.get(row.userId)?.account ?? '')) };
    },

    async review(actor: StaffActor, input: { id: string; decision: 'approve' | 'reject'; reason: string }) {
      const isApproved = input.decision === 'approve';
      const result = await decisions.decideOnce(actor, {
        targetType: 'identity_submission',
        id: BigInt(input.id),
        action: isApproved ? 'identity.approve' : 'identity.reject',
        reason: input.reason,
        lock: repository.lockSubmission,
        isUndecided: (row) => row.state === 'under_review',
        auditView: (row) => ({ state: row.state, reason: row.reason }),
        apply: async (tx, submission) => {
          const decided = await repository.decideSubmission(tx, submission.id, {
            state: isApproved ? 'authenticated' : 'failed',
            reason: isApproved ? '' : input.reason,
            reviewedByStaffId: actor.staffId,
            reviewedAt: clock.now(),
          });
          await users.setIdentity(
            tx,
            decided.userId,
            isApproved
              ? { identityState: 'authenticated', realname: decided.realname }
              : { identityState: 'failed' },
          );
          await messages.post(
            tx,
            decided.userId,
            isApproved ? 'identity_approved' : 'identity_rejected',
            isApproved ? {} : { reason: input.reason },
          );
          return { decided };
        },
      });
      // The identity state changed, not a balance: the ledger does not announce this one.
      users.invalidateUserInfo(result.userId);
      const names = await users.namesOf([result.userId]);
      return toStaffView(result, names.get(result.userId)?.account ?? '');
    },

    /** The verified real name, or the catalogued refusal for the user's state. */
    async requireVerified(userId: bigint): Promise<string> {
      const user = await users.identityOf(userId);
      switch (user?.identityState) {
        case 'authenticated':
          return user.realname;
        case 'under_review':
          throw new DomainError('IDENTITY_PENDING');
        case 'failed': {
          const submission = await repository.latestSubmission(db, userId);
          throw new DomainError('IDENTITY_REJECTED', { reason: submission?.reason ?? '' });
        }
        default:
          throw new DomainError('IDENTITY_REQUIRED');
      }
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
