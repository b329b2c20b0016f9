import { divideRounded, type CreditFactorName } from '@beurs/contract';

// The published credit-score formula (DESIGN.md §1.5): five factors over the account's own
// history, each with its points shown on the credit-score screen. The score sets only the credit
// limit and the borrowing rate (the band table below); nothing else reads it, and no call sets it.

export const CREDIT_FORMULA = {
  identityVerifiedPoints: 300,
  accountAgePointsPerMonth: 10,
  accountAgeMaxPoints: 120,
  /** Months (calendar, UTC) with at least one credited deposit, among the last twelve. */
  depositMonthPoints: 25,
  depositMonthsWindow: 12,
  depositMonthsMaxPoints: 300,
  /** Per loan repaid in full by its due date; per loan repaid late or overdue now. */
  onTimeLoanPoints: 50,
  onTimeMaxPoints: 200,
  lateLoanPoints: -100,
  repaymentsMinPoints: -300,
  /** Per started step of this much owed (EUR minor units). */
  debtStepMinor: 50_000n,
  debtStepPoints: -25,
  debtMinPoints: -200,
} as const;

export const CREDIT_TERM_MONTHS = 12;
export const DAY_COUNT_BASIS = 365;

export type CreditTier = { minScore: number; limitMinor: bigint; rateBasisPoints: number };

/** From each score on, this limit at this fixed yearly rate; below the first, no credit. */
export const CREDIT_TIERS: readonly CreditTier[] = [
  { minScore: 300, limitMinor: 100_000n, rateBasisPoints: 1200 },
  { minScore: 450, limitMinor: 250_000n, rateBasisPoints: 950 },
  { minScore: 600, limitMinor: 500_000n, rateBasisPoints: 750 },
  { minScore: 750, limitMinor: 1_000_000n, rateBasisPoints: 590 },
];

export type ScoreInputs = {
  isIdentityVerified: boolean;
  registeredAt: Date;
  now: Date;
  /** Distinct months with a credited deposit among the last `depositMonthsWindow`. */
  depositMonths: number;
  loansRepaidOnTime: number;
  loansLate: number;
  owedMinor: bigint;
};

export type Factor = {
  name: CreditFactorName;
  points: number;
  minPoints: number;
  maxPoints: number;
  measured: string;
};

/** Whole months from `from` to `to` (UTC calendar; a month counts once its day is reached). */
export function fullMonthsBetween(from: Date, to: Date): number {
  const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  return Math.max(0, to.getUTCDate() < from.getUTCDate() ? months - 1 : months);
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function creditFactors(inputs: ScoreInputs): Factor[] {
  const f = CREDIT_FORMULA;
  const ageMonths = fullMonthsBetween(inputs.registeredAt, inputs.now);
  const months = Math.min(inputs.depositMonths, f.depositMonthsWindow);
  const debtSteps =
    inputs.owedMinor <= 0n ? 0 : Number(divideRounded(inputs.owedMinor, f.debtStepMinor, 'up'));
  return [
    {
      name: 'identity_verified',
      points: inputs.isIdentityVerified ? f.identityVerifiedPoints : 0,
      minPoints: 0,
      maxPoints: f.identityVerifiedPoints,
      measured: inputs.isIdentityVerified ? '1' : '0',
    },
    {
      name: 'account_age',
      points: Math.min(ageMonths * f.accountAgePointsPerMonth, f.accountAgeMaxPoints),
      minPoints: 0,
      maxPoints: f.accountAgeMaxPoints,
      measured: String(ageMonths),
    },
    {
      name: 'deposit_months',
      points: Math.min(months * f.depositMonthPoints, f.depositMonthsMaxPoints),
      minPoints: 0,
      maxPoints: f.depositMonthsMaxPoints,
      measured: String(months),
    },
    {
      name: 'repayments',
      points: clamp(
        Math.min(inputs.loansRepaidOnTime * f.onTimeLoanPoints, f.onTimeMaxPoints) +
          inputs.loansLate * f.lateLoanPoints,
        f.repaymentsMinPoints,
        f.onTimeMaxPoints,
      ),
      minPoints: f.repaymentsMinPoints,
      maxPoints: f.onTimeMaxPoints,
      measured: `${inputs.loansRepaidOnTime}/${inputs.loansLate}`,
    },
    {
      name: 'current_debt',
      points: debtSteps === 0 ? 0 : Math.max(debtSteps * f.debtStepPoints, f.debtMinPoints),
      minPoints: f.debtMinPoints,
      maxPoints: 0,
      measured: inputs.owedMinor.toString(),
    },
  ];
}

export const MAX_SCORE =
  CREDIT_FORMULA.identityVerifiedPoints +
  CREDIT_FORMULA.accountAgeMaxPoints +
  CREDIT_FORMULA.depositMonthsMaxPoints +
  CREDIT_FORMULA.onTimeMaxPoints;

export function scoreOf(factors: readonly Factor[]): number {
  return Math.max(
    0,
    factors.reduce((sum, factor) => sum + factor.points, 0),
  );
}

/** The highest band the score reaches, or null below the lowest. */
export function tierFor(score: number): CreditTier | null {
  let reached: CreditTier | null = null;
  for (const tier of CREDIT_TIERS) if (score >= tier.minScore) reached = tier;
  return reached;
}

const APR_SCALE = 10n ** 12n;

/**
 * The annual percentage rate of a fixed yearly rate paid monthly with no fees: (1 + r/12)^12 − 1,
 * in basis points, half-up. Integer arithmetic at 12 decimals.
 */
export function aprBasisPoints(rateBasisPoints: number): number {
  const monthly = divideRounded(BigInt(rateBasisPoints) * APR_SCALE, 10_000n * 12n, 'half_up');
  let factor = APR_SCALE;
  for (let month = 0; month < 12; month += 1) {
    factor = divideRounded(factor * (APR_SCALE + monthly), APR_SCALE, 'half_up');
  }
  return Number(divideRounded((factor - APR_SCALE) * 10_000n, APR_SCALE, 'half_up'));
}
