import type { DataOf, Endpoint, EndpointPath, ErrorParams, RequestOf, UploadData } from '@beurs/contract';
import { IDEMPOTENCY_KEY_HEADER, UPLOAD_PATH } from '@beurs/contract/paths';
import { ApiError } from './errors';

// One typed client for every app (the mobile app now, the back-office next): POST JSON under a
// base path with the session's headers, a time limit, and the answer envelope unwrapped:
// `{status: 1, data}` answers `data`, anything else rejects with an ApiError carrying the
// catalogue code and its parameters. The request and answer types come from the contract's
// endpoint table (`UserApi`, `AdminApi`), which is imported as types only: no zod at run time.

export const API_TIMEOUT_MS = 10_000;

export type ApiClientOptions = {
  /** `API_BASE_PATH` or `ADMIN_API_BASE_PATH` of `@beurs/contract/paths`. */
  basePath: string;
  fetch: typeof fetch;
  /** The session's headers, read at each call (`userSessionHeaders`, `staffSessionHeaders`). */
  sessionHeaders: () => Record<string, string>;
  timeoutMs?: number;
  /** On HTTP 401 (the session ended), before the call rejects. */
  onUnauthorized?: () => void;
  /** On a failure the caller did not ask to keep quiet, and on every HTTP 401. */
  onFailure?: (error: ApiError) => void;
};

export type CallOptions = {
  /** No `onFailure` (no message): the caller shows the problem itself. HTTP 401 is never quiet. */
  quiet?: boolean;
  /** Extra headers. */
  headers?: Record<string, string>;
  /** Sends the `idempotency-key` header (money-moving calls). */
  idempotencyKey?: string;
};

type PathIn<Api> = Extract<keyof Api, EndpointPath>;
type EndpointAt<Api, Path extends PathIn<Api>> = Api[Path] extends Endpoint ? Api[Path] : never;

/** The body is optional exactly when the endpoint accepts no body. */
type BodyArguments<E extends Endpoint> =
  undefined extends RequestOf<E>
    ? [body?: RequestOf<E>, options?: CallOptions]
    : [body: RequestOf<E>, options?: CallOptions];

type Envelope = { status?: unknown; data?: unknown; code?: unknown; msg?: unknown; params?: unknown };

export function createApiClient<Api extends object>(options: ApiClientOptions) {
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;

  async function withTimeout<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let hasTimedOut = false;
    const timer = globalThis.setTimeout(() => {
      hasTimedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      return await run(controller.signal);
    } catch {
      throw new ApiError(hasTimedOut ? 'TIMEOUT' : 'NETWORK');
    } finally {
      globalThis.clearTimeout(timer);
    }
  }

  function refusalOf(response: Response, json: Envelope | null): ApiError {
    const code =
      typeof json?.code === 'string'
        ? json.code
        : typeof json?.msg === 'string' && json.msg
          ? json.msg
          : `HTTP_${response.status}`;
    const params = json?.params && typeof json.params === 'object' ? (json.params as ErrorParams) : {};
    return new ApiError(code, params, response.status);
  }

  function fail(error: unknown, isQuiet: boolean): never {
    const apiError = error instanceof ApiError ? error : new ApiError('NETWORK');
    if (apiError.httpStatus === 401) options.onUnauthorized?.();
    if (!isQuiet || apiError.httpStatus === 401) options.onFailure?.(apiError);
    throw apiError;
  }

  async function post(
    path: string,
    body: BodyInit,
    headers: Record<string, string>,
    callOptions: CallOptions,
  ) {
    try {
      const { response, json } = await withTimeout(async (signal) => {
        const response = await options.fetch(options.basePath + path, {
          method: 'POST',
          headers: {
            ...options.sessionHeaders(),
            ...headers,
            ...(callOptions.idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: callOptions.idempotencyKey } : {}),
            ...callOptions.headers,
          },
          body,
          signal,
        });
        const json = (await response.json().catch(() => null)) as Envelope | null;
        return { response, json };
      });
      if (response.status === 401) throw new ApiError('UNAUTHENTICATED', {}, 401);
      if (response.ok && json?.status === 1) return json.data;
      throw refusalOf(response, json);
    } catch (error) {
      return fail(error, callOptions.quiet ?? false);
    }
  }

  /**
   * Calls the endpoint at `target` (its path, or the endpoint itself) with `body`; answers its
   * `data`, typed by the contract. Rejects with an ApiError.
   */
  async function call<Path extends PathIn<Api>>(
    target: Path | { readonly path: Path },
    ...[body, callOptions = {}]: BodyArguments<EndpointAt<Api, Path>>
  ): Promise<DataOf<EndpointAt<Api, Path>>> {
    const path = typeof target === 'string' ? target : target.path;
    const json = JSON.stringify(body ?? {});
    return (await post(path, json, { 'content-type': 'application/json' }, callOptions)) as DataOf<
      EndpointAt<Api, Path>
    >;
  }

  /** Uploads a file's raw bytes (`UPLOAD_PATH`, application/octet-stream); answers its id and size. */
  async function upload(bytes: Blob, callOptions: CallOptions = {}): Promise<UploadData> {
    const headers = { 'content-type': 'application/octet-stream' };
    return (await post(UPLOAD_PATH, bytes, headers, callOptions)) as UploadData;
  }

  /**
   * Fetches a private file (`GET /api/uploads/{id}`) with the session headers and answers its
   * bytes. Quiet: the screen shows its own message; HTTP 401 still ends the session.
   */
  async function fetchFile(url: string): Promise<Blob> {
    try {
      const { response, bytes } = await withTimeout(async (signal) => {
        const response = await options.fetch(url, {
          method: 'GET',
          headers: options.sessionHeaders(),
          signal,
        });
        return { response, bytes: await response.blob() };
      });
      if (response.status === 401) throw new ApiError('UNAUTHENTICATED', {}, 401);
      // A refusal (UPLOAD_NOT_FOUND: not yours or gone) is the JSON envelope, often with HTTP 200.
      const isEnvelope = /^application\/json/i.test(response.headers.get('content-type') ?? '');
      if (response.ok && !isEnvelope) return bytes;
      const json = isEnvelope
        ? await bytes
            .text()
            .then((text) => JSON.parse(text) as Envelope)
            .catch(() => null)
        : null;
      throw new ApiError(
        typeof json?.code === 'string' ? json.code : `HTTP_${response.status}`,
        {},
        response.status,
      );
    } catch (error) {
      return fail(error, true);
    }
  }

  return { call, upload, fetchFile };
}

export type ApiClient<Api extends object> = ReturnType<typeof createApiClient<Api>>;
