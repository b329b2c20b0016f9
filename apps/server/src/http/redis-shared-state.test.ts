import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { buildTestApp, call, uniqueAccount, type TestApp } from '../../test/helpers/build-app';

// With REDIS_URL, two API nodes share one login rate limit per address (real Redis; runs where
// TEST_REDIS_URL is set, as in `npm run test:pg` and CI).
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  let nodes: TestApp[] = [];
  beforeAll(async () => {
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys('beurs-rate-limit:*');
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    nodes = [
      await buildTestApp({ config: { redisUrl, rateLimits: { login: 20, register: 10 } } }),
      await buildTestApp({ config: { redisUrl, rateLimits: { login: 20, register: 10 } } }),
    ];
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
  });

  it('counts login attempts from one address across both nodes', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 22; attempt += 1) {
      const node = nodes[attempt % 2]!;
      const response = await call(node.app, '/user/login', {
        account: uniqueAccount(),
        password: 'whatever',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});
