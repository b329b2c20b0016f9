import { vi } from 'vitest';

// A stand-in for fetch in component tests: answers the calls the screens make, records each
// request (path, headers, body) so a test can assert what was or was not sent.

export type Recorded = { path: string; method: string; headers: Record<string, string>; body: unknown };
/** An answer: a JSON body, or raw bytes (a private file such as an uploaded photo). */
export type Answer = { status?: number; json: unknown } | { status?: number; bytes: Blob };
/** Answers at once, or later (a promise) to hold a screen in its loading state. */
export type Handler = (body: unknown, headers: Record<string, string>) => Answer | Promise<Answer>;

export function fakeServer(handlers: Record<string, Handler>) {
  const requests: Recorded[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api\/vue/, '');
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    // JSON bodies are parsed; raw uploads (a Blob) are recorded as they were sent.
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? undefined);
    requests.push({ path, method: init?.method ?? 'GET', headers, body });
    const handler = handlers[path];
    const answer = handler
      ? await handler(body, headers)
      : { status: 404, json: { status: 0, code: 'NOT_FOUND', msg: 'NOT_FOUND', params: {} } };
    if ('bytes' in answer) {
      return new Response(answer.bytes, {
        status: answer.status ?? 200,
        headers: { 'content-type': answer.bytes.type || 'application/octet-stream' },
      });
    }
    return new Response(JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetch: fetchMock, requests };
}

/** Raw bytes, e.g. a stored JPEG served by `GET /api/uploads/{id}`. */
export const file = (bytes: Blob, status = 200) => ({ status, bytes });

export const ok = (data: unknown) => ({ json: { status: 1, msg: '', data } });
export const refusal = (code: string, params: Record<string, unknown> = {}, status = 200) => ({
  status,
  json: { status: 0, msg: code, code, params, requestId: 'test' },
});

export const configEntries = (mode: 'demo' | 'live') => [
  { name: 'kefu', value: 'https://support.example/chat' },
  { name: 'title', value: 'Beurs' },
  { name: 'logo', value: '' },
  { name: 'mode', value: mode },
  { name: 'operatorName', value: mode === 'live' ? 'Example Bank NV' : '' },
  { name: 'licence', value: mode === 'live' ? 'FSMA 12345' : '' },
];
