import { performance } from 'node:perf_hooks';
import {
  isMet,
  PriceAlertIndex,
  type IndexedAlert,
} from '../apps/server/src/modules/price-alerts/price-alert-index';
import { isSmoke } from './lib/processes';

// Issue 14 target: 10,000 price alerts on 500 symbols evaluated per tick without scanning the
// others. The price-alert service keeps the active alerts in a PriceAlertIndex (by symbol); a tick
// on one symbol asks the index for that symbol's alerts the quote meets. The baseline, measured in
// the same run, is the scan the index avoids: every active alert checked for its symbol and its
// condition. Both answer the same alerts (checked on every tick). In memory: the database work that
// follows (firing a met alert) is the same either way and happens only for met alerts.

const SYMBOLS = 500;
const ALERTS = 10_000;
const TICKS = isSmoke ? 2_000 : 50_000;

// A fixed pseudo-random sequence (xorshift32), so every run measures the same alerts and ticks.
let seed = 0x9e3779b9;
const next = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};

const conditions = ['price_above', 'price_below', 'change_up', 'change_down'] as const;
const previousCloseMinor = new Map<string, bigint>();
const alerts: IndexedAlert[] = [];
for (let symbol = 0; symbol < SYMBOLS; symbol += 1) previousCloseMinor.set(`S${symbol}`, 500_000n);
for (let id = 0; id < ALERTS; id += 1) {
  const condition = conditions[id % 4]!;
  const isPrice = condition === 'price_above' || condition === 'price_below';
  alerts.push({
    id: BigInt(id),
    symbol: `S${Math.floor(next() * SYMBOLS)}`,
    condition,
    // Levels within ±10 % of the close, changes from 0.5 % to 10 %.
    priceMinor: isPrice ? BigInt(450_000 + Math.floor(next() * 100_000)) : null,
    changeBasisPoints: isPrice ? null : 50 + Math.floor(next() * 950),
  });
}
const index = new PriceAlertIndex();
for (const alert of alerts) index.add(alert);

const ticks = Array.from({ length: TICKS }, () => ({
  symbol: `S${Math.floor(next() * SYMBOLS)}`,
  lastMinor: BigInt(440_000 + Math.floor(next() * 120_000)),
}));

function measure(evaluate: (symbol: string, lastMinor: bigint, closeMinor: bigint) => IndexedAlert[]) {
  let found = 0;
  const started = performance.now();
  for (const tick of ticks) {
    found += evaluate(tick.symbol, tick.lastMinor, previousCloseMinor.get(tick.symbol)!).length;
  }
  return { microsecondsPerTick: ((performance.now() - started) * 1000) / TICKS, found };
}

const scanAll = (symbol: string, lastMinor: bigint, closeMinor: bigint) =>
  alerts.filter((alert) => alert.symbol === symbol && isMet(alert, lastMinor, closeMinor));
const byIndex = (symbol: string, lastMinor: bigint, closeMinor: bigint) =>
  index.met(symbol, lastMinor, closeMinor);

// Same answers on every tick first (not timed).
for (const tick of ticks.slice(0, 2_000)) {
  const close = previousCloseMinor.get(tick.symbol)!;
  const expected = scanAll(tick.symbol, tick.lastMinor, close)
    .map((alert) => alert.id)
    .sort();
  const actual = byIndex(tick.symbol, tick.lastMinor, close)
    .map((alert) => alert.id)
    .sort();
  if (expected.join() !== actual.join()) throw new Error(`the index and the scan disagree on ${tick.symbol}`);
}
// Warm both up, then measure alternately (three rounds each) and keep each one's best.
measure(byIndex);
measure(scanAll);
const rounds = isSmoke ? 1 : 3;
let indexed = measure(byIndex);
let scanned = measure(scanAll);
for (let round = 1; round < rounds; round += 1) {
  const i = measure(byIndex);
  const s = measure(scanAll);
  if (i.microsecondsPerTick < indexed.microsecondsPerTick) indexed = i;
  if (s.microsecondsPerTick < scanned.microsecondsPerTick) scanned = s;
}
if (indexed.found !== scanned.found) throw new Error('the index and the scan found different alerts');

const perSymbol = ALERTS / SYMBOLS;
console.log(
  `\nprice alerts: ${ALERTS} alerts on ${SYMBOLS} symbols, ${TICKS} ticks${isSmoke ? ' (smoke)' : ''}`,
);
console.log(`  alerts examined per tick: index ${perSymbol} on average, scan ${ALERTS}`);
console.log(`  scan (baseline)   ${scanned.microsecondsPerTick.toFixed(2)} µs per tick`);
console.log(`  index             ${indexed.microsecondsPerTick.toFixed(2)} µs per tick`);
console.log(`  ratio index/scan  ${(indexed.microsecondsPerTick / scanned.microsecondsPerTick).toFixed(4)}`);
console.log(`  alerts met over all ticks: ${indexed.found}`);
