import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { configEntries, ok, refusal, type Data, type Recorded } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const channels: Data<'/recharge/channels'> = {
  mode: 'demo',
  operator: null,
  hours: { opens: '09:00', closes: '17:00', timeZone: 'Europe/Brussels' },
  channels: [
    {
      id: '5',
      kind: 'bank_transfer',
      name: 'Bank transfer',
      currency: 'EUR',
      collectionAccount: 'BE71 0961 2345 6769',
      beneficiaryName: 'Beurs Demo NV',
      bic: 'GKCCBEBB',
      minimum: '10.00',
      maximum: '5000.00',
    },
  ],
};
const deposit: Data<'/recharge/submit'> = {
  id: '12',
  channelId: '5',
  currency: 'EUR',
  amount: '250.00',
  reference: '+++090/9337/55493+++',
  state: 'pending',
  reason: '',
  createdAt: '2026-11-21T10:00:00.000Z',
  decideBy: '2026-11-23T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
};
const identity = (state: Data<'/information/authInfo'>['state']): Data<'/information/authInfo'> => ({
  state,
  realname: state === 'not_certified' ? '' : 'An Peeters',
  documentType: 'be_national_register',
  documentNumberMasked: state === 'not_certified' ? '' : '850730*****8',
  reason: '',
  submittedAt: state === 'not_certified' ? null : '2026-11-21T10:00:00.000Z',
  reviewedAt: null,
  reviewedBy: null,
  frontImageId: null,
  backImageId: null,
});
const calls = (requests: Recorded[], path: string) => requests.filter((request) => request.path === path);

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

afterEach(() => changeLanguage('en'));

