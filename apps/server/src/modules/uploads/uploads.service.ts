import { DomainError, type StaffRole } from '@beurs/contract';
import { mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../../core/clock';
import type { RandomSource } from '../../core/random';
import type { Database, Executor } from '../../db/database';
import type { AuditService, StaffActor, OwnedAuditTargets } from '../audit/audit.service';
import { checkAndReencode } from './image-check';
import * as repository from './uploads.repository';
import type { UploadPurpose } from './uploads.repository';

// Private uploads: checked and re-encoded (image-check.ts) before anything touches the disk, so a
// refused file leaves nothing behind. Stored under a random name in the uploads directory; served
// only to the owner, and to staff whose role reviews that kind of file.

/** Staff roles that may see each kind of file (admin always may). */
const STAFF_ROLES_BY_PURPOSE: Record<UploadPurpose, readonly StaffRole[]> = {
  identity_document: ['admin', 'reviewer'],
  deposit_proof: ['admin', 'finance'],
  support_attachment: ['admin', 'support'],
  professional_evidence: ['admin', 'reviewer'],
};

/** The owner, or a staff member (whose every view of a file is audited). */
export type UploadViewer = { userId: bigint } | { staff: StaffActor & { role: StaffRole } };

export function createUploadsService(deps: {
  db: Database;
  clock: Clock;
  random: RandomSource;
  uploadsDir: string;
  audit: AuditService;
}) {
  const { db, clock, random, uploadsDir, audit } = deps;
  let isDirectoryReady = false;

  return {
    /** The user's uploads as audit targets: the user page's audit trail lists the staff actions on them. */
    auditTargetsOwnedBy(userId: bigint): OwnedAuditTargets {
      return { targetType: 'upload', ids: repository.auditTargetIdsOwnedBy(db, userId) };
    },
    async store(ownerUserId: bigint, bytes: Buffer) {
      const image = await checkAndReencode(bytes);
      if (!isDirectoryReady) {
        await mkdir(uploadsDir, { recursive: true, mode: 0o700 });
        isDirectoryReady = true;
      }
      const storageKey = `${random.bytes(16).toString('hex')}.jpg`;
      const path = join(uploadsDir, storageKey);
      await writeFile(path, image.jpeg, { flag: 'wx', mode: 0o600 });
      try {
        const row = await repository.insertUpload(db, {
          ownerUserId,
          storageKey,
          contentType: 'image/jpeg',
          sizeBytes: image.jpeg.length,
          width: image.width,
          height: image.height,
          createdAt: clock.now(),
        });
        return { id: row.id.toString(), width: row.width, height: row.height };
      } catch (error) {
        await unlink(path).catch(() => undefined);
        throw error;
      }
    },

    /**
     * The file for a viewer allowed to see it; UPLOAD_NOT_FOUND otherwise (no hint that it exists).
     * A staff member's view is audited before the bytes are read (`upload.view`).
     */
    async read(id: bigint, viewer: UploadViewer) {
      const row = await repository.findUpload(db, id);
      const isAllowed =
        row &&
        ('userId' in viewer
          ? row.ownerUserId === viewer.userId
          : row.purpose !== null && STAFF_ROLES_BY_PURPOSE[row.purpose].includes(viewer.staff.role));
      if (!row || !isAllowed) throw new DomainError('UPLOAD_NOT_FOUND');
      if ('staff' in viewer) {
        await audit.record(db, viewer.staff, {
          action: 'upload.view',
          targetType: 'upload',
          targetId: row.id,
          reason: 'viewed in the back-office',
          before: null,
          after: { purpose: row.purpose, ownerUserId: row.ownerUserId },
        });
      }
      return { contentType: row.contentType, bytes: await readFile(join(uploadsDir, row.storageKey)) };
    },

    /**
     * True when the upload is the owner's, bound to this purpose, and its file is there with the
     * bytes recorded (a reviewer can open it).
     */
    async isReadable(id: bigint, ownerUserId: bigint, purpose: UploadPurpose): Promise<boolean> {
      const row = await repository.findUpload(db, id);
      if (!row || row.ownerUserId !== ownerUserId || row.purpose !== purpose) return false;
      const file = await stat(join(uploadsDir, row.storageKey)).catch(() => null);
      return file !== null && file.isFile() && file.size === row.sizeBytes && file.size > 0;
    },

    /** Binds the owner's upload to a submission or deposit, in the caller's transaction. */
    async claim(tx: Executor, ownerUserId: bigint, id: bigint, purpose: UploadPurpose): Promise<void> {
      if (!(await repository.claimUpload(tx, ownerUserId, id, purpose))) {
        throw new DomainError('UPLOAD_NOT_FOUND');
      }
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
