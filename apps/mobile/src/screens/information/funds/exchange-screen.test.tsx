import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  configEntries,
  ok,
  refusal,
  type Data,
  type Handlers,
  type Recorded,
} from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { changeLanguage } from '../../../app/i18n';

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
  quoteId: 'signed-quote-1',
  holdSeconds: 15,
  expiresAt: '2026-11-21T10:00:15.000Z',
};
const calls = (requests: Recorded[], path: string) => requests.filter((request) => request.path === path);

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

describe('exchange screen', () => {
  it('shows the quote with rate, spread, source and time, then confirms exactly that quote', async () => {
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
    // In French the rates take the French decimal mark and the simulator its French name.
    await changeLanguage('fr');
    await waitFor(() => expect(card.textContent).toContain('1,085000'));
    expect(card.textContent).toContain('1,079575');
    expect(card.textContent).not.toContain('1.085000');
    expect(screen.getByTestId('exchange-source').textContent).toContain('simulateur Beurs (démo)');
    await changeLanguage('en');
    expect(calls(server.requests, '/exChange/submit')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm exchange' }));
    await waitFor(() => expect(calls(server.requests, '/exChange/submit')).toHaveLength(1));
    const sent = calls(server.requests, '/exChange/submit')[0];
    expect(sent?.body).toEqual({ quoteId: 'signed-quote-1' });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  describe('held quote', () => {
    // Only the clock and the interval are faked: the countdown reads Date.now() every 250 ms.
    beforeEach(() => vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] }));
    afterEach(() => vi.useRealTimers());

    const wallet = () =>
      ok({ balances: [{ currency: 'EUR' as const, available: '250.00', frozen: '0.00' }], addresses: [] });

    async function quoted(handlers: Handlers) {
      const rendered = renderApp('/information/exChange', {
        '/common/config': () => ok(configEntries('demo')),
        '/information/wallet': wallet,
        ...handlers,
      });
      await screen.findByText('Available: 250.00 €');
      fireEvent.change(screen.getByLabelText('Amount (EUR)'), { target: { value: '100' } });
      fireEvent.click(screen.getByRole('button', { name: 'Get a quote' }));
      await screen.findByTestId('exchange-received');
      return rendered;
    }

    it('counts the hold down, then offers a visible new quote instead of Confirm', async () => {
      let asked = 0;
      const { server } = await quoted({
        '/exChange/quote': () => {
          asked += 1;
          return ok(asked === 1 ? quote : { ...quote, quoteId: 'signed-quote-2', received: '107.90' });
        },
      });
      expect(screen.getByTestId('exchange-countdown').textContent).toBe('Rate held for 15 s');
      act(() => vi.advanceTimersByTime(6_000));
      expect(screen.getByTestId('exchange-countdown').textContent).toBe('Rate held for 9 s');
      act(() => vi.advanceTimersByTime(9_000));
      expect(screen.queryByTestId('exchange-countdown')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Confirm exchange' })).toBeNull();
      expect(screen.getByTestId('exchange-expired').textContent).toBe(
        'This quote has expired. Get a new quote for the current rate.',
      );

      fireEvent.click(screen.getByRole('button', { name: 'Get a new quote' }));
      await waitFor(() => expect(screen.getByTestId('exchange-received').textContent).toBe('$107.90'));
      expect(screen.getByTestId('exchange-countdown').textContent).toBe('Rate held for 15 s');
      fireEvent.click(screen.getByRole('button', { name: 'Confirm exchange' }));
      await waitFor(() => expect(calls(server.requests, '/exChange/submit')).toHaveLength(1));
      expect(calls(server.requests, '/exChange/submit')[0]?.body).toEqual({ quoteId: 'signed-quote-2' });
      expect(calls(server.requests, '/exChange/quote')).toHaveLength(2);
    });

    it('marks the quote expired when the server says so, and says why', async () => {
      await quoted({
        '/exChange/quote': () => ok(quote),
        '/exChange/submit': () => refusal('EXCHANGE_QUOTE_EXPIRED', { seconds: 15 }),
      });
      fireEvent.click(screen.getByRole('button', { name: 'Confirm exchange' }));
      expect((await screen.findByTestId('toast')).textContent).toBe(
        'This quote was held for 15 seconds and is no longer valid (expired or already used). Get a new quote.',
      );
      expect(await screen.findByTestId('exchange-expired')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Get a new quote' })).toBeTruthy();
    });
  });

  it('says an amount above the balance when quoting, with the currency, and offers no Confirm', async () => {
    renderApp('/information/exChange', {
      '/common/config': () => ok(configEntries('demo')),
      '/information/wallet': () =>
        ok({ balances: [{ currency: 'EUR', available: '1000.00', frozen: '0.00' }], addresses: [] }),
      '/exChange/quote': () => refusal('INSUFFICIENT_BALANCE', { currency: 'EUR', available: '1000.00' }),
    });
    await screen.findByText('Available: 1,000.00 €');
    fireEvent.change(screen.getByLabelText('Amount (EUR)'), { target: { value: '1000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get a quote' }));
    expect((await screen.findByTestId('toast')).textContent).toBe(
      'Insufficient balance. Available: 1,000.00 €.',
    );
    expect(screen.queryByTestId('exchange-quote')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm exchange' })).toBeNull();
  });
});
