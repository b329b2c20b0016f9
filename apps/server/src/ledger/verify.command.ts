import { assetScale, formatDecimal, type Asset } from '@beurs/contract';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { DataDirInUseError } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';
import { verifyAuditLog, type AuditVerification } from '../modules/audit/audit-chain';
import { recordChecks } from '../record-checks';
import type { SignedHead } from './ledger-publication';
import { verifyRecords } from './ledger-record-checks';
import { readVerifier, SigningKeyError } from './ledger-signing';
import { userStatement, type UserStatement } from './ledger-statement';
import { verifyLedger, type LedgerVerification } from './ledger-verify';
import { selectHouseBalances } from './ledger.repository';

// `npm run ledger:verify`: opens the database the server would use (DATABASE_URL, else PGlite in
// DATA_DIR), checks every ledger invariant, every seal's signature, every entry against its
// business record, the audit log's chain (as `audit:verify`), and prints a report. It never writes
// (ADR 0007): only the server seals, so an entry unsealed past the sealer's deadline is a breach.
// Exit code 0 when all is sound, 1 on any breach, 2 when it could not run. PGlite is one process's
// database: with the server running on a PGlite data directory, it refuses (exit 2) and says so.
//
//   --checkpoint <file>     a published head (a checkpoint file, or a receipt: its head), repeatable:
//                           the journal must still extend it (catches truncation and rewriting);
//                           the daily checkpoints in LEDGER_CHECKPOINT_DIR are always checked
//   --public-key <ed25519:…> the published key, when this machine has no LEDGER_SIGNING_KEY or key file
//   --account <phone>       also print that user's balances and every entry that touched them
//   --json                  print one JSON object instead of text (amounts as decimal strings)

class UsageError extends Error {}