describe('deposit screen', () => {
  it('says demo money, checks the limits, uploads the proof and repeats after the safety question', async () => {
    const user = userEvent.setup();
    let items: Data<'/recharge/list'>['items'] = [];
    let submits = 0;
    const { server } = renderApp('/information/recharge', {
      '/common/config': () => ok(configEntries('demo')),
      '/recharge/channels': () => ok(channels),
      '/recharge/list': () => ok({ total: items.length, items }),
      '/upload/image': () => ok({ id: '77', width: 800, height: 600 }),
      '/information/scamCheck': () => ok({ id: '1', warningListUrl: 'https://warnings.example/list' }),
      '/recharge/submit': () => {
        submits += 1;
        if (submits === 1) return refusal('SCAM_CHECK_REQUIRED', { trigger: 'first_deposit' });
        items = [deposit];
        return ok(deposit);
      },
    });
    expect((await screen.findByTestId('deposit-demo')).textContent).toBe(
      'Demo mode: no real money is accepted; balances are demo money.',
    );
    expect(screen.getByTestId('deposit-terms').textContent).toContain(
      'between 09:00 and 17:00 (Central European Time)',
    );
    expect(screen.getByTestId('deposit-account').textContent).toContain('BE71 0961 2345 6769');
    expect(screen.getByText('Between 10.00 € and 5,000.00 €.')).toBeTruthy();

    await user.type(screen.getByLabelText('Amount (EUR)'), '5000,01');
    await user.click(screen.getByRole('button', { name: 'Announce deposit' }));
    expect(await screen.findByText('The maximum is 5,000.00 €.')).toBeTruthy();
    expect(screen.getByText('Add the proof of your transfer.')).toBeTruthy();
    expect(calls(server.requests, '/upload/image')).toHaveLength(0);

    const proof = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', { type: 'image/png' });
    await user.clear(screen.getByLabelText('Amount (EUR)'));
    await user.type(screen.getByLabelText('Amount (EUR)'), '250');
    await user.upload(screen.getByTestId('deposit-proof'), proof);
    await user.click(screen.getByRole('button', { name: 'Announce deposit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'No, nobody told me to' }));
    expect((await screen.findByTestId('deposit-reference')).textContent).toBe('+++090/9337/55493+++');
    expect(screen.getByTestId('deposit-decide-by').textContent).toBe(
      'Staff decide it by 2026.11.23 10:00:00 at the latest; after that a supervisor takes it over and you are told.',
    );

    expect(calls(server.requests, '/upload/image')[0]?.body).toBe(proof);
    const submitted = calls(server.requests, '/recharge/submit');
    expect(submitted.map((request) => request.body)).toEqual([
      { channelId: '5', amount: '250.00', proofImageId: '77' },
      { channelId: '5', amount: '250.00', proofImageId: '77' },
    ]);
    const keys = submitted.map((request) => request.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    await waitFor(() =>
      expect(calls(server.requests, '/information/scamCheck').map((request) => request.body)).toEqual([
        { trigger: 'first_deposit', wasToldByOnlineContact: false },
      ]),
    );
    // Announced: the form starts empty again, its proof included (not sent twice by mistake).
    const input = screen.getByTestId('deposit-proof') as HTMLInputElement;
    expect(input.files?.length ?? 0).toBe(0);
    expect((screen.getByLabelText('Amount (EUR)') as HTMLInputElement).value).toBe('');
    await user.type(screen.getByLabelText('Amount (EUR)'), '40');
    await user.click(screen.getByRole('button', { name: 'Announce deposit' }));
    expect(await screen.findByText('Add the proof of your transfer.')).toBeTruthy();
    expect(calls(server.requests, '/recharge/submit')).toHaveLength(2);
  });

  it('says first, at the top, that the identity is under review, and keeps the button disabled', async () => {
    await changeLanguage('fr');
    renderApp('/information/recharge', {
      '/common/config': () => ok(configEntries('demo')),
      '/recharge/channels': () => ok(channels),
      '/recharge/list': () => ok({ total: 0, items: [] }),
      '/cashOut/list': () => ok({ total: 0, items: [] }),
      '/information/authInfo': () => ok(identity('under_review')),
    });
    const gate = await screen.findByTestId('identity-gate');
    expect(gate.textContent).toContain('Votre identité est en cours de vérification.');
    // Above the terms and the form: read before anything is typed.
    const screenNode = screen.getByTestId('screen-recharge');
    const order = [gate, screen.getByTestId('deposit-terms'), screen.getByTestId('deposit-form')];
    for (const [index, node] of order.slice(1).entries()) {
      expect(order[index]!.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(screenNode.contains(gate)).toBe(true);
    expect(screen.getByTestId('deposit-submit').hasAttribute('disabled')).toBe(true);
  });

  it('asks a user who never verified to do so, with a link to the verification', async () => {
    renderApp('/information/recharge', {
      '/common/config': () => ok(configEntries('demo')),
      '/recharge/channels': () => ok(channels),
      '/recharge/list': () => ok({ total: 0, items: [] }),
      '/cashOut/list': () => ok({ total: 0, items: [] }),
      '/information/authInfo': () => ok(identity('not_certified')),
    });
    const gate = await screen.findByTestId('identity-gate');
    expect(gate.textContent).toContain('Verify your identity first');
    expect(within(gate).getByRole('link', { name: 'Verify my identity' }).getAttribute('href')).toBe(
      '/information/authInfo',
    );
    expect(screen.getByTestId('deposit-submit').hasAttribute('disabled')).toBe(true);
  });
});

describe('cancelling a pending deposit announcement', () => {
  const confirmCancel = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByTestId('deposit-cancel-12'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Cancel this deposit announcement? Nothing has been credited for it; do not send a transfer with its reference.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel deposit' }));
  };

  it('asks first, then cancels it: the item shows cancelled, without reference or button', async () => {
    const user = userEvent.setup();
    let items: Data<'/recharge/list'>['items'] = [deposit];
    const { server } = renderApp('/information/recharge', {
      '/common/config': () => ok(configEntries('demo')),
      '/recharge/channels': () => ok(channels),
      '/recharge/list': () => ok({ total: items.length, items }),
      '/recharge/cancel': () => {
        const cancelled = { ...deposit, state: 'cancelled' as const, decidedAt: '2026-11-21T11:00:00.000Z' };
        items = [cancelled];
        return ok(cancelled);
      },
    });
    expect((await screen.findByTestId('deposit-reference')).textContent).toBe('+++090/9337/55493+++');
    await confirmCancel(user);
    await waitFor(() => expect(calls(server.requests, '/recharge/cancel')).toHaveLength(1));
    expect(calls(server.requests, '/recharge/cancel')[0]?.body).toEqual({ id: '12' });
    expect(await screen.findByText('Deposit announcement cancelled.')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('deposit-12')).getByText('Cancelled')).toBeTruthy());
    expect(screen.queryByTestId('deposit-cancel-12')).toBeNull();
    expect(screen.queryByTestId('deposit-reference')).toBeNull();
  });

  it("says so in the user's language when staff decided it first", async () => {
    const user = userEvent.setup();
    renderApp('/information/recharge', {
      '/common/config': () => ok(configEntries('demo')),
      '/recharge/channels': () => ok(channels),
      '/recharge/list': () => ok({ total: 1, items: [deposit] }),
      '/recharge/cancel': () => refusal('FUND_OPERATION_NOT_PENDING'),
    });
    await confirmCancel(user);
    expect(
      await screen.findByText(
        'This deposit or withdrawal was decided already and can no longer be cancelled.',
      ),
    ).toBeTruthy();
  });
});
