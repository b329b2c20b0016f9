import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { configEntries, ok, type Data, type Ok, type Recorded } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const ruleIds: Data<'/cashOut/rules'>['rules'][number]['id'][] = [
  'identity_verified',
  'fund_password_set',
  'fund_password_not_locked',
  'own_card',
  'not_barred',
  'minimum',
  'hours',
  'no_pending_operation',
  'funds_free',
];

const rules: Data<'/cashOut/rules'> = {
  currency: 'EUR',
  minimum: '100.00',
  fee: '2.50',
  minimumPayout: '97.50',
  withdrawable: '1500.00',
  hours: { opens: '09:00', closes: '17:00', timeZone: 'Europe/Brussels', businessDaysOnly: true },
  decisionWithinHours: 24,
  rules: ruleIds.map((id) => ({ id, isMet: id !== 'hours' })),
};
const card: Data<'/information/bankList'>[number] = {
  id: '3',
  holderName: 'An Peeters',
  ibanMasked: 'BE68 **** 7034',
  bic: 'GKCCBEBB',
  bankName: 'Belfius',
  branch: '',
  createdAt: '2026-11-21T10:00:00.000Z',
};
const pending: Data<'/cashOut/submit'> = {
  id: '8',
  cardId: '3',
  currency: 'EUR',
  amount: '150.00',
  fee: '2.50',
  payout: '147.50',
  state: 'pending',
  waitingFor: 'staff_review',
  decideBy: '2026-11-23T09:00:00.000Z',
  reason: '',
  createdAt: '2026-11-21T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
};
const calls = (requests: Recorded[], path: string) => requests.filter((request) => request.path === path);

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

describe('withdraw screen', () => {
  it('lists every rule before the amount field, with the fee and the decision time', async () => {
    renderApp('/information/cashOut', {
      '/common/config': () => ok(configEntries('demo')),
      '/cashOut/rules': () => ok(rules),
      '/cashOut/list': () => ok({ total: 0, items: [] }),
      '/information/bankList': () => ok([card]),
    });
    const list = await screen.findByTestId('cash-out-rules');
    expect(list.querySelectorAll('li')).toHaveLength(9);
    expect(screen.getByTestId('rule-minimum').textContent).toContain(
      'At least 100.00 € per withdrawal; after the fee, at least 97.50 € reaches your card',
    );
    // One sentence per language, the time zone by its name.
    const hours = () => screen.getByTestId('rule-hours').textContent?.replace(/^✗/, '');
    expect(hours()).toBe(
      'Submitted on business days between 09:00 and 17:00 (Central European Time) (not met yet)',
    );
    expect(screen.getByTestId('rule-funds_free').textContent).toContain('1,500.00 €');
    expect(list.textContent).toContain('Fee: 2.50 €, taken from the amount withdrawn');
    expect(list.textContent).toContain('Decided within 24 hours');
    const amount = screen.getByLabelText('Amount (EUR)');
    expect(list.compareDocumentPosition(amount) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await changeLanguage('zh');
    await waitFor(() => expect(hours()).toMatch(/^於營業日 09:00 至 17:00（中歐時間）之間送出 /));
    await changeLanguage('ko');
    await waitFor(() => expect(hours()).toMatch(/^영업일 09:00~17:00\(중부유럽 시간\)에 제출 /));
    await changeLanguage('en');
  });

  it('checks the amount as a string, shows fee and payout, then sends it with an idempotency key', async () => {
    const user = userEvent.setup();
    let items: Data<'/cashOut/list'>['items'] = [];
    const { server } = renderApp('/information/cashOut', {
      '/common/config': () => ok(configEntries('demo')),
      '/cashOut/rules': () => ok(rules),
      '/cashOut/list': () => ok({ total: items.length, items }),
      '/information/bankList': () => ok([card]),
      '/cashOut/submit': () => {
        items = [pending];
        return ok(pending);
      },
    });
    await user.type(await screen.findByLabelText('Amount (EUR)'), '99,99');
    await user.type(screen.getByLabelText('Fund password'), '135790');
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    expect(await screen.findByText('The minimum is 100.00 €.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Amount (EUR)'));
    await user.type(screen.getByLabelText('Amount (EUR)'), '150,5');
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    expect((await screen.findByTestId('cash-out-payout')).textContent).toBe('148.00 €');
    // One line per figure, label left and value right, the payout set off as the total; then the card.
    const review = screen.getByTestId('cash-out-review');
    const lines = [...review.querySelectorAll('.summary-row')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(lines).toEqual([
      ['Withdrawn', '150.50 €'],
      ['Fee', '2.50 €'],
      ['Paid to your card', '148.00 €'],
      ['To card', `${card.bankName} · ${card.ibanMasked}`],
    ]);
    expect(screen.getByTestId('cash-out-payout').parentElement?.classList).toContain('summary-total');
    expect(calls(server.requests, '/cashOut/submit')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(calls(server.requests, '/cashOut/submit')).toHaveLength(1));
    const sent = calls(server.requests, '/cashOut/submit')[0];
    expect(sent?.body).toEqual({ currency: 'EUR', amount: '150.50', cardId: '3', fundPassword: '135790' });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await screen.findByTestId('withdrawal-waiting')).textContent).toMatch(
      /^Waiting for a staff review; decided by 2026\.11\.23 \d{2}:00:00 at the latest\.$/,
    );
  });
});

