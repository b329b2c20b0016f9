import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database';
import { GENESIS_HASH, sealHash } from './ledger-hashing';
import { merkleRoot } from './ledger-merkle';
import * as journal from './ledger-journal.repository';
import { selectSealHashes, type SignedHead } from './ledger-publication';
import { headMessage, sealMessage, type LedgerVerifier } from './ledger-signing';
import { queryRows } from './ledger.repository';

// Checks every invariant of the ledger (ADR 0002, ADR 0007) inside one repeatable-read snapshot,
// so it can run while the server writes. It never writes: sealing is the server's alone. Used by
// `npm run ledger:verify` (with every option) and by the tests after every scenario.

export type VerifyOptions = {
  /** The published key: every seal after the first signed one must carry a valid signature. */
  verifier?: LedgerVerifier;
  /** With `deadlineMs`: an entry unsealed longer than the sealer's deadline is a breach. */
  now?: Date;
  deadlineMs?: number;
  /** Published heads (checkpoint files, receipts' heads): the journal must still extend each. */
  checkpoints?: readonly SignedHead[];
};

export type LedgerBreach = { check: string; detail: string };

export type LedgerVerification = {
  isOk: boolean;
  breaches: LedgerBreach[];
  entryCount: bigint;
  postingCount: bigint;
  sealedCount: bigint;
  /** Committed entries not yet in the chain (the sealer's lag; a breach past the deadline). */
  unsealedCount: bigint;
  /** Seals written before signing began (ADR 0007), checked by their hashes alone. */
  unsignedLegacyCount: bigint;
  /** Sum of all postings per asset; every one must be zero. */
  totalsByAsset: Array<{ asset: string; sumMinor: bigint }>;
};

const CHAIN_BATCH = 1_000;
const BREACHES_PER_CHECK = 20;

