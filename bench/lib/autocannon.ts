import autocannon from 'autocannon';

export type LoadResult = {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
};

/** Runs autocannon against one POST endpoint and returns the figures we report. */
export async function load(options: {
  url: string;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  /** When given, request n is sent with the n-th header set, round robin (e.g. many users' sessions). */
  rotatingHeaders?: ReadonlyArray<Record<string, string>>;
  body?: string;
  /**
   * When given, request n is built by this function (its own headers and body: e.g. a fresh
   * idempotency key per order), and every answer's body is passed to `onBody`.
   */
  perRequest?: (sent: number) => { headers: Record<string, string>; body: string };
  onBody?: (status: number, body: string) => void;
}): Promise<LoadResult> {
  let sent = 0;
  const rotating = options.rotatingHeaders;
  const perRequest = options.perRequest;
  const result = await autocannon({
    url: options.url,
    method: 'POST',
    connections: options.connections,
    duration: options.durationSeconds,
    headers: { 'content-type': 'application/json', ...options.headers },
    body: options.body ?? '{}',
    ...(perRequest
      ? {
          requests: [
            {
              setupRequest: (request: { headers?: Record<string, string> }) => {
                const next = perRequest(sent);
                sent += 1;
                return { ...request, headers: { ...request.headers, ...next.headers }, body: next.body };
              },
              ...(options.onBody ? { onResponse: options.onBody } : {}),
            },
          ],
        }
      : rotating && rotating.length > 0
        ? {
            requests: [
              {
                setupRequest: (request: { headers?: Record<string, string> }) => {
                  const headers = rotating[sent % rotating.length]!;
                  sent += 1;
                  return { ...request, headers: { ...request.headers, ...headers } };
                },
              },
            ],
          }
        : {}),
  } as autocannon.Options);
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
