import { fireEvent, screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { create as createQr, toString as qrToString } from 'qrcode';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import { withScamCheck } from '../../../features/funds/scam-check';
import { QR_SIZE, qrOptions } from '../../../features/wallet/qr';
import { configEntries, ok, refusal, type Data, type Recorded } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

type WalletData = Data<'/information/wallet'>;

const walletData = (addresses: WalletData['addresses'] = []): WalletData => ({
  balances: [
    { currency: 'EUR', available: '1234.56', frozen: '100.00' },
    { currency: 'USD', available: '0.00', frozen: '0.00' },
  ],
  addresses,
});

const stored: WalletData['addresses'][number] = {
  id: '7',
  network: 'BTC',
  address: BTC,
  label: 'Ledger',
  createdAt: '2026-11-21T10:00:00.000Z',
};

const paths = (requests: Recorded[], path: string) => requests.filter((request) => request.path === path);

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

describe('wallet tab', () => {
  it('shows each balance from its decimal string and each address with its QR code', async () => {
    renderApp('/information/wallet', {
      '/common/config': () => ok(configEntries('demo')),
      '/information/wallet': () => ok(walletData([stored])),
      '/user/getUserinfo': () =>
        ok({
          is_true: 0,
          realname: '',
          account: '32470000001',
          identityState: 'not_certified',
          invitationCode: 'X',
          balances: walletData().balances.map((balance) => ({
            ...balance,
            totalAssets: balance.currency === 'EUR' ? '1334.56' : '0.00',
            withdrawable: balance.available,
            positionsValue: '0.00',
            marginCash: '0.00',
            owed: '0.00',
            owedMarginLoan: '0.00',
            owedCredit: '0.00',
            profit: '0.00',
          })),
          restrictions: [],
          createdAt: '2026-11-21T10:00:00.000Z',
        }),
    });
    const eur = await screen.findByTestId('wallet-balance-EUR');
    expect(eur.textContent).toContain('1,234.56 €');
    expect(eur.textContent).toContain('100.00 €');
    expect(screen.getByTestId('wallet-balance-USD').textContent).toContain('$0.00');
    expect(screen.getByText(BTC)).toBeTruthy();

    const qr = await screen.findByTestId('wallet-qr-7');
    expect(qr.getAttribute('width')).toBe('256');
    expect(qr.getAttribute('height')).toBe('256');
    const svg = decodeURIComponent(
      qr.getAttribute('src')!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''),
    );
    expect(svg).toBe(await qrToString(`bitcoin:${BTC}`, { ...qrOptions, type: 'svg' }));
    expect(svg).toContain('width="256"');
  });

  it('QR options: 256 pixels at the highest error correction (H)', () => {
    expect(QR_SIZE).toBe(256);
    expect(qrOptions.errorCorrectionLevel).toBe('H');
    const code = createQr(`bitcoin:${BTC}`, qrOptions);
    expect(code.errorCorrectionLevel.bit).toBe(
      createQr('x', { errorCorrectionLevel: 'H' }).errorCorrectionLevel.bit,
    );
  });

  it('asks the safety question on SCAM_CHECK_REQUIRED, records "no" and repeats the call', async () => {
    const user = userEvent.setup();
    let addCalls = 0;
    const { server } = renderApp('/information/wallet', {
      '/common/config': () => ok(configEntries('demo')),
      '/information/wallet': () => ok(walletData(addCalls > 1 ? [stored] : [])),
      '/information/addWallet': () => {
        addCalls += 1;
        return addCalls === 1
          ? refusal('SCAM_CHECK_REQUIRED', { trigger: 'first_payout_method' })
          : ok(stored);
      },
      '/information/scamCheck': () => ok({ id: '1', warningListUrl: 'https://warnings.example/list' }),
    });
    await user.type(await screen.findByLabelText('Address'), ` ${BTC} `);
    await user.type(screen.getByLabelText('Label (optional)'), 'Ledger');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    await screen.findByTestId('scam-check');
    expect(paths(server.requests, '/information/addWallet')).toHaveLength(1);
    // The popup's opening animation sets pointer-events: none, so the click is dispatched directly.
    fireEvent.click(screen.getByRole('button', { name: 'No, nobody told me to' }));
    await screen.findByTestId('wallet-address-7');
    expect(paths(server.requests, '/information/scamCheck').map((request) => request.body)).toEqual([
      { trigger: 'first_payout_method', wasToldByOnlineContact: false },
    ]);
    const adds = paths(server.requests, '/information/addWallet').map((request) => request.body);
    expect(adds).toEqual([
      { network: 'BTC', address: BTC, label: 'Ledger' },
      { network: 'BTC', address: BTC, label: 'Ledger' },
    ]);
  });

  it('on "yes" records the answer, shows the warning list and does not repeat the call', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/information/wallet', {
      '/common/config': () => ok(configEntries('demo')),
      '/information/wallet': () => ok(walletData()),
      '/information/addWallet': () => refusal('SCAM_CHECK_REQUIRED', { trigger: 'first_payout_method' }),
      '/information/scamCheck': () => ok({ id: '1', warningListUrl: 'https://warnings.example/list' }),
    });
    fireEvent.change(await screen.findByLabelText('Network'), { target: { value: 'ETH' } });
    await user.type(screen.getByLabelText('Address'), '0x52908400098527886E0F7030069857D2E4169EE7');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, someone did' }));
    expect(await screen.findByTestId('scam-warning')).toBeTruthy();
    expect(screen.getByText('https://warnings.example/list')).toBeTruthy();
    await waitFor(() =>
      expect(paths(server.requests, '/information/scamCheck').map((request) => request.body)).toEqual([
        { trigger: 'first_payout_method', wasToldByOnlineContact: true },
      ]),
    );
    expect(paths(server.requests, '/information/addWallet')).toHaveLength(1);
    expect(paths(server.requests, '/information/addWallet')[0]?.body).toMatchObject({ network: 'ETH' });
  });

  it('refuses a short address before any call', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/information/wallet', {
      '/common/config': () => ok(configEntries('demo')),
      '/information/wallet': () => ok(walletData()),
    });
    await user.type(await screen.findByLabelText('Address'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText('Enter the full address (at least 20 characters).')).toBeTruthy();
    expect(paths(server.requests, '/information/addWallet')).toHaveLength(0);
  });
});

describe('withScamCheck', () => {
  it('passes other refusals through without asking', async () => {
    let asked = false;
    const failing = withScamCheck(
      () => Promise.reject(new ApiError('WALLET_EXISTS')),
      () => {
        asked = true;
        return Promise.resolve(true);
      },
    );
    await expect(failing).rejects.toMatchObject({ code: 'WALLET_EXISTS' });
    expect(asked).toBe(false);
  });

  it('repeats the action once after a "go on" answer, with the trigger it was given', async () => {
    let calls = 0;
    const triggers: string[] = [];
    const result = await withScamCheck(
      () => {
        calls += 1;
        return calls === 1
          ? Promise.reject(new ApiError('SCAM_CHECK_REQUIRED', { trigger: 'large_deposit' }))
          : Promise.resolve('done');
      },
      (trigger) => {
        triggers.push(trigger);
        return Promise.resolve(true);
      },
    );
    expect(result).toEqual({ done: true, value: 'done' });
    expect(calls).toBe(2);
    expect(triggers).toEqual(['large_deposit']);
  });
});
