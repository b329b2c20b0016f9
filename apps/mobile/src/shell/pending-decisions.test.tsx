import { screen, waitFor } from '@testing-library/dom';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { configEntries, ok, type Data, type Recorded } from '../test/fake-server';
import { renderApp } from '../test/render-app';
import { DECISION_POLL_MS } from './PendingDecisions';
import { userInfo } from '../test/user-fixtures';

// A screen left open follows a reviewer's decision (a person's or the demo desk's) without a reload:
// while something waits, the app asks again every few seconds; once decided, what depends on it is
// fetched again; while nothing waits, nothing is asked again.

const WAIT_MS = DECISION_POLL_MS * 2 + 1_000;

const authInfo = (state: Data<'/information/authInfo'>['state']): Data<'/information/authInfo'> => ({
  state,
  realname: 'An Peeters',
  documentType: 'be_national_register',
  documentNumberMasked: '850730*****8',
  reason: '',
  submittedAt: '2026-11-21T10:00:00.000Z',
  reviewedAt: state === 'authenticated' ? '2026-11-21T10:00:10.000Z' : null,
  reviewedBy: state === 'authenticated' ? 'demo_desk' : null,
  frontImageId: '41',
  backImageId: '42',
});

const deposit = (state: 'pending' | 'approved'): Data<'/recharge/list'>['items'][number] => ({
  id: '12',
  channelId: '5',
  currency: 'EUR',
  amount: '500.00',
  reference: 'DEMO - NO REAL MONEY',
  state,
  reason: '',
  createdAt: '2026-11-21T10:00:00.000Z',
  decideBy: '2026-11-22T10:00:00.000Z',
  decidedAt: state === 'approved' ? '2026-11-21T10:00:10.000Z' : null,
  decidedBy: state === 'approved' ? 'demo_desk' : null,
});

const count = (requests: Recorded[], path: string) =>
  requests.filter((request) => request.path === path).length;

beforeEach(() => {
  localStorage.setItem('tokend', 'tok');
  localStorage.setItem('account', '32470000001');
  URL.createObjectURL = () => 'blob:photo';
  URL.revokeObjectURL = () => {};
});

describe('pending decisions', () => {
  it('shows the identity verified on the open screen once the reviewer decides', async () => {
    let state: Data<'/information/authInfo'>['state'] = 'under_review';
    renderApp('/information/authInfo', {
      '/common/config': () => ok(configEntries('demo')),
      '/information/authInfo': () => ok(authInfo(state)),
      '/recharge/list': () => ok({ total: 0, items: [] }),
      '/cashOut/list': () => ok({ total: 0, items: [] }),
    });
    expect((await screen.findByTestId('auth-state')).textContent).toContain('Under review');
    state = 'authenticated';
    await waitFor(() => expect(screen.getByTestId('auth-state').textContent).toContain('Verified'), {
      timeout: WAIT_MS,
    });
    expect(screen.getByTestId('decided-by').textContent).toBe(
      'Decided by Demo desk (automatic in demo mode)',
    );
  }, 20_000);

  it("credits the 'me' screen's balance once the deposit is approved, then stops asking", async () => {
    let state: 'pending' | 'approved' = 'pending';
    const { server } = renderApp('/information/index', {
      '/common/config': () => ok(configEntries('demo')),
      '/information/authInfo': () => ok(authInfo('authenticated')),
      '/recharge/list': () => ok({ total: 1, items: [deposit(state)] }),
      '/cashOut/list': () => ok({ total: 0, items: [] }),
      '/user/getUserinfo': () => ok(userInfo(state === 'approved' ? '500.00' : '0.00')),
      '/user/notice': () => ok([]),
    });
    expect((await screen.findByTestId('balance-EUR-available')).textContent).toBe('0.00 €');
    state = 'approved';
    await waitFor(() => expect(screen.getByTestId('balance-EUR-available').textContent).toBe('500.00 €'), {
      timeout: WAIT_MS,
    });
    // Nothing waits any more: the deposits are not asked for again.
    const asked = count(server.requests, '/recharge/list');
    await new Promise((resolve) => setTimeout(resolve, DECISION_POLL_MS + 500));
    expect(count(server.requests, '/recharge/list')).toBe(asked);
  }, 20_000);

  it('fills the bank-card holder and enables the form once the identity is approved, without a reload', async () => {
    let state: Data<'/information/authInfo'>['state'] = 'under_review';
    renderApp('/information/addBankCard', {
      '/common/config': () => ok(configEntries('demo')),
      '/information/authInfo': () => ok(authInfo(state)),
      '/recharge/list': () => ok({ total: 0, items: [] }),
      '/cashOut/list': () => ok({ total: 0, items: [] }),
    });
    const holder = (await screen.findByLabelText('Account holder')) as HTMLInputElement;
    expect(screen.getByTestId('identity-gate').textContent).toContain('Your identity is under review.');
    expect(holder.value).toBe('');
    expect(screen.getByRole('button', { name: 'Add card' }).hasAttribute('disabled')).toBe(true);
    state = 'authenticated';
    await waitFor(() => expect(holder.value).toBe('An Peeters'), { timeout: WAIT_MS });
    expect(screen.queryByTestId('identity-gate')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add card' }).hasAttribute('disabled')).toBe(false);
  }, 20_000);

  it('asks again when the app comes back to the front, where nothing waited', async () => {
    let state: Data<'/information/authInfo'>['state'] = 'not_certified';
    renderApp('/information/addBankCard', {
      '/common/config': () => ok(configEntries('demo')),
      '/information/authInfo': () => ok(authInfo(state)),
      '/recharge/list': () => ok({ total: 0, items: [] }),
      '/cashOut/list': () => ok({ total: 0, items: [] }),
    });
    expect((await screen.findByTestId('identity-gate')).textContent).toContain('Verify your identity first');
    // Verified elsewhere (another device, a reviewer) while the app was in the background.
    state = 'authenticated';
    await new Promise((resolve) => setTimeout(resolve, DECISION_POLL_MS + 500));
    expect(screen.getByTestId('identity-gate')).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(screen.queryByTestId('identity-gate')).toBeNull());
    expect((screen.getByLabelText('Account holder') as HTMLInputElement).value).toBe('An Peeters');
  }, 20_000);
});
