import { screen, waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configEntries, ok, type Data, type Ok } from '../test/fake-server';
import { render } from '@testing-library/react';
import { routes } from '../routes/paths';
import { renderApp } from '../test/render-app';
import ComingSoon from './ComingSoon';

const userInfo = (overrides: Partial<Data<'/user/getUserinfo'>> = {}): Ok<Data<'/user/getUserinfo'>> =>
  ok({
    is_true: 0,
    realname: '',
    account: '32470000001',
    identityState: 'not_certified',
    invitationCode: 'X',
    balances: [
      {
        currency: 'EUR',
        totalAssets: '1234.50',
        available: '1000.00',
        frozen: '234.50',
        withdrawable: '1000.00',
        positionsValue: '0.00',
        marginCash: '0.00',
        owed: '0.00',
        owedMarginLoan: '0.00',
        owedCredit: '0.00',
        profit: '0.00',
      },
    ],
    restrictions: [],
    createdAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  });

const notices = (): Ok<Data<'/user/notice'>> =>
  ok([
    { id: '1', title: 'Welcome', content: 'Hello', createdAt: '2026-11-21T10:00:00.000Z' },
    { id: '2', title: 'Second', content: 'More', createdAt: '2026-11-21T11:00:00.000Z' },
  ]);

function signIn() {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
}

describe('app layout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('redirects / to /login/start', async () => {
    const { router } = renderApp('/', { '/common/config': () => ok(configEntries('demo')) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/start'));
  });

  it('shows the demo banner on every screen in demo mode', async () => {
    signIn();
    const { router } = renderApp('/login/start', {
      '/common/config': () => ok(configEntries('demo')),
      '/user/getUserinfo': () => userInfo(),
      '/user/notice': notices,
    });
    for (const path of [
      '/login/start',
      '/login/login',
      '/home/index',
      '/information/index',
      '/market/index',
    ]) {
      await router.navigate(path);
      await waitFor(() =>
        expect(screen.getByTestId('demo-banner').textContent).toBe('Demo — simulated prices, no real money'),
      );
    }
  });

  it('shows no banner in live mode, and the operator on the about screen', async () => {
    signIn();
    renderApp('/information/aboutInfo', { '/common/config': () => ok(configEntries('live')) });
    expect(await screen.findByText(/Example Bank NV/)).toBeTruthy();
    expect(screen.queryByTestId('demo-banner')).toBeNull();
  });

  it('sends a signed-out user from an account screen to login', async () => {
    const { router } = renderApp('/information/index', { '/common/config': () => ok(configEntries('demo')) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/login'));
  });

  it('shows the empty state for a route whose screen does not exist yet', async () => {
    // Every route of the table has its screen now (/home/dayTrading was the last one): the empty
    // state is rendered on its own, as the router renders it for a route without a screen.
    render(<ComingSoon />);
    expect((await screen.findByTestId('coming-soon')).textContent).toBe(
      'This part of Beurs is not available yet.',
    );
    expect(routes.filter((route) => !route.hasScreen).map((route) => route.path)).toEqual([]);
  });
});

describe('home header', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the account, and the unread dot until every notice is read', async () => {
    signIn();
    localStorage.setItem('readMsg', JSON.stringify(['1']));
    renderApp('/home/index', {
      '/common/config': () => ok(configEntries('demo')),
      '/user/getUserinfo': () => userInfo(),
      '/user/notice': notices,
    });
    await waitFor(() => expect(screen.getByTestId('home-display-name').textContent).toBe('32470000001'));
    expect(await screen.findByTestId('unread-dot')).toBeTruthy();
    expect(screen.getByText('1,234.50 €')).toBeTruthy();
  });

  it('shows the real name once identity-verified, and no dot when all is read', async () => {
    signIn();
    localStorage.setItem('readMsg', JSON.stringify(['2', '1']));
    renderApp('/home/index', {
      '/common/config': () => ok(configEntries('demo')),
      '/user/getUserinfo': () =>
        userInfo({ is_true: 1, realname: 'An Peeters', identityState: 'authenticated' }),
      '/user/notice': notices,
    });
    await waitFor(() => expect(screen.getByTestId('home-display-name').textContent).toBe('An Peeters'));
    await screen.findByText('Second');
    expect(screen.queryByTestId('unread-dot')).toBeNull();
  });
});
