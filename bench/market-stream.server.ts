import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Clock } from '../apps/server/src/core/clock';
import { cryptoRandom } from '../apps/server/src/core/random';
import { openDatabase } from '../apps/server/src/db/database';

// The real Beurs app for the stream benchmark, on in-memory PGlite, with a clock that runs at
// real speed from a Friday afternoon (Brussels, US and forex open), so the benchmark streams a
// full market whatever the day it runs. Prints the clock's offset for latency arithmetic. Every
// benchmark client connects from 127.0.0.1, so the per-address socket cap is lifted far above 2,000.

const MARKET_TIME = Date.parse('2026-11-20T15:00:00Z');
const offsetMs = MARKET_TIME - Date.now();
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

const config = loadConfig({ ...process.env, LOG_LEVEL: 'warn', STREAM_CONNECTIONS_PER_ADDRESS: '100000' });
const database = await openDatabase({ engine: 'pglite', dataDir: null });
const app = await buildApp({ config, db: database.db, clock, random: cryptoRandom });
const address = await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`clock offset ${offsetMs}`);
console.log(`market stream listening at ${address}`);
process.on('SIGTERM', () => {
  void app.close().then(() => database.close().then(() => process.exit(0)));
});
