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
  marginChange: '0.00',
  owedChange: '0.00',
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
    // A freeze reads as what it did: 150 € left the available balance for the frozen one.
    expect(first.querySelector('[data-testid="record-amount"]')?.textContent).toBe('-150.00 €');
    expect(first.querySelector('[data-testid="record-balance"]')?.textContent).toBe(
      'From available to frozen',
    );
    expect(first.textContent).not.toMatch(/(^|[^\d,])0\.00 €/);
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
      record(10, {
        kind: 'hold_release',
        amount: '0.00',
        memo: 'Withdrawal cancelled by the user',
        detail: { type: 'withdrawal_cancelled' },
      }),
      record(6, {
        kind: 'hold_reserve',
        amount: '0.00',
        availableChange: '-100.00',
        memo: 'Withdrawal to BE68 **** 7034 (awaiting payout)',
        detail: { type: 'withdrawal_hold', ibanMasked: 'BE68 **** 7034', state: 'pending' },
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
    const cancelled = await text('record-10-EUR');
    expect(cancelled).toContain('Auszahlung von Ihnen storniert; der Betrag ist wieder verfügbar.');
    expect(cancelled).not.toContain('cancelled by the user');
    const hold = await text('record-6-EUR');
    expect(hold).toContain('Auszahlung auf BE68 **** 7034');
    expect(hold).toContain('-100,00 €Von verfügbar nach gesperrtOffen');
    expect(hold).not.toContain('awaiting payout');
    const exchangeText =
      '100,00 € in $116,20 getauscht zum Kurs 1,162000 USD je EUR; Spanne 50 Basispunkte; Kurs von simulator';
    expect(await text('record-5-EUR')).toContain(exchangeText);
    expect(await text('record-5-USD')).toContain(exchangeText);
    expect(await text('record-4-EUR')).toContain('Überweisung mit Verwendungszweck +++123/4567/89012+++');
    expect(await text('record-3-EUR')).toContain('Order 12 filled');
  });
  it('shows the trade tab: fills with price, fee, TOB and FX, a dividend with its withholding, signed', async () => {
    const buy: FundRecord['detail'] = {
      type: 'fill',
      orderId: '41',
      fillId: '17',
      symbol: 'AAPL',
      side: 'buy',
      quantity: '10',
      price: '228.1500',
      currency: 'USD',
      gross: '2281.50',
      fee: '5.00',
      tob: { class: 'shares', rateBasisPoints: 35, amount: '7.99', isCapped: false },
      totalInTradeCurrency: '2294.49',
      payCurrency: 'EUR',
      total: '1985.37',
      borrowed: null,
      fx: { from: 'EUR', to: 'USD', appliedRate: '1.155700', spreadBasisPoints: 50 },
      quoteSource: 'Beurs simulator (demo)',
    };
    const sale: FundRecord['detail'] = {
      ...buy,
      orderId: '44',
      fillId: '18',
      symbol: 'KBC.BR',
      side: 'sell',
      quantity: '4',
      price: '62.4000',
      currency: 'EUR',
      gross: '249.60',
      fee: '1.50',
      tob: { class: 'shares', rateBasisPoints: 35, amount: '0.87', isCapped: false },
      totalInTradeCurrency: '247.23',
      total: '247.23',
      fx: null,
    };
    // A 2.00× buy on margin: half its total was paid by the margin loan.
    const marginBuy: FundRecord['detail'] = {
      ...sale,
      orderId: '45',
      fillId: '19',
      side: 'buy',
      quantity: '20',
      price: '54.0800',
      gross: '1081.60',
      fee: '2.50',
      tob: { class: 'shares', rateBasisPoints: 35, amount: '3.79', isCapped: false },
      totalInTradeCurrency: '1087.89',
      total: '1087.89',
      borrowed: '543.94',
    };
    const items = [
      record(15, { kind: 'trade_fill', amount: '-543.95', availableChange: '0.00', detail: marginBuy }),
      record(14, {
        kind: 'dividend',
        currency: 'USD',
        amount: '1.43',
        availableChange: '1.43',
        detail: {
          type: 'dividend',
          symbol: 'AAPL',
          exDate: '2026-10-05',
          quantity: '10',
          amountPerShare: '0.2400',
          currency: 'USD',
          gross: '2.40',
          withholdingForeign: '0.36',
          withholdingBelgian: '0.61',
          net: '1.43',
        },
      }),
      record(13, { kind: 'trade_fill', amount: '247.23', availableChange: '247.23', detail: sale }),
      record(12, { kind: 'trade_fill', amount: '-1985.37', availableChange: '0.00', detail: buy }),
      record(11, {
        kind: 'hold_reserve',
        amount: '0.00',
        availableChange: '-1985.37',
        detail: {
          type: 'order_placed',
          orderId: '41',
          symbol: 'AAPL',
          side: 'buy',
          quantity: '10',
          orderType: 'market',
        },
      }),
    ];
    const { server } = renderApp('/information/fundRecord', {
      '/common/config': () => ok(configEntries('demo')),
      '/fundRecord/list': (body) => {
        const { tab } = body as { tab: string };
        return ok(tab === 'trade' ? { total: items.length, items } : { total: 0, items: [] });
      },
    });
    expect(await screen.findByTestId('empty-state')).toBeTruthy();
    fireEvent.click(screen.getByTestId('record-tab-trade'));
    const lines = async (id: string) =>
      [...(await screen.findByTestId(id)).querySelectorAll('[data-testid="record-detail"] p')].map(
        // Non-breaking spaces keep a phrase on one line; compare them as spaces.
        (line) => line.textContent?.replaceAll('\u00a0', ' '),
      );
    const amount = (id: string) =>
      screen.getByTestId(id).querySelector('[data-testid="record-amount"]')?.textContent;
    const balance = (id: string) =>
      screen.getByTestId(id).querySelector('[data-testid="record-balance"]')?.textContent;

    expect(await lines('record-12-EUR')).toEqual([
      'Bought 10 AAPL at 228.15',
      'Quantity × price $2,281.50 · fee $5.00 · TOB $7.99 (0.35 %)',
      '1,985.37 € converted to $2,294.49 at 1.155700 USD per EUR; spread 50 basis points',
      'Price from Beurs simulator (demo)',
    ]);
    expect(screen.getByTestId('record-12-EUR').textContent).toContain('Trade · No. 12');
    expect(amount('record-12-EUR')).toBe('-1,985.37 €');
    // The fill paid out of frozen money: the available balance did not move, so no line says 0.00.
    expect(screen.getByTestId('record-12-EUR').textContent).not.toContain('0.00');
    expect(await lines('record-13-EUR')).toEqual([
      'Sold 4 KBC.BR at 62.40',
      'Quantity × price 249.60 € · fee 1.50 € · TOB 0.87 € (0.35 %)',
      'Price from Beurs simulator (demo)',
    ]);
    expect(amount('record-13-EUR')).toBe('+247.23 €');
    expect(await lines('record-15-EUR')).toEqual([
      'Bought 20 KBC.BR at 54.08',
      'Quantity × price 1,081.60 € · fee 2.50 € · TOB 3.79 € (0.35 %)',
      '543.94 € of it borrowed on margin',
      'Price from Beurs simulator (demo)',
    ]);
    expect(await lines('record-14-USD')).toEqual([
      '10 AAPL × 0.24 = $2.40, ex-date 2026.10.05',
      'Withheld $0.36 at source and $0.61 Belgian withholding tax; $1.43 credited',
    ]);
    expect(screen.getByTestId('record-14-USD').textContent).toContain('Dividend · No. 14');
    expect(amount('record-14-USD')).toBe('+$1.43');
    expect(await lines('record-11-EUR')).toEqual([
      'Buy order for 10 AAPL (Market): the amount is frozen until it fills',
    ]);
    // A freeze moves nothing in or out: its amount is what left the available balance, for the frozen one.
    expect(amount('record-11-EUR')).toBe('-1,985.37 €');
    expect(balance('record-11-EUR')).toBe('From available to frozen');
    expect(balance('record-12-EUR')).toBe('Frozen balance');
    expect(balance('record-13-EUR')).toBe('Available balance');

    await changeLanguage('de');
    expect(await lines('record-12-EUR')).toEqual([
      '10 AAPL gekauft zu 228,15',
      'Stückzahl × Kurs $2.281,50 · Gebühr $5,00 · TOB $7,99 (0,35 %)',
      '1.985,37 € in $2.294,49 umgerechnet zum Kurs 1,155700 USD je EUR; Spanne 50 Basispunkte',
      'Kurs von Beurs-Simulator (Demo)',
    ]);
    expect(await lines('record-14-USD')).toEqual([
      '10 AAPL × 0,24 = $2,40, Ex-Tag 2026.10.05',
      'Einbehalten: $0,36 an der Quelle und $0,61 belgische Quellensteuer; $1,43 gutgeschrieben',
    ]);
    expect(amount('record-13-EUR')).toBe('+247,23 €');
    expect(bodies(server.requests)).toContainEqual({ tab: 'trade', page: 1, pageSize: 20 });
  });
  it('reads each record as what happened: signed amount, the balance it moved, the state; pending deposits first', async () => {
    await changeLanguage('fr');
    const items = [
      record(31, {
        kind: 'hold_reserve',
        amount: '0.00',
        availableChange: '-592.21',
        detail: { type: 'withdrawal_hold', ibanMasked: 'BE68 **** 7034', state: 'pending' },
      }),
      record(30, {
        kind: 'withdrawal',
        amount: '-120.00',
        availableChange: '0.00',
        detail: { type: 'withdrawal_paid', currency: 'EUR', payout: '118.50', fee: '1.50' },
      }),
      record(29, {
        kind: 'hold_release',
        amount: '0.00',
        availableChange: '300.00',
        detail: { type: 'withdrawal_rejected', reason: 'IBAN fermé' },
      }),
      record(28, {
        kind: 'correction',
        amount: '-5.00',
        availableChange: '-3.00',
        detail: { type: 'correction', reason: 'Frais' },
      }),
      record(27, {
        kind: 'deposit',
        amount: '750.00',
        availableChange: '750.00',
        detail: { type: 'deposit', reference: '+++111/2222/33344+++' },
      }),
    ];
    const deposit = (id: string, state: 'pending' | 'approved') => ({
      id,
      channelId: '1',
      currency: 'EUR' as const,
      amount: '250.00',
      reference: `+++000/0000/0${id}+++`,
      state,
      reason: '',
      createdAt: '2026-11-22T09:00:00.000Z',
      decideBy: '2026-11-23T09:00:00.000Z',
      decidedAt: null,
      decidedBy: null,
    });
    renderApp('/information/fundRecord', {
      '/common/config': () => ok(configEntries('demo')),
      '/recharge/list': () =>
        ok({ total: 2, items: [deposit('4444', 'pending'), deposit('4443', 'approved')] }),
      '/fundRecord/list': (body) => {
        const { tab } = body as { tab: string };
        return ok(tab === 'all' ? { total: items.length, items } : { total: 0, items: [] });
      },
    });
    const part = async (id: string, part: string) =>
      (await screen.findByTestId(id))
        .querySelector(`[data-testid="${part}"]`)
        ?.textContent?.replaceAll('\u00a0', ' ')
        .replaceAll('\u202f', ' ');
    // The freeze: 592,21 € from available to frozen, the withdrawal still pending; never "0,00 €".
    expect(await part('record-31-EUR', 'record-amount')).toBe('-592,21 €');
    expect(await part('record-31-EUR', 'record-balance')).toBe('Du disponible vers le bloqué');
    expect(await part('record-31-EUR', 'record-state')).toBe('En attente');
    expect((await screen.findByTestId('record-31-EUR')).textContent).not.toMatch(/0,00/);
    // The payout came out of the frozen balance.
    expect(await part('record-30-EUR', 'record-amount')).toBe('-120,00 €');
    expect(await part('record-30-EUR', 'record-balance')).toBe('Solde bloqué');
    expect(await part('record-30-EUR', 'record-state')).toBe('Payé');
    // A release is money back in the available balance: signed "+".
    expect(await part('record-29-EUR', 'record-amount')).toBe('+300,00 €');
    expect(await part('record-29-EUR', 'record-balance')).toBe('Du bloqué vers le disponible');
    expect(await part('record-29-EUR', 'record-state')).toBe('Refusé');
    // An entry moving both balances names both.
    expect(await part('record-28-EUR', 'record-balance')).toBe('Disponible -3,00 € · bloqué -2,00 €');
    expect(await part('record-28-EUR', 'record-state')).toBeUndefined();
    // A credit reads "+", to the available balance, credited.
    expect(await part('record-27-EUR', 'record-amount')).toBe('+750,00 €');
    expect(await part('record-27-EUR', 'record-balance')).toBe('Solde disponible');
    expect(await part('record-27-EUR', 'record-state')).toBe('Crédité');
    // The pending deposit is listed first, with nothing credited; the decided one is a ledger record.
    const pending = await screen.findByTestId('pending-deposit-4444');
    expect(pending.textContent).toContain('Dépôt annoncé');
    expect(pending.textContent).toContain('+++000/0000/04444+++');
    expect(screen.getByRole('list').firstElementChild).toBe(pending);
    expect(screen.queryByTestId('pending-deposit-4443')).toBeNull();
    // Not among withdrawals.
    fireEvent.click(screen.getByTestId('record-tab-withdrawal'));
    await waitFor(() => expect(screen.queryByTestId('pending-deposit-4444')).toBeNull());
  });

  it('says which published chain head the entries are part of, and offers a receipt per record', async () => {
    const { server } = renderApp('/information/fundRecord', {
      '/common/config': () => ok(configEntries('demo')),
      '/fundRecord/list': () => ok({ total: 1, items: [record(42)] }),
      '/api/ledger/head': () =>
        ok({
          sequence: '57',
          hash: 'a'.repeat(64),
          sealedAt: '2026-11-21T10:00:01.000Z',
          signature: 'sig',
          publicKey: 'ed25519:key',
        }),
    });
    expect((await screen.findByTestId('chain-head')).textContent).toBe(
      'Your entries are part of chain head #57',
    );
    expect(screen.getByTestId('record-receipt').textContent).toBe('Receipt');
    expect(server.requests.some((request) => request.path === '/api/ledger/head')).toBe(true);
  });

  it('names IPO, placement and strategy records with their own figures (Dutch), not the memo', async () => {
    await changeLanguage('nl');
    const subscription = {
      type: 'subscription',
      product: 'ipo',
      symbol: 'UCB.BR',
      quantity: '10000',
      price: '1.0000',
      currency: 'EUR',
      fee: '10.00',
      frozen: '10010.00',
    } as const;
    const items = [
      record(5, {
        kind: 'hold_reserve',
        amount: '0.00',
        availableChange: '-10010.00',
        memo: 'Subscribed to 10000 UCB.BR',
        detail: { ...subscription, event: 'frozen', allocatedQuantity: '6000' },
      }),
      record(4, {
        kind: 'hold_release',
        amount: '0.00',
        availableChange: '2002.00',
        detail: {
          ...subscription,
          product: 'placement',
          event: 'refunded',
          frozen: '2002.00',
          allocatedQuantity: '0',
        },
      }),
      record(3, {
        kind: 'strategy_redemption',
        amount: '401.23',
        availableChange: '401.23',
        memo: 'BAL6040: 40.0000 units redeemed',
        detail: {
          type: 'strategy',
          code: 'BAL6040',
          event: 'units_redeemed',
          currency: 'EUR',
          units: '40.0000',
          nav: '10.030750',
          navDate: '2026-11-26',
        },
      }),
    ];
    renderApp('/information/fundRecord', {
      '/common/config': () => ok(configEntries('demo')),
      '/fundRecord/list': () => ok({ total: items.length, items }),
    });
    const text = async (id: string) => (await screen.findByTestId(id)).textContent ?? '';
    const ipo = await text('record-5-EUR');
    expect(ipo).toContain('Inschrijving op de beursgang voor 10.000 UCB.BR');
    expect(ipo).toContain('Toegewezen: 6.000 UCB.BR');
    expect(ipo).not.toContain('Subscribed to');
    expect(await text('record-4-EUR')).toContain('Plaatsing UCB.BR vervroegd gesloten door medewerkers');
    const redemption = await text('record-3-EUR');
    expect(redemption).toContain('Terugkoop BAL6040: 40 deelbewijzen tegen NAV 10,030750 van 2026.11.26');
    expect(redemption).not.toContain('units redeemed');
  });

  it('names margin loan and securities lending records from the user’s side (English)', async () => {
    const lending = {
      type: 'securities_loan',
      role: 'lender',
      symbol: 'ABI.BR',
      currency: 'EUR',
      quantity: '5',
      feeBasisPoints: null,
      price: null,
      orderId: null,
    } as const;
    const items = [
      record(15, {
        kind: 'loan_repayment',
        amount: '-50.00',
        availableChange: '-50.00',
        memo: 'Margin loan repaid from cash: 50.00 EUR',
        detail: {
          type: 'margin_loan',
          event: 'cash_repayment',
          currency: 'EUR',
          amount: '50.00',
          day: null,
          orderId: null,
          symbol: null,
          owedAfter: '343.66',
        },
      }),
      record(14, {
        kind: 'loan_repayment',
        amount: '-98.40',
        availableChange: '-98.40',
        memo: 'Margin loan repaid from the sale of order 77: 98.40 EUR',
        detail: {
          type: 'margin_loan',
          event: 'repayment',
          currency: 'EUR',
          amount: '98.40',
          day: null,
          orderId: '77',
          symbol: 'ABI.BR',
          owedAfter: '393.66',
        },
      }),
      record(13, {
        kind: 'margin_transfer',
        amount: '-100.00',
        availableChange: '-100.00',
        memo: 'Capital transfer to the margin side: 100.00 EUR',
        detail: {
          type: 'margin_loan',
          event: 'transfer_to_margin',
          currency: 'EUR',
          amount: '100.00',
          day: null,
          orderId: null,
          symbol: null,
          owedAfter: '492.06',
        },
      }),
      record(12, {
        kind: 'borrow_fee',
        amount: '0.02',
        availableChange: '0.02',
        memo: 'Borrow fee for 2026-11-20',
        detail: {
          ...lending,
          event: 'borrow_fee',
          day: '2026-11-20',
          feeBasisPoints: 300,
          price: '61.2000',
          charged: '0.05',
        },
      }),
      record(11, {
        kind: 'manufactured_dividend',
        amount: '5.25',
        availableChange: '5.25',
        memo: 'Manufactured dividend on 5 borrowed ABI.BR',
        detail: { ...lending, event: 'manufactured_dividend', day: '2026-11-23', charged: '7.50' },
      }),
      record(10, {
        kind: 'short_collateral',
        amount: '459.00',
        availableChange: '459.00',
        memo: 'Short collateral returned for the cover of ABI.BR (order 80): 459.00 EUR',
        detail: {
          ...lending,
          role: 'borrower',
          event: 'collateral_return',
          day: null,
          charged: null,
          orderId: '80',
        },
      }),
    ];
    const routes = {
      '/common/config': () => ok(configEntries('demo')),
      '/fundRecord/list': () => ok({ total: items.length, items }),
    };
    renderApp('/information/fundRecord', routes);
    // Amounts are written "393.66 €" (a non-breaking space before the sign).
    const text = async (id: string) =>
      ((await screen.findByTestId(id)).textContent ?? '').replaceAll('\u00a0', ' ');
    expect(await text('record-15-EUR')).toContain(
      'Margin loan repaid from your cash: 50.00 €; still owed 343.66 €',
    );
    const repayment = await text('record-14-EUR');
    expect(repayment).toContain('Margin loan repaid from the sale of ABI.BR (order 77)');
    expect(repayment).toContain('still owed 393.66 €');
    expect(repayment).not.toContain('98.40 EUR');
    expect(await text('record-13-EUR')).toContain('Capital transfer');
    expect(await text('record-13-EUR')).toContain('100.00 € moved from the cash side to the margin side');
    const fee = await text('record-12-EUR');
    expect(fee).toContain('Borrow fee for 2026.11.20 on 5 ABI.BR a short borrowed from the pool');
    expect(fee).toContain('3.00 % a year: your part of 0.05 €');
    expect(await text('record-11-EUR')).toContain(
      'Manufactured dividend on lent ABI.BR (ex-date 2026.11.23): your part, less withholding tax, of the 7.50 €',
    );
    expect(await text('record-10-EUR')).toContain('Buy-to-cover of 5 ABI.BR (order 80)');
  });

  it('shows a borrower’s charges: from the margin account, or added to what is owed (English, Dutch)', async () => {
    const borrowing = {
      type: 'securities_loan',
      role: 'borrower',
      symbol: 'ABI.BR',
      currency: 'EUR',
      quantity: '5',
      orderId: null,
    } as const;
    const nothing = { amount: '0.00', availableChange: '0.00' } as const;
    const items = [
      record(24, {
        ...nothing,
        kind: 'borrow_fee',
        marginChange: '-0.05',
        detail: {
          ...borrowing,
          event: 'borrow_fee',
          day: '2026-11-20',
          feeBasisPoints: 300,
          price: '61.2000',
          charged: '0.05',
        },
      }),
      record(23, {
        ...nothing,
        kind: 'manufactured_dividend',
        marginChange: '-7.50',
        detail: {
          ...borrowing,
          event: 'manufactured_dividend',
          day: '2026-11-23',
          feeBasisPoints: null,
          price: null,
          charged: '7.50',
        },
      }),
      record(22, {
        ...nothing,
        kind: 'interest',
        owedChange: '0.27',
        detail: {
          type: 'margin_loan',
          event: 'interest',
          currency: 'EUR',
          amount: '0.27',
          day: '2026-11-20',
          orderId: null,
          symbol: null,
          owedAfter: '1960.27',
        },
      }),
      record(21, {
        ...nothing,
        kind: 'interest',
        owedChange: '0.33',
        detail: { type: 'loan_interest', loanId: '7', day: '2026-11-20', rateBasisPoints: 1200 },
      }),
    ];
    renderApp('/information/fundRecord', {
      '/common/config': () => ok(configEntries('demo')),
      '/fundRecord/list': () => ok({ total: items.length, items }),
    });
    const text = async (id: string) =>
      ((await screen.findByTestId(id)).textContent ?? '').replaceAll('\u00a0', ' ');
    const amount = (id: string) =>
      (screen.getByTestId(id).querySelector('[data-testid="record-amount"]')?.textContent ?? '').replaceAll(
        '\u00a0',
        ' ',
      );
    const balance = (id: string) =>
      screen.getByTestId(id).querySelector('[data-testid="record-balance"]')?.textContent;
    expect(await text('record-24-EUR')).toContain('Borrow fee for 2026.11.20: 5 ABI.BR borrowed at');
    expect(amount('record-24-EUR')).toBe('-0.05 €');
    expect(balance('record-24-EUR')).toBe('Margin account');
    expect(await text('record-23-EUR')).toContain('Manufactured dividend on 5 borrowed ABI.BR');
    expect(amount('record-23-EUR')).toBe('-7.50 €');
    expect(balance('record-23-EUR')).toBe('Margin account');
    expect(await text('record-22-EUR')).toContain('Margin interest for 2026.11.20: 0.27 € added to the loan');
    expect(amount('record-22-EUR')).toBe('-0.27 €');
    expect(balance('record-22-EUR')).toBe('Added to what you owe');
    expect(await text('record-21-EUR')).toContain(
      'Credit loan interest for 2026.11.20 at 12.00 % a year, added to the loan',
    );
    expect(amount('record-21-EUR')).toBe('-0.33 €');
    expect(await text('record-21-EUR')).toContain('Interest ·');
    await changeLanguage('nl');
    await waitFor(() => expect(balance('record-24-EUR')).toBe('Margerekening'));
    expect(balance('record-22-EUR')).toBe('Bij je schuld geteld');
    expect(await text('record-21-EUR')).toContain('Rente op het krediet voor 2026.11.20');
  });

  it('shows the same records in French', async () => {
    await changeLanguage('fr');
    const items = [
      record(21, {
        kind: 'margin_transfer',
        amount: '40.00',
        availableChange: '40.00',
        detail: {
          type: 'margin_loan',
          event: 'transfer_to_cash',
          currency: 'EUR',
          amount: '40.00',
          day: null,
          orderId: null,
          symbol: null,
          owedAfter: '0.00',
        },
      }),
      record(20, {
        kind: 'borrow_fee',
        amount: '0.02',
        availableChange: '0.02',
        detail: {
          type: 'securities_loan',
          event: 'borrow_fee',
          role: 'lender',
          symbol: 'ABI.BR',
          currency: 'EUR',
          quantity: '5',
          day: '2026-11-20',
          feeBasisPoints: 300,
          price: '61.2000',
          charged: '0.05',
          orderId: null,
        },
      }),
    ];
    renderApp('/information/fundRecord', {
      '/common/config': () => ok(configEntries('demo')),
      '/fundRecord/list': () => ok({ total: items.length, items }),
    });
    const text = async (id: string) => (await screen.findByTestId(id)).textContent ?? '';
    expect(await text('record-21-EUR')).toContain('Transfert de capital');
    expect(await text('record-21-EUR')).toContain('transférés du côté marge au côté liquidités');
    expect(await text('record-20-EUR')).toContain('Frais d’emprunt du 2026.11.20 sur 5 ABI.BR');
  });
});
