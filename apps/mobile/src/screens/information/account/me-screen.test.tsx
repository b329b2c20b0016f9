import { screen, within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { configEntries, ok, type Data } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

// The 'me' and wallet screens show the account totals the server computes from positions and the
// ledger: total assets (cash + holdings at the live price), available, frozen, withdrawable (less
// sale proceeds still settling), holdings and total profit, per currency, formatted at the edge.

type UserInfo = Data<'/user/getUserinfo'>;

/** A holder of 10 KBC.BR worth 712.30 € with 38.20 € of sale proceeds settling and a USD dividend. */
const withPosition = (): UserInfo => ({
  is_true: 1,
  realname: 'Marie Dubois',
  account: '32470000001',
  identityState: 'authenticated',
  invitationCode: 'X',
  balances: [
    {
      currency: 'EUR',
      totalAssets: '4992.51',
      available: '4250.21',
      frozen: '30.00',
      withdrawable: '4212.01',
      positionsValue: '712.30',
      marginCash: '0.00',
      owed: '0.00',
      owedMarginLoan: '0.00',
      owedCredit: '0.00',
      profit: '-7.49',
    },
    {
      currency: 'USD',
      totalAssets: '1.43',
      available: '1.43',
      frozen: '0.00',
      withdrawable: '1.43',
      positionsValue: '0.00',
      marginCash: '0.00',
      owed: '0.00',
      owedMarginLoan: '0.00',
      owedCredit: '0.00',
      profit: '1.43',
    },
  ],
  restrictions: [],
  createdAt: '2026-03-02T10:00:00.000Z',
});

const handlers = {
  '/common/config': () => ok(configEntries('demo')),
  '/user/getUserinfo': () => ok(withPosition()),
  '/information/wallet': () =>
    ok({
      balances: [
        { currency: 'EUR' as const, available: '4250.21', frozen: '30.00' },
        { currency: 'USD' as const, available: '1.43', frozen: '0.00' },
      ],
      addresses: [],
    }),
};

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

const cell = (id: string) => screen.getByTestId(id).textContent;

describe.each([
  ['me', '/information/index', 'balance'],
  ['wallet', '/information/wallet', 'wallet-balance'],
])('the %s screen', (_name, path, prefix) => {
  it('shows total assets, available, frozen, withdrawable, holdings and total profit per currency', async () => {
    renderApp(path, handlers);
    const eur = await screen.findByTestId(`${prefix}-EUR`);
    expect(within(eur).getByText('Total assets (EUR)')).toBeTruthy();
    expect(cell(`${prefix}-EUR-total`)).toBe('4,992.51 €');
    expect(cell(`${prefix}-EUR-available`)).toBe('4,250.21 €');
    expect(cell(`${prefix}-EUR-frozen`)).toBe('30.00 €');
    expect(cell(`${prefix}-EUR-withdrawable`)).toBe('4,212.01 €');
    expect(cell(`${prefix}-EUR-positions`)).toBe('712.30 €');
    expect(cell(`${prefix}-EUR-profit`)).toBe('-7.49 €');
    expect(within(eur).getByText('Withdrawable')).toBeTruthy();
    expect(within(eur).getByText('Holdings')).toBeTruthy();
    expect(within(eur).getByText('Total profit')).toBeTruthy();
    expect(cell(`${prefix}-USD-profit`)).toBe('+$1.43');
    expect(cell(`${prefix}-USD-total`)).toBe('$1.43');
    // The figures are explained once, under the cards.
    expect(screen.getByText(/Total profit: realised and unrealised gains and losses/)).toBeTruthy();
  });
});

describe('a margin account', () => {
  afterEach(() => changeLanguage('en'));

  it('shows the margin side and what is owed on margin, and total assets net of it', async () => {
    // 4,000.00 cash bought 8,000.00 of shares at 2.00×: 4,000.00 is owed; 500.00 moved to the margin side.
    const margined = withPosition();
    margined.balances[0] = {
      ...margined.balances[0]!,
      totalAssets: '4500.00',
      available: '0.00',
      frozen: '0.00',
      withdrawable: '0.00',
      positionsValue: '8000.00',
      marginCash: '500.00',
      owed: '4000.00',
      owedMarginLoan: '4000.00',
      owedCredit: '0.00',
    };
    renderApp('/information/index', { ...handlers, '/user/getUserinfo': () => ok(margined) });
    const eur = await screen.findByTestId('balance-EUR');
    expect(within(eur).getByText('Owed on the margin loan')).toBeTruthy();
    expect(screen.queryByTestId('balance-EUR-owedCredit')).toBeNull();
    expect(cell('balance-EUR-owed')).toBe('-4,000.00 €');
    expect(cell('balance-EUR-marginCash')).toBe('500.00 €');
    expect(cell('balance-EUR-total')).toBe('4,500.00 €');
    // A currency with no margin side shows neither row.
    expect(screen.queryByTestId('balance-USD-owed')).toBeNull();
    expect(screen.queryByTestId('balance-USD-marginCash')).toBeNull();
    expect(screen.getByText(/less what you owe on the margin loan and on credit loans/)).toBeTruthy();
    await changeLanguage('nl');
    expect(await within(eur).findByText('Verschuldigd op de margelening')).toBeTruthy();
  });

  it('shows what is owed on a credit loan in its own row, and total assets net of it', async () => {
    // A 1,000.00 credit loan paid into available, 0.55 interest due on it: it is owed, not the user's.
    const borrowed = withPosition();
    borrowed.balances[0] = {
      ...borrowed.balances[0]!,
      totalAssets: '3991.96',
      available: '5250.21',
      owed: '1000.55',
      owedMarginLoan: '0.00',
      owedCredit: '1000.55',
    };
    renderApp('/information/index', { ...handlers, '/user/getUserinfo': () => ok(borrowed) });
    const eur = await screen.findByTestId('balance-EUR');
    expect(within(eur).getByText('Owed on credit loans')).toBeTruthy();
    expect(cell('balance-EUR-owedCredit')).toBe('-1,000.55 €');
    expect(cell('balance-EUR-total')).toBe('3,991.96 €');
    // No margin loan: no margin row.
    expect(screen.queryByTestId('balance-EUR-owed')).toBeNull();
    await changeLanguage('nl');
    expect(await within(eur).findByText('Verschuldigd op kredieten')).toBeTruthy();
  });
});

describe('in Dutch', () => {
  afterEach(() => changeLanguage('en'));

  it('labels the totals in Dutch and formats amounts the Dutch way', async () => {
    await changeLanguage('nl');
    renderApp('/information/index', handlers);
    const eur = await screen.findByTestId('balance-EUR');
    expect(within(eur).getByText('Opneembaar')).toBeTruthy();
    expect(within(eur).getByText('Totale winst')).toBeTruthy();
    expect(cell('balance-EUR-withdrawable')?.replace(/\s/g, ' ')).toBe('4.212,01 €');
  });

  it('names a withdrawal bar by its listed reason in the language, never by staff words', async () => {
    await changeLanguage('nl');
    renderApp('/information/index', {
      ...handlers,
      '/user/getUserinfo': () =>
        ok({ ...withPosition(), restrictions: [{ kind: 'withdrawal_barred', reason: 'court_order' }] }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Beperking op je account: Kan niet opnemen — een gerechtelijk bevel',
    );
  });
});
