import { defineEndpoints } from '@beurs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, call, type TestApp } from '../../test/helpers/build-app';
import { registerEndpoint } from './endpoint-route';

const { leaky: leakyEndpoint } = defineEndpoints(
  { leaky: '/test/leaky' },
  {
    leaky: {
      auth: 'public',
      summary: 'answers more than its contract declares',
      request: z.strictObject({}).nullish(),
      data: z.object({ account: z.string(), balances: z.array(z.object({ currency: z.string() })) }),
    },
  },
);

// The envelope and the transport refusals: malformed JSON, wrong types, oversize bodies, unknown
// routes and faults all answer {status: 0, code, params, requestId} with the catalogued status.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({
    beforeReady: (app) => {
      app.post('/api/vue/test/fault', async () => {
        throw new Error('secret internals at /srv/beurs/db.ts:42');
      });
      registerEndpoint(app, leakyEndpoint, async () => {
        const row = { account: '32470000001', passwordHash: '$argon2id$secret' };
        return { ...row, balances: [{ currency: 'EUR', internalAccountId: 7 }] } as never;
      });
    },
  });
});
afterAll(() => testApp.close());

describe('the API envelope', () => {
  it('answers success as {status: 1, msg: "", data} with a request id header', async () => {
    const response = await call(testApp.app, '/common/config', { type: 'all' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toMatch(/^[\w.-]+$/);
    const body = response.json();
    expect(body).toMatchObject({ status: 1, msg: '' });
    const names = body.data.map((entry: { name: string }) => entry.name);
    expect(names).toEqual(expect.arrayContaining(['kefu', 'title', 'logo', 'mode']));
  });

  it('echoes a well-formed incoming request id', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/vue/common/config',
      headers: { 'x-request-id': 'client-abc.123' },
      payload: { type: 'all' },
    });
    expect(response.headers['x-request-id']).toBe('client-abc.123');
  });

  it('refuses malformed JSON with 400 MALFORMED_JSON', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/vue/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account": "3247',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 0, msg: 'MALFORMED_JSON', code: 'MALFORMED_JSON' });
    expect(response.json().requestId).toBe(response.headers['x-request-id']);
  });

  it('refuses prototype-poisoning bodies as malformed', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/vue/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":"32470000001","password":"x","__proto__":{"isAdmin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('MALFORMED_JSON');
  });

  it('refuses wrong types with 400 VALIDATION_FAILED and says where', async () => {
    const response = await call(testApp.app, '/user/login', { account: 32470000001, password: ['x'] });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    const paths = body.params.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['/account', '/password']));
  });

  it('refuses unknown fields (strict payloads)', async () => {
    const response = await call(testApp.app, '/user/login', {
      account: '32470000001',
      password: 'x',
      role: 'admin',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('refuses bodies over 1 MB with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await call(testApp.app, '/user/login', {
      account: '32470000001',
      password: 'x'.repeat(1_100_000),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', params: { limitBytes: 1_048_576 } });
  });

  it('answers unknown routes with 404 NOT_FOUND in the envelope', async () => {
    const response = await call(testApp.app, '/no/such/route', {});
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 0, code: 'NOT_FOUND' });
  });

  it('answers faults with 500 INTERNAL_ERROR and never leaks the message or a stack', async () => {
    const response = await call(testApp.app, '/test/fault', {});
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ status: 0, code: 'INTERNAL_ERROR' });
    expect(response.body).not.toContain('secret internals');
    expect(response.body).not.toContain('db.ts');
  });

  it('answers only the fields the contract declares, however much a handler returns', async () => {
    const response = await call(testApp.app, '/test/leaky', {});
    expect(response.json()).toEqual({
      status: 1,
      msg: '',
      data: { account: '32470000001', balances: [{ currency: 'EUR' }] },
    });
    expect(response.body).not.toContain('argon2');
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/vue/user/register', '/api/vue/user/login', '/api/vue/user/getUserinfo']),
    );
  });

  it('reports health', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok', mode: 'demo' });
  });
});
