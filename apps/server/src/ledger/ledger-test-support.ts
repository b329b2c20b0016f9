import type { Currency, EntrySource } from '@beurs/contract';
import { randomBytes, randomUUID } from 'node:crypto';
import { ManualClock } from '../core/clock';
import type { Executor } from '../db/database';
import { insertUser } from '../modules/users/users.repository';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database';
import { houseAccount, move, userAccount } from './ledger-accounts';
import { createLedgerService, type LedgerService } from './ledger.service';

// Factories for the ledger's tests: a fresh database with the house accounts, and users whose
// EUR and USD accounts are open and funded by a deposit from the house bank account.

/** A fresh idempotency key: every money-moving call needs one. */
export const testKey = (label = 'test'): string => `${label}:${randomUUID()}`;

/** The source of a test entry that stands for no record of a module. */
export const testSource = (type: EntrySource['type'] = 'correction', id = 'test'): EntrySource => ({
  type,
  id,
});

export type LedgerFixture = { database: TestDatabase; clock: ManualClock; ledger: LedgerService };

export async function createLedgerFixture(options: { poolSize?: number } = {}): Promise<LedgerFixture> {
  const database = await createTestDatabase(options);
  const clock = new ManualClock('2026-11-21T12:00:00.000Z');
  const ledger = createLedgerService({ clock });
  await ledger.ensureHouseAccounts(database.db);
  return { database, clock, ledger };
}

export async function createUser(executor: Executor, ledger: LedgerService): Promise<bigint> {
  const user = await insertUser(executor, {
    account: `32${BigInt(`0x${randomBytes(5).toString('hex')}`)
      .toString()
      .padStart(13, '0')
      .slice(0, 13)}`,
    passwordHash: 'not-a-real-hash',
    invitedByCode: 'TESTCODE',
    createdAt: new Date('2026-11-21T12:00:00.000Z'),
  });
  await ledger.openUserAccounts(executor, user.id);
  return user.id;
}

export async function deposit(
  executor: Executor,
  ledger: LedgerService,
  userId: bigint,
  currency: Currency,
  amountMinor: bigint,
): Promise<void> {
  await ledger.transfer(executor, {
    idempotencyKey: testKey('deposit'),
    kind: 'deposit',
    source: testSource('deposit'),
    memo: 'test deposit',
    postings: move(houseAccount('bank_cash', currency), userAccount(userId, currency), amountMinor),
  });
}

export async function createFundedUser(
  executor: Executor,
  ledger: LedgerService,
  funds: Partial<Record<Currency, bigint>>,
): Promise<bigint> {
  const userId = await createUser(executor, ledger);
  for (const [currency, amountMinor] of Object.entries(funds) as Array<[Currency, bigint]>) {
    if (amountMinor > 0n) await deposit(executor, ledger, userId, currency, amountMinor);
  }
  return userId;
}

/** Property tests print their seed and replay from FC_SEED (TigerBeetle's VOPR habit). */
export function propertyOptions(name: string, defaultRuns: number): { seed: number; numRuns: number } {
  const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
  const numRuns = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : defaultRuns;
  console.log(`[fast-check] ${name}: seed ${seed}, ${numRuns} runs (replay: FC_SEED=${seed})`);
  return { seed, numRuns };
}
