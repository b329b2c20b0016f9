import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { configEntries, ok, type Data, type Handlers } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

type Channels = Data<'/recharge/channels'>;
type Channel = Channels['channels'][number];

const channel = (overrides: Partial<Channel>): Channel => ({
  id: '5',
  kind: 'bank_transfer',
  name: 'Bank transfer',
  currency: 'EUR',
  collectionAccount: 'BE71096123456769',
  beneficiaryName: 'Beurs Demo NV',
  bic: 'GKCCBEBB',
  minimum: '10.00',
  maximum: '5000.00',
  ...overrides,
});

const bank = channel({});
const institutional = channel({
  id: '6',
  kind: 'institutional',
  name: 'Institutional account',
  collectionAccount: 'BE68539007547034',
  bic: '',
  minimum: '1000.00',
  maximum: null,
});
const crypto = channel({
  id: '7',
  kind: 'crypto',
  name: 'Bitcoin',
  currency: 'USD',
  collectionAccount: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  beneficiaryName: 'Beurs Demo NV',
  bic: '',
  minimum: '50.00',
  maximum: '20000.00',
});

const answer = (channels: Channel[], mode: 'demo' | 'live' = 'demo'): Channels => ({
  mode,
  operator: mode === 'live' ? { name: 'Example Bank NV', licence: 'FSMA 12345' } : null,
  hours: { opens: '09:00', closes: '17:00', timeZone: 'Europe/Brussels' },
  channels,
});

const handlers = (channels: Channel[], mode: 'demo' | 'live' = 'demo'): Handlers => ({
  '/common/config': () => ok(configEntries(mode)),
  '/recharge/channels': () => ok(answer(channels, mode)),
  '/recharge/list': () => ok({ total: 0, items: [] }),
});

beforeEach(async () => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
  await changeLanguage('en');
});

describe('deposit channel screen', () => {
  it('lists each channel with its kind, currency and limits under the demo statement', async () => {
    renderApp('/information/rechargeChannel', handlers([bank, institutional, crypto]));
    expect((await screen.findByTestId('deposit-demo')).textContent).toBe(
      'Demo mode: no real money is accepted; balances are demo money.',
    );
    const first = within(screen.getByTestId('channel-5'));
    expect(first.getByTestId('channel-kind').textContent).toBe('Bank transfer');
    expect(first.getByText('You get a unique payment reference to put on your transfer.')).toBeTruthy();
    expect(first.getByText('Currency: EUR')).toBeTruthy();
    expect(first.getByTestId('channel-limits').textContent).toBe('Between 10.00 € and 5,000.00 €.');

    const second = within(screen.getByTestId('channel-6'));
    expect(second.getByText('Institutional collection account')).toBeTruthy();
    expect(second.getByTestId('channel-limits').textContent).toBe('At least 1,000.00 €.');

    const third = within(screen.getByTestId('channel-7'));
    expect(third.getByText('Operator crypto address')).toBeTruthy();
    expect(third.getByText(/credited in USD once staff confirm/)).toBeTruthy();
    expect(third.getByTestId('channel-limits').textContent).toBe('Between $50.00 and $20,000.00.');
    expect(screen.getByTestId('channel-7').getAttribute('href')).toBe('/information/recharge?channel=7');
  });

  it('names the operator and licence instead in live mode, in the chosen language', async () => {
    await changeLanguage('nl');
    renderApp('/information/rechargeChannel', handlers([institutional], 'live'));
    const terms = await screen.findByTestId('deposit-terms');
    expect(terms.textContent).toContain('Example Bank NV');
    expect(terms.textContent).toContain('FSMA 12345');
    expect(screen.queryByTestId('deposit-demo')).toBeNull();
    const item = within(screen.getByTestId('channel-6'));
    expect(item.getByText('Institutionele inningsrekening')).toBeTruthy();
    expect(item.getByTestId('channel-limits').textContent).toBe('Minstens 1.000,00 €.');
  });

  it("names the demo channel in the user's language, not by the server's English name", async () => {
    await changeLanguage('fr');
    const demo = channel({
      id: '9',
      kind: 'demo',
      name: 'Demo deposit (EUR)',
      collectionAccount: 'DEMO - NO REAL MONEY',
    });
    renderApp('/information/rechargeChannel', handlers([demo]));
    const item = await screen.findByTestId('channel-9');
    expect(item.querySelector('strong')?.textContent).toBe('Dépôt de démo');
    expect(item.textContent).not.toContain('Demo deposit');
    expect(item.textContent).toContain('DÉMO – PAS D’ARGENT RÉEL');
    expect(item.textContent).not.toContain('NO REAL MONEY');
  });

  it('says so when staff configured no channel', async () => {
    renderApp('/information/rechargeChannel', handlers([]));
    expect((await screen.findByTestId('empty-state')).textContent).toBe(
      'No deposit channel has been set up yet. Please come back later or ask customer service.',
    );
    expect(screen.getByTestId('deposit-demo')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Deposit with this channel/ })).toBeNull();
  });

  it('opens the deposit form with the tapped channel chosen; its picker still changes it', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/information/rechargeChannel', handlers([bank, institutional, crypto]));
    await user.click(await screen.findByTestId('channel-6'));
    expect(await screen.findByTestId('screen-recharge')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/information/recharge');
    expect(router.state.location.search).toBe('?channel=6');
    const picker = screen.getByLabelText<HTMLSelectElement>('Deposit channel');
    expect(picker.value).toBe('6');
    // The IBAN in groups of four, as banks print it; the crypto address as it is.
    expect(screen.getByTestId('deposit-account').textContent).toContain('IBANBE68 5390 0754 7034');
    expect(screen.getByText('At least 1,000.00 €.')).toBeTruthy();

    await user.selectOptions(picker, '7');
    expect(screen.getByTestId('deposit-account').textContent).toContain(
      'Addressbc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
    expect(screen.getByLabelText('Amount (USD)')).toBeTruthy();
  });

  it("is where the wallet's deposit action goes", async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/information/wallet', {
      ...handlers([bank]),
      '/information/wallet': () => ok({ balances: [], addresses: [] }),
    });
    await user.click(await screen.findByTestId('wallet-deposit'));
    expect(await screen.findByTestId('screen-rechargeChannel')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/information/rechargeChannel');
  });

  it('falls back to the first channel when the preselected one is gone', async () => {
    renderApp('/information/recharge?channel=99', handlers([bank, crypto]));
    const picker = await screen.findByLabelText<HTMLSelectElement>('Deposit channel');
    expect(picker.value).toBe('5');
  });
});
