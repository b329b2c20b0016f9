import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, describeError } from '../app/i18n';
import { storageKeys } from '../session/storage';
import { fakeServer, ok, refusal, unknownRefusal } from '../test/fake-server';
import { ApiError, createAppApiClient, TOAST_DURATION_MS, UNAUTHORIZED_REDIRECT_MS } from './client';

// The app's side of @beurs/api-client (whose own tests cover the transport): the session from
// local storage, translated toasts, and the end of a session.

function setup(fetchImpl: typeof fetch) {
  const toast = vi.fn<(message: string, durationMs: number) => void>();
  const goToLogin = vi.fn();
  const client = createAppApiClient({
    fetch: fetchImpl,
    storage: localStorage,
    toast,
    describeError,
    goToLogin,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
  });
  return { client, toast, goToLogin };
}

describe('the app api client', () => {
  beforeEach(async () => {
    await changeLanguage('en');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('posts JSON under /api/vue with token, account and is-admin from local storage', async () => {
    localStorage.setItem(storageKeys.token, 'tok-1');
    localStorage.setItem(storageKeys.account, '32470000001');
    localStorage.setItem(storageKeys.isAdmin, '1');
    const server = fakeServer({ '/user/sessions': () => ok([]) });
    const { client } = setup(server.fetch);
    await expect(client.call('/user/sessions')).resolves.toEqual([]);
    const [url, init] = server.fetch.mock.calls[0]!;
    expect(url).toBe('/api/vue/user/sessions');
    expect(init?.method).toBe('POST');
    expect(server.requests[0]!.headers).toMatchObject({
      token: 'tok-1',
      account: '32470000001',
      'is-admin': '1',
      'content-type': 'application/json',
    });
    expect(server.requests[0]!.body).toEqual({});
  });

  it('leaves out is-admin when the session has none', async () => {
    const server = fakeServer({ '/common/config': () => ok([]) });
    const { client } = setup(server.fetch);
    await client.call('/common/config', { type: 'all' });
    expect(server.requests[0]!.headers).not.toHaveProperty('is-admin');
    expect(server.requests[0]!.body).toEqual({ type: 'all' });
  });

  it('shows a refusal translated, with its amount formatted as money, for 2 s', async () => {
    await changeLanguage('de');
    const server = fakeServer({
      '/exChange/quote': () => refusal('INSUFFICIENT_AVAILABLE', { currency: 'EUR', available: '1234.50' }),
    });
    const { client, toast } = setup(server.fetch);
    await expect(
      client.call('/exChange/quote', { from: 'EUR', to: 'USD', amount: '5000.00' }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_AVAILABLE' });
    expect(toast).toHaveBeenCalledWith(
      'Verfügbares Guthaben nicht ausreichend. Verfügbar: 1.234,50 €.',
      2000,
    );
  });

  it('shows the generic error word for a code it cannot translate', async () => {
    await changeLanguage('nl');
    const server = fakeServer({ '/user/sessions': () => unknownRefusal('SOMETHING_NEW') });
    const { client, toast } = setup(server.fetch);
    await expect(client.call('/user/sessions')).rejects.toBeInstanceOf(ApiError);
    expect(toast).toHaveBeenCalledWith('fout', TOAST_DURATION_MS);
  });

  it('says so when there is no connection or no answer in time', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { client, toast } = setup(failing);
    await expect(client.call('/user/sessions')).rejects.toMatchObject({ code: 'NETWORK' });
    expect(toast).toHaveBeenCalledWith(
      'No connection to the server. Check your network and try again.',
      TOAST_DURATION_MS,
    );
    expect(describeError(new ApiError('TIMEOUT'))).toBe('The server took too long to answer. Try again.');
  });

  it('stays quiet on request', async () => {
    const server = fakeServer({ '/user/login': () => refusal('WRONG_CREDENTIALS') });
    const { client, toast } = setup(server.fetch);
    await expect(
      client.call('/user/login', { account: '32470000001', password: 'x' }, { quiet: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(toast).not.toHaveBeenCalled();
  });

  it('on HTTP 401 clears local storage at once and goes to login after 2 s, even when quiet', async () => {
    vi.useFakeTimers();
    localStorage.setItem(storageKeys.token, 'revoked');
    localStorage.setItem(storageKeys.account, '32470000001');
    localStorage.setItem(storageKeys.readMsg, '["1"]');
    const server = fakeServer({ '/user/getUserinfo': () => refusal('UNAUTHENTICATED', {}, 401) });
    const { client, toast, goToLogin } = setup(server.fetch);
    await expect(client.call('/user/getUserinfo', {}, { quiet: true })).rejects.toMatchObject({
      httpStatus: 401,
    });
    expect(localStorage.length).toBe(0);
    expect(toast).toHaveBeenCalledWith('Your session has ended. Please sign in again.', TOAST_DURATION_MS);
    await vi.advanceTimersByTimeAsync(UNAUTHORIZED_REDIRECT_MS - 1);
    expect(goToLogin).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  it('redirects once when several calls fail with 401 together, a private file included', async () => {
    vi.useFakeTimers();
    const server = fakeServer({
      '/user/sessions': () => refusal('UNAUTHENTICATED', {}, 401),
      '/api/uploads/41': () => refusal('UNAUTHENTICATED', {}, 401),
    });
    const { client, goToLogin } = setup(server.fetch);
    await Promise.allSettled([
      client.call('/user/sessions'),
      client.call('/user/sessions'),
      client.fetchFile('/api/uploads/41'),
    ]);
    await vi.advanceTimersByTimeAsync(UNAUTHORIZED_REDIRECT_MS);
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });
});
