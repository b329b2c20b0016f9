import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { configEntries, ok, refusal, type Data, type Recorded } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

// The margin-account screen against a fake server that checks every answer against the contract:
// the test sends every answer once all are given, a fail shows each wrong answer with the right
// one and why, and the retake date; a pass leads to the disclosure, accepted only when ticked and
// with the version and hash shown; an open account shows when it opened and the score.

const calls = (requests: Recorded[], path: string) => requests.filter((request) => request.path === path);

const rule = {
  knowledgeCorrectMinimum: 5,
  knowledgeTotal: 6,
  retakeDays: 30,
  experienceOptionsAccepted: {
    leveraged_experience: ['under_one_year', 'one_to_three_years', 'over_three_years'],
    trade_frequency: ['monthly', 'weekly'],
  },
};
const disclosure = {
  version: '2026-11-25.1',
  language: 'en' as const,
  paragraphs: ['Rules of the Beurs margin account, version 2026-11-25.1.', 'Your loss can be larger.'],
  hash: 'a'.repeat(64),
};
const answers = {
  margin_call: 'add_cash_or_reduce',
  liquidation: 'closed_at_market',
  loss_beyond_deposit: 'no_never',
  short_selling: 'loss_capped_at_proceeds',
  interest: 'daily_on_borrowed',
  recall: 'nothing_happens',
  leveraged_experience: 'never',
  trade_frequency: 'monthly',
};
const failedTest: Data<'/margin/test'> = {
  id: '4',
  answers,
  knowledgeCorrect: 3,
  knowledgeTotal: 6,
  isExperienceMet: true,
  isPassed: false,
  wrong: [
    { question: 'loss_beyond_deposit', chosen: 'no_never', correct: 'yes_debt' },
    { question: 'short_selling', chosen: 'loss_capped_at_proceeds', correct: 'unlimited_loss' },
    { question: 'recall', chosen: 'nothing_happens', correct: 'forced_buy_in' },
  ],
  takenAt: new Date(Date.now() - 60_000).toISOString(),
  // The screen compares with the device's clock: the retake date lies ahead of it.
  retakeFrom: new Date(Date.now() + 30 * 24 * 3600_000 - 60_000).toISOString(),
};
const passedTest: Data<'/margin/test'> = {
  ...failedTest,
  answers: {
    ...answers,
    loss_beyond_deposit: 'yes_debt',
    short_selling: 'unlimited_loss',
    recall: 'forced_buy_in',
  },
  knowledgeCorrect: 6,
  isPassed: true,
  wrong: [],
  retakeFrom: null,
};
const status = (overrides: Partial<Data<'/margin/status'>>): Data<'/margin/status'> => ({
  state: 'not_started',
  test: null,
  account: null,
  rule,
  disclosure,
  ...overrides,
});
const parameters: Data<'/margin/parameters'> = {
  rate: {
    benchmarkName: '€STR',
    benchmarkBasisPoints: 200,
    spreadBasisPoints: 300,
    annualRateBasisPoints: 500,
    dayCountBasis: 365,
  },
  classes: [
    { marginClass: 'large_cap', initialBasisPoints: 5000, maintenanceBasisPoints: 3000, leverageMax: '2.00' },
    { marginClass: 'standard', initialBasisPoints: 6000, maintenanceBasisPoints: 4000, leverageMax: '1.66' },
    {
      marginClass: 'not_marginable',
      initialBasisPoints: null,
      maintenanceBasisPoints: null,
      leverageMax: null,
    },
  ],
  levels: { callBasisPoints: 10000, liquidationBasisPoints: 8000 },
  largeCapMinimum: '10000000000',
  liquidityMinimum: '1000000',
  instruments: [],
};
const userInfo = (identityState: 'authenticated' | 'not_certified'): Data<'/user/getUserinfo'> => ({
  is_true: 1,
  realname: 'Marie Dubois',
  account: '32470000001',
  identityState,
  invitationCode: 'X',
  balances: [],
  restrictions: [],
  createdAt: '2026-03-02T10:00:00.000Z',
});

const common = (identityState: 'authenticated' | 'not_certified' = 'authenticated') => ({
  '/common/config': () => ok(configEntries('demo')),
  '/user/getUserinfo': () => ok(userInfo(identityState)),
  '/margin/parameters': () => ok(parameters),
});

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