describe('withdraw screen while the cards load', () => {
  it('waits for the cards instead of saying there is none', async () => {
    const user = userEvent.setup();
    let answerCards: (answer: Ok<Data<'/information/bankList'>>) => void = () => undefined;
    renderApp('/information/cashOut', {
      '/common/config': () => ok(configEntries('demo')),
      '/cashOut/rules': () => ok(rules),
      '/cashOut/list': () => ok({ total: 0, items: [] }),
      '/information/bankList': () => new Promise((resolve) => (answerCards = resolve)),
    });
    await user.type(await screen.findByLabelText('Amount (EUR)'), '150');
    await user.type(screen.getByLabelText('Fund password'), '135790');
    const review = screen.getByRole('button', { name: 'Review withdrawal' }) as HTMLButtonElement;
    expect(review.disabled).toBe(true);
    expect(screen.queryByText('Add a bank card')).toBeNull();
    fireEvent.submit(screen.getByTestId('cash-out-form'));
    expect(screen.queryByText('Add a bank card in your name first.')).toBeNull();

    answerCards(ok([card]));
    await waitFor(() => expect(review.disabled).toBe(false));
    await user.click(review);
    expect((await screen.findByTestId('cash-out-payout')).textContent).toBe('147.50 €');
  });
});

describe('cancelling a pending withdrawal', () => {
  it('asks first, then cancels it: the item shows cancelled and loses its button', async () => {
    const user = userEvent.setup();
    const paid: Data<'/cashOut/list'>['items'][number] = {
      ...pending,
      id: '7',
      state: 'approved',
      waitingFor: 'nothing',
      decidedAt: '2026-11-21T12:00:00.000Z',
      decidedBy: 'staff',
    };
    let items: Data<'/cashOut/list'>['items'] = [pending, paid];
    const { server } = renderApp('/information/cashOut', {
      '/common/config': () => ok(configEntries('demo')),
      '/cashOut/rules': () => ok(rules),
      '/cashOut/list': () => ok({ total: items.length, items }),
      '/information/bankList': () => ok([card]),
      '/cashOut/cancel': () => {
        const cancelled = {
          ...pending,
          state: 'cancelled' as const,
          waitingFor: 'nothing' as const,
          decidedAt: '2026-11-21T11:00:00.000Z',
        };
        items = [cancelled, paid];
        return ok(cancelled);
      },
    });
    const item = await screen.findByTestId('withdrawal-8');
    expect(within(screen.getByTestId('withdrawal-7')).queryByRole('button')).toBeNull();

    // Backing out of the question sends nothing.
    await user.click(within(item).getByTestId('withdrawal-cancel-8'));
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Cancel this pending withdrawal? The frozen amount is available again at once.',
    );
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(server.requests, '/cashOut/cancel')).toHaveLength(0);

    await user.click(within(item).getByTestId('withdrawal-cancel-8'));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel withdrawal' }),
    );
    await waitFor(() => expect(calls(server.requests, '/cashOut/cancel')).toHaveLength(1));
    expect(calls(server.requests, '/cashOut/cancel')[0]?.body).toEqual({ id: '8' });
    expect(await screen.findByText('Withdrawal cancelled. The amount is available again.')).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByTestId('withdrawal-8')).getByText('Cancelled')).toBeTruthy(),
    );
    expect(screen.queryByTestId('withdrawal-cancel-8')).toBeNull();
    expect(screen.queryByTestId('withdrawal-waiting')).toBeNull();
  });
});
