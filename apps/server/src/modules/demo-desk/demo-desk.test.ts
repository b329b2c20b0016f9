import { barWithdrawals } from '../restrictions/withdrawal-bar-test-support';
import { sql } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config';
import { verifyLedger } from '../../ledger/ledger-verify';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { callWithKey } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { uploadSample, VALID_NATIONAL_NUMBER } from '../uploads/upload-test-support';
import { FUND_PASSWORD, fundedUser } from '../withdrawals/withdrawal-test-support';
import { DEMO_DESK_APPROVAL_REASON } from './demo-desk.service';

// The demo desk decides each kind of submission a short delay after it arrives, through the same
// review services and checks as a person, audited with its own account; it rejects what a person
// would reject with the catalogued reason; DEMO_DESK=off decides nothing; in live mode (a fake
// vendor on localhost) it has no account, an existing one is disabled at start, and a decision it
// tries is refused and logged.

type User = { token: string; account: string };
const DELAY_SECONDS = 10;
const deskOn = { demoDesk: { isOn: true, delaySeconds: DELAY_SECONDS } } satisfies Partial<Config>;

async function submitIdentity(testApp: TestApp, user: User, documentNumber = VALID_NATIONAL_NUMBER) {
  const response = await call(
    testApp.app,
    '/information/submitAuth',
    {
      realname: 'Lotte Janssens',
      documentType: 'be_national_register',
      documentNumber,
      frontImageId: await uploadSample(testApp, user),
      backImageId: await uploadSample(testApp, user),
    },
    user,
  );
  expect(response.json().status).toBe(1);
}

const authInfo = async (testApp: TestApp, user: User) =>
  (await call(testApp.app, '/information/authInfo', undefined, user)).json().data;

/** Moves the clock past the desk's delay and runs what is due; answers how many jobs ran. */
async function afterTheDelay(testApp: TestApp): Promise<number> {
  testApp.clock.advance(DELAY_SECONDS * 1_000);
  return testApp.app.jobs.runDue();
}

async function auditOf(testApp: TestApp, admin: StaffHeaders, targetType: string, targetId: string) {
  const log = await callAdmin(testApp, '/audit/list', { targetType, targetId, pageSize: 10 }, admin);
  return log.json().data.items as Array<{ action: string; reason: string; staffUsername: string }>;
}

async function demoChannel(testApp: TestApp, user: User, currency = 'EUR') {
  const channels = (await call(testApp.app, '/recharge/channels', {}, user)).json().data.channels as Array<{
    id: string;
    kind: string;
    currency: string;
    collectionAccount: string;
  }>;
  const channel = channels.find((candidate) => candidate.kind === 'demo' && candidate.currency === currency);
  if (!channel) throw new Error(`no demo channel in ${JSON.stringify(channels)}`);
  return channel;
}

async function announceDeposit(testApp: TestApp, user: User, amount: string) {
  await call(
    testApp.app,
    '/information/scamCheck',
    { trigger: 'first_deposit', wasToldByOnlineContact: false },
    user,
  );
  const proofImageId = await uploadSample(testApp, user);
  const channel = await demoChannel(testApp, user);
  const response = await callWithKey(
    testApp,
    '/recharge/submit',
    { channelId: channel.id, amount, proofImageId },
    user,
  );
  expect(response.json().status).toBe(1);
  return { id: response.json().data.id as string, proofImageId };
}

const depositsOf = async (testApp: TestApp, user: User) =>
  (await call(testApp.app, '/recharge/list', { page: 1, pageSize: 10 }, user)).json().data.items as Array<{
    id: string;
    state: string;
    reason: string;
    decidedBy: string | null;
  }>;

const availableEur = async (testApp: TestApp, user: User) =>
  (await call(testApp.app, '/user/getUserinfo', undefined, user)).json().data.balances[0].available as string;

