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
    [{ STREAM_CONNECTIONS_PER_ADDRESS: '0' }, 'STREAM_CONNECTIONS_PER_ADDRESS'],
    [{ STREAM_CONNECTIONS_PER_ADDRESS: 'many' }, 'STREAM_CONNECTIONS_PER_ADDRESS'],
  ])('refuses %o naming %s', (environment, variable) => {
    expect(() => loadConfig(environment)).toThrow(ConfigError);
    expect(() => loadConfig(environment)).toThrow(new RegExp(`${variable}:`));
  });

  it('runs live only with the operator named and licensed', () => {
    const config = loadConfig({
      MARKET_PROVIDER: 'finnhub',
      FINNHUB_API_KEY: 'key',
      OPERATOR_NAME: 'Example Bank NV',
      OPERATOR_LICENCE: 'FSMA 123',
    });
    expect(config.mode).toBe('live');
    expect(config.operator).toEqual({ name: 'Example Bank NV', licence: 'FSMA 123' });
  });

  it('starts a test clock only under NODE_ENV=test', () => {
    expect(loadConfig({}).clockStart).toBeNull();
    const config = loadConfig({ NODE_ENV: 'test', CLOCK_START: '2026-11-24T10:00:00+01:00' });
    expect(config.clockStart?.toISOString()).toBe('2026-11-24T09:00:00.000Z');
  });
});
