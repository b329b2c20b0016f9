import { describe, expect, it } from 'vitest';
import { ManualClock } from '../core/clock';
import { loadConfig } from '../config';
import { createMarketProvider } from './create-provider';
import { parsePriceScenario, scenarioBasisPoints } from './price-scenario';

// The end-to-end price scenario (issue 16): a path of percentages applied to the simulator's quotes
// of named symbols, from the server's start; only a test server (NODE_ENV=test) takes one.

describe('price scenario', () => {
  it('parses a path and moves linearly between its points, flat outside', () => {
    const points = parsePriceScenario('KBC.BR:0=100,20=100,80=60')?.get('KBC.BR') ?? [];
    expect(scenarioBasisPoints(points, 0)).toBe(10_000);
    expect(scenarioBasisPoints(points, 20_000)).toBe(10_000);
    expect(scenarioBasisPoints(points, 50_000)).toBe(8_000);
    expect(scenarioBasisPoints(points, 80_000)).toBe(6_000);
    expect(scenarioBasisPoints(points, 500_000)).toBe(6_000);
    expect(parsePriceScenario('KBC.BR:0=0')).toBeNull();
    expect(parsePriceScenario('KBC.BR 0=100')).toBeNull();
    expect(parsePriceScenario('KBC.BR:10=100;KBC.BR:20=50')).toBeNull();
  });

  it("scales a test server's quotes of the named symbol only, along the path on its clock", async () => {
    const clock = new ManualClock('2026-11-24T10:00:00Z');
    const config = loadConfig({ NODE_ENV: 'test', MARKET_PRICE_SCENARIO: 'KBC.BR:0=100,60=50' });
    const plain = createMarketProvider({ market: { provider: 'simulator' }, clock });
    const scenario = createMarketProvider({ market: config.market, clock });
    const [kbc, abi] = await Promise.all([plain.quote('KBC.BR'), plain.quote('ABI.BR')]);
    expect((await scenario.quote('KBC.BR')).lastMinor).toBe(kbc.lastMinor);
    clock.advance(60_000);
    const [kbcLater, abiLater] = await Promise.all([plain.quote('KBC.BR'), plain.quote('ABI.BR')]);
    expect((await scenario.quote('KBC.BR')).lastMinor).toBe(kbcLater.lastMinor / 2n);
    expect((await scenario.quote('ABI.BR')).lastMinor).toBe(abiLater.lastMinor);
    expect(abi.symbol).toBe('ABI.BR');
  });

  it('is ignored by the provider of a server that is not a test server', () => {
    // loadConfig refuses the variable outside NODE_ENV=test (config.test.ts); the market config of
    // a development or production server carries none.
    expect(loadConfig({ NODE_ENV: 'development' }).market).toEqual({ provider: 'simulator' });
    expect(loadConfig({ NODE_ENV: 'production' }).market).toEqual({ provider: 'simulator' });
  });
});
