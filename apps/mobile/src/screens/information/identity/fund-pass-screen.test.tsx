import { fireEvent, screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { activeLock, validateFundPassword } from '../../../features/identity/fund-password';
import { configEntries, ok, type Recorded } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

const bodies = (requests: Recorded[], path: string) =>
  requests.filter((request) => request.path === path).map((request) => request.body);

const config = () => ok(configEntries('demo'));

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
});

describe('fund password screen', () => {
  it('sets a first password only when it is six digits and confirmed', async () => {
    const user = userEvent.setup();
    let isSet = false;
    const { server } = renderApp('/information/fundPass', {
      '/common/config': config,
      '/information/fundPass': () => ok({ isSet, lockedUntil: null }),
      '/information/fundPass/set': () => {
        isSet = true;
        return ok({ isSet, lockedUntil: null });
      },
    });
    await user.type(await screen.findByLabelText('New fund password (6 digits)'), '12345');
    await user.type(screen.getByLabelText('Confirm the fund password'), '12346');
    await user.click(screen.getByRole('button', { name: 'Set fund password' }));
    expect(await screen.findByText('The fund password is exactly six digits.')).toBeTruthy();
    expect(screen.getByText('The two fund passwords do not match.')).toBeTruthy();
    expect(bodies(server.requests, '/information/fundPass/set')).toEqual([]);

    await user.clear(screen.getByLabelText('New fund password (6 digits)'));
    await user.clear(screen.getByLabelText('Confirm the fund password'));
    await user.type(screen.getByLabelText('New fund password (6 digits)'), '123456');
    await user.type(screen.getByLabelText('Confirm the fund password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Set fund password' }));
    await waitFor(() =>
      expect(bodies(server.requests, '/information/fundPass/set')).toEqual([
        { password: '123456', confirmPassword: '123456' },
      ]),
    );
    expect(await screen.findByText('Your fund password is set. It protects withdrawals.')).toBeTruthy();
  });

  it('shows the lock, changes with the old password and resets with the login password', async () => {
    const user = userEvent.setup();
    const lockedUntil = new Date(Date.now() + 10 * 60_000).toISOString();
    const { server } = renderApp('/information/fundPass', {
      '/common/config': config,
      '/information/fundPass': () => ok({ isSet: true, lockedUntil }),
      '/information/fundPass/change': () => ok({ isSet: true, lockedUntil }),
      '/information/fundPass/reset': () => ok({ isSet: true, lockedUntil: null }),
    });
    expect((await screen.findByTestId('fund-pass-locked')).textContent).toMatch(
      /^Five wrong fund passwords: fund operations are locked until \d{4}\.\d{2}\.\d{2} \d{2}:\d{2}:\d{2}\.$/,
    );
    await user.type(screen.getByLabelText('Current fund password'), '111111');
    await user.type(screen.getByLabelText('New fund password (6 digits)'), '222222');
    await user.type(screen.getByLabelText('Confirm the fund password'), '222222');
    await user.click(screen.getByRole('button', { name: 'Change fund password' }));
    await waitFor(() =>
      expect(bodies(server.requests, '/information/fundPass/change')).toEqual([
        { oldPassword: '111111', newPassword: '222222', confirmPassword: '222222' },
      ]),
    );

    fireEvent.click(screen.getByTestId('fund-pass-mode-reset'));
    await user.type(await screen.findByLabelText('Login password'), 'secret123');
    await user.type(screen.getByLabelText('New fund password (6 digits)'), '333333');
    await user.type(screen.getByLabelText('Confirm the fund password'), '333333');
    await user.click(screen.getByRole('button', { name: 'Reset fund password' }));
    await waitFor(() =>
      expect(bodies(server.requests, '/information/fundPass/reset')).toEqual([
        { loginPassword: 'secret123', newPassword: '333333', confirmPassword: '333333' },
      ]),
    );
  });
});

describe('fund password checks', () => {
  const form = { oldPassword: '', loginPassword: '', newPassword: '123456', confirmPassword: '123456' };

  it('needs the old password to change and the login password to reset', () => {
    expect(validateFundPassword('set', form)).toEqual({});
    expect(validateFundPassword('change', form)).toEqual({ oldPassword: 'fundPass.oldRequired' });
    expect(validateFundPassword('reset', form)).toEqual({ loginPassword: 'fundPass.loginRequired' });
  });

  it('refuses anything but six digits', () => {
    for (const value of ['12345', '1234567', '12345a', ' 12345', '１２３４５６']) {
      expect(validateFundPassword('set', { ...form, newPassword: value, confirmPassword: value })).toEqual({
        newPassword: 'fundPass.sixDigits',
      });
    }
  });

  it('treats a lock in the past as no lock', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(activeLock(null, now)).toBeNull();
    expect(activeLock('2026-11-21T11:59:59Z', now)).toBeNull();
    expect(activeLock('2026-11-21T12:15:00Z', now)).toBe('2026-11-21T12:15:00Z');
  });
});
