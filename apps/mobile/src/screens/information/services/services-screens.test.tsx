import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { configEntries, ok, refusal, type Data, type Recorded } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

// The account-services screens against a fake server that checks every answer against the
// contract: the score's factors as published, the cost before borrowing and a borrow only on
// confirm, a repayment refusal translated, the check-in, the professional-client form.

const calls = (requests: Recorded[], path: string) => requests.filter((request) => request.path === path);

const tiers = [
  { minScore: 300, limit: '1000.00', rateBasisPoints: 1200, aprBasisPoints: 1268 },
  { minScore: 450, limit: '2500.00', rateBasisPoints: 950, aprBasisPoints: 992 },
];
const score: Data<'/loan/score'> = {
  score: 325,
  maxScore: 920,
  factors: [
    { name: 'identity_verified', points: 300, minPoints: 0, maxPoints: 300, measured: '1' },
    { name: 'account_age', points: 0, minPoints: 0, maxPoints: 120, measured: '0' },
    { name: 'deposit_months', points: 25, minPoints: 0, maxPoints: 300, measured: '1' },
    { name: 'repayments', points: 0, minPoints: -300, maxPoints: 200, measured: '0/0' },
    { name: 'current_debt', points: 0, minPoints: -200, maxPoints: 0, measured: '0' },
  ],
  tiers,
  tier: tiers[0] ?? null,
  currency: 'EUR',
  owed: '0.00',
  available: '1000.00',
  termMonths: 12,
  dayCountBasis: 365,
};
const preview: Data<'/loan/preview'> = {
  currency: 'EUR',
  amount: '400.00',
  rateBasisPoints: 1200,
  aprBasisPoints: 1268,
  termMonths: 12,
  dueOn: '2027-03-02',
  schedule: Array.from({ length: 12 }, (_, index) => ({
    dueOn: `2026-${String(index + 4).padStart(2, '0')}-02`,
    principal: '33.33',
    interest: '2.00',
    payment: '35.33',
  })),
  totalInterest: '24.00',
  totalRepayable: '424.00',
  score: 325,
};
const loan: Data<'/loan/detail'> = {
  id: '7',
  state: 'open',
  currency: 'EUR',
  rateBasisPoints: 1200,
  aprBasisPoints: 1268,
  borrowed: '400.00',
  interestAccrued: '0.13',
  repaid: '0.00',
  owed: '400.13',
  principalOwed: '400.00',
  interestOwed: '0.13',
  accruedThrough: '2026-03-02',
  openedAt: '2026-03-02T10:00:00.000Z',
  dueOn: '2027-03-02',
  isOverdue: false,
  repaidAt: null,
  movements: [
    {
      id: '1',
      kind: 'draw',
      amount: '400.00',
      interest: '0.00',
      principal: '400.00',
      createdAt: '2026-03-02T10:00:00.000Z',
    },
  ],
};

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

describe('credit score screen', () => {
  it('shows the score, each factor with its points and published rule, and the bands', async () => {
    renderApp('/information/creditScore', {
      '/common/config': () => ok(configEntries('demo')),
      '/loan/score': () => ok(score),
    });
    expect((await screen.findByTestId('credit-score')).textContent).toBe('325');
    expect(screen.getByTestId('factor-identity_verified').textContent).toBe(
      'Identity verified+300verified · 300 points once verified',
    );
    expect(screen.getByTestId('factor-deposit_months').textContent).toBe(
      'Months with a deposit (last 12)+251 month · 25 points a month, up to 300',
    );
    expect(screen.getByTestId('factor-current_debt').textContent).toContain('0.00 € owed');
    expect(screen.getByTestId('credit-limit').textContent).toBe('1,000.00 €');
    expect(screen.getByText('from 450')).toBeTruthy();
    expect(screen.getByText(/never blocks withdrawing your own free funds/)).toBeTruthy();
  });
});

