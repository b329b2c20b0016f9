import { fireEvent, screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { configEntries, ok, refusal, type Data, type Ok, type Recorded } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

// Issue 12, item 6: with two-factor sign-in on, a withdrawal and a new payout card ask for the
// code and send it as twoFactorCode; the refusal of a wrong code is shown in the user's language.

const config = () => ok(configEntries('demo'));
const rules: Data<'/cashOut/rules'> = {
  currency: 'EUR',
  minimum: '100.00',
  fee: '2.50',
  minimumPayout: '97.50',
  withdrawable: '1500.00',
  hours: { opens: '09:00', closes: '17:00', timeZone: 'Europe/Brussels', businessDaysOnly: true },
  decisionWithinHours: 24,
  rules: [{ id: 'identity_verified', isMet: true }],
};
const card: Data<'/information/addBankCard'> = {
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
const verified = (): Ok<Data<'/information/authInfo'>> =>
  ok({
    state: 'authenticated',
    realname: 'An Peeters',
    documentType: 'be_national_register',
    documentNumberMasked: '850101****7',
    reason: '',
    submittedAt: '2026-11-20T10:00:00.000Z',
    reviewedAt: '2026-11-20T11:00:00.000Z',
    reviewedBy: 'staff',
    frontImageId: '41',
    backImageId: '42',
  });
const twoFactorOn = () => ok({ isEnabled: true, recoveryCodesLeft: 10 });
const bodies = (requests: Recorded[], path: string) =>
  requests.filter((request) => request.path === path).map((request) => request.body);
const toast = () => document.querySelector('.toast')?.textContent;

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});
afterEach(() => changeLanguage('en'));

// Whole-app renders on a shared machine: more than the default 5 s.
describe('a withdrawal with two-factor sign-in on', { timeout: 20_000 }, () => {
  it('asks for the code, sends it, and says a wrong one in the user language', async () => {
    await changeLanguage('nl');
    const user = userEvent.setup();
    const { server } = renderApp('/information/cashOut', {
      '/common/config': config,
      '/cashOut/rules': () => ok(rules),
      '/cashOut/list': () => ok({ total: 0, items: [] }),
      '/information/bankList': () => ok([card]),
      '/user/twoFactor/status': twoFactorOn,
      '/cashOut/submit': (body) =>
        body.twoFactorCode === '135246' ? ok(pending) : refusal('WRONG_TWO_FACTOR_CODE'),
    });
    await user.type(await screen.findByLabelText('Bedrag (EUR)'), '150');
    await user.type(screen.getByLabelText('Betaalwachtwoord'), '135790');
    const codeField = await screen.findByLabelText('Code uit je authenticator-app');
    const review = screen.getByRole('button', { name: 'Opname nakijken' });
    await user.click(review);
    expect(await screen.findByText('Vul de code in.')).toBeTruthy();
    expect(screen.queryByTestId('cash-out-review')).toBeNull();

    await user.type(codeField, '999999');
    await user.click(review);
    fireEvent.click(await screen.findByRole('button', { name: 'Opnemen' }));
    await waitFor(() => expect(toast()).toBe('Die code is onjuist, verlopen of al gebruikt.'));
    // The used code is cleared: the next attempt takes the app's next code.
    expect((codeField as HTMLInputElement).value).toBe('');

    await user.type(codeField, '135246');
    await user.click(review);
    fireEvent.click(await screen.findByRole('button', { name: 'Opnemen' }));
    await waitFor(() => expect(bodies(server.requests, '/cashOut/submit')).toHaveLength(2));
    expect(bodies(server.requests, '/cashOut/submit')).toEqual([
      { currency: 'EUR', amount: '150.00', cardId: '3', fundPassword: '135790', twoFactorCode: '999999' },
      { currency: 'EUR', amount: '150.00', cardId: '3', fundPassword: '135790', twoFactorCode: '135246' },
    ]);
  });

  it('asks nothing more while two-factor sign-in is off', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/information/cashOut', {
      '/common/config': config,
      '/cashOut/rules': () => ok(rules),
      '/cashOut/list': () => ok({ total: 0, items: [] }),
      '/information/bankList': () => ok([card]),
      '/user/twoFactor/status': () => ok({ isEnabled: false, recoveryCodesLeft: 0 }),
      '/cashOut/submit': () => ok(pending),
    });
    await user.type(await screen.findByLabelText('Amount (EUR)'), '150');
    await user.type(screen.getByLabelText('Fund password'), '135790');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Review withdrawal' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(bodies(server.requests, '/cashOut/submit')).toEqual([
        { currency: 'EUR', amount: '150.00', cardId: '3', fundPassword: '135790' },
      ]),
    );
  });
});

