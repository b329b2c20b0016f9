import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/build-app';
import { testConfig } from '../config';
import type { SignedHead } from '../ledger/ledger-publication';
import { verifierFromText } from '../ledger/ledger-signing';
import { verifyLedger } from '../ledger/ledger-verify';
import { adminLogin } from '../modules/staff-auth/admin-test-support';
import { createChannel, depositAndApprove, readyDepositor } from '../modules/deposits/deposit-test-support';

// Issue 12, item 1: once a day the jobs runner writes the signed chain head to a file outside the
// database; ledger:verify --checkpoint accepts it while the journal extends it, and refuses a file
// whose head was edited (its signature no longer holds).

let testApp: TestApp;
let directory: string;

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'beurs-checkpoints-'));
  testApp = await buildTestApp({ config: { ledger: { ...testConfig().ledger, checkpointDir: directory } } });
});
afterAll(async () => {
  await testApp.close();
  rmSync(directory, { recursive: true, force: true });
});

const files = () => readdirSync(directory).filter((name) => name.endsWith('.json'));

describe('the daily checkpoint', () => {
  it('writes a signed head that ledger:verify checks against the journal', async () => {
    const admin = await adminLogin(testApp);
    const user = await readyDepositor(testApp, admin);
    await depositAndApprove(testApp, user, admin, await createChannel(testApp, admin), '55.00');
    await testApp.app.services.ledger.seal(testApp.database.db);

    await testApp.app.jobs.runDue(); // the runner opens: the first checkpoint is due a day later
    expect(files()).toEqual([]);
    testApp.clock.advance(24 * 3_600_000);
    await testApp.app.jobs.runDue();
    expect(files()).toHaveLength(1);
    const head = JSON.parse(readFileSync(join(directory, files()[0] ?? ''), 'utf8')) as SignedHead;
    expect(head).toMatchObject({
      format: 'beurs-ledger-head-v1',
      publicKey: expect.stringMatching(/^ed25519:/),
    });
    expect(Number(head.sequence)).toBeGreaterThan(0);
    expect(files()[0]).toBe(`ledger-head-${head.time.slice(0, 10)}-${head.sequence}.json`);

    const verifier = verifierFromText(head.publicKey);
    const verify = (checkpoint: SignedHead) =>
      verifyLedger(testApp.database.db, { verifier, checkpoints: [checkpoint] });
    expect((await verify(head)).breaches).toEqual([]);

    const edited = { ...head, sequence: String(Number(head.sequence) - 1) };
    expect((await verify(edited)).breaches).toEqual([
      {
        check: 'published head',
        detail: `head #${edited.sequence} of ${head.time}: not signed by the ledger key ${head.publicKey}`,
      },
    ]);
  });
});
