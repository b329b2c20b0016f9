import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, describeError } from '../app/i18n';
import { storageKeys } from '../session/storage';
import { fakeServer, file, ok, refusal } from '../test/fake-server';
import {
  API_TIMEOUT_MS,
  ApiError,
  createApiClient,
  TOAST_DURATION_MS,
  UNAUTHORIZED_REDIRECT_MS,
} from './client';

function setup(fetchImpl: typeof fetch) {
  const toast = vi.fn<(message: string, durationMs: number) => void>();
  const goToLogin = vi.fn();
  const client = createApiClient({
    basePath: '/api/vue',
    fetch: fetchImpl,
    storage: localStorage,
    toast,
    describeError,
    goToLogin,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
  });
  return { client, toast, goToLogin };
}

describe('api client', () => {
  beforeEach(async () => {
    await changeLanguage('en');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('posts JSON under /api/vue with token, account and is-admin from the session', async () => {
    localStorage.setItem(storageKeys.token, 'tok-1');
    localStorage.setItem(storageKeys.account, '32470000001');
    localStorage.setItem(storageKeys.isAdmin, '1');
    const server = fakeServer({ '/user/getUserinfo': () => ok({ account: '32470000001' }) });
    const { client } = setup(server.fetch);
    await expect(client.call('/user/getUserinfo')).resolves.toEqual({ account: '32470000001' });
    const [url, init] = server.fetch.mock.calls[0]!;
    expect(url).toBe('/api/vue/user/getUserinfo');
    expect(init?.method).toBe('POST');
    expect(server.requests[0]!.headers).toMatchObject({
      token: 'tok-1',
      account: '32470000001',
      'is-admin': '1',
      'content-type': 'application/json',
    });
    expect(server.requests[0]!.body).toEqual({});
  });

  it('adds extra headers and sends raw bytes as application/octet-stream', async () => {
    localStorage.setItem(storageKeys.token, 'tok-1');
    localStorage.setItem(storageKeys.account, '32470000001');
    const seen: { headers: Record<string, string>; body: unknown }[] = [];
    const fetchImpl = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ headers: init?.headers as Record<string, string>, body: init?.body });
      return new Response(JSON.stringify({ status: 1, msg: '', data: { id: '9' } }));
    });
    const { client } = setup(fetchImpl);
    const bytes = new Blob([new Uint8Array([0xff, 0xd8, 0xff])]);
    await client.call('/upload/image', undefined, { rawBody: bytes });
    await client.call(
      '/cashOut/submit',
      { amount: '100.00' },
      { headers: { 'idempotency-key': 'key-12345678' } },
    );
    expect(seen[0]?.headers).toMatchObject({ 'content-type': 'application/octet-stream', token: 'tok-1' });
    expect(seen[0]?.body).toBe(bytes);
    expect(seen[1]?.headers).toMatchObject({
      'content-type': 'application/json',
      'idempotency-key': 'key-12345678',
      account: '32470000001',
    });
    expect(seen[1]?.body).toBe('{"amount":"100.00"}');
  });

  it('leaves out is-admin when the session has none', async () => {
    const server = fakeServer({ '/common/config': () => ok([]) });
    const { client } = setup(server.fetch);
    await client.call('/common/config', { type: 'all' });
    expect(server.requests[0]!.headers).not.toHaveProperty('is-admin');
    expect(server.requests[0]!.body).toEqual({ type: 'all' });
  });

  it('gives up after 10 s and says so', async () => {
    vi.useFakeTimers();
    const hanging = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { client, toast } = setup(hanging);
    const result = client.call('/user/notice').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('TIMEOUT');
    expect(toast).toHaveBeenCalledWith('The server took too long to answer. Try again.', TOAST_DURATION_MS);
  });

  it('shows a refusal translated, with its amount formatted as money, for 2 s', async () => {
    await changeLanguage('de');
    const server = fakeServer({
      '/x': () => refusal('INSUFFICIENT_AVAILABLE', { currency: 'EUR', available: '1234.50' }),
    });
    const { client, toast } = setup(server.fetch);
    await expect(client.call('/x')).rejects.toMatchObject({ code: 'INSUFFICIENT_AVAILABLE' });
    expect(toast).toHaveBeenCalledWith(
      'Verfügbares Guthaben nicht ausreichend. Verfügbar: 1.234,50 €.',
      2000,
    );
  });

  it('shows the generic error word for a code it cannot translate', async () => {
    await changeLanguage('nl');
    const server = fakeServer({ '/x': () => refusal('SOMETHING_NEW') });
    const { client, toast } = setup(server.fetch);
    await expect(client.call('/x')).rejects.toBeInstanceOf(ApiError);
    expect(toast).toHaveBeenCalledWith('fout', TOAST_DURATION_MS);
  });

  it('stays quiet on request, but never about an ended session', async () => {
    const server = fakeServer({ '/x': () => refusal('WRONG_CREDENTIALS') });
    const { client, toast } = setup(server.fetch);
    await expect(client.call('/x', {}, { quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(toast).not.toHaveBeenCalled();
  });

  it('on HTTP 401 clears local storage at once and goes to login after 2 s', async () => {
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

  it('redirects once when several calls fail with 401 together', async () => {
    vi.useFakeTimers();
    const server = fakeServer({ '/a': () => refusal('UNAUTHENTICATED', {}, 401) });
    const { client, goToLogin } = setup(server.fetch);
    await Promise.allSettled([client.call('/a'), client.call('/a'), client.call('/a')]);
    await vi.advanceTimersByTimeAsync(UNAUTHORIZED_REDIRECT_MS);
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  it('fetches a private file with GET and the session headers, answering its bytes', async () => {
    localStorage.setItem(storageKeys.token, 'tok-1');
    localStorage.setItem(storageKeys.account, '32470000001');
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 7])], { type: 'image/jpeg' });
    const server = fakeServer({
      '/api/uploads/41': () => file(jpeg),
      // The server refuses with the JSON envelope and HTTP 200; a proxy might answer 404.
      '/api/uploads/42': () => refusal('UPLOAD_NOT_FOUND'),
      '/api/uploads/43': () => refusal('UPLOAD_NOT_FOUND', {}, 404),
    });
    const { client, toast } = setup(server.fetch);
    const bytes = await client.fetchFile('/api/uploads/41');
    expect(bytes.type).toBe('image/jpeg');
    expect([...new Uint8Array(await bytes.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 7]);
    expect(server.requests[0]).toMatchObject({ path: '/api/uploads/41', method: 'GET', body: undefined });
    expect(server.requests[0]!.headers).toMatchObject({ token: 'tok-1', account: '32470000001' });
    expect(server.requests[0]!.headers).not.toHaveProperty('content-type');

    await expect(client.fetchFile('/api/uploads/42')).rejects.toMatchObject({
      code: 'UPLOAD_NOT_FOUND',
      httpStatus: 200,
    });
    await expect(client.fetchFile('/api/uploads/43')).rejects.toMatchObject({
      code: 'UPLOAD_NOT_FOUND',
      httpStatus: 404,
    });
    expect(toast).not.toHaveBeenCalled();
  });

  it('signs out when a private file answers HTTP 401', async () => {
    vi.useFakeTimers();
    localStorage.setItem(storageKeys.token, 'revoked');
    const server = fakeServer({ '/api/uploads/41': () => refusal('UNAUTHENTICATED', {}, 401) });
    const { client, toast, goToLogin } = setup(server.fetch);
    await expect(client.fetchFile('/api/uploads/41')).rejects.toMatchObject({ httpStatus: 401 });
    expect(localStorage.length).toBe(0);
    expect(toast).toHaveBeenCalledWith('Your session has ended. Please sign in again.', TOAST_DURATION_MS);
    await vi.advanceTimersByTimeAsync(UNAUTHORIZED_REDIRECT_MS);
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  it('reports a network failure as such', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { client, toast } = setup(failing);
    await expect(client.call('/x')).rejects.toMatchObject({ code: 'NETWORK' });
    expect(toast).toHaveBeenCalledWith(
      'No connection to the server. Check your network and try again.',
      TOAST_DURATION_MS,
    );
  });
});
