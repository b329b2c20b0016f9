import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, call, type TestApp } from '../../../test/helpers/build-app';
import { createChannel, depositAndApprove, readyDepositor } from '../deposits/deposit-test-support';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';

// The account overview is cached per node for up to a second; the ledger's "balances changed",
// published after commit, evicts it — on this node, and on the others through Redis — so the new
// balance shows at once, not a second later. The cache's clock (performance.now) is frozen here, so
// only that eviction can show the new balance: without it these tests fail, however slow the machine.

type User = { token: string; account: string };

const eurAvailable = async (testApp: TestApp, user: User) => {
  const body = (await call(testApp.app, '/user/getUserinfo', undefined, user)).json();
  return body.data.balances.find((row: { currency: string }) => row.currency === 'EUR').available as string;
};

function freezeCacheClock() {
  const frozen = performance.now();
  vi.spyOn(performance, 'now').mockReturnValue(frozen);
}
afterEach(() => {
  vi.restoreAllMocks();
});

describe('getUserinfo follows the ledger', () => {
  let testApp: TestApp;
  let admin: StaffHeaders;
  beforeAll(async () => {
    testApp = await buildTestApp();
    admin = await adminLogin(testApp);
  });
  afterAll(() => testApp.close());

  it('shows an approved deposit right away', async () => {
    const user = await readyDepositor(testApp, admin);
    const channelId = await createChannel(testApp, admin);
    freezeCacheClock();
    expect(await eurAvailable(testApp, user)).toBe('0.00'); // now cached
    await depositAndApprove(testApp, user, admin, channelId, '250.00');
    expect(await eurAvailable(testApp, user)).toBe('250.00');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('getUserinfo follows the ledger on every node (Redis)', () => {
  let first: TestApp;
  let second: TestApp;
  let admin: StaffHeaders;
  beforeAll(async () => {
    first = await buildTestApp({ config: { redisUrl } });
    second = await buildTestApp({ config: { redisUrl }, sharedDatabase: first.database, clock: first.clock });
    admin = await adminLogin(first);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('a deposit approved on node A shows on node B without waiting for its cache', async () => {
    const user = await readyDepositor(first, admin);
    const channelId = await createChannel(first, admin);
    freezeCacheClock();
    expect(await eurAvailable(second, user)).toBe('0.00'); // cached on node B
    await depositAndApprove(first, user, admin, channelId, '75.00');
    await expect.poll(() => eurAvailable(second, user), { timeout: 2_000, interval: 20 }).toBe('75.00');
  });
});
