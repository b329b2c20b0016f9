import { fireEvent, screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
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
  decidedAt: null,
  decidedBy: null,
};
const calls = (requests: Recorded[], path: string) => requests.filter((request) => request.path === path);

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

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
      'between 09:00 and 17:00 (Europe/Brussels)',
    );
    expect(screen.getByTestId('deposit-account').textContent).toContain('BE71 0961 2345 6769');
    expect(screen.getByText('Between 10.00 € and 5,000.00 €.')).toBeTruthy();

    await user.type(screen.getByLabelText('Amount (EUR)'), '5000,01');
    await user.click(screen.getByRole('button', { name: 'Announce deposit' }));
    expect(await screen.findByText("The amount is outside this channel's limits.")).toBeTruthy();
    expect(screen.getByText('Add the proof of your transfer.')).toBeTruthy();
    expect(calls(server.requests, '/upload/image')).toHaveLength(0);

    const proof = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', { type: 'image/png' });
    await user.clear(screen.getByLabelText('Amount (EUR)'));
    await user.type(screen.getByLabelText('Amount (EUR)'), '250');
    await user.upload(screen.getByTestId('deposit-proof'), proof);
    await user.click(screen.getByRole('button', { name: 'Announce deposit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'No, nobody told me to' }));
    expect((await screen.findByTestId('deposit-reference')).textContent).toBe('+++090/9337/55493+++');

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
  });
});