describe('loan list screen', () => {
  it('shows the cost before borrowing and borrows only on confirm, with one idempotency key', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/information/loanList', {
      '/common/config': () => ok(configEntries('demo')),
      '/loan/score': () => ok(score),
      '/loan/list': () => ok({ total: 0, items: [] }),
      '/loan/preview': () => ok(preview),
      '/loan/borrow': () => ok(loan),
      '/loan/detail': () => ok(loan),
    });
    await user.type(await screen.findByLabelText('Amount to borrow (EUR)'), '400');
    await user.click(screen.getByRole('button', { name: 'Show the cost' }));
    expect((await screen.findByTestId('loan-preview-apr')).textContent).toBe('12.68 %');
    expect(screen.getByTestId('loan-preview-total').textContent).toBe('424.00 €');
    expect(screen.getByTestId('loan-schedule').querySelectorAll('tbody tr')).toHaveLength(12);
    expect(calls(server.requests, '/loan/borrow')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Borrow 400.00 €' }));
    await waitFor(() => expect(calls(server.requests, '/loan/borrow')).toHaveLength(1));
    const borrowed = calls(server.requests, '/loan/borrow')[0];
    expect(borrowed?.body).toEqual({ amount: '400.00' });
    expect(borrowed?.headers['idempotency-key']).toMatch(/^[\w-]{8,}$/);
    expect(await screen.findByTestId('loan-owed')).toBeTruthy();
  });
});

describe('loan screen', () => {
  it('shows what is owed and says why a repayment is refused', async () => {
    const user = userEvent.setup();
    renderApp('/information/loan?id=7', {
      '/common/config': () => ok(configEntries('demo')),
      '/loan/detail': () => ok(loan),
      '/loan/repay': () => refusal('REPAYMENT_EXCEEDS_LOAN', { outstanding: '400.13' }),
    });
    expect((await screen.findByTestId('loan-owed')).textContent).toBe('400.13 €');
    expect(screen.getByText('Interest is counted through 2026.03.02.')).toBeTruthy();
    await user.type(screen.getByLabelText('Amount to repay (EUR)'), '500');
    await user.click(screen.getByTestId('repay-submit'));
    expect(await screen.findByText(/The repayment exceeds the loan\. Outstanding: 400\.13/)).toBeTruthy();
  });
});

describe('check-in screen', () => {
  it('checks in with the device time zone and shows the day’s card', async () => {
    const user = userEvent.setup();
    const before: Data<'/checkIn/status'> = {
      today: '2026-03-02',
      timeZone: 'Europe/Brussels',
      hasCheckedInToday: false,
      streak: 0,
      total: 0,
      badges: [{ badge: 'first_check_in', required: 1, counts: 'total', claimedAt: null }],
      card: null,
      recent: [],
    };
    const { server } = renderApp('/information/checkIn', {
      '/common/config': () => ok(configEntries('demo')),
      '/checkIn/status': () => ok(before),
      '/checkIn/submit': () =>
        ok({
          ...before,
          hasCheckedInToday: true,
          streak: 1,
          total: 1,
          card: 'leverage',
          recent: ['2026-03-02'],
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Borrowed money multiplies losses')).toBeTruthy();
    expect(screen.getByTestId('checkin-streak').textContent).toBe('1 day');
    expect((screen.getByTestId('checkin-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(calls(server.requests, '/checkIn/submit')[0]?.body).toEqual({
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  });
});

describe('professional-client screen', () => {
  it('sends the chosen criteria and the acknowledgement of the protections given up', async () => {
    const user = userEvent.setup();
    const status: Data<'/seatAccount/status'> = {
      isProfessional: false,
      tradesPerQuarter: [0, 2, 5, 1],
      meetsTradesCriterion: false,
      application: null,
      protectionsLost: ['appropriateness', 'loss_reports'],
    };
    const { server } = renderApp('/information/seatAccount', {
      '/common/config': () => ok(configEntries('demo')),
      '/seatAccount/status': () => ok(status),
      '/seatAccount/apply': () => refusal('PROFESSIONAL_EVIDENCE_REQUIRED'),
    });
    expect((await screen.findByTestId('seat-trades-counted')).textContent).toBe(
      'Your significant trades per quarter: 0 · 2 · 5 · 1',
    );
    await user.click(screen.getByTestId('seat-criterion-portfolio'));
    await user.click(screen.getByTestId('seat-criterion-experience'));
    await user.click(screen.getByTestId('seat-acknowledge'));
    await user.click(screen.getByTestId('seat-submit'));
    expect(await screen.findByText('Add evidence for the portfolio or experience criterion.')).toBeTruthy();
    expect(calls(server.requests, '/seatAccount/apply')[0]?.body).toEqual({
      criteria: ['portfolio', 'experience'],
      evidenceUploadIds: [],
      statement: '',
      acknowledgesProtectionsLost: true,
    });
  });
});
