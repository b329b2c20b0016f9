import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from './config';
import { cryptoRandom } from './core/random';
import { verifyPassword } from './core/passwords';
import { runFirstStart } from './first-start';
import { firstStaffUser } from './modules/staff/staff.repository';
import { buildTestApp, type TestApp } from '../test/helpers/build-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ config: { initialStaffPassword: 'initial-staff-pass' } });
});
afterAll(() => testApp.close());

describe('first start', () => {
  it('creates a staff account and an invitation code on an empty database', async () => {
    expect(testApp.firstStart.invitationCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(testApp.firstStart.staff).toEqual({ username: 'admin', password: 'initial-staff-pass' });
    const staff = await firstStaffUser(testApp.database.db);
    expect(staff?.role).toBe('admin');
    expect(await verifyPassword(staff!.passwordHash, 'initial-staff-pass')).toBe(true);
  });

  it('changes nothing on the next start and never shows the password again', async () => {
    const again = await runFirstStart({
      db: testApp.database.db,
      clock: testApp.clock,
      random: cryptoRandom,
      config: testConfig(),
      ensureHouseAccounts: (db) => testApp.app.services.ledger.ensureHouseAccounts(db),
    });
    expect(again).toEqual({
      staff: { username: 'admin', password: null },
      invitationCode: testApp.firstStart.invitationCode,
    });
  });
});
