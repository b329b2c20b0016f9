import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../app/i18n';
import { configEntries, ok, refusal, type Data, type Recorded } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';
import { describeAgent } from './SecurityCenterScreen';

// Issue 12, item 6: the security centre turns two-factor sign-in on (password, QR code and key,
// a first code, the ten recovery codes once) and off (password and code), and lists the sign-ins.

const config = () => ok(configEntries('demo'));
const recoveryCodes = Array.from({ length: 10 }, (_, index) => `ABCD${index + 2}-EFGH${index + 2}`);
const history: Data<'/user/signInHistory'> = [
  {
    signedInAt: '2026-11-25T09:30:00.000Z',
    userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0.0.0 Mobile Safari/537.36',
    ipAddress: '203.0.113.7',
    isCurrent: true,
  },
  {
    signedInAt: '2026-11-20T18:05:00.000Z',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    ipAddress: '198.51.100.23',
    isCurrent: false,
  },
];
const session: Data<'/user/sessions'>[number] = {
  id: '1',
  userAgent: history[0]!.userAgent,
  ipAddress: '203.0.113.7',
  createdAt: '2026-11-25T09:30:00.000Z',
  lastSeenAt: '2026-11-25T09:40:00.000Z',
  expiresAt: '2026-12-25T09:30:00.000Z',
  isCurrent: true,
};
const bodies = (requests: Recorded[], path: string) =>
  requests.filter((request) => request.path === path).map((request) => request.body);

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});
afterEach(() => changeLanguage('en'));

// Whole-app renders on a shared machine: more than the default 5 s.
describe('security centre', { timeout: 20_000 }, () => {
  it('turns two-factor sign-in on and shows the recovery codes once, until the user saved them', async () => {
    const user = userEvent.setup();
    let isEnabled = false;
    const { server } = renderApp('/information/securityCenter', {
      '/common/config': config,
      '/user/sessions': () => ok([session]),
      '/user/signInHistory': () => ok(history),
      '/user/twoFactor/status': () => ok({ isEnabled, recoveryCodesLeft: isEnabled ? 10 : 0 }),
      '/user/twoFactor/setup': (body) =>
        body.password === 'secret1'
          ? ok({
              secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
              otpauthUri:
                'otpauth://totp/Beurs:32470000001?issuer=Beurs&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
            })
          : refusal('WRONG_ORIGINAL_PASSWORD'),
      '/user/twoFactor/enable': (body) => {
        if (body.code !== '123456') return refusal('WRONG_TWO_FACTOR_CODE');
        isEnabled = true;
        return ok({ recoveryCodes });
      },
    });
    expect((await screen.findByTestId('two-factor-state')).textContent).toMatch(/^Off\./);
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter your login password.')).toBeTruthy();
    expect(bodies(server.requests, '/user/twoFactor/setup')).toEqual([]);
    await user.type(screen.getByLabelText('Login password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // The QR code of the otpauth URI, and the key as text in groups of four.
    const qr = await screen.findByAltText('QR code for the authenticator app');
    await waitFor(() => expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/));
    expect(screen.getByTestId('two-factor-secret').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    await user.type(screen.getByLabelText('Code from your authenticator app'), '12345');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Enter the six digits the app shows for Beurs.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Code from your authenticator app'));
    await user.type(screen.getByLabelText('Code from your authenticator app'), '999999');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() =>
      expect(document.querySelector('.toast')?.textContent).toBe(
        'That code is wrong, has expired or was already used.',
      ),
    );
    await user.type(screen.getByLabelText('Code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const codes = await screen.findByTestId('two-factor-codes');
    expect([...codes.querySelectorAll('li')].map((item) => item.textContent)).toEqual(recoveryCodes);
    const done = within(codes).getByRole('button', { name: 'Done' }) as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    await user.click(within(codes).getByLabelText('I have saved these ten codes somewhere safe'));
    expect(done.disabled).toBe(false);
    await user.click(done);
    await waitFor(() => expect(screen.queryByTestId('two-factor-codes')).toBeNull());
    expect((await screen.findByText('Unused recovery codes: 10')).textContent).toBeTruthy();
    expect(screen.getByTestId('two-factor-state').textContent).toMatch(/^On:/);
    expect(bodies(server.requests, '/user/twoFactor/setup')).toEqual([{ password: 'secret1' }]);
    expect(bodies(server.requests, '/user/twoFactor/enable')).toEqual([
      { code: '999999' },
      { code: '123456' },
    ]);
  });

  it('turns it off with the password and a code; a wrong code is refused in the user language', async () => {
    await changeLanguage('zh');
    let isEnabled = true;
    const { server } = renderApp('/information/securityCenter', {
      '/common/config': config,
      '/user/sessions': () => ok([session]),
      '/user/signInHistory': () => ok(history),
      '/user/twoFactor/status': () => ok({ isEnabled, recoveryCodesLeft: isEnabled ? 7 : 0 }),
      '/user/twoFactor/disable': (body) => {
        if (body.code !== '246810') return refusal('WRONG_TWO_FACTOR_CODE');
        isEnabled = false;
        return ok({ isEnabled, recoveryCodesLeft: 0 });
      },
    });
    expect(await screen.findByText('未使用的備用代碼：7')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '關閉雙重驗證登入' }));
    const form = await screen.findByTestId('two-factor-off');
    fireEvent.change(within(form).getByLabelText('登入密碼'), { target: { value: 'secret1' } });
    fireEvent.change(within(form).getByLabelText('驗證器 App 中的代碼'), { target: { value: '111111' } });
    fireEvent.click(within(form).getByRole('button', { name: '關閉雙重驗證登入' }));
    await waitFor(() =>
      expect(document.querySelector('.toast')?.textContent).toBe('代碼錯誤、已過期或已使用過。'),
    );
    fireEvent.change(within(form).getByLabelText('驗證器 App 中的代碼'), { target: { value: '246810' } });
    fireEvent.click(within(form).getByRole('button', { name: '關閉雙重驗證登入' }));
    await waitFor(() => expect(screen.getByTestId('two-factor-state').textContent).toMatch(/^未開啟/));
    expect(bodies(server.requests, '/user/twoFactor/disable')).toEqual([
      { password: 'secret1', code: '111111' },
      { password: 'secret1', code: '246810' },
    ]);
  });

  it('lists each sign-in with its time, device and address', async () => {
    renderApp('/information/securityCenter', {
      '/common/config': config,
      '/user/sessions': () => ok([session]),
      '/user/signInHistory': () => ok(history),
      '/user/twoFactor/status': () => ok({ isEnabled: false, recoveryCodesLeft: 0 }),
    });
    const list = await screen.findByTestId('sign-in-history');
    const items = [...list.querySelectorAll('li')].map((item) =>
      [...item.children].map((part) => part.textContent),
    );
    expect(items).toHaveLength(2);
    expect(items[0]?.[0]).toBe('Chrome · Android — this session');
    expect(items[0]?.[1]).toMatch(/^2026\.11\.25 \d{2}:30:00$/);
    expect(items[0]?.[2]).toBe('Address 203.0.113.7');
    expect(items[1]?.[0]).toBe('Firefox · Windows');
    expect(items[1]?.[2]).toBe('Address 198.51.100.23');
  });

  it('names the device of common agents: an Android phone is no Linux, Edge is no Chrome', () => {
    expect(describeAgent(history[0]!.userAgent)).toBe('Chrome · Android');
    expect(
      describeAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iPhone');
    expect(
      describeAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge · Windows');
    expect(describeAgent('curl/8.5.0')).toBe('');
  });
});
