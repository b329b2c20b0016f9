import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { DataDirInUseError } from '../../db/data-dir-lock';
import { openDatabase } from '../../db/database';
import { verifyAuditLog } from './audit-chain';

// `npm run audit:verify`: opens the database the server would use (DATABASE_URL, else PGlite in
// DATA_DIR) and checks the audit log's hash chain (ADR 0006) without writing anything. Exit code 0
// when it is sound, 1 on any breach, 2 when it could not run.
//
//   --head <sequence>:<hash>  a head printed by an earlier run and kept elsewhere: the chain must
//                             still hold it (catches the newest rows removed with the head moved back)
//   --json                    print one JSON object instead of text

class UsageError extends Error {}

const USAGE = 'usage: npm run audit:verify -- [--head <sequence>:<hash>] [--json]';

function readArguments() {
  let values;
  try {
    values = parseArgs({
      options: { head: { type: 'string' }, json: { type: 'boolean', default: false } },
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.head === undefined) return { json: values.json, knownHead: undefined };
  const match = /^(\d+):([0-9a-f]{64})$/.exec(values.head);
  if (!match?.[1] || !match[2]) throw new UsageError(`--head must be <sequence>:<64 hex digits>\n${USAGE}`);
  return { json: values.json, knownHead: { sequence: BigInt(match[1]), hash: match[2] } };
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
    const verification = await verifyAuditLog(handle.db, { knownHead: options.knownHead });
    if (options.json) {
      console.log(
        JSON.stringify({
          database: where,
          isOk: verification.isOk,
          breaches: verification.breaches,
          rowCount: verification.rowCount.toString(),
          sealedCount: verification.sealedCount.toString(),
          legacyPendingCount: verification.legacyPendingCount.toString(),
          head: verification.head && {
            sequence: verification.head.sequence.toString(),
            hash: verification.head.hash,
          },
        }),
      );
      return verification.isOk ? 0 : 1;
    }
    console.log(`audit:verify on ${where}`);
    console.log(`  rows: ${verification.rowCount}, sealed: ${verification.sealedCount}`);
    if (verification.legacyPendingCount > 0n)
      console.log(
        `  rows from before the chain, sealed by the next audit write: ${verification.legacyPendingCount}`,
      );
    if (verification.head)
      console.log(
        `  head: ${verification.head.sequence}:${verification.head.hash} (keep it to pass as --head later)`,
      );
    if (verification.isOk) {
      console.log('OK: every audit row is sealed, every seal matches its row and links to the one before.');
      return 0;
    }
    console.log(`BREACH: ${verification.breaches.length} problem(s)`);
    for (const breach of verification.breaches) console.log(`  [${breach.check}] ${breach.detail}`);
    return 1;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const isExpected =
      error instanceof ConfigError || error instanceof DataDirInUseError || error instanceof UsageError;
    console.error(isExpected ? (error as Error).message : error);
    process.exit(2);
  },
);
