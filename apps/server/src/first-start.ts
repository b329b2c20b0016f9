import type { Config } from './config';
import type { Clock } from './core/clock';
import { hashPassword } from './core/passwords';
import type { RandomSource } from './core/random';
import type { Database } from './db/database';
import type { DemoDeskState } from './modules/demo-desk/demo-desk.service';
import * as commonRepository from './modules/common/common.repository';
import { defaultSiteConfig } from './modules/common/common.service';
import * as staffRepository from './modules/staff/staff.repository';
import { newInvitationCode } from './modules/users/users.service';
import * as usersRepository from './modules/users/users.repository';

// On an empty database: the house accounts, one back-office staff account, one invitation code,
// the site configuration and a welcome notice, so a newcomer can register at once. Safe to run at
// every start: it only fills what is missing.

export type FirstStartReport = {
  staff: { username: string; password: string | null };
  invitationCode: string;
  /** The demo desk after start (modules/demo-desk); absent when the caller prepares none. */
  demoDesk?: DemoDeskState;
};

const welcomeNotice = {
  title: {
    en: 'Welcome to Beurs',
    de: 'Willkommen bei Beurs',
    nl: 'Welkom bij Beurs',
    fr: 'Bienvenue chez Beurs',
    zh: '歡迎使用 Beurs',
    ko: 'Beurs에 오신 것을 환영합니다',
  },
  content: {
    en: 'Verify your identity, then fund your EUR or USD account to start investing in Belgian and US shares.',
    de: 'Bestätigen Sie Ihre Identität und zahlen Sie dann auf Ihr EUR- oder USD-Konto ein, um in belgische und US-Aktien zu investieren.',
    nl: 'Verifieer uw identiteit en stort daarna op uw EUR- of USD-rekening om te beleggen in Belgische en Amerikaanse aandelen.',
    fr: 'Vérifiez votre identité, puis alimentez votre compte EUR ou USD pour investir en actions belges et américaines.',
    zh: '請先完成實名認證，再為您的歐元或美元帳戶入金，即可投資比利時及美國股票。',
    ko: '본인 인증 후 EUR 또는 USD 계좌에 입금하여 벨기에 및 미국 주식에 투자하세요.',
  },
};

export async function runFirstStart(deps: {
  db: Database;
  clock: Clock;
  random: RandomSource;
  config: Config;
  ensureHouseAccounts: (db: Database) => Promise<void>;
  /** The demo deposit channels and the demo desk's account (or, in live mode, its disabling). */
  prepareDemoDesk?: () => Promise<DemoDeskState>;
}): Promise<FirstStartReport> {
  const { db, clock, random, config } = deps;
  await deps.ensureHouseAccounts(db);
  await commonRepository.insertSiteConfigDefaults(db, defaultSiteConfig(config));
  if ((await commonRepository.listNotices(db)).length === 0) {
    await commonRepository.insertNotice(db, { ...welcomeNotice, publishedAt: clock.now() });
  }

  let password: string | null = null;
  let staff = await staffRepository.firstStaffUser(db);
  if (!staff) {
    password = config.initialStaffPassword ?? random.bytes(12).toString('base64url');
    staff = await staffRepository.insertStaffUser(db, {
      username: 'admin',
      passwordHash: await hashPassword(password),
      role: 'admin',
      mustChangePassword: true,
      createdAt: clock.now(),
    });
  }

  let invitationCode = await usersRepository.firstStaffInvitationCode(db);
  while (!invitationCode) {
    const candidate = newInvitationCode(random);
    if (
      await usersRepository.insertInvitationCode(db, {
        code: candidate,
        ownerStaffId: staff.id,
        createdAt: clock.now(),
      })
    ) {
      invitationCode = candidate;
    }
  }
  // After the first admin, so that account stays the first staff member.
  const demoDesk = await deps.prepareDemoDesk?.();
  return { staff: { username: staff.username, password }, invitationCode, ...(demoDesk ? { demoDesk } : {}) };
}