describe('a new payout card with two-factor sign-in on', { timeout: 20_000 }, () => {
  it('asks for the code and sends it; a wrong one is refused in the user language', async () => {
    await changeLanguage('zh');
    const user = userEvent.setup();
    const { server, router } = renderApp('/information/addBankCard', {
      '/common/config': config,
      '/information/authInfo': verified,
      '/information/bankList': () => ok([]),
      '/user/twoFactor/status': twoFactorOn,
      '/information/addBankCard': (body) =>
        body.twoFactorCode === 'ABCDE-FGH23' ? ok(card) : refusal('WRONG_TWO_FACTOR_CODE'),
    });
    await screen.findByDisplayValue('An Peeters');
    fireEvent.change(screen.getByLabelText('IBAN'), { target: { value: 'BE68 5390 0754 7034' } });
    fireEvent.change(screen.getByLabelText('BIC'), { target: { value: 'GKCCBEBB' } });
    const form = screen.getByTestId('screen-addBankCard');
    const bankName = form.querySelectorAll('input')[3] as HTMLInputElement;
    fireEvent.change(bankName, { target: { value: 'Belfius' } });
    const codeField = await screen.findByLabelText('驗證器 App 中的代碼');
    fireEvent.submit(form);
    expect(await screen.findByText('請輸入代碼。')).toBeTruthy();
    expect(bodies(server.requests, '/information/addBankCard')).toEqual([]);

    fireEvent.change(codeField, { target: { value: '111111' } });
    fireEvent.submit(form);
    await waitFor(() => expect(toast()).toBe('代碼錯誤、已過期或已使用過。'));

    await user.click(screen.getByRole('button', { name: '改用備用代碼' }));
    fireEvent.change(screen.getByLabelText('備用代碼'), { target: { value: 'abcde-fgh23' } });
    fireEvent.submit(form);
    await waitFor(() => expect(router.state.location.pathname).toBe('/information/bankList'));
    const sent = {
      holderName: 'An Peeters',
      iban: 'BE68539007547034',
      bic: 'GKCCBEBB',
      bankName: 'Belfius',
      branch: '',
    };
    expect(bodies(server.requests, '/information/addBankCard')).toEqual([
      { ...sent, twoFactorCode: '111111' },
      { ...sent, twoFactorCode: 'ABCDE-FGH23' },
    ]);
  });
});

describe('a new crypto address with two-factor sign-in on', { timeout: 20_000 }, () => {
  it('asks for the code and sends it, also in the repeat after the safety question', async () => {
    const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const stored: Data<'/information/addWallet'> = {
      id: '7',
      network: 'BTC',
      address: BTC,
      label: '',
      createdAt: '2026-11-21T10:00:00.000Z',
    };
    const user = userEvent.setup();
    let adds = 0;
    const { server } = renderApp('/information/wallet', {
      '/common/config': config,
      '/information/wallet': () => ok({ balances: [], addresses: adds > 1 ? [stored] : [] }),
      '/user/twoFactor/status': twoFactorOn,
      '/information/addWallet': () => {
        adds += 1;
        return adds === 1 ? refusal('SCAM_CHECK_REQUIRED', { trigger: 'first_payout_method' }) : ok(stored);
      },
      '/information/scamCheck': () => ok({ id: '1', warningListUrl: 'https://warnings.example/list' }),
    });
    await user.type(await screen.findByLabelText('Address'), BTC);
    const codeField = await screen.findByLabelText('Code from your authenticator app');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText('Enter the code.')).toBeTruthy();
    expect(bodies(server.requests, '/information/addWallet')).toEqual([]);
    await user.type(codeField, '314159');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    fireEvent.click(await screen.findByRole('button', { name: 'No, nobody told me to' }));
    await screen.findByTestId('wallet-address-7');
    const sent = { network: 'BTC', address: BTC, label: '', twoFactorCode: '314159' };
    expect(bodies(server.requests, '/information/addWallet')).toEqual([sent, sent]);
  });
});