describe('margin account screen', () => {
  it('sends the test only once every question is answered, then explains the fail', async () => {
    const user = userEvent.setup();
    let current = status({});
    const { server } = renderApp('/information/margin', {
      ...common(),
      '/margin/status': () => ok(current),
      '/margin/test': () => {
        current = status({ state: 'test_failed', test: failedTest });
        return ok(failedTest);
      },
    });
    expect((await screen.findByTestId('margin-rule')).textContent).toContain(
      'at least 5 of the 6 knowledge questions right',
    );
    expect((await screen.findByTestId('margin-rate')).textContent).toBe(
      'Interest on borrowed cash: 5.00 % a year (€STR 2.00 % + 3.00 %)',
    );
    await user.click(screen.getByTestId('margin-answer-margin_call-add_cash_or_reduce'));
    await user.click(screen.getByTestId('margin-submit-test'));
    expect(await screen.findByText('Answer every question (1 of 8).')).toBeTruthy();
    expect(calls(server.requests, '/margin/test')).toHaveLength(0);

    for (const [question, option] of Object.entries(answers)) {
      await user.click(screen.getByTestId(`margin-answer-${question}-${option}`));
    }
    await user.click(screen.getByTestId('margin-submit-test'));
    const result = await screen.findByTestId('margin-result');
    expect(calls(server.requests, '/margin/test')[0]?.body).toEqual({ answers });
    expect(within(result).getByText('Test not passed: 3 of 6 right.')).toBeTruthy();
    const recall = screen.getByTestId('margin-wrong-recall');
    expect(
      within(recall).getByText('Your answer: Nothing: a short stays open as long as I want'),
    ).toBeTruthy();
    expect(
      within(recall).getByText(
        'Right answer: The shares are recalled: after notice, your short is bought back at the market price',
      ),
    ).toBeTruthy();
    expect(within(recall).getByText(/Borrowed shares can be recalled/)).toBeTruthy();
    expect(screen.getByTestId('margin-retake').textContent).toMatch(
      /^You can take the test again from .*2026/,
    );
    // Until the retake date the test is not offered again.
    expect(screen.queryByTestId('margin-test')).toBeNull();
  }, 20_000);

  it('opens the account only with the disclosure ticked, sending its version and hash', async () => {
    const user = userEvent.setup();
    let current = status({ state: 'test_passed', test: passedTest });
    const { server } = renderApp('/information/margin', {
      ...common(),
      '/margin/status': () => ok(current),
      '/margin/accept': (body) => {
        if (!body.accepts) return refusal('MARGIN_DISCLOSURE_NOT_ACCEPTED');
        current = status({
          state: 'open',
          test: passedTest,
          account: {
            openedAt: '2026-03-02T10:05:00.000Z',
            disclosureVersion: disclosure.version,
            disclosureHash: disclosure.hash,
            disclosureLanguage: 'en',
            testId: '4',
          },
        });
        return ok(current);
      },
    });
    expect(await screen.findByText('Your loss can be larger.')).toBeTruthy();
    await user.click(screen.getByTestId('margin-open'));
    expect(await screen.findByText('Tick that you accept the risk rules to open the account.')).toBeTruthy();
    await user.click(screen.getByTestId('margin-accept'));
    await user.click(screen.getByTestId('margin-open'));
    const opened = await screen.findByTestId('margin-opened');
    expect(calls(server.requests, '/margin/accept').map((request) => request.body)).toEqual([
      {
        language: 'en',
        disclosureVersion: disclosure.version,
        disclosureHash: disclosure.hash,
        accepts: false,
      },
      {
        language: 'en',
        disclosureVersion: disclosure.version,
        disclosureHash: disclosure.hash,
        accepts: true,
      },
    ]);
    expect(within(opened).getByText(/^Test: 6 of 6 right, taken /)).toBeTruthy();
    expect(screen.getByTestId('margin-state').textContent).toBe('Open');
  }, 20_000);

  it('asks for a verified identity before the test', async () => {
    renderApp('/information/margin', {
      ...common('not_certified'),
      '/margin/status': () => ok(status({})),
    });
    expect((await screen.findByTestId('margin-identity')).textContent).toContain(
      'Verify your identity before you open a margin account.',
    );
    expect(screen.queryByTestId('margin-test')).toBeNull();
  });

  it('shows the margin level, the open call with the amount needed, and the log of calls and liquidations', async () => {
    const summary: Data<'/margin/summary'> = {
      isOpen: true,
      annualRateBasisPoints: 500,
      equity: '840.00',
      holdingsValue: '2800.00',
      marginCash: '0.00',
      owed: '1960.00',
      maintenanceRequirement: '840.00',
      initialRequirement: '1400.00',
      excessOverMaintenance: '0.00',
      levelBasisPoints: 9523,
      levels: { callBasisPoints: 10000, liquidationBasisPoints: 8000 },
      neededForCallLevel: '40.00',
      call: {
        id: '2',
        openedAt: '2026-11-20T10:05:00.000Z',
        levelBasisPoints: 9523,
        equity: '800.00',
        maintenanceRequirement: '840.00',
        needed: '40.00',
      },
      liquidation: null,
      currencies: [],
    };
    const history: Data<'/margin/history'> = {
      calls: [
        { ...summary.call!, state: 'open', metAt: null },
        {
          id: '1',
          openedAt: '2026-11-19T10:05:00.000Z',
          levelBasisPoints: 9800,
          equity: '980.00',
          maintenanceRequirement: '1000.00',
          needed: '20.00',
          state: 'met',
          metAt: '2026-11-19T11:00:00.000Z',
        },
      ],
      liquidations: [
        {
          id: '7',
          state: 'done',
          startedAt: '2026-11-18T14:00:00.000Z',
          endedAt: '2026-11-18T14:00:02.000Z',
          levelBasisPoints: 7450,
          endLevelBasisPoints: 12000,
          shortfall: '12.34',
          sales: [
            {
              orderId: '31',
              symbol: 'KBC.BR',
              currency: 'EUR',
              quantity: '50',
              cost: '4000.00',
              value: '2750.00',
              lossEur: '1250.00',
              last: '55.0000',
              bid: '54.9800',
              ask: '55.0200',
              quoteAt: '2026-11-18T14:00:00.000Z',
            },
          ],
        },
      ],
    };
    const { server } = renderApp('/information/margin', {
      ...common(),
      '/margin/status': () =>
        ok(
          status({
            state: 'open',
            test: passedTest,
            account: {
              openedAt: '2026-11-02T10:00:00.000Z',
              disclosureVersion: disclosure.version,
              disclosureHash: disclosure.hash,
              disclosureLanguage: 'en',
              testId: '4',
            },
          }),
        ),
      '/margin/summary': () => ok(summary),
      '/margin/history': () => ok(history),
      '/margin/repay': (body) =>
        (body as { amount: string }).amount === '12.34'
          ? ok({ ...summary, owed: '0.00' })
          : refusal('MARGIN_REPAY_ABOVE_OWED', { owed: '12.34' }),
    });
    expect((await screen.findByTestId('margin-side-level')).textContent).toContain('95.23 %');
    expect(screen.getByTestId('margin-call').textContent).toContain('below 100 %. Move 40.00 €');
    const log = await screen.findByTestId('margin-log');
    const [open, met] = within(log).getAllByTestId('margin-log-call');
    expect(open!.textContent).toMatch(/level 95\.23 %, 40\.00 € needed.*Open/);
    expect(met!.textContent).toMatch(/Met 2026/);
    const liquidation = within(log).getByTestId('margin-log-liquidation');
    expect(liquidation.textContent).toContain('liquidation at margin level 74.50 %');
    expect(liquidation.textContent).toContain('Done, level after: 120.00 %');
    expect(liquidation.textContent).toContain('Sold 50 KBC.BR at 55.00 (order 31)');
    expect(liquidation.textContent).toContain('Quote used: bid 54.98, ask 55.02');
    expect(liquidation.textContent).toContain('Shortfall: 12.34 € still owed');

    // The shortfall can be repaid from the cash side: the request names the amount; a refusal shows.
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Direction'), 'repay');
    expect(screen.getByTestId('margin-transfer').textContent).toContain('at most what you owe');
    await user.type(screen.getByLabelText('Amount (EUR)'), '20');
    await user.click(within(screen.getByTestId('margin-transfer')).getByRole('button'));
    expect((await screen.findByTestId('margin-transfer-refusal')).textContent).toContain(
      'You owe 12.34 on margin in this currency',
    );
    await user.clear(screen.getByLabelText('Amount (EUR)'));
    await user.type(screen.getByLabelText('Amount (EUR)'), '12.34');
    await user.click(within(screen.getByTestId('margin-transfer')).getByRole('button'));
    await waitFor(() =>
      expect(calls(server.requests, '/margin/repay').map((call) => call.body)).toEqual([
        { currency: 'EUR', amount: '20.00' },
        { currency: 'EUR', amount: '12.34' },
      ]),
    );
    // Each with a key of its own (a retry of one would reuse it).
    const keys = calls(server.requests, '/margin/repay').map((call) => call.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(2);
  });
});
