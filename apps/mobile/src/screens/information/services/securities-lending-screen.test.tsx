import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { configEntries, ok, type Data } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

// The securities-lending screen (issue 16 item 3): the published rules (the lenders' share of the
// borrow fee, the recall's notice), opting in and out, what is lent and earned, the lendable list.

const lending = (overrides: Partial<Data<'/margin/lending'>> = {}): Data<'/margin/lending'> => ({
  isOptedIn: false,
  optedInAt: null,
  lenderShareBasisPoints: 5000,
  recallNoticeMinutes: 1440,
  lent: [],
  earnings: [],
  lendable: [
    {
      symbol: 'KBC.BR',
      code: 'KBC',
      name: 'KBC Group',
      currency: 'EUR',
      isChannelOpen: true,
      borrowFeeBasisPoints: 300,
      initialBasisPoints: 5000,
    },
    {
      symbol: 'ABI.BR',
      code: 'ABI',
      name: 'AB InBev',
      currency: 'EUR',
      isChannelOpen: false,
      borrowFeeBasisPoints: 300,
      initialBasisPoints: 5000,
    },
  ],
  ...overrides,
});

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

describe('securities lending screen', () => {
  it('shows the rules and the lendable list, opts in, then shows what is lent and earned', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/information/securitiesLending', {
      '/common/config': () => ok(configEntries('demo')),
      '/margin/lending': () => ok(lending()),
      '/margin/lendingOptIn': () =>
        ok(
          lending({
            isOptedIn: true,
            optedInAt: '2026-11-20T10:30:00.000Z',
            lent: [{ symbol: 'KBC.BR', quantity: '10' }],
            earnings: [{ currency: 'EUR', borrowFees: '0.21', manufacturedDividends: '15.00' }],
          }),
        ),
    });
    const rules = await screen.findByTestId('lending-rules');
    expect(rules.textContent).toContain('You receive 50.00 % of the borrow fee, posted daily');
    expect(rules.textContent).toContain('24 hours before it is bought back');
    expect(screen.getByTestId('lending-state').textContent).toBe('You do not lend your shares.');
    expect(screen.getByTestId('lending-list').textContent).toContain(
      'KBC Group (KBC.BR): borrow fee 3.00 % a year',
    );
    expect(screen.getByTestId('lending-list').textContent).toContain(
      'AB InBev (ABI.BR): borrow fee 3.00 % a year — lending paused',
    );
    await user.click(screen.getByTestId('lending-toggle'));
    await waitFor(() =>
      expect(screen.getByTestId('lending-state').textContent).toContain('You lend your shares since'),
    );
    expect(
      server.requests.filter((request) => request.path === '/margin/lendingOptIn').map((r) => r.body),
    ).toEqual([{ lend: true }]);
    expect(screen.getByTestId('lending-lent').textContent).toBe('10 KBC.BR');
    expect(screen.getByTestId('lending-earnings').textContent).toContain(
      'Borrow fees 0.21 € · manufactured dividends 15.00 €',
    );
    expect(screen.getByTestId('lending-toggle').textContent).toBe('Stop lending');
  });
});
