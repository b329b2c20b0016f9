import { ADMIN_API_BASE_PATH, API_BASE_PATH, adminPaths, fundsPaths, userPaths } from '@beurs/contract/paths';
import { userEndpoints, type AdminApi, type UserApi } from '@beurs/contract';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { API_TIMEOUT_MS, createApiClient, type ApiClientOptions } from './client';
import type { ApiError } from './errors';
import { isCatalogued, isRefusal } from './errors';
import { staffSessionHeaders, userSessionHeaders } from './headers';

type Sent = { url: string; method: string; headers: Record<string, string>; body: unknown };

/** A fetch that records each request and answers with `answer(path)`. */
function fakeFetch(answer: (url: string) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body,
    });
    return answer(String(input));
  });
  return { fetchImpl, sent };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json({ status: 1, msg: '', data });
const refusal = (code: string, params: Record<string, unknown> = {}, status = 200) =>
  json({ status: 0, msg: code, code, params, requestId: 'r1' }, status);

function userClient(fetchImpl: typeof fetch, extra: Partial<ApiClientOptions> = {}) {
  const onFailure = vi.fn<(error: ApiError) => void>();
  const onUnauthorized = vi.fn();
  const client = createApiClient<UserApi>({
    basePath: API_BASE_PATH,
    fetch: fetchImpl,
    sessionHeaders: () => userSessionHeaders({ token: 'tok-1', account: '32470000001', isAdmin: '1' }),
    onFailure,
    onUnauthorized,
    ...extra,
  });
  return { client, onFailure, onUnauthorized };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('call', () => {
  it('posts JSON under the base path with the session headers and answers data', async () => {
    const { fetchImpl, sent } = fakeFetch(() =>
      ok({ token: 't', account: '32470000001', expiresAt: '2026-11-25T00:00:00.000Z' }),
    );
    const { client } = userClient(fetchImpl);
    const data = await client.call(userPaths.login, { account: '32470000001', password: 'secret-1' });
    expect(data.token).toBe('t');
    expect(sent[0]).toMatchObject({
      url: '/api/vue/user/login',
      method: 'POST',
      headers: {
        token: 'tok-1',
        account: '32470000001',
        'is-admin': '1',
        'content-type': 'application/json',
      },
    });
    expect(JSON.parse(sent[0]!.body as string)).toEqual({ account: '32470000001', password: 'secret-1' });
  });

  it('takes the endpoint itself as well as its path, and sends {} for a call without a body', async () => {
    const { fetchImpl, sent } = fakeFetch(() => ok(null));
    const { client } = userClient(fetchImpl);
    await client.call(userEndpoints.logout);
    expect(sent[0]?.url).toBe('/api/vue/user/logout');
    expect(sent[0]?.body).toBe('{}');
  });

  it('infers the request and answer types from the contract', () => {
    const { client } = userClient(fakeFetch(() => ok(null)).fetchImpl);
    type Login = ReturnType<typeof client.call<'/user/login'>>;
    expectTypeOf<Awaited<Login>>().toEqualTypeOf<{ token: string; account: string; expiresAt: string }>();
    type Withdraw = Parameters<typeof client.call<'/cashOut/submit'>>[1];
    expectTypeOf<Withdraw>().toHaveProperty('fundPassword');
    // Wrong bodies, unknown paths and a missing body do not compile.
    const never = () => {
      // @ts-expect-error -- the login body has no `phone`.
      void client.call('/user/login', { phone: '1', password: 'x' });
      // @ts-expect-error -- no such user call.
      void client.call('/user/nothing');
      // @ts-expect-error -- a withdrawal needs its body.
      void client.call(fundsPaths.cashOut);
      // @ts-expect-error -- a staff call is not a user call.
      void client.call(adminPaths.auditLog, {});
    };
    expect(never).toBeTypeOf('function');
  });

  it('sends the idempotency key and extra headers', async () => {
    const { fetchImpl, sent } = fakeFetch(() => ok({ id: '1' }));
    const { client } = userClient(fetchImpl);
    await client.call(
      fundsPaths.exchangeQuote,
      { from: 'EUR', to: 'USD', amount: '10.00' },
      { idempotencyKey: 'key-12345678', headers: { 'x-extra': 'yes' } },
    );
    expect(sent[0]?.headers).toMatchObject({ 'idempotency-key': 'key-12345678', 'x-extra': 'yes' });
  });

  it('leaves out is-admin when the session has none, and sends empty user headers when signed out', () => {
    expect(userSessionHeaders({ token: null, account: null, isAdmin: null })).toEqual({
      token: '',
      account: '',
    });
  });
});

describe('refusals', () => {
  it('rejects with the catalogue code and its parameters, typed per code', async () => {
    const { fetchImpl } = fakeFetch(() =>
      refusal('INSUFFICIENT_AVAILABLE', { currency: 'EUR', available: '12.50' }),
    );
    const { client, onFailure } = userClient(fetchImpl);
    const error = await client.call(userPaths.notice, { language: 'en' }).catch((caught: unknown) => caught);
    expect(isRefusal(error, 'INSUFFICIENT_AVAILABLE')).toBe(true);
    expect(isRefusal(error, 'WRONG_CREDENTIALS')).toBe(false);
    if (!isRefusal(error, 'INSUFFICIENT_AVAILABLE')) throw new Error('unreachable');
    expectTypeOf(error.params).toEqualTypeOf<{
      readonly currency: string | number | readonly unknown[];
      readonly available: string | number | readonly unknown[];
    }>();
    expect(error.params.available).toBe('12.50');
    expect(error.httpStatus).toBe(200);
    expect(onFailure).toHaveBeenCalledWith(error);
  });

  it('keeps a code this client does not know (a newer server), outside the catalogue', async () => {
    const { fetchImpl } = fakeFetch(() => refusal('SOMETHING_NEW'));
    const { client } = userClient(fetchImpl);
    const error = await client.call(userPaths.getUserinfo).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'SOMETHING_NEW' });
    expect(isCatalogued(error)).toBe(false);
  });

  it('names an answer without an envelope by its HTTP status', async () => {
    const { fetchImpl } = fakeFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    const { client } = userClient(fetchImpl);
    await expect(client.call(userPaths.getUserinfo)).rejects.toMatchObject({
      code: 'HTTP_502',
      httpStatus: 502,
    });
  });

  it('stays quiet on request, but never about an ended session', async () => {
    const { fetchImpl } = fakeFetch((url) =>
      url.endsWith('/user/sessions') ? refusal('UNAUTHENTICATED', {}, 401) : refusal('WRONG_CREDENTIALS'),
    );
    const { client, onFailure, onUnauthorized } = userClient(fetchImpl);
    await expect(
      client.call(userPaths.login, { account: '32470000001', password: 'x' }, { quiet: true }),
    ).rejects.toMatchObject({ code: 'WRONG_CREDENTIALS' });
    expect(onFailure).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(client.call(userPaths.sessions, {}, { quiet: true })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      httpStatus: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('gives up after the time limit as TIMEOUT', async () => {
    vi.useFakeTimers();
    const hanging = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { client, onFailure } = userClient(hanging);
    const result = client.call(userPaths.getUserinfo).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(onFailure).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ code: 'TIMEOUT', httpStatus: null });
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('reports a network failure as NETWORK', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { client } = userClient(failing);
    await expect(client.call(userPaths.getUserinfo)).rejects.toMatchObject({ code: 'NETWORK' });
  });
});

describe('files', () => {
  it('uploads raw bytes as application/octet-stream', async () => {
    const { fetchImpl, sent } = fakeFetch(() => ok({ id: '9', width: 10, height: 20 }));
    const { client } = userClient(fetchImpl);
    const bytes = new Blob([new Uint8Array([0xff, 0xd8, 0xff])]);
    await expect(client.upload(bytes)).resolves.toEqual({ id: '9', width: 10, height: 20 });
    expect(sent[0]).toMatchObject({ url: '/api/vue/upload/image', body: bytes });
    expect(sent[0]?.headers).toMatchObject({ 'content-type': 'application/octet-stream', token: 'tok-1' });
  });

  it('fetches a private file with GET and the session headers; a refusal is an ApiError, quietly', async () => {
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 7])], { type: 'image/jpeg' });
    const { fetchImpl, sent } = fakeFetch((url) =>
      url.endsWith('/41')
        ? new Response(jpeg, { headers: { 'content-type': 'image/jpeg' } })
        : url.endsWith('/42')
          ? refusal('UPLOAD_NOT_FOUND')
          : refusal('UPLOAD_NOT_FOUND', {}, 404),
    );
    const { client, onFailure } = userClient(fetchImpl);
    const bytes = await client.fetchFile('/api/uploads/41');
    expect([...new Uint8Array(await bytes.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 7]);
    expect(sent[0]).toMatchObject({ method: 'GET', body: undefined, headers: { token: 'tok-1' } });
    expect(sent[0]?.headers).not.toHaveProperty('content-type');
    await expect(client.fetchFile('/api/uploads/42')).rejects.toMatchObject({
      code: 'UPLOAD_NOT_FOUND',
      httpStatus: 200,
    });
    await expect(client.fetchFile('/api/uploads/43')).rejects.toMatchObject({
      code: 'UPLOAD_NOT_FOUND',
      httpStatus: 404,
    });
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('ends the session when a private file answers HTTP 401', async () => {
    const { fetchImpl } = fakeFetch(() => refusal('UNAUTHENTICATED', {}, 401));
    const { client, onFailure, onUnauthorized } = userClient(fetchImpl);
    await expect(client.fetchFile('/api/uploads/41')).rejects.toMatchObject({ httpStatus: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onFailure).toHaveBeenCalledTimes(1);
  });
});

describe('the back-office', () => {
  it('calls the staff API with the staff token and no user headers', async () => {
    const { fetchImpl, sent } = fakeFetch(() => ok({ total: 0, items: [] }));
    const client = createApiClient<AdminApi>({
      basePath: ADMIN_API_BASE_PATH,
      fetch: fetchImpl,
      sessionHeaders: () => staffSessionHeaders('staff-1'),
    });
    const page = await client.call(adminPaths.auditLog, { page: 1, pageSize: 10 });
    expectTypeOf(page.total).toEqualTypeOf<number>();
    expect(sent[0]?.url).toBe('/api/admin/audit/list');
    expect(sent[0]?.headers).toMatchObject({ 'staff-token': 'staff-1' });
    expect(sent[0]?.headers).not.toHaveProperty('token');
    expect(staffSessionHeaders(null)).toEqual({});
  });
});
