import { fireEvent, screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { validateBankCard } from '../../../features/funds/bank-card';
import { configEntries, ok, refusal, type Data, type Ok, type Recorded } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const config = () => ok(configEntries('demo'));
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
const card: Data<'/information/addBankCard'> = {
  id: '3',
  holderName: 'An Peeters',
  ibanMasked: 'BE68 **** 7034',
  bic: 'GKCCBEBB',
  bankName: 'Belfius',
  branch: '',
  createdAt: '2026-11-21T10:00:00.000Z',
};
const bodies = (requests: Recorded[], path: string) =>
  requests.filter((request) => request.path === path).map((request) => request.body);

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

describe('bank card screens', () => {
  it('adds a card in the verified name through the safety question, then lists it', async () => {
    const user = userEvent.setup();
    let cards: Data<'/information/bankList'> = [];
    let adds = 0;
    const { server, router } = renderApp('/information/addBankCard', {
      '/common/config': config,
      '/information/authInfo': verified,
      '/information/bankList': () => ok(cards),
      '/information/addBankCard': () => {
        adds += 1;
        if (adds === 1) return refusal('SCAM_CHECK_REQUIRED', { trigger: 'first_payout_method' });
        cards = [card];
        return ok(card);
      },
      '/information/scamCheck': () => ok({ id: '1', warningListUrl: 'https://warnings.example/list' }),
    });
    const holder = await screen.findByLabelText('Account holder');
    expect((holder as HTMLInputElement).value).toBe('An Peeters');
    expect((holder as HTMLInputElement).readOnly).toBe(true);
    await user.type(screen.getByLabelText('IBAN'), 'be68 5390 0754 7035');
    await user.type(screen.getByLabelText('BIC'), 'gkccbebb');
    await user.type(screen.getByLabelText('Bank name'), 'Belfius');
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText('This IBAN is not valid. Check the number.')).toBeTruthy();
    expect(bodies(server.requests, '/information/addBankCard')).toEqual([]);

    await user.clear(screen.getByLabelText('IBAN'));
    await user.type(screen.getByLabelText('IBAN'), 'be68 5390 0754 7034');
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    fireEvent.click(await screen.findByRole('button', { name: 'No, nobody told me to' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/information/bankList'));
    const sent = {
      holderName: 'An Peeters',
      iban: 'BE68539007547034',
      bic: 'GKCCBEBB',
      bankName: 'Belfius',
      branch: '',
    };
    expect(bodies(server.requests, '/information/addBankCard')).toEqual([sent, sent]);
    expect(bodies(server.requests, '/information/scamCheck')).toEqual([
      { trigger: 'first_payout_method', wasToldByOnlineContact: false },
    ]);
    expect((await screen.findByTestId('bank-card-3')).textContent).toContain('BE68 **** 7034');
  });
});

describe('bank card checks', () => {
  it('names every missing or invalid field', () => {
    expect(validateBankCard({ holderName: '', iban: '', bic: '', bankName: '', branch: '' })).toEqual({
      holderName: 'bankCard.holderRequired',
      iban: 'bankCard.ibanInvalid',
      bic: 'bankCard.bicInvalid',
      bankName: 'bankCard.bankNameRequired',
    });
  });
});