export async function verifyLedger(db: Database, options: VerifyOptions = {}): Promise<LedgerVerification> {
  return db.transaction(
    async (tx) => {
      const breaches: LedgerBreach[] = [];
      const { sealedCount, unsignedLegacyCount } = await verifyChain(tx, breaches, options.verifier);
      if (options.now && options.deadlineMs !== undefined)
        await collect(
          tx,
          breaches,
          'unsealed past the deadline',
          overdueEntries(options.now, options.deadlineMs),
        );
      for (const checkpoint of options.checkpoints ?? [])
        await verifyCheckpoint(tx, breaches, checkpoint, sealedCount, options.verifier);
      const totalsByAsset = await verifyZeroSum(tx, breaches);
      await collect(tx, breaches, 'unbalanced entry', unbalancedEntries);
      await collect(tx, breaches, 'entry without two postings', thinEntries);
      await collect(tx, breaches, 'balance row differs from postings', balanceMismatches);
      await collect(tx, breaches, 'negative user balance', negativeUserBalances);
      await collect(tx, breaches, 'frozen balance differs from open holds', frozenMismatches);
      await collect(tx, breaches, 'user holdings differ from house inventory', inventoryMismatches);
      await collect(tx, breaches, 'seal format', sealsWithoutSourceAfterSourced);
      const counts = await countJournal(tx);
      return {
        isOk: breaches.length === 0,
        breaches,
        ...counts,
        sealedCount,
        unsealedCount: counts.entryCount - sealedCount,
        unsignedLegacyCount,
        totalsByAsset,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Walks the chain in sequence order, recomputing every hash and, with the published key, checking
 * every signature: seals before the first signed one are legacy (ADR 0007); after it, a seal without
 * a valid signature was not written by the server's sealer.
 */
async function verifyChain(
  executor: Executor,
  breaches: LedgerBreach[],
  verifier: LedgerVerifier | undefined,
): Promise<{ sealedCount: bigint; unsignedLegacyCount: bigint }> {
  let expectedPrevious = GENESIS_HASH;
  let expectedSequence = 1n;
  let unsignedLegacyCount = 0n;
  let isSigning = false;
  let reported = 0;
  const report = (detail: string) => {
    if (reported++ < BREACHES_PER_CHECK) breaches.push({ check: 'hash chain', detail });
  };
  for (;;) {
    const seals = await journal.selectSeals(executor, expectedSequence - 1n, CHAIN_BATCH);
    if (seals.length === 0) return { sealedCount: expectedSequence - 1n, unsignedLegacyCount };
    const entries = await journal.selectEntries(
      executor,
      seals.map((seal) => seal.entryId),
    );
    const entryById = new Map(entries.map((entry) => [entry.id, entry]));
    for (const seal of seals) {
      const entry = entryById.get(seal.entryId);
      if (seal.sequence !== expectedSequence)
        report(`seal ${seal.sequence} found where ${expectedSequence} was due`);
      if (seal.previousHash !== expectedPrevious)
        report(`seal ${seal.sequence} does not link to seal ${seal.sequence - 1n}`);
      if (!entry) report(`seal ${seal.sequence} covers missing entry ${seal.entryId}`);
      else if (sealHash(seal.previousHash, entry, seal.hashFormat) !== seal.hash) {
        report(`entry ${seal.entryId} (seal ${seal.sequence}) changed after it was sealed`);
      }
      if (verifier) {
        if (seal.signature === null) {
          if (isSigning) report(`seal ${seal.sequence} is not signed (signing began before it)`);
          else unsignedLegacyCount += 1n;
        } else {
          isSigning = true;
          if (!verifier.isValid(sealMessage(seal.sequence, seal.hash), seal.signature))
            report(`seal ${seal.sequence} is not signed by the ledger key ${verifier.publicKeyText}`);
        }
      }
      expectedPrevious = seal.hash;
      expectedSequence = seal.sequence + 1n;
    }
  }
}

/** A published head: signed by the key, and the journal still holds it (same hash, same tree). */
async function verifyCheckpoint(
  executor: Executor,
  breaches: LedgerBreach[],
  head: SignedHead,
  sealedCount: bigint,
  verifier: LedgerVerifier | undefined,
): Promise<void> {
  const report = (detail: string) =>
    breaches.push({ check: 'published head', detail: `head #${head.sequence} of ${head.time}: ${detail}` });
  if (
    verifier &&
    (head.publicKey !== verifier.publicKeyText || !verifier.isValid(headMessage(head), head.signature))
  ) {
    report(`not signed by the ledger key ${verifier.publicKeyText}`);
    return;
  }
  const sequence = BigInt(head.sequence);
  if (sequence > sealedCount) {
    report(`the journal has only ${sealedCount} seals: sealed entries were removed`);
    return;
  }
  const hashes = await selectSealHashes(executor, sequence);
  if (sequence > 0n && hashes[hashes.length - 1] !== head.hash) {
    report(`seal ${head.sequence} no longer has the published hash: the journal was rewritten`);
    return;
  }
  if (merkleRoot(hashes) !== head.merkleRoot) {
    report('the seals up to it no longer give the published Merkle root: the journal was rewritten');
  }
}

/**
 * Entries the sealer should have sealed: older than the deadline by now or by the newest seal's
 * time (the server's clock), so deleted seals and a hand-inserted old entry are found.
 */
function overdueEntries(now: Date, deadlineMs: number): Check {
  return {
    query: sql`select entry.id::text, to_char(entry.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at
      from ledger_entries entry
      where not exists (select 1 from ledger_seals seal where seal.entry_id = entry.id)
        and entry.created_at < greatest(${now.toISOString()}::timestamptz,
          coalesce((select max(sealed_at) from ledger_seals), ${now.toISOString()}::timestamptz))
          - make_interval(secs => ${deadlineMs / 1000})
      order by entry.id`,
    describe: (row) =>
      `entry ${row.id} of ${row.created_at} is not sealed: the sealer seals within ${deadlineMs / 1000} s`,
  };
}

async function verifyZeroSum(executor: Executor, breaches: LedgerBreach[]) {
  const rows = await queryRows<{ asset: string; sum_minor: string }>(
    executor,
    sql`select asset, sum(amount_minor)::text as sum_minor from ledger_postings group by asset order by asset`,
  );
  const totals = rows.map((row) => ({ asset: row.asset, sumMinor: BigInt(row.sum_minor) }));
  for (const total of totals) {
    if (total.sumMinor !== 0n) {
      breaches.push({
        check: 'zero sum',
        detail: `${total.asset} postings sum to ${total.sumMinor}, not 0`,
      });
    }
  }
  return totals;
}

type Check = { query: ReturnType<typeof sql>; describe: (row: Record<string, unknown>) => string };

async function collect(
  executor: Executor,
  breaches: LedgerBreach[],
  check: string,
  { query, describe }: Check,
) {
  const rows = await queryRows<Record<string, unknown>>(executor, sql`${query} limit ${BREACHES_PER_CHECK}`);
  for (const row of rows) breaches.push({ check, detail: describe(row) });
}

const unbalancedEntries: Check = {
  query: sql`select posting.entry_id::text, posting.asset, sum(posting.amount_minor)::text as sum_minor
    from ledger_postings posting
    group by posting.entry_id, posting.asset having sum(posting.amount_minor) <> 0 order by posting.entry_id`,
  describe: (row) => `entry ${row.entry_id}: ${row.asset} postings sum to ${row.sum_minor}`,
};

const thinEntries: Check = {
  query: sql`select entry.id::text, count(posting.id)::text as posting_count from ledger_entries entry
    left join ledger_postings posting on posting.entry_id = entry.id
    group by entry.id having count(posting.id) < 2 order by entry.id`,
  describe: (row) => `entry ${row.id} has ${row.posting_count} posting(s)`,
};

const balanceMismatches: Check = {
  query: sql`select account.id::text, account.balance_minor::text, coalesce(sum(posting.amount_minor), 0)::text as posted
    from ledger_accounts account left join ledger_postings posting on posting.account_id = account.id
    where account.owner_user_id is not null
    group by account.id having account.balance_minor <> coalesce(sum(posting.amount_minor), 0) order by account.id`,
  describe: (row) => `account ${row.id}: balance row ${row.balance_minor}, postings sum ${row.posted}`,
};

const negativeUserBalances: Check = {
  query: sql`select account.id::text, account.balance_minor::text from ledger_accounts account
    where account.owner_user_id is not null and account.balance_minor < 0 order by account.id`,
  describe: (row) => `account ${row.id}: balance ${row.balance_minor}`,
};

const frozenMismatches: Check = {
  query: sql`select account.id::text, account.balance_minor::text,
      coalesce((select sum(hold.amount_minor - hold.posted_minor - hold.released_minor) from ledger_holds hold
        where hold.frozen_account_id = account.id and hold.state = 'pending'), 0)::text as held
    from ledger_accounts account
    where account.owner_user_id is not null and account.kind = 'frozen'
      and account.balance_minor <> coalesce((select sum(hold.amount_minor - hold.posted_minor - hold.released_minor)
        from ledger_holds hold where hold.frozen_account_id = account.id and hold.state = 'pending'), 0)
    order by account.id`,
  describe: (row) => `frozen account ${row.id}: balance ${row.balance_minor}, open holds ${row.held}`,
};

/**
 * Every crypto and security asset: what users hold (available + frozen + any other user account)
 * equals minus the house inventory account, so no share exists that the house does not account for.
 */
const inventoryMismatches: Check = {
  query: sql`select coalesce(held.asset, inventory.asset) as asset, coalesce(held.users_minor, 0)::text as users_minor,
      coalesce(inventory.sum_minor, 0)::text as inventory_minor
    from (select account.asset, sum(account.balance_minor) as users_minor from ledger_accounts account
        where account.owner_user_id is not null and account.asset not in ('EUR', 'USD') group by account.asset) held
      full join (select account.asset, sum(posting.amount_minor) as sum_minor from ledger_accounts account
          join ledger_postings posting on posting.account_id = account.id
        where account.owner_user_id is null and account.kind = 'inventory' group by account.asset) inventory
        on inventory.asset = held.asset
    where coalesce(held.users_minor, 0) + coalesce(inventory.sum_minor, 0) <> 0 order by 1`,
  describe: (row) =>
    `${row.asset}: users hold ${row.users_minor}, house inventory ${row.inventory_minor} (must be its negative)`,
};

/** Once a seal covers the source (format 2), no later seal may drop back to format 1. */
const sealsWithoutSourceAfterSourced: Check = {
  query: sql`select seal.sequence::text from ledger_seals seal
    where seal.hash_format < 2 and seal.sequence > (select coalesce(min(first.sequence), seal.sequence) from ledger_seals first where first.hash_format >= 2)
    order by seal.sequence`,
  describe: (row) => `seal ${row.sequence} uses hash format 1 after format 2 began`,
};

async function countJournal(executor: Executor) {
  const rows = await queryRows<{ entries: string; postings: string }>(
    executor,
    sql`select (select count(*) from ledger_entries)::text as entries, (select count(*) from ledger_postings)::text as postings`,
  );
  const row = rows[0];
  return { entryCount: BigInt(row?.entries ?? '0'), postingCount: BigInt(row?.postings ?? '0') };
}
