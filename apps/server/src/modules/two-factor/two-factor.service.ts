import { DomainError } from '@beurs/contract';
import { createHash } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Clock } from '../../core/clock';
import type { RandomSource } from '../../core/random';
import type { Database } from '../../db/database';
import type { AttemptKey, AttemptLimitsService } from '../attempt-limits/attempt-limits.service';
import * as repository from './two-factor.repository';
import type { Owner } from './two-factor.repository';

// Two-factor sign-in (issue 12, item 6) with TOTP (RFC 6238, through the otpauth library: SHA-1,
// six digits, 30-second steps, the step before and after accepted for clock drift) and ten
// single-use recovery codes stored as SHA-256. A code is accepted once: the newest accepted step
// is kept, and an older or equal one is refused, so a code seen over a shoulder cannot be
// replayed. Wrong codes count toward the owner's sign-in lock (attempt-limits), so six digits
// cannot be guessed. Users turn it on themselves; staff must (staff-auth).

export type { Owner } from './two-factor.repository';

export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
const DRIFT_STEPS = 1;
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const ISSUER = 'Beurs';

const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.toUpperCase().replace('-', '')).digest('hex');

export function createTwoFactorService(deps: {
  db: Database;
  clock: Clock;
  random: RandomSource;
  attemptLimits: AttemptLimitsService;
}) {
  const { db, clock, random, attemptLimits } = deps;

  /** The time step a six-digit code belongs to (within the drift window), or null. */
  function stepOfCode(secretBase32: string, code: string): bigint | null {
    if (!/^\d{6}$/.test(code)) return null;
    const timestamp = clock.now().getTime();
    const delta = TOTP.validate({
      token: code,
      secret: Secret.fromBase32(secretBase32),
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_SECONDS,
      timestamp,
      window: DRIFT_STEPS,
    });
    if (delta === null) return null;
    return BigInt(Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta);
  }

  function newRecoveryCode(): string {
    let code = '';
    for (let index = 0; index < 10; index += 1)
      code += RECOVERY_ALPHABET[random.int(RECOVERY_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  }

  async function isEnabled(owner: Owner): Promise<boolean> {
    const row = await repository.findSecret(db, owner);
    return row?.confirmedAt != null;
  }

  /** Whether `code` is a current, unused TOTP code or an unused recovery code (using it up). */
  async function acceptCode(owner: Owner, code: string): Promise<boolean> {
    const row = await repository.findSecret(db, owner);
    if (!row?.confirmedAt) return false;
    const step = stepOfCode(row.secretBase32, code.trim());
    if (step !== null) return repository.acceptStep(db, owner, step, null);
    return repository.useRecoveryCode(db, owner, hashRecoveryCode(code.trim()), clock.now());
  }

  return {
    isEnabled,
    acceptCode,

    async status(owner: Owner) {
      const enabled = await isEnabled(owner);
      return {
        isEnabled: enabled,
        recoveryCodesLeft: enabled ? await repository.countUnusedRecoveryCodes(db, owner) : 0,
      };
    },

    /** A new secret (replacing one not yet confirmed) and its otpauth:// URI for the QR code. */
    async setup(owner: Owner, label: string) {
      const secret = new Secret({ buffer: new Uint8Array(random.bytes(20)).buffer });
      if (!(await repository.saveUnconfirmedSecret(db, owner, secret.base32, clock.now()))) {
        throw new DomainError('TWO_FACTOR_ALREADY_ENABLED');
      }
      const totp = new TOTP({
        issuer: ISSUER,
        label,
        secret,
        digits: TOTP_DIGITS,
        period: TOTP_PERIOD_SECONDS,
      });
      return { secret: secret.base32, otpauthUri: totp.toString() };
    },

    /** Confirms the secret with a first code and answers the ten recovery codes (shown once). */
    async enable(owner: Owner, code: string) {
      const row = await repository.findSecret(db, owner);
      if (!row) throw new DomainError('TWO_FACTOR_NOT_STARTED');
      if (row.confirmedAt) throw new DomainError('TWO_FACTOR_ALREADY_ENABLED');
      const step = stepOfCode(row.secretBase32, code.trim());
      if (step === null) throw new DomainError('WRONG_TWO_FACTOR_CODE');
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db.transaction(async (tx) => {
        if (!(await repository.acceptStep(tx, owner, step, clock.now()))) {
          throw new DomainError('WRONG_TWO_FACTOR_CODE');
        }
        await repository.insertRecoveryCodes(tx, owner, recoveryCodes.map(hashRecoveryCode));
      });
      return { recoveryCodes };
    },

    async disable(owner: Owner): Promise<void> {
      await repository.deleteTwoFactor(db, owner);
    },

    /**
     * For a step that re-asks when two-factor sign-in is on (a withdrawal, a new payout card):
     * nothing when it is off; TWO_FACTOR_REQUIRED without a code; a wrong code counts toward the
     * owner's sign-in lock (`attemptKey`) and is refused with WRONG_TWO_FACTOR_CODE, or LOGIN_LOCKED.
     */
    async requireCode(owner: Owner, code: string | undefined, attemptKey: AttemptKey): Promise<void> {
      if (!(await isEnabled(owner))) return;
      if (!code) throw new DomainError('TWO_FACTOR_REQUIRED');
      const outcome = await attemptLimits.attempt(attemptKey, () => acceptCode(owner, code));
      if (outcome.isAllowed) return;
      if (outcome.lockedUntil)
        throw new DomainError('LOGIN_LOCKED', { until: outcome.lockedUntil.toISOString() });
      throw new DomainError('WRONG_TWO_FACTOR_CODE');
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
