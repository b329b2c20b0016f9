// Direct API calls from the test (a second device), through the same envelope as the app.

export type Envelope<T> = { status: 1; msg: ''; data: T } | { status: 0; code: string; params: unknown };

export async function callApi<T>(
  baseUrl: string,
  path: string,
  body: unknown = {},
  session?: { token: string; account: string },
  userAgent = 'beurs-e2e second device',
): Promise<{ httpStatus: number; body: Envelope<T> }> {
  const response = await fetch(`${baseUrl}/api/vue${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': userAgent,
      ...(session ? { token: session.token, account: session.account } : {}),
    },
    body: JSON.stringify(body),
  });
  return { httpStatus: response.status, body: (await response.json()) as Envelope<T> };
}

export async function loginByApi(baseUrl: string, account: string, password: string, userAgent?: string) {
  const result = await callApi<{ token: string; account: string }>(
    baseUrl,
    '/user/login',
    { account, password },
    undefined,
    userAgent,
  );
  if (result.body.status !== 1) throw new Error(`login failed: ${JSON.stringify(result.body)}`);
  return { token: result.body.data.token, account: result.body.data.account };
}
