import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../app/i18n';
import { configEntries, ok, refusal, type Recorded } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

// Issue 12, item 6: an account with two-factor sign-in on signs in with its code (or a recovery
// code): the server answers TWO_FACTOR_REQUIRED to the password alone.

const config = () => ok(configEntries('demo'));
const signedIn = () => ok({ token: 'tok-2', account: '32470000001', expiresAt: '2026-12-01T00:00:00.000Z' });
const loginBodies = (requests: Recorded[]) =>
  requests.filter((request) => request.path === '/user/login').map((request) => request.body);

/** The server's side: the password is 'secret1', the app's code now is 123456. */
const loginHandler = (body: { password: string; twoFactorCode?: string | undefined }) => {
  if (body.password !== 'secret1') return refusal('WRONG_CREDENTIALS');
  if (!body.twoFactorCode) return refusal('TWO_FACTOR_REQUIRED');
  return body.twoFactorCode === '123456' || body.twoFactorCode === 'ABCDE-FGH23'
    ? signedIn()
    : refusal('WRONG_TWO_FACTOR_CODE');
};

const toast = () => document.querySelector('.toast')?.textContent;

// Whole-app renders on a shared machine: more than the default 5 s.
describe('signing in with two-factor sign-in on', { timeout: 20_000 }, () => {
  afterEach(() => changeLanguage('en'));

  it('asks for the code when the server does, refuses a wrong one and signs in with the right one', async () => {
    const user = userEvent.setup();
    const { server, router } = renderApp('/login/login', {
      '/common/config': config,
      '/user/login': loginHandler,
      '/user/getUserinfo': () => refusal('INTERNAL_ERROR', {}, 500),
    });
    await user.type(await screen.findByLabelText('Phone number'), '32470000001');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const codeField = await screen.findByLabelText('Code from your authenticator app');
    expect(screen.getByTestId('screen-login-code').textContent).toContain(
      'Two-factor sign-in is on for 32470000001.',
    );
    // Asking for the code is no failure: nothing toasted, nothing stored.
    expect(toast()).toBeUndefined();
    expect(localStorage.getItem('tokend')).toBeNull();

    // Checked before sending: six digits or a recovery code.
    await user.type(codeField, '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText('A code is six digits, or a recovery code such as ABCDE-FGHIJ.'),
    ).toBeTruthy();
    expect(loginBodies(server.requests)).toHaveLength(1);

    await user.clear(codeField);
    await user.type(codeField, '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(toast()).toBe('That code is wrong, has expired or was already used.'));
    expect(localStorage.getItem('tokend')).toBeNull();
    expect(router.state.location.pathname).toBe('/login/login');

    await user.type(screen.getByLabelText('Code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/loginAfter'));
    expect(localStorage.getItem('tokend')).toBe('tok-2');
    expect(loginBodies(server.requests)).toEqual([
      { account: '32470000001', password: 'secret1' },
      { account: '32470000001', password: 'secret1', twoFactorCode: '654321' },
      { account: '32470000001', password: 'secret1', twoFactorCode: '123456' },
    ]);
  });

  it('takes a recovery code, and says a wrong code in the user language', async () => {
    await changeLanguage('nl');
    const user = userEvent.setup();
    const { server, router } = renderApp('/login/login', {
      '/common/config': config,
      '/user/login': loginHandler,
      '/user/getUserinfo': () => refusal('INTERNAL_ERROR', {}, 500),
    });
    await user.type(await screen.findByLabelText('Telefoonnummer'), '32470000001');
    await user.type(screen.getByLabelText('Wachtwoord'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));
    await user.type(await screen.findByLabelText('Code uit je authenticator-app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));
    await waitFor(() => expect(toast()).toBe('Die code is onjuist, verlopen of al gebruikt.'));

    await user.click(screen.getByRole('button', { name: 'Een herstelcode gebruiken' }));
    await user.type(screen.getByLabelText('Herstelcode'), ' abcde-fgh23 ');
    await user.click(screen.getByRole('button', { name: 'Aanmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/loginAfter'));
    expect(loginBodies(server.requests).at(-1)).toEqual({
      account: '32470000001',
      password: 'secret1',
      twoFactorCode: 'ABCDE-FGH23',
    });
  });
});
