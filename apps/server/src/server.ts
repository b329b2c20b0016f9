import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { startedClock, systemClock, type Clock } from './core/clock';
import { cryptoRandom } from './core/random';
import { openDatabase } from './db/database';
import { runFirstStart, type FirstStartReport } from './first-start';
import { demoIpoJob } from './jobs/demo-ipo.job';
import { demoPlacementJob } from './jobs/demo-placement.job';
import { newsFeedsJob } from './jobs/news-feeds.job';
import { ledgerVerifyJob } from './jobs/ledger-verify.job';
import type { OpenedSigningKey } from './ledger/ledger-signing';
import { readFileSync } from 'node:fs';

// The process: configuration, database and migrations, first start, listen, graceful close.

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function demoDeskLine(desk: FirstStartReport['demoDesk']): string {
  switch (desk?.state) {
    case 'on':
      return `on: identities, deposits and withdrawals are decided automatically ${desk.delaySeconds} s after they arrive, by the same checks as a reviewer (DEMO_DESK=off turns it off, to practise reviews in the back-office)`;
    case 'off':
      return 'off (DEMO_DESK=off): staff review identities, deposits and withdrawals';
    default:
      return 'none (live mode)';
  }
}

function ledgerKeyLine(key: OpenedSigningKey): string {
  const published = `public key ${key.signer.publicKeyText}`;
  switch (key.origin) {
    case 'created':
      return `new, written to ${key.file} (shown once: keep a copy outside the database, e.g. as LEDGER_SIGNING_KEY=${readFileSync(key.file ?? '', 'utf8').trim()}); ${published}`;
    case 'file':
      return `from ${key.file}; ${published}`;
    default:
      return `from LEDGER_SIGNING_KEY; ${published}`;
  }
}

function startupBanner(
  config: Config,
  address: string,
  report: FirstStartReport,
  ledgerKey: OpenedSigningKey,
): string {
  const publicAddress = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const lines = [
    '',
    `Beurs is running at ${publicAddress}`,
    `  mode:            ${config.mode === 'demo' ? 'demo (simulated prices, no real money)' : 'live'}`,
    `  database:        ${config.database.engine === 'pglite' ? `PGlite in ${config.database.dataDir} (demo and single-user use only)` : 'PostgreSQL'}`,
    ...(config.clockStart
      ? [`  clock:           test clock, started at ${config.clockStart.toISOString()}`]
      : []),
    `  invitation code: ${report.invitationCode}`,
    `  staff account:   ${report.staff.username}` +
      (report.staff.password
        ? ` / password ${report.staff.password} (shown once; it must be changed at the first sign-in at /admin/)`
        : ' (password set at first start)'),
    `  ledger key:      ${ledgerKeyLine(ledgerKey)}`,
    `  demo desk:       ${demoDeskLine(report.demoDesk)}`,
    `  back-office:     ${publicAddress}/admin/ (the staff account signs in there)`,
    `  API docs:        ${publicAddress}/api/docs`,
    '',
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  const config = readConfig();
  const clock: Clock = config.clockStart ? startedClock(config.clockStart) : systemClock;
  const database = await openDatabase(
    config.database.engine === 'pglite' ? config.database : { engine: 'postgres', url: config.database.url },
  );
  const app = await buildApp({
    config,
    db: database.db,
    clock,
    random: cryptoRandom,
    logger: { level: config.logLevel },
  });
  const report = await runFirstStart({
    db: database.db,
    clock,
    random: cryptoRandom,
    config,
    ensureHouseAccounts: (db) => app.services.ledger.ensureHouseAccounts(db),
    prepareDemoDesk: () => app.services.demoDesk.prepareAtStart(),
  });
  // Scheduled and delayed jobs (the ledger sealer among them), run once across all nodes.
  await app.jobs.start();
  // The news (and, in demo mode, the simulator's events) at once, not one period after start.
  await app.jobs.enqueue(newsFeedsJob, {}, { key: 'news.feeds.at-start' });
  // In demo mode, the simulator's IPO at once (a newcomer finds one open), not one period after start.
  if (app.services.demoIpo.isScheduling())
    await app.jobs.enqueue(demoIpoJob, {}, { key: 'offerings.demo-ipo.at-start' });
  // And its placement (a block of a Brussels share), for the same reason.
  if (app.services.demoPlacement.isScheduling())
    await app.jobs.enqueue(demoPlacementJob, {}, { key: 'offerings.demo-placement.at-start' });
  // The ledger's health at once too (the hourly verification's first run).
  await app.jobs.enqueue(ledgerVerifyJob, {}, { key: 'ledger.verify.at-start' });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await app.close(); // stops the jobs runner too
    await database.close();
  });

  const address = await app.listen({ host: config.host, port: config.port });
  console.log(startupBanner(config, address, report, app.services.ledgerSigningKey));
}

await main();
