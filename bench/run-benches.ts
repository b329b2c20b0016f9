import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// `npm run bench` runs every `*.bench.ts` in this folder, one after another (so they do not compete
// for the two cores), and fails if any fails. `npm run bench:smoke` passes BENCH_SMOKE=1: short
// runs that prove each bench works, without judging the figures. Name a new bench `*.bench.ts`.

const folder = fileURLToPath(new URL('.', import.meta.url));
const isSmoke = process.argv.includes('--smoke');
const only = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
const benches = readdirSync(folder)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();

const failed: string[] = [];
for (const bench of benches) {
  console.log(`\n=== ${bench}${isSmoke ? ' (smoke)' : ''}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `${folder}${bench}`], {
    stdio: 'inherit',
    env: { ...process.env, ...(isSmoke ? { BENCH_SMOKE: '1' } : {}) },
  });
  if (result.status !== 0) failed.push(bench);
}
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\n${benches.length} bench(es) passed`);
