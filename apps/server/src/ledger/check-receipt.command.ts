import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkReceipt, type Receipt } from './check-receipt';

// `npm run ledger:check-receipt -- receipt.json --public-key ed25519:…`: prints each step of the
// check (docs/guarantees.md) and exits 0 when all hold, 1 when one fails, 2 on a usage error.

function main(): number {
  const { values, positionals } = parseArgs({
    options: { 'public-key': { type: 'string' } },
    allowPositionals: true,
  });
  const [file] = positionals;
  if (!file || !values['public-key']) {
    console.error('usage: npm run ledger:check-receipt -- <receipt.json> --public-key ed25519:…');
    return 2;
  }
  const receipt = JSON.parse(readFileSync(file, 'utf8')) as Receipt;
  const checks = checkReceipt(receipt, values['public-key']);
  for (const check of checks) console.log(`${check.isOk ? 'ok  ' : 'FAIL'} ${check.step}`);
  const isOk = checks.every((check) => check.isOk);
  console.log(
    isOk
      ? `OK: entry ${JSON.parse(receipt.body).id} is in the journal under chain head #${receipt.head.sequence} (${receipt.head.hash}) of ${receipt.head.time}`
      : 'NOT PROVEN',
  );
  return isOk ? 0 : 1;
}

process.exitCode = main();
