import { fireEvent, screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { configEntries, ok, type Data, type Recorded } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const quote: Data<'/exChange/quote'> = {
  from: 'EUR',
  to: 'USD',
  amount: '100.00',
  marketRate: '1.085000',
  spreadBasisPoints: 50,
  appliedRate: '1.079575',
  received: '107.95',
  source: 'Beurs simulator (demo)',
  timestamp: '2026-11-21T10:00:00.000Z',
};
const calls = (requests: Recorded[], path: string) => requests.filter((request) => request.path === path);

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

describe('exchange screen', () => {
  it('shows the quote with rate, spread, source and time, then confirms at no worse than the quote', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/information/exChange', {
      '/common/config': () => ok(configEntries('demo')),
      '/information/wallet': () =>
        ok({ balances: [{ currency: 'EUR', available: '250.00', frozen: '0.00' }], addresses: [] }),
      '/exChange/quote': () => ok(quote),
      '/exChange/submit': () => ok({ ...quote, entryId: '31' }),
    });
    expect(await screen.findByText('Available: 250.00 €')).toBeTruthy();
    await user.type(screen.getByLabelText('Amount (EUR)'), '100');
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    expect((await screen.findByTestId('exchange-received')).textContent).toBe('$107.95');
    const card = screen.getByTestId('exchange-quote');
    expect(card.textContent).toContain('1.085000');
    expect(card.textContent).toContain('50 basis points');
    expect(card.textContent).toContain('1.079575');
    const lines = [...card.querySelectorAll('.summary-row')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(lines).toEqual([
      ['Amount (EUR)', '100.00 €'],
      ['Market rate (USD per EUR)', '1.085000'],
      ['Spread', '50 basis points'],
      ['Your rate (USD per EUR)', '1.079575'],
      ['You receive', '$107.95'],
    ]);
    expect(screen.getByTestId('exchange-source').textContent).toMatch(
      /^Rate from Beurs simulator \(demo\), 2026\.11\.21 \d{2}:00:00$/,
    );
    expect(calls(server.requests, '/exChange/quote')[0]?.body).toEqual({
      from: 'EUR',
      to: 'USD',
      amount: '100.00',
    });
    expect(calls(server.requests, '/exChange/submit')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm exchange' }));
    await waitFor(() => expect(calls(server.requests, '/exChange/submit')).toHaveLength(1));
    const sent = calls(server.requests, '/exChange/submit')[0];
    expect(sent?.body).toEqual({ from: 'EUR', to: 'USD', amount: '100.00', minimumReceived: '107.95' });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
