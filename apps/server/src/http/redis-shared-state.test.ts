import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { buildTestApp, call, signUp, uniqueAccount, type TestApp } from '../../test/helpers/build-app';

// Two API nodes on one database with REDIS_URL: they share the login rate limit per address, and a
// session revoked on one node is refused at once on the other (its session cache is evicted through
// Redis). Real Redis; runs where TEST_REDIS_URL is set, as in `npm run test:pg` and CI.
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('state shared between nodes through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys('beurs-rate-limit:*');
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    const config = { redisUrl, rateLimits: { login: 20, register: 1_000, account: 1_000 } };
    first = await buildTestApp({ config });
    second = await buildTestApp({ config, sharedDatabase: first.database });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('refuses on node B, at once, a session signed out on node A', async () => {
    const session = await signUp(first);
    // node B has the session cached
    expect((await call(second.app, '/user/getUserinfo', undefined, session)).statusCode).toBe(200);
    expect((await call(first.app, '/user/logout', {}, session)).json().status).toBe(1);
    await expect
      .poll(async () => (await call(second.app, '/user/getUserinfo', undefined, session)).statusCode, {
        timeout: 1_000,
        interval: 20,
      })
      .toBe(401);
  });

  it('counts login attempts from one address across both nodes', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 22; attempt += 1) {
      const node = attempt % 2 === 0 ? first : second;
      const response = await call(node.app, '/user/login', {
        account: uniqueAccount(),
        password: 'whatever',
      });
      statuses.push(response.statusCode);
    }
    // signUp above used one login of the 20
    expect(statuses.slice(0, 19).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(19)).toEqual([429, 429, 429]);
  });
});
