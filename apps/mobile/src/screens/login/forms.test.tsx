import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configEntries, ok, refusal } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

const config = () => ok(configEntries('demo'));

describe('registration form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every validation message and sends nothing while the form is incomplete', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/login/register', {
      '/common/config': config,
      '/user/register': () => ok({ account: '32470000001' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter your phone number.')).toBeTruthy();
    expect(screen.getByText('Enter a password.')).toBeTruthy();
    expect(screen.getByText('Confirm your password.')).toBeTruthy();
    expect(screen.getByText('Enter your invitation code.')).toBeTruthy();
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true');
    expect(server.requests.map((request) => request.path)).not.toContain('/user/register');
  });

  it('refuses two different passwords before any call', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/login/register', { '/common/config': config });
    await user.type(await screen.findByLabelText('Phone number'), '32470000001');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret2');
    await user.type(screen.getByLabelText('Invitation code'), 'ABCD1234');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The two passwords do not match.')).toBeTruthy();
    expect(server.requests.map((request) => request.path)).toEqual(['/common/config']);
  });

  it('sends a complete form and goes to sign-in', async () => {
    const user = userEvent.setup();
    const { server, router } = renderApp('/login/register', {
      '/common/config': config,
      '/user/register': () => ok({ account: '32470000001' }),
    });
    await user.type(await screen.findByLabelText('Phone number'), ' 32470000001 ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.type(screen.getByLabelText('Invitation code'), 'ABCD1234');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/login'));
    expect(server.requests.find((request) => request.path === '/user/register')?.body).toEqual({
      account: '32470000001',
      password: 'secret1',
      confirmPassword: 'secret1',
      invitationCode: 'ABCD1234',
    });
  });
});

describe('login form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for digits only before any call', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/login/login', { '/common/config': config });
    await user.type(await screen.findByLabelText('Phone number'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The phone number has 6 to 15 digits and nothing else.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(server.requests.map((request) => request.path)).toEqual(['/common/config']);
  });

  it('stores the session and moves on after signing in; a refusal is toasted', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { router } = renderApp('/login/login', {
      '/common/config': config,
      '/user/login': () =>
        ++attempts === 1
          ? refusal('WRONG_CREDENTIALS')
          : ok({ token: 'tok-9', account: '32470000001', expiresAt: '2026-12-01T00:00:00.000Z' }),
      '/user/getUserinfo': () => refusal('INTERNAL_ERROR', {}, 500),
    });
    await user.type(await screen.findByLabelText('Phone number'), '32470000001');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(document.querySelector('.toast')?.textContent).toBe('Wrong account or password.'),
    );
    expect(localStorage.getItem('tokend')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/loginAfter'));
    expect(localStorage.getItem('tokend')).toBe('tok-9');
    expect(localStorage.getItem('account')).toBe('32470000001');
  });
});
