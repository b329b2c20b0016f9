import {
  type LedgerHead,
  userApi,
  type DataOf,
  type ErrorCode,
  type ErrorParamsArgument,
  type RequestOf,
  type UploadData,
  type UserApi,
} from '@beurs/contract';
import type { LEDGER_HEAD_PATH, UPLOAD_PATH, UPLOADED_FILES_PATH } from '@beurs/contract/paths';
import { API_BASE_PATH } from '@beurs/contract/paths';
import { vi } from 'vitest';

// A stand-in for fetch in component tests: answers the calls the screens make, records each
// request (path, headers, body) so a test can assert what was or was not sent.
//
// Fixtures are typed by endpoint (a handler for '/cashOut/rules' must answer that call's data, as
// the contract's UserApi table says) and every answer is checked against the endpoint's response
// schema when it is sent: a fixture that drifts from the contract fails the test that uses it.
// (Tests may load zod; the app's bundle may not.)

/** A user call's path. */
export type ApiPath = keyof UserApi;
/** The answer data of the call at `Path`: annotate a fixture with it. */
export type Data<Path extends ApiPath> = DataOf<UserApi[Path]>;

export type Recorded = { path: string; method: string; headers: Record<string, string>; body: unknown };

type Json = { status?: number; json: unknown };
/** A success envelope with the data of one call. */
export type Ok<T> = { status?: number; json: { status: 1; msg: ''; data: T } };
/** A refusal envelope (any HTTP status). */
export type Refusal = {
  status?: number;
  json: { status: 0; msg: string; code: string; params: object; requestId?: string };
};
/** Raw bytes: a private file such as an uploaded photo. */
export type FileAnswer = { status?: number; bytes: Blob };

type Answers<T> = Ok<T> | Refusal | FileAnswer;
/** Answers at once, or later (a promise) to hold a screen in its loading state. */
type Handler<Body, T> = (body: Body, headers: Record<string, string>) => Answers<T> | Promise<Answers<T>>;

/** One handler per call, typed by the contract; uploads and private files by their own paths. */
export type Handlers = {
  [Path in ApiPath]?: Handler<RequestOf<UserApi[Path]>, Data<Path>>;
} & {
  [UPLOAD_PATH]?: Handler<Blob, UploadData>;
} & {
  [File: `${typeof UPLOADED_FILES_PATH}/${string}`]: Handler<undefined, never>;
} & {
  [LEDGER_HEAD_PATH]?: Handler<undefined, LedgerHead>;
};

/** A fixture whose data the contract's response schema refuses. */
export class FixtureDriftError extends Error {}

/** Drift seen since the last `takeDrift()`: the test setup fails a test that answered any. */
const driftSeen: FixtureDriftError[] = [];
export const takeDrift = (): FixtureDriftError[] => driftSeen.splice(0);

const isApiPath = (path: string): path is ApiPath => Object.hasOwn(userApi, path);

/** Checks a success answer against the response schema of the call at `path`. */
export function checkAnswer(path: string, answer: Json): void {
  const envelope = answer.json as { status?: unknown; data?: unknown };
  if (envelope?.status !== 1 || !isApiPath(path)) return;
  const checked = userApi[path].data.safeParse(envelope.data);
  if (!checked.success) {
    throw new FixtureDriftError(
      `the fixture for ${path} does not match the contract: ${checked.error.issues
        .map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`)
        .join('; ')}`,
    );
  }
}

export function fakeServer(handlers: Handlers) {
  const requests: Recorded[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(new RegExp(`^${API_BASE_PATH}`), '');
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    // JSON bodies are parsed; raw uploads (a Blob) are recorded as they were sent.
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? undefined);
    requests.push({ path, method: init?.method ?? 'GET', headers, body });
    const handler = (handlers as Record<string, Handler<unknown, unknown> | undefined>)[path];
    const answer: Answers<unknown> = handler
      ? await handler(body, headers)
      : { status: 404, json: { status: 0, code: 'NOT_FOUND', msg: 'NOT_FOUND', params: {} } };
    if ('bytes' in answer) {
      return new Response(answer.bytes, {
        status: answer.status ?? 200,
        headers: { 'content-type': answer.bytes.type || 'application/octet-stream' },
      });
    }
    try {
      checkAnswer(path, answer);
    } catch (error) {
      // Kept for the test setup to see even where the screen swallows the failed call.
      if (error instanceof FixtureDriftError) driftSeen.push(error);
      throw error;
    }
    return new Response(JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetch: fetchMock, requests };
}

/** Raw bytes, e.g. a stored JPEG served by `GET /api/uploads/{id}`. */
export const file = (bytes: Blob, status = 200): FileAnswer => ({ status, bytes });

export const ok = <T>(data: T): Ok<T> => ({ json: { status: 1, msg: '', data } });

/** A catalogued refusal with the parameters its code takes, and its HTTP status (200 unless given). */
export const refusal = <Code extends ErrorCode>(
  code: Code,
  ...rest: [...ErrorParamsArgument<Code>, status?: number]
): Refusal => {
  const [params = {}, status = 200] = rest as unknown as [object?, number?];
  return { status, json: { status: 0, msg: code, code, params, requestId: 'test' } };
};

/** A refusal with a code this app does not know (a newer server). */
export const unknownRefusal = (code: string): Refusal => ({
  json: { status: 0, msg: code, code, params: {} },
});

export const configEntries = (mode: 'demo' | 'live'): Data<'/common/config'> => [
  { name: 'kefu', value: 'https://support.example/chat' },
  { name: 'title', value: 'Beurs' },
  { name: 'logo', value: '' },
  { name: 'mode', value: mode },
  { name: 'operatorName', value: mode === 'live' ? 'Example Bank NV' : '' },
  { name: 'licence', value: mode === 'live' ? 'FSMA 12345' : '' },
];
