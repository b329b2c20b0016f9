import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { configEntries, ok, type Data, type Recorded } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

type FundRecord = Data<'/fundRecord/list'>['items'][number];

const record = (id: number, overrides: Partial<FundRecord> = {}): FundRecord => ({
  id: String(id),
  kind: 'deposit',
  memo: '',
  currency: 'EUR',
  amount: '100.00',
  availableChange: '100.00',
  detail: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

const bodies = (requests: Recorded[]) =>
  requests.filter((request) => request.path === '/fundRecord/list').map((request) => request.body);

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

afterEach(() => changeLanguage('en'));

describe('fund records screen', () => {
  it('asks per tab and page, shows reasons and the available change, and loads more pages', async () => {
    const { server } = renderApp('/information/fundRecord', {
      '/common/config': () => ok(configEntries('demo')),
      '/fundRecord/list': (body) => {
        const { tab, page } = body as { tab: string; page: number };
        if (tab !== 'withdrawal') return ok({ total: 0, items: [] });
        const items =
          page === 1
            ? Array.from({ length: 20 }, (_, index) =>
                record(100 - index, {
                  kind: 'hold_reserve',
                  amount: '0.00',
                  availableChange: '-150.00',
                  memo: index === 0 ? 'withdrawal to BE68 **** 7034' : '',
                }),
              )
            : [
                record(70, {
                  kind: 'correction',
                  amount: '-5.00',
                  availableChange: '-5.00',
                  memo: 'fee refund reversed',
                }),
              ];
        return ok({ total: 21, items });
      },
    });
    expect(await screen.findByTestId('empty-state')).toBeTruthy();
    fireEvent.click(screen.getByTestId('record-tab-withdrawal'));
    const first = await screen.findByTestId('record-100-EUR');
    expect(first.textContent).toContain('Amount frozen · No. 100');
    expect(first.textContent).toContain('Available: -150.00 €');
    expect(first.textContent).toContain('withdrawal to BE68 **** 7034');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByTestId('record-70-EUR')).textContent).toContain('Staff correction');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await waitFor(() =>
      expect(bodies(server.requests)).toEqual([
        { tab: 'all', page: 1, pageSize: 20 },
        { tab: 'withdrawal', page: 1, pageSize: 20 },
        { tab: 'withdrawal', page: 2, pageSize: 20 },
      ]),
    );
  });

  it('shows each detail translated (German), staff reasons verbatim, and the memo when there is none', async () => {
    await changeLanguage('de');
    const exchange: FundRecord['detail'] = {
      type: 'exchange',
      from: 'EUR',
      to: 'USD',
      amount: '100.00',
      received: '116.20',
      appliedRate: '1.162000',
      spreadBasisPoints: 50,
      rateSource: 'simulator',
    };
    const items = [
      record(9, { kind: 'correction', detail: { type: 'correction', reason: 'Refund of a duplicated fee' } }),
      record(8, {
        kind: 'withdrawal',
        amount: '-120.00',
        availableChange: '0.00',
        detail: { type: 'withdrawal_paid', currency: 'EUR', payout: '118.50', fee: '1.50' },
      }),
      record(7, {
        kind: 'hold_release',
        amount: '0.00',
        detail: { type: 'withdrawal_rejected', reason: 'IBAN closed at the bank' },
      }),
      record(6, {
        kind: 'hold_reserve',
        amount: '0.00',
        memo: 'Withdrawal to BE68 **** 7034 (awaiting payout)',
        detail: { type: 'withdrawal_hold', ibanMasked: 'BE68 **** 7034' },
      }),
      record(5, { kind: 'exchange', amount: '-100.00', detail: exchange }),
      record(5, { kind: 'exchange', currency: 'USD', amount: '116.20', detail: exchange }),
      record(4, { kind: 'deposit', detail: { type: 'deposit', reference: '+++123/4567/89012+++' } }),
      record(3, { kind: 'order_fill', memo: 'Order 12 filled' }),
    ];
    renderApp('/information/fundRecord', {
      '/common/config': () => ok(configEntries('demo')),
      '/fundRecord/list': () => ok({ total: items.length, items }),
    });
    const text = async (id: string) => (await screen.findByTestId(id)).textContent ?? '';
    expect(await text('record-9-EUR')).toContain('Grund: Refund of a duplicated fee');
    expect(await text('record-8-EUR')).toContain('118,50 € auf Ihre Karte ausgezahlt, Gebühr 1,50 €');
    expect(await text('record-7-EUR')).toContain(
      'Auszahlung abgelehnt; der Betrag ist wieder verfügbar. Grund: IBAN closed at the bank',
    );
    const hold = await text('record-6-EUR');
    expect(hold).toContain('Auszahlung auf BE68 **** 7034, wartet auf Überweisung');
    expect(hold).not.toContain('awaiting payout');
    const exchangeText =
      '100,00 € in $116,20 getauscht zum Kurs 1,162000 USD je EUR; Spanne 50 Basispunkte; Kurs von simulator';
    expect(await text('record-5-EUR')).toContain(exchangeText);
    expect(await text('record-5-USD')).toContain(exchangeText);
    expect(await text('record-4-EUR')).toContain('Überweisung mit Verwendungszweck +++123/4567/89012+++');
    expect(await text('record-3-EUR')).toContain('Order 12 filled');
  });
});