describe('the demo desk, on (demo mode)', () => {
  let testApp: TestApp;
  let admin: StaffHeaders;
  beforeAll(async () => {
    testApp = await buildTestApp({ config: deskOn });
    admin = await adminLogin(testApp);
  });
  afterAll(() => testApp.close());

  it('has its own staff account, which nobody can sign in to, and a demo channel per currency', async () => {
    expect(testApp.firstStart.demoDesk).toEqual({ state: 'on', delaySeconds: DELAY_SECONDS });
    const staff = (await callAdmin(testApp, '/staff/list', { pageSize: 50 }, admin)).json().data.items;
    expect(staff).toContainEqual(
      expect.objectContaining({ username: 'demo_desk', role: 'demo_desk', disabledAt: null }),
    );
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      payload: { username: 'demo_desk', password: '!the demo desk never signs in' },
    });
    expect(login.json()).toMatchObject({ status: 0, code: 'WRONG_CREDENTIALS' });

    const user = await signUp(testApp);
    for (const currency of ['EUR', 'USD']) {
      const channel = await demoChannel(testApp, user, currency);
      expect(channel.collectionAccount).toBe('DEMO - NO REAL MONEY');
    }
    // Listed for staff with the disabled ones too.
    const listed = (await callAdmin(testApp, '/deposit-channels/list', { pageSize: 50 }, admin)).json().data;
    expect(listed.items.filter((channel: { kind: string }) => channel.kind === 'demo')).toHaveLength(2);
  });

  it('approves an identity after the delay, audited as the desk, and tells the user who decided', async () => {
    const user = await signUp(testApp);
    await submitIdentity(testApp, user);
    expect(await testApp.app.jobs.runDue()).toBe(0); // not before the delay
    expect((await authInfo(testApp, user)).state).toBe('under_review');

    expect(await afterTheDelay(testApp)).toBeGreaterThanOrEqual(1);
    const info = await authInfo(testApp, user);
    expect(info).toMatchObject({ state: 'authenticated', reviewedBy: 'demo_desk', reason: '' });

    const list = await callAdmin(testApp, '/identity/list', { state: 'authenticated', pageSize: 100 }, admin);
    const item = list.json().data.items.find((entry: { account: string }) => entry.account === user.account);
    expect(await auditOf(testApp, admin, 'identity_submission', item.id)).toEqual([
      expect.objectContaining({
        action: 'identity.approve',
        staffUsername: 'demo_desk',
        reason: DEMO_DESK_APPROVAL_REASON,
      }),
    ]);
  });

  it('rejects an ID number that fails its check with the catalogued reason', async () => {
    const user = await signUp(testApp);
    await submitIdentity(testApp, user);
    // A submission a person would reject: the stored number no longer passes its check digits.
    await testApp.database.db.execute(
      sql`update identity_submissions set document_number = '85073003327'
          where user_id = (select id from users where account = ${user.account})`,
    );
    await afterTheDelay(testApp);
    expect(await authInfo(testApp, user)).toMatchObject({
      state: 'failed',
      reason: 'ID_NUMBER_CHECK_FAILED',
      reviewedBy: 'demo_desk',
    });
  });

  it('credits a deposit with its proof, and rejects one whose proof is missing', async () => {
    const user = await signUp(testApp);
    await submitIdentity(testApp, user);
    await afterTheDelay(testApp);

    const credited = await announceDeposit(testApp, user, '250.00');
    expect(await availableEur(testApp, user)).toBe('0.00');
    await afterTheDelay(testApp);
    expect(await availableEur(testApp, user)).toBe('250.00');
    expect((await depositsOf(testApp, user))[0]).toMatchObject({
      id: credited.id,
      state: 'approved',
      decidedBy: 'demo_desk',
    });
    expect(await auditOf(testApp, admin, 'deposit', credited.id)).toEqual([
      expect.objectContaining({ action: 'deposit.approve', staffUsername: 'demo_desk' }),
    ]);

    const missing = await announceDeposit(testApp, user, '100.00');
    const result = (await testApp.database.db.execute(
      sql`select storage_key from uploads where id = ${BigInt(missing.proofImageId)}`,
    )) as unknown as { rows: Array<{ storage_key: string }> };
    const [upload] = result.rows;
    await unlink(join(testApp.app.config.uploadsDir, upload?.storage_key ?? ''));
    await afterTheDelay(testApp);
    expect((await depositsOf(testApp, user))[0]).toMatchObject({
      id: missing.id,
      state: 'rejected',
      reason: 'DEPOSIT_PROOF_MISSING',
      decidedBy: 'demo_desk',
    });
    expect(await availableEur(testApp, user)).toBe('250.00');
    expect(await auditOf(testApp, admin, 'deposit', missing.id)).toEqual([
      expect.objectContaining({ action: 'deposit.reject', reason: 'DEPOSIT_PROOF_MISSING' }),
    ]);
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });

  it('pays out a withdrawal, and rejects one whose rules no longer hold, returning the hold', async () => {
    // Set up by staff (the desk's jobs for these find them decided and leave them).
    const user = await fundedUser(testApp, admin, '1000.00');
    await afterTheDelay(testApp);
    const withdraw = (amount: string) =>
      callWithKey(
        testApp,
        '/cashOut/submit',
        { currency: 'EUR', amount, cardId: user.cardId, fundPassword: FUND_PASSWORD },
        user,
      );
    const withdrawals = async () =>
      (await call(testApp.app, '/cashOut/list', { page: 1, pageSize: 10 }, user)).json().data.items;

    const paid = (await withdraw('300.00')).json().data;
    await afterTheDelay(testApp);
    expect((await withdrawals())[0]).toMatchObject({
      id: paid.id,
      state: 'approved',
      decidedBy: 'demo_desk',
    });
    expect(await availableEur(testApp, user)).toBe('700.00');

    const barred = (await withdraw('200.00')).json().data;
    expect(await availableEur(testApp, user)).toBe('500.00');
    await barWithdrawals(
      testApp,
      { proposer: await createStaff(testApp, admin, 'support'), approver: admin },
      user.account,
      {
        barReason: 'suspected_account_takeover',
        note: 'checking the payout card',
      },
    );
    await afterTheDelay(testApp);
    expect((await withdrawals())[0]).toMatchObject({
      id: barred.id,
      state: 'rejected',
      reason: 'WITHDRAWAL_RULES_NOT_MET',
      decidedBy: 'demo_desk',
    });
    expect(await availableEur(testApp, user)).toBe('700.00');
    expect(await auditOf(testApp, admin, 'withdrawal', barred.id)).toEqual([
      expect.objectContaining({ action: 'withdrawal.reject', staffUsername: 'demo_desk' }),
    ]);
    expect((await verifyLedger(testApp.database.db)).breaches).toEqual([]);
  });
});

