import type { TestApp } from '../../../test/helpers/build-app';
import { call, signUp } from '../../../test/helpers/build-app';
import { createChannel, depositAndApprove } from '../deposits/deposit-test-support';
import type { StaffHeaders } from '../staff-auth/admin-test-support';
import { verifyIdentity } from '../uploads/upload-test-support';

export const FUND_PASSWORD = '314159';

let ibanCounter = 0;
/** A valid Belgian IBAN per call (bank code 539, account numbers counting up, checks computed). */
export function nextBelgianIban(): string {
  ibanCounter += 1;
  const bank = `539${String(process.pid % 10_000).padStart(4, '0')}${String(ibanCounter).padStart(3, '0')}`;
  const national = `${bank}${String(Number(BigInt(bank) % 97n) || 97).padStart(2, '0')}`;
  const check = 98n - (BigInt(`${national}111400`) % 97n);
  return `BE${String(check).padStart(2, '0')}${national}`;
}

/** A verified user with a card, a fund password and `amount` EUR deposited and approved. */
export async function fundedUser(testApp: TestApp, staff: StaffHeaders, amount: string, channelId?: string) {
  const user = await signUp(testApp);
  await verifyIdentity(testApp, user, staff, 'Marie Dubois');
  await call(
    testApp.app,
    '/information/scamCheck',
    { trigger: 'first_payout_method', wasToldByOnlineContact: false },
    user,
  );
  const card = await call(
    testApp.app,
    '/information/addBankCard',
    { holderName: 'Marie Dubois', iban: nextBelgianIban(), bic: 'GEBABEBB', bankName: 'BNP Paribas Fortis' },
    user,
  );
  if (card.json().status !== 1) throw new Error(`add card failed: ${card.body}`);
  await call(
    testApp.app,
    '/information/fundPass/set',
    { password: FUND_PASSWORD, confirmPassword: FUND_PASSWORD },
    user,
  );
  await depositAndApprove(testApp, user, staff, channelId ?? (await createChannel(testApp, staff)), amount);
  return { ...user, cardId: card.json().data.id as string };
}
