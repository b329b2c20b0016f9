import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, signUp, type TestApp } from '../../../test/helpers/build-app';
import { adminLogin, type StaffHeaders } from '../staff-auth/admin-test-support';
import { verifyIdentity } from '../uploads/upload-test-support';

let testApp: TestApp;
let admin: StaffHeaders;

beforeAll(async () => {
  testApp = await buildTestApp();
  admin = await adminLogin(testApp);
});
afterAll(() => testApp.close());

type User = { token: string; account: string };

const card = (overrides: Record<string, unknown> = {}) => ({
  holderName: 'jan  PEETERS',
  iban: 'BE68 5390 0754 7034',
  bic: 'gebabebb',
  bankName: 'BNP Paribas Fortis',
  branch: 'Brussel Centrum',
  ...overrides,
});

async function verifiedUser(): Promise<User> {
  const user = await signUp(testApp);
  await verifyIdentity(testApp, user, admin, 'Jan Peeters');
  return user;
}

const answerScamCheck = (user: User, trigger: string) =>
  call(testApp.app, '/information/scamCheck', { trigger, wasToldByOnlineContact: false }, user);

describe('bank cards', () => {
  it('needs a verified identity', async () => {
    const user = await signUp(testApp);
    const response = await call(testApp.app, '/information/addBankCard', card(), user);
    expect(response.json().code).toBe('IDENTITY_REQUIRED');
  });

  it('asks the scam question before the first card, then checks name, IBAN, BIC and duplicates', async () => {
    const user = await verifiedUser();
    const first = await call(testApp.app, '/information/addBankCard', card(), user);
    expect(first.json()).toMatchObject({
      code: 'SCAM_CHECK_REQUIRED',
      params: { trigger: 'first_payout_method' },
    });
    const answered = await answerScamCheck(user, 'first_payout_method');
    expect(answered.json().data.warningListUrl).toMatch(/^https:\/\/www\.fsma\.be\//);

    const otherName = await call(
      testApp.app,
      '/information/addBankCard',
      card({ holderName: 'Piet Peeters' }),
      user,
    );
    expect(otherName.json().code).toBe('CARD_NOT_OWN');
    const badIban = await call(
      testApp.app,
      '/information/addBankCard',
      card({ iban: 'BE68 5390 0754 7035' }),
      user,
    );
    expect(badIban.json().code).toBe('IBAN_INVALID');
    const badBic = await call(testApp.app, '/information/addBankCard', card({ bic: 'GEBA1EBB' }), user);
    expect(badBic.json().code).toBe('BIC_INVALID');

    const added = await call(testApp.app, '/information/addBankCard', card(), user);
    expect(added.json().data).toMatchObject({
      holderName: 'Jan Peeters',
      ibanMasked: 'BE68 **** 7034',
      bic: 'GEBABEBB',
    });
    const duplicate = await call(
      testApp.app,
      '/information/addBankCard',
      card({ iban: 'be68539007547034' }),
      user,
    );
    expect(duplicate.json().code).toBe('CARD_EXISTS');
    const someoneElse = await verifiedUser();
    await answerScamCheck(someoneElse, 'first_payout_method');
    const theirs = await call(testApp.app, '/information/addBankCard', card(), someoneElse);
    expect(theirs.json().code).toBe('CARD_EXISTS');

    const list = await call(testApp.app, '/information/bankList', {}, user);
    expect(list.json().data).toHaveLength(1);
    const id = list.json().data[0].id;
    expect((await call(testApp.app, '/information/deleteBankCard', { id }, someoneElse)).json().code).toBe(
      'CARD_NOT_FOUND',
    );
    expect((await call(testApp.app, '/information/deleteBankCard', { id }, user)).json().status).toBe(1);
    expect((await call(testApp.app, '/information/bankList', {}, user)).json().data).toEqual([]);
    expect((await call(testApp.app, '/information/deleteBankCard', { id }, user)).json().code).toBe(
      'CARD_NOT_FOUND',
    );
    // Deleted, the IBAN may be registered again (and the question is not asked a second time).
    expect((await call(testApp.app, '/information/addBankCard', card(), user)).json().status).toBe(1);
  });
});

describe('crypto wallets', () => {
  it('checks each network’s format and checksum and refuses duplicates', async () => {
    const user = await signUp(testApp);
    const add = (network: string, address: string) =>
      call(testApp.app, '/information/addWallet', { network, address }, user);
    expect((await add('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).json().code).toBe('SCAM_CHECK_REQUIRED');
    await answerScamCheck(user, 'first_payout_method');
    expect((await add('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).json()).toMatchObject({
      code: 'WALLET_ADDRESS_INVALID',
      params: { network: 'BTC' },
    });
    expect((await add('ETH', '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).json().code).toBe(
      'WALLET_ADDRESS_INVALID',
    );
    expect((await add('TRON', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).json().code).toBe(
      'WALLET_ADDRESS_INVALID',
    );
    expect((await add('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).json().status).toBe(1);
    expect((await add('ETH', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).json().data.address).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    expect((await add('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).json().code).toBe(
      'WALLET_EXISTS',
    );
    expect((await add('TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).json().status).toBe(1);

    const wallet = await call(testApp.app, '/information/wallet', {}, user);
    expect(wallet.json().data.balances).toEqual([
      { currency: 'EUR', available: '0.00', frozen: '0.00' },
      { currency: 'USD', available: '0.00', frozen: '0.00' },
    ]);
    const addresses = wallet.json().data.addresses;
    expect(addresses.map((item: { network: string }) => item.network)).toEqual(['TRON', 'ETH', 'BTC']);
    const removed = await call(testApp.app, '/information/deleteWallet', { id: addresses[0].id }, user);
    expect(removed.json().status).toBe(1);
    expect(
      (await call(testApp.app, '/information/deleteWallet', { id: addresses[0].id }, user)).json().code,
    ).toBe('WALLET_NOT_FOUND');
  });
});