describe('the demo desk, off (DEMO_DESK=off)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ config: { demoDesk: { isOn: false, delaySeconds: DELAY_SECONDS } } });
  });
  afterAll(() => testApp.close());

  it('decides nothing and has no account; the demo channels are there for staff to practise on', async () => {
    expect(testApp.firstStart.demoDesk).toEqual({ state: 'off' });
    const user = await signUp(testApp);
    await submitIdentity(testApp, user);
    testApp.clock.advance(10 * DELAY_SECONDS * 1_000);
    await testApp.app.jobs.runDue();
    expect((await authInfo(testApp, user)).state).toBe('under_review');
    const admin = await adminLogin(testApp);
    const staff = (await callAdmin(testApp, '/staff/list', { pageSize: 50 }, admin)).json().data.items;
    expect(staff.map((member: { role: string }) => member.role)).not.toContain('demo_desk');
    expect((await demoChannel(testApp, user)).collectionAccount).toBe('DEMO - NO REAL MONEY');
  });
});

describe('the demo desk in live mode (a fake vendor on localhost)', () => {
  let vendor: Server;
  let liveConfig: Partial<Config>;
  let demo: TestApp;
  let live: TestApp;
  const logged: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString());
      done();
    },
  });

  beforeAll(async () => {
    // A vendor that answers nothing useful: the desk never needs a price.
    vendor = createServer((_request, response) => response.writeHead(404).end());
    vendor.on('upgrade', (_request, socket) => socket.destroy());
    await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
    const address = vendor.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const vendorConfig = loadConfig({
      NODE_ENV: 'test',
      MARKET_PROVIDER: 'finnhub',
      FINNHUB_API_KEY: 'test-key',
      FINNHUB_REST_URL: `http://127.0.0.1:${port}/api/v1`,
      FINNHUB_WS_URL: `ws://127.0.0.1:${port}`,
      OPERATOR_NAME: 'Test Broker NV',
      OPERATOR_LICENCE: 'FSMA 0403.227.515',
    });
    // A local vendor keeps demo mode by design; this test plays live mode on it.
    liveConfig = {
      market: vendorConfig.market,
      mode: 'live',
      operator: vendorConfig.operator,
      demoDesk: { isOn: true, delaySeconds: DELAY_SECONDS },
    };
    // First in demo mode: the desk's account exists and a submission waits for its decision.
    demo = await buildTestApp({ config: deskOn });
    live = await buildTestApp({
      config: liveConfig,
      sharedDatabase: demo.database,
      clock: demo.clock,
      logger: { level: 'info', stream: logStream },
    });
  });
  afterAll(async () => {
    await live?.close();
    await demo?.close();
    await new Promise((resolve) => vendor.close(resolve));
  });

  it('disables an existing desk account at start, audited', async () => {
    expect(live.firstStart.demoDesk).toEqual({ state: 'live' });
    const admin = await adminLogin(demo); // one staff account and session for both nodes
    const staff = (await callAdmin(live, '/staff/list', { pageSize: 50 }, admin)).json().data.items;
    const desk = staff.find((member: { role: string }) => member.role === 'demo_desk');
    expect(desk.disabledAt).not.toBeNull();
    expect(await auditOf(live, admin, 'staff', desk.id)).toEqual([
      expect.objectContaining({
        action: 'staff.disable',
        reason: 'Live mode: the demo desk cannot decide anything',
      }),
    ]);
    // No demo channel is offered in live mode.
    const user = await signUp(live);
    const channels = (await call(live.app, '/recharge/channels', {}, user)).json().data;
    expect(channels.mode).toBe('live');
    expect(channels.channels.filter((channel: { kind: string }) => channel.kind === 'demo')).toEqual([]);
  });

  it('refuses and logs a decision it tries, and decides nothing', async () => {
    // Submitted on the demo node (its job is queued), run by the live node.
    const user = await signUp(demo);
    await submitIdentity(demo, user);
    live.clock.advance(DELAY_SECONDS * 1_000);
    expect(await live.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect((await authInfo(live, user)).state).toBe('under_review');
    expect(logged.join('')).toMatch(/demo desk: decision refused \(live mode\)/);

    const list = await callAdmin(
      live,
      '/identity/list',
      { state: 'under_review', pageSize: 100 },
      await adminLogin(demo),
    );
    const item = list.json().data.items.find((entry: { account: string }) => entry.account === user.account);
    await expect(
      live.app.services.demoDesk.decide({ kind: 'identity', id: BigInt(item.id) }),
    ).rejects.toThrow(/DEMO_DESK_NOT_ALLOWED/);
    expect((await authInfo(live, user)).state).toBe('under_review');
  });

  it('never creates the account on a fresh live database', async () => {
    const fresh = await buildTestApp({ config: liveConfig });
    try {
      const admin = await adminLogin(fresh);
      const staff = (await callAdmin(fresh, '/staff/list', { pageSize: 50 }, admin)).json().data.items;
      expect(staff.map((member: { role: string }) => member.role)).not.toContain('demo_desk');
      // A live node submits nothing to the desk either.
      const user = await signUp(fresh);
      await submitIdentity(fresh, user);
      fresh.clock.advance(DELAY_SECONDS * 1_000);
      await fresh.app.jobs.runDue();
      expect((await authInfo(fresh, user)).state).toBe('under_review');
    } finally {
      await fresh.close();
    }
  });
});
