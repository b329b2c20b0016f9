import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '../../test/helpers/build-app';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminLogin } from '../modules/staff-auth/admin-test-support';
import { inlineScriptHashes } from './security-headers';

// Issue 12, item 7: security headers on every answer, no 500 for hostile input on any endpoint of
// the OpenAPI document (NUL bytes, wrong types), 404 for path tricks on static files, and
// authentication before validation (an anonymous caller learns nothing about a schema).

let testApp: TestApp;
let user: { token: string; account: string };
let staffToken: string;
beforeAll(async () => {
  testApp = await buildTestApp();
  user = await signUp(testApp);
  staffToken = (await adminLogin(testApp)).staffToken;
});
afterAll(() => testApp.close());

type Operation = {
  path: string;
  isStaff: boolean;
  isUser: boolean;
  properties: Record<string, { type?: string | string[] }>;
};

/** Every POST of the OpenAPI document with who may call it and its body's top-level properties. */
function operations(): Operation[] {
  const document = testApp.app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          security?: Array<Record<string, unknown>>;
          requestBody?: { content?: Record<string, { schema?: { properties?: Operation['properties'] } }> };
        }
      >
    >;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) => {
    const post = methods.post;
    if (!post) return [];
    const security = JSON.stringify(post.security ?? []);
    const schema = post.requestBody?.content?.['application/json']?.schema;
    return [
      {
        path,
        isStaff: security.includes('staffToken'),
        isUser: security.includes('"token"'),
        properties: schema?.properties ?? {},
      },
    ];
  });
}

const wrongValues = (type: string | string[] | undefined): unknown[] => {
  const types = Array.isArray(type) ? type : [type];
  return [
    types.includes('string') ? 12 : 'text',
    types.includes('number') || types.includes('integer') ? 'twelve' : 12.5,
    [],
    { nested: 'x' },
    ...(types.includes('boolean') ? [] : [true]),
  ];
};

function post(operation: Operation, body: unknown, isSignedIn = true) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'idempotency-key': 'fuzz-key-0001',
  };
  if (isSignedIn && operation.isUser) Object.assign(headers, { token: user.token, account: user.account });
  if (isSignedIn && operation.isStaff) headers['staff-token'] = staffToken;
  return testApp.app.inject({ method: 'POST', url: operation.path, headers, payload: JSON.stringify(body) });
}

describe('hostile input on every endpoint of the OpenAPI document', () => {
  it('covers the API', () => {
    const paths = operations().map((operation) => operation.path);
    expect(paths.length).toBeGreaterThan(50);
    // The calls where a NUL byte was seen to answer 500.
    for (const seen of [
      '/api/vue/market/watchlist/add',
      '/api/admin/audit/list',
      '/api/admin/corrections/propose',
      '/api/admin/users/restrict',
      '/api/vue/information/addBankCard',
      '/api/admin/deposit-channels/save',
    ]) {
      expect(paths).toContain(seen);
    }
  });

  it('a NUL byte in any string field answers VALIDATION_FAILED (400), never 500', async () => {
    const failures: string[] = [];
    for (const operation of operations()) {
      const names = Object.keys(operation.properties);
      // Every body carries a NUL byte (an empty one would be a valid call, e.g. logout).
      const bodies = [
        ...names.map((name) => ({ [name]: 'a\u0000b' })),
        ...(names.length > 1 ? [Object.fromEntries(names.map((name) => [name, '\u0000']))] : []),
        { ['key\u0000']: 'value' },
      ];
      for (const body of bodies) {
        const response = await post(operation, body);
        if (response.statusCode !== 400 || response.json().code !== 'VALIDATION_FAILED') {
          failures.push(
            `${operation.path} ${JSON.stringify(body)} → ${response.statusCode} ${response.body}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('wrong types in any field, or a body of the wrong shape, never answer 500', async () => {
    const failures: string[] = [];
    for (const operation of operations()) {
      const bodies: unknown[] = [[], 'text', 42, [{ a: 1 }]];
      for (const [name, property] of Object.entries(operation.properties)) {
        for (const value of wrongValues(property.type)) bodies.push({ [name]: value });
      }
      for (const body of bodies) {
        const response = await post(operation, body);
        if (response.statusCode >= 500) {
          failures.push(
            `${operation.path} ${JSON.stringify(body)} → ${response.statusCode} ${response.body}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('checks the session before the body: an anonymous caller gets 401, never a validation answer', async () => {
    const failures: string[] = [];
    for (const operation of operations().filter((entry) => entry.isUser || entry.isStaff)) {
      for (const body of [{ unexpected: 1 }, [], '\u0000']) {
        const response = await post(operation, body, false);
        if (response.statusCode !== 401 || response.json().code !== 'UNAUTHENTICATED') {
          failures.push(`${operation.path} → ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('static files', () => {
  it.each([
    '/api/static/%00',
    '/api/static/logo.svg%00.png',
    '/api/static/../../package.json',
    '/api/static/..%2f..%2fpackage.json',
    '/api/static/%2e%2e/%2e%2e/src/app.ts',
    '/%2e%2e/%2e%2e/package.json',
    '/..%5c..%5cpackage.json',
    '/api/static/..%5c..%5cpackage.json',
    '/api/static/a%5cb',
    '/%00',
    '/api/static/%E0%A4%A',
    '/api/uploads/%00',
  ])('answers 404 NOT_FOUND to %s', async (url) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 0, code: 'NOT_FOUND' });
  });

  it('refuses a path trick on private uploads as an unknown upload', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/uploads/..%2f..%2fpackage.json',
      headers: { token: user.token, account: user.account },
    });
    expect(response.json()).toMatchObject({ status: 0, code: 'UPLOAD_NOT_FOUND' });
  });

  it('still serves a real static file', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/static/logo.svg' });
    expect(response.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  const answers = () =>
    Promise.all([
      testApp.app.inject({ method: 'POST', url: '/api/vue/common/config', payload: { type: 'all' } }),
      testApp.app.inject({ method: 'POST', url: '/api/vue/user/getUserinfo' }),
      testApp.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      testApp.app.inject({ method: 'GET', url: '/api/static/logo.svg' }),
      testApp.app.inject({ method: 'GET', url: '/api/docs' }),
      testApp.app.inject({ method: 'GET', url: '/api/health' }),
    ]);

  it('sends the CSP, frame, referrer and sniffing headers on every answer', async () => {
    for (const response of await answers()) {
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      // The built app's own inline scripts are allowed by hash only, when the app is built.
      expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')*;/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('allows exactly the inline scripts of the built index.html, by their SHA-256', () => {
    const html = join(mkdtempSync(join(tmpdir(), 'beurs-csp-')), 'index.html');
    writeFileSync(
      html,
      '<script type="module" src="./assets/app.js"></script><script>console.log(1)</script><script> </script>',
    );
    // sha256("console.log(1)") in base64, as a browser computes it for the CSP.
    expect(inlineScriptHashes(html)).toEqual(["'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='"]);
    expect(inlineScriptHashes(join(tmpdir(), 'no-such-dir', 'index.html'))).toEqual([]);
  });

  it('adds HSTS when configured for a deployment behind TLS', async () => {
    const behindTls = await buildTestApp({ config: { hstsMaxAgeSeconds: 31_536_000 } });
    try {
      const response = await behindTls.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await behindTls.close();
    }
  });
});