function readArguments() {
  try {
    return parseArgs({
      options: {
        account: { type: 'string' },
        checkpoint: { type: 'string', multiple: true, default: [] },
        'public-key': { type: 'string' },
        json: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
}

const USAGE =
  'usage: npm run ledger:verify -- [--checkpoint <file>]… [--public-key ed25519:…] [--account <phone>] [--json]';

/** The checkpoint files in LEDGER_CHECKPOINT_DIR (none when it does not exist), oldest first. */
function publishedCheckpoints(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => /^ledger-head-.*\.json$/.test(name))
    .sort()
    .map((name) => join(directory, name));
}

/** A signed head from a checkpoint file or a receipt (its `head`). */
function readCheckpoint(path: string): SignedHead {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--checkpoint ${path}: ${(error as Error).message}`);
  }
  const object = parsed as Record<string, unknown>;
  const head = (object.format === 'beurs-ledger-receipt-v1' ? object.head : object) as Record<
    string,
    unknown
  >;
  const fields = ['sequence', 'hash', 'merkleRoot', 'time', 'publicKey', 'signature'] as const;
  if (head?.format !== 'beurs-ledger-head-v1' || fields.some((field) => typeof head[field] !== 'string'))
    throw new UsageError(`--checkpoint ${path}: not a ledger head or receipt (format beurs-ledger-head-v1)`);
  return head as unknown as SignedHead;
}

async function main(): Promise<number> {
  const options = readArguments();
  const config = loadConfig();
  const handle = await openDatabase(config.database);
  try {
    const where =
      config.database.engine === 'postgres'
        ? 'PostgreSQL (DATABASE_URL)'
        : `PGlite in ${config.database.dataDir}`;
    const verifier = readVerifier(
      { key: config.ledger.signingKey, keyFile: config.ledger.signingKeyFile },
      options['public-key'],
    );
    // Every daily checkpoint the server wrote, and any head given on the command line.
    const checkpoints = [...publishedCheckpoints(config.ledger.checkpointDir), ...options.checkpoint].map(
      readCheckpoint,
    );
    const ledgerVerification = await verifyLedger(handle.db, {
      verifier,
      now: new Date(),
      deadlineMs: config.ledger.sealDeadlineMs ?? undefined,
      checkpoints,
    });
    const recordBreaches = await verifyRecords(handle.db, recordChecks);
    const audit = await verifyAuditLog(handle.db);
    const breaches = [
      ...ledgerVerification.breaches,
      ...recordBreaches,
      ...audit.breaches.map((breach) => ({ check: `audit log: ${breach.check}`, detail: breach.detail })),
    ];
    const verification = { ...ledgerVerification, isOk: breaches.length === 0, breaches };
    const houseBalances = await selectHouseBalances(handle.db);
    const statement = options.account ? await userStatement(handle.db, options.account) : null;
    if (options.account && !statement)
      throw new UsageError(`no user with the phone number ${options.account}`);

    if (options.json) {
      console.log(
        JSON.stringify({
          ...jsonReport(where, verification, houseBalances, statement),
          publicKey: verifier.publicKeyText,
          checkpoints: checkpoints.length,
          audit: { rowCount: audit.rowCount.toString(), head: auditHead(audit) },
        }),
      );
      return verification.isOk ? 0 : 1;
    }
    console.log(`ledger:verify on ${where}`);
    console.log(`  ledger key: ${verifier.publicKeyText}`);
    console.log(`  published heads checked: ${checkpoints.length}`);
    console.log(`  audit log: ${audit.rowCount} rows, head ${auditHead(audit) ?? 'none'}`);
    printHouseBalances(houseBalances);
    printReport(verification);
    if (statement) printStatement(statement);
    return verification.isOk ? 0 : 1;
  } finally {
    await handle.close();
  }
}

const auditHead = (audit: AuditVerification) =>
  audit.head ? `${audit.head.sequence}:${audit.head.hash}` : null;

/** An amount of an asset as a decimal string at the asset's scale ("12.50", "3", "0.00150000"). */
const amountOf = (asset: string, minor: bigint): string => formatDecimal(minor, assetScale(asset as Asset));

type HouseBalances = Awaited<ReturnType<typeof selectHouseBalances>>;

function jsonReport(
  where: string,
  verification: LedgerVerification,
  houseBalances: HouseBalances,
  statement: UserStatement | null,
) {
  return {
    database: where,
    isOk: verification.isOk,
    breaches: verification.breaches,
    entryCount: verification.entryCount.toString(),
    postingCount: verification.postingCount.toString(),
    sealedCount: verification.sealedCount.toString(),
    unsealedCount: verification.unsealedCount.toString(),
    unsignedLegacyCount: verification.unsignedLegacyCount.toString(),
    totalsByAsset: verification.totalsByAsset.map((total) => ({
      asset: total.asset,
      sum: amountOf(total.asset, total.sumMinor),
    })),
    houseBalances: houseBalances.map((balance) => ({
      kind: balance.kind,
      asset: balance.asset,
      balance: amountOf(balance.asset, balance.balanceMinor),
    })),
    ...(statement && {
      user: {
        account: statement.account,
        balances: statement.balances.map((balance) => ({
          asset: balance.asset,
          kind: balance.kind,
          balance: amountOf(balance.asset, balance.balanceMinor),
          posted: amountOf(balance.asset, balance.postedMinor),
        })),
        entries: statement.entries.map((entry) => ({
          id: entry.id.toString(),
          kind: entry.kind,
          memo: entry.memo,
          source: { type: entry.sourceType, id: entry.sourceId },
          createdAt: entry.createdAt.toISOString(),
          changes: entry.changes.map((change) => ({
            asset: change.asset,
            accountKind: change.accountKind,
            amount: amountOf(change.asset, change.amountMinor),
          })),
        })),
      },
    }),
  };
}

function printReport(verification: LedgerVerification): void {
  console.log(`  entries: ${verification.entryCount}, postings: ${verification.postingCount}`);
  console.log(`  sealed: ${verification.sealedCount}, not sealed yet: ${verification.unsealedCount}`);
  if (verification.unsignedLegacyCount > 0n)
    console.log(`  seals from before signing (checked by hash): ${verification.unsignedLegacyCount}`);
  for (const total of verification.totalsByAsset) {
    console.log(`  ${total.asset} postings sum: ${total.sumMinor}`);
  }
  if (verification.isOk) {
    console.log(
      'OK: chain intact and signed, every entry stands on its record, every asset sums to zero, user holdings match house inventory, balance rows match postings, none negative; audit log intact.',
    );
    return;
  }
  console.log(`BREACH: ${verification.breaches.length} problem(s)`);
  for (const breach of verification.breaches) console.log(`  [${breach.check}] ${breach.detail}`);
}

function printHouseBalances(balances: HouseBalances): void {
  const used = balances.filter((balance) => balance.balanceMinor !== 0n);
  if (used.length === 0) return;
  console.log('  house accounts (sum of postings: + collected by the house, − brought in from outside):');
  for (const balance of used) {
    console.log(`    ${balance.kind} ${balance.asset}: ${amountOf(balance.asset, balance.balanceMinor)}`);
  }
}

function printStatement(statement: UserStatement): void {
  console.log(`user ${statement.account} (id ${statement.userId}):`);
  for (const balance of statement.balances) {
    if (balance.balanceMinor === 0n && balance.postedMinor === 0n) continue;
    console.log(
      `  ${balance.asset} ${balance.kind}: ${amountOf(balance.asset, balance.balanceMinor)}` +
        ` (postings ${amountOf(balance.asset, balance.postedMinor)})`,
    );
  }
  console.log(`  entries: ${statement.entries.length}`);
  for (const entry of statement.entries) {
    const changes = entry.changes
      .map((change) => `${change.asset} ${change.accountKind} ${amountOf(change.asset, change.amountMinor)}`)
      .join(', ');
    console.log(
      `    #${entry.id} ${entry.createdAt.toISOString()} ${entry.kind} (${entry.sourceType} ${entry.sourceId}): ${changes} — ${entry.memo}`,
    );
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const isExpected =
      error instanceof ConfigError ||
      error instanceof DataDirInUseError ||
      error instanceof UsageError ||
      error instanceof SigningKeyError;
    console.error(isExpected ? (error as Error).message : error);
    process.exit(2);
  },
);
