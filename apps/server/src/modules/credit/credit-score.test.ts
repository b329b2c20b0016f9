import { describe, expect, it } from 'vitest';
import {
  CREDIT_FORMULA,
  MAX_SCORE,
  aprBasisPoints,
  creditFactors,
  fullMonthsBetween,
  scoreOf,
  tierFor,
  type ScoreInputs,
} from './credit-score';
import { addMonths, dailyInterestMinor, repaymentSchedule } from './loan-math';

// The published formula, one factor at a time: each test moves one input and checks that exactly
// that factor's points move, by the published amount.

const base: ScoreInputs = {
  isIdentityVerified: false,
  registeredAt: new Date('2026-01-15T09:00:00Z'),
  now: new Date('2026-01-15T10:00:00Z'),
  depositMonths: 0,
  loansRepaidOnTime: 0,
  loansLate: 0,
  owedMinor: 0n,
};

const points = (inputs: Partial<ScoreInputs>) =>
  Object.fromEntries(creditFactors({ ...base, ...inputs }).map((factor) => [factor.name, factor.points]));

describe('credit score factors', () => {
  it('start at zero for a new, unverified account without history', () => {
    expect(points({})).toEqual({
      identity_verified: 0,
      account_age: 0,
      deposit_months: 0,
      repayments: 0,
      current_debt: 0,
    });
    expect(scoreOf(creditFactors(base))).toBe(0);
  });

  it('identity verified gives 300 points', () => {
    expect(points({ isIdentityVerified: true })).toMatchObject({ identity_verified: 300, account_age: 0 });
  });

  it('account age gives 10 points a full month, at most 120', () => {
    expect(points({ now: new Date('2026-04-14T10:00:00Z') }).account_age).toBe(20);
    expect(points({ now: new Date('2026-04-15T10:00:00Z') }).account_age).toBe(30);
    expect(points({ now: new Date('2028-01-15T10:00:00Z') }).account_age).toBe(120);
    expect(fullMonthsBetween(new Date('2026-01-31T00:00:00Z'), new Date('2026-02-28T00:00:00Z'))).toBe(0);
  });

  it('months with deposits give 25 points each, at most twelve months', () => {
    expect(points({ depositMonths: 1 }).deposit_months).toBe(25);
    expect(points({ depositMonths: 12 }).deposit_months).toBe(300);
    expect(points({ depositMonths: 40 }).deposit_months).toBe(300);
  });

  it('repayments: +50 per loan repaid on time (at most 200), −100 per late or overdue loan', () => {
    expect(points({ loansRepaidOnTime: 2 }).repayments).toBe(100);
    expect(points({ loansRepaidOnTime: 9 }).repayments).toBe(200);
    expect(points({ loansRepaidOnTime: 1, loansLate: 1 }).repayments).toBe(-50);
    expect(points({ loansLate: 9 }).repayments).toBe(CREDIT_FORMULA.repaymentsMinPoints);
  });

  it('current debt takes 25 points per started 500 EUR owed, at most 200', () => {
    expect(points({ owedMinor: 1n }).current_debt).toBe(-25);
    expect(points({ owedMinor: 50_000n }).current_debt).toBe(-25);
    expect(points({ owedMinor: 50_001n }).current_debt).toBe(-50);
    expect(points({ owedMinor: 10_000_000n }).current_debt).toBe(-200);
  });

  it('the score is the sum, never below zero, at most the published maximum', () => {
    expect(scoreOf(creditFactors({ ...base, loansLate: 3 }))).toBe(0);
    const best = creditFactors({
      ...base,
      isIdentityVerified: true,
      now: new Date('2030-01-15T10:00:00Z'),
      depositMonths: 12,
      loansRepaidOnTime: 4,
    });
    expect(scoreOf(best)).toBe(MAX_SCORE);
    expect(MAX_SCORE).toBe(920);
  });
});

describe('bands, rate and APR', () => {
  it('the limit and rate come from the band the score reaches', () => {
    expect(tierFor(299)).toBeNull();
    expect(tierFor(300)).toMatchObject({ limitMinor: 100_000n, rateBasisPoints: 1200 });
    expect(tierFor(600)).toMatchObject({ limitMinor: 500_000n, rateBasisPoints: 750 });
    expect(tierFor(920)).toMatchObject({ limitMinor: 1_000_000n, rateBasisPoints: 590 });
  });

  it('APR of 12.00 % paid monthly is 12.68 %', () => {
    expect(aprBasisPoints(1200)).toBe(1268);
    expect(aprBasisPoints(0)).toBe(0);
  });

  it('a day of interest on 1,000.00 at 12 % is 0.33; the schedule adds up its days', () => {
    expect(dailyInterestMinor(100_000n, 1200)).toBe(33n);
    const lines = repaymentSchedule({
      amountMinor: 100_000n,
      rateBasisPoints: 1200,
      startDay: '2026-03-02',
      termMonths: 12,
    });
    expect(lines).toHaveLength(12);
    expect(lines.reduce((sum, line) => sum + line.principalMinor, 0n)).toBe(100_000n);
    // First month: 31 days on 1,000.00 at 0.33 a day.
    expect(lines[0]).toEqual({ dueOn: '2026-04-02', principalMinor: 8_333n, interestMinor: 31n * 33n });
    expect(lines[11]?.dueOn).toBe('2027-03-02');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  });
});
