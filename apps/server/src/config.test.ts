import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to PGlite in ./data, port 3000 and demo mode', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.engine).toBe('pglite');
    expect(config.database.engine === 'pglite' && config.database.dataDir).toMatch(/\/data$/);
    expect(config.mode).toBe('demo');
    expect(config.streamConnectionsPerAddress).toBe(20);
    expect(loadConfig({ STREAM_CONNECTIONS_PER_ADDRESS: '5000' }).streamConnectionsPerAddress).toBe(5000);
  });

  it('uses PostgreSQL when DATABASE_URL is given', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/beurs' });
    expect(config.database).toEqual({ engine: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/beurs' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ MARKET_PROVIDER: 'finnhub' }, 'OPERATOR_NAME'],
    [{ CLOCK_START: '2026-11-24T10:00:00+01:00' }, 'CLOCK_START'],
    [{ NODE_ENV: 'test', CLOCK_START: 'next tuesday' }, 'CLOCK_START'],
    [{ MARKET_PRICE_SCENARIO: 'KBC.BR:0=100,60=60' }, 'MARKET_PRICE_SCENARIO'],
    [{ NODE_ENV: 'production', MARKET_PRICE_SCENARIO: 'KBC.BR:0=100,60=60' }, 'MARKET_PRICE_SCENARIO'],
    [{ NODE_ENV: 'development', MARKET_PRICE_SCENARIO: 'KBC.BR:0=100,60=60' }, 'MARKET_PRICE_SCENARIO'],
    [{ NODE_ENV: 'test', MARKET_PRICE_SCENARIO: 'KBC.BR:60=100,0=60' }, 'MARKET_PRICE_SCENARIO'],
    [{ STREAM_CONNECTIONS_PER_ADDRESS: '0' }, 'STREAM_CONNECTIONS_PER_ADDRESS'],
    [{ STREAM_CONNECTIONS_PER_ADDRESS: 'many' }, 'STREAM_CONNECTIONS_PER_ADDRESS'],
    [{ WITHDRAWAL_FEE_USD: '1.5' }, 'WITHDRAWAL_FEE_USD'],
    [{ WITHDRAWAL_FEE_EUR: '-1.00' }, 'WITHDRAWAL_FEE_EUR'],
    [{ WITHDRAWAL_MINIMUM_EUR: 'hundred' }, 'WITHDRAWAL_MINIMUM_EUR'],
    [{ WITHDRAWAL_HOURS: '17:30-09:00' }, 'WITHDRAWAL_HOURS'],
    [{ DEPOSIT_HOURS: '8:30-22:00' }, 'DEPOSIT_HOURS'],
    [{ CORRECTION_APPROVAL_THRESHOLD_USD: '100' }, 'CORRECTION_APPROVAL_THRESHOLD_USD'],
    [{ TRADE_FEE_BASIS_POINTS: '1001' }, 'TRADE_FEE_BASIS_POINTS'],
    [{ TRADE_FEE_BASIS_POINTS: '0.1' }, 'TRADE_FEE_BASIS_POINTS'],
    [{ TRADE_FEE_MINIMUM_EUR: '2.5' }, 'TRADE_FEE_MINIMUM_EUR'],
    [{ TOB_SHARES_BASIS_POINTS: '-35' }, 'TOB_SHARES_BASIS_POINTS'],
    [{ TOB_SHARES_CAP_EUR: '1600' }, 'TOB_SHARES_CAP_EUR'],
    [{ TOB_FUND_ACCUMULATING_CAP_EUR: '100000.01' }, 'TOB_FUND_ACCUMULATING_CAP_EUR'],
    [{ TRADE_SELL_LOCKS: 'frank=2w' }, 'TRADE_SELL_LOCKS'],
    [{ TRADE_SELL_LOCKS: 'nasdaq=1d' }, 'TRADE_SELL_LOCKS'],
    [{ TRADE_SELL_LOCKS: 'frank=1d,frank=2d' }, 'TRADE_SELL_LOCKS'],
    [{ TRADE_PRICE_COLLARS_PERCENT: 'usd=0' }, 'TRADE_PRICE_COLLARS_PERCENT'],
    [{ TRADE_PRICE_COLLARS_PERCENT: 'usd=51' }, 'TRADE_PRICE_COLLARS_PERCENT'],
    [{ DIVIDEND_WITHHOLDING_BE_BASIS_POINTS: '10001' }, 'DIVIDEND_WITHHOLDING_BE_BASIS_POINTS'],
  ])('refuses %o naming %s', (environment, variable) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(new RegExp(`${variable}:`));
  });

  it('parses fund amounts once into minor units per currency, and hours into minutes', () => {
    const defaults = loadConfig({}).funds;
    expect(defaults.withdrawalFeeMinor).toEqual({ EUR: 0n, USD: 0n });
    expect(defaults.withdrawalMinimumMinor).toEqual({ EUR: 100_00n, USD: 100_00n });
    expect(defaults.correctionThresholdMinor).toEqual({ EUR: 100_00n, USD: 100_00n });
    expect(defaults.withdrawalHours).toEqual({
      opens: '09:00',
      closes: '17:30',
      opensAtMinute: 540,
      closesAtMinute: 1050,
    });
    const funds = loadConfig({
      WITHDRAWAL_FEE_EUR: '1.50',
      WITHDRAWAL_FEE_USD: '0.75',
      WITHDRAWAL_MINIMUM_USD: '50.00',
      CORRECTION_APPROVAL_THRESHOLD_USD: '250.00',
      DEPOSIT_HOURS: '00:00-24:00',
    }).funds;
    expect(funds.withdrawalFeeMinor).toEqual({ EUR: 1_50n, USD: 75n });
    expect(funds.withdrawalMinimumMinor).toEqual({ EUR: 100_00n, USD: 50_00n });
    expect(funds.correctionThresholdMinor).toEqual({ EUR: 100_00n, USD: 250_00n });
    expect(funds.depositHours).toMatchObject({ opensAtMinute: 0, closesAtMinute: 1440 });
  });

  // A hostile operator's configuration cannot make withdrawals pay nothing or keep ordinary users
  // from their money (DESIGN.md §1.4), nor let one staff member apply large corrections (§1.3).
  it.each([
    [{ WITHDRAWAL_FEE_EUR: '100.00' }, 'WITHDRAWAL_FEE_EUR', 'must be below WITHDRAWAL_MINIMUM_EUR'],
    [{ WITHDRAWAL_MINIMUM_USD: '20.00', WITHDRAWAL_FEE_USD: '25.00' }, 'WITHDRAWAL_FEE_USD', 'below'],
    [{ WITHDRAWAL_MINIMUM_EUR: '1000.01' }, 'WITHDRAWAL_MINIMUM_EUR', 'at most 1000.00'],
    [{ WITHDRAWAL_MINIMUM_USD: '999999999.99' }, 'WITHDRAWAL_MINIMUM_USD', 'at most 1000.00'],
    [
      { CORRECTION_APPROVAL_THRESHOLD_EUR: '10000.01' },
      'CORRECTION_APPROVAL_THRESHOLD_EUR',
      'at most 10000.00',
    ],
  ])('refuses %o naming %s', (environment, variable, reason) => {
    expect(() => loadConfig(environment)).toThrow(new RegExp(`${variable}: .*${reason}`));
  });

  it('parses the trading schedule once: fees, TOB rates and caps in minor units, per-market terms', () => {
    const defaults = loadConfig({}).trading;
    expect(defaults.securityFee).toEqual({ basisPoints: 10, minimumMinor: { EUR: 2_50n, USD: 2_50n } });
    expect(defaults.cryptoFee.basisPoints).toBe(50);
    expect(defaults.tob.shares).toEqual({ basisPoints: 35, capEurMinor: 1_600_00n });
    expect(defaults.tob.fund_reduced).toEqual({ basisPoints: 12, capEurMinor: 1_300_00n });
    expect(defaults.tob.fund_accumulating).toEqual({ basisPoints: 132, capEurMinor: 4_000_00n });
    expect(defaults.sellLocks.frank).toEqual({ days: 0, minutes: 0 });
    expect(defaults.collarPercent).toEqual({ frank: 10, usd: 10, 'ETF-BEL': 10, 'ETF-USA': 10, crypto: 10 });
    expect(defaults.dividendWithholding).toEqual({ belgianBasisPoints: 3000, usBasisPoints: 1500 });
    const configured = loadConfig({
      TRADE_FEE_MINIMUM_USD: '1.99',
      TOB_SHARES_CAP_EUR: '1500.00',
      TRADE_SELL_LOCKS: 'frank=2d, usd=30m',
      TRADE_PRICE_COLLARS_PERCENT: 'crypto=20',
    }).trading;
    expect(configured.securityFee.minimumMinor.USD).toBe(1_99n);
    expect(configured.tob.shares.capEurMinor).toBe(1_500_00n);
    expect(configured.sellLocks).toMatchObject({
      frank: { days: 2, minutes: 0 },
      usd: { days: 0, minutes: 30 },
    });
    expect(configured.sellLocks.crypto).toEqual({ days: 0, minutes: 0 });
    expect(configured.collarPercent).toMatchObject({ crypto: 20, frank: 10 });
  });

  it('runs live only with the operator named and licensed', () => {
    const config = loadConfig({
      MARKET_PROVIDER: 'finnhub',
      FINNHUB_API_KEY: 'key',
      OPERATOR_NAME: 'Example Bank NV',
      OPERATOR_LICENCE: 'FSMA 0403.227.515',
    });
    expect(config.mode).toBe('live');
    expect(config.operator).toEqual({ name: 'Example Bank NV', licence: 'FSMA 0403.227.515' });
  });

  it('takes a price scenario only under NODE_ENV=test, and none by default', () => {
    expect(loadConfig({}).market).toEqual({ provider: 'simulator' });
    expect(() => loadConfig({ NODE_ENV: 'production', MARKET_PRICE_SCENARIO: 'KBC.BR:0=100,60=60' })).toThrow(
      ConfigError,
    );
    const config = loadConfig({ NODE_ENV: 'test', MARKET_PRICE_SCENARIO: 'KBC.BR:0=100,60=60.5' });
    expect(config.market.provider === 'simulator' && config.market.priceScenario).toEqual(
      new Map([
        [
          'KBC.BR',
          [
            { seconds: 0, basisPoints: 10_000 },
            { seconds: 60, basisPoints: 6_050 },
          ],
        ],
      ]),
    );
  });

  it('starts a test clock only under NODE_ENV=test', () => {
    expect(loadConfig({}).clockStart).toBeNull();
    const config = loadConfig({ NODE_ENV: 'test', CLOCK_START: '2026-11-24T10:00:00+01:00' });
    expect(config.clockStart?.toISOString()).toBe('2026-11-24T09:00:00.000Z');
  });
});
