import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { createChannel } from '../deposits/deposit-test-support';
import { adminLogin, callAdmin, createStaff, type StaffHeaders } from '../staff-auth/admin-test-support';
import { fundedUser, nextBelgianIban } from '../withdrawals/withdrawal-test-support';

// The back-office's user search: by the beginning of the account, part of the verified name, part
// of an ID document number (as typed, with its dots and dashes) or of a payout card's IBAN; each
// user once with what matched; nothing for a stranger.

let testApp: TestApp;
let support: StaffHeaders;
let marie: Awaited<ReturnType<typeof fundedUser>>;
let iban: string;
let other: { account: string };

const search = async (query: string) => {
  const response = await callAdmin(testApp, '/users/search', { query }, support);
  expect(response.json().status).toBe(1);
  return response.json().data.items as { account: string; matchedBy: string }[];
};

beforeAll(async () => {
  testApp = await buildTestApp();
  const admin = await adminLogin(testApp);
  support = await createStaff(testApp, admin, 'support');
  marie = await fundedUser(testApp, admin, '100.00', await createChannel(testApp, admin));
  iban = nextBelgianIban();
  const card = await call(
    testApp.app,
    '/information/addBankCard',
    { holderName: 'Marie Dubois', iban, bic: 'GEBABEBB', bankName: 'BNP Paribas Fortis' },
    marie,
  );
  expect(card.json().status).toBe(1);
  other = await signUp(testApp);
});
afterAll(() => testApp.close());

describe('user search', () => {
  it('finds a user by the beginning of the account', async () => {
    expect(await search(marie.account.slice(0, 8))).toContainEqual(
      expect.objectContaining({ account: marie.account, matchedBy: 'account' }),
    );
  });

  it('finds a user by part of the verified name, whatever the case', async () => {
    const found = await search('dubois');
    expect(found.map((item) => item.account)).toEqual([marie.account]);
    expect(found[0]?.matchedBy).toBe('name');
  });

  it('finds a user by part of the document number, typed with or without its dots and dashes', async () => {
    const found = await search('85.07.30-033');
    expect(found.map((item) => item.account)).toContain(marie.account);
    expect(found.find((item) => item.account === marie.account)?.matchedBy).toBe('document');
  });

  it('finds a user by part of the IBAN of a payout card', async () => {
    const tail = iban.replace(/\s/g, '').slice(-8);
    const found = await search(`${tail.slice(0, 4)} ${tail.slice(4)}`);
    expect(found).toEqual([expect.objectContaining({ account: marie.account, matchedBy: 'iban' })]);
  });

  it('finds nobody for what matches nobody, and never the user who matches nothing', async () => {
    expect(await search('zzzz-nobody')).toEqual([]);
    expect((await search('dubois')).map((item) => item.account)).not.toContain(other.account);
  });
});
