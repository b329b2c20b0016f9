import type { ErrorParams } from '@beurs/contract';
import { readSession, type SessionStorage } from '../session/storage';

// The one API client (DESIGN.md §2 "App", spec sections 7–9): POST JSON under /api/vue, 10 s
// timeout, headers token/account/is-admin from the session, a translated toast for 2 s on any
// refusal, and on HTTP 401: clear local storage, then go to /login/login after 2 s.

export const API_TIMEOUT_MS = 10_000;
export const TOAST_DURATION_MS = 2_000;
export const UNAUTHORIZED_REDIRECT_MS = 2_000;

/** A refused or failed call. `code` is a catalogue code, or NETWORK/TIMEOUT/HTTP_<status>. */
export class ApiError extends Error {
  readonly code: string;
  readonly params: ErrorParams;
  readonly httpStatus: number | null;

  constructor(code: string, params: ErrorParams = {}, httpStatus: number | null = null) {
    super(code);
    this.name = 'ApiError';
    this.code = code;
    this.params = params;
    this.httpStatus = httpStatus;
  }
}

export type ApiClientOptions = {
  basePath: string;
  fetch: typeof fetch;
  storage: SessionStorage;
  /** Shows a message for `durationMs`. */
  toast: (message: string, durationMs: number) => void;
  /** Translates a refusal code with its parameters (numbers formatted as money). */
  describeError: (error: ApiError) => string;
  /** Goes to the login screen. */
  goToLogin: () => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  timeoutMs?: number;
};

export type CallOptions = {
  /** No toast on failure: the caller shows the problem itself. */
  quiet?: boolean;
  /** Extra headers, e.g. `idempotency-key` on money-moving calls. */
  headers?: Record<string, string>;
  /** Sends these bytes as `application/octet-stream` instead of the JSON body (uploads). */
  rawBody?: Blob;
};

type Body = { status?: unknown; data?: unknown; code?: unknown; msg?: unknown; params?: unknown };

export function createApiClient(options: ApiClientOptions) {
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  let redirectPending = false;

  function headers(): Record<string, string> {
    const session = readSession(options.storage);
    const result: Record<string, string> = { 'content-type': 'application/json' };
    result.token = session.token ?? '';
    result.account = session.account ?? '';
    if (session.isAdmin !== null) result['is-admin'] = session.isAdmin;
    return result;
  }

  function onUnauthorized() {
    options.storage.clear();
    if (redirectPending) return;
    redirectPending = true;
    options.setTimeout(() => {
      redirectPending = false;
      options.goToLogin();
    }, UNAUTHORIZED_REDIRECT_MS);
  }

  async function send(
    path: string,
    body: unknown,
    callOptions: CallOptions,
  ): Promise<{ response: Response; json: Body | null }> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = globalThis.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const response = await options.fetch(options.basePath + path, {
        method: 'POST',
        headers: {
          ...headers(),
          ...(callOptions.rawBody ? { 'content-type': 'application/octet-stream' } : {}),
          ...callOptions.headers,
        },
        body: callOptions.rawBody ?? JSON.stringify(body ?? {}),
        signal: controller.signal,
      });
      const json = (await response.json().catch(() => null)) as Body | null;
      return { response, json };
    } catch {
      throw new ApiError(timedOut ? 'TIMEOUT' : 'NETWORK');
    } finally {
      globalThis.clearTimeout(timer);
    }
  }

  async function call<T>(path: string, body?: unknown, callOptions: CallOptions = {}): Promise<T> {
    try {
      const { response, json } = await send(path, body, callOptions);
      if (response.status === 401) {
        onUnauthorized();
        throw new ApiError('UNAUTHENTICATED', {}, 401);
      }
      if (response.ok && json?.status === 1) return json.data as T;
      const code =
        typeof json?.code === 'string'
          ? json.code
          : typeof json?.msg === 'string' && json.msg
            ? json.msg
            : `HTTP_${response.status}`;
      const params = json?.params && typeof json.params === 'object' ? (json.params as ErrorParams) : {};
      throw new ApiError(code, params, response.status);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError('NETWORK');
      if (!callOptions.quiet || apiError.httpStatus === 401) {
        options.toast(options.describeError(apiError), TOAST_DURATION_MS);
      }
      throw apiError;
    }
  }

  /**
   * Fetches a private file (an uploaded photo, `GET /api/uploads/{id}`) with the session headers and
   * answers its bytes. Quiet: the screen shows its own message; HTTP 401 still signs out.
   */
  async function fetchFile(url: string): Promise<Blob> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = globalThis.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    let response: Response;
    let bytes: Blob;
    try {
      const sessionHeaders = headers();
      delete sessionHeaders['content-type'];
      response = await options.fetch(url, {
        method: 'GET',
        headers: sessionHeaders,
        signal: controller.signal,
      });
      bytes = await response.blob();
    } catch {
      throw new ApiError(timedOut ? 'TIMEOUT' : 'NETWORK');
    } finally {
      globalThis.clearTimeout(timer);
    }
    if (response.status === 401) {
      onUnauthorized();
      options.toast(options.describeError(new ApiError('UNAUTHENTICATED', {}, 401)), TOAST_DURATION_MS);
      throw new ApiError('UNAUTHENTICATED', {}, 401);
    }
    // A refusal (UPLOAD_NOT_FOUND: not yours or gone) is the JSON envelope, often with HTTP 200.
    const isEnvelope = /^application\/json/i.test(response.headers.get('content-type') ?? '');
    if (response.ok && !isEnvelope) return bytes;
    const json = isEnvelope
      ? await bytes
          .text()
          .then((text) => JSON.parse(text) as Body)
          .catch(() => null)
      : null;
    const code = typeof json?.code === 'string' ? json.code : `HTTP_${response.status}`;
    throw new ApiError(code, {}, response.status);
  }

  return { call, fetchFile };
}

export type ApiClient = ReturnType<typeof createApiClient>;
