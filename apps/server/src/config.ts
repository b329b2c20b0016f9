import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { currencies, formatCash, parseCash, parseDecimal, scales, type Currency } from '@beurs/contract';
import { z } from 'zod';
import { FINNHUB_REST_URL, FINNHUB_SOCKET_URL } from './market/finnhub/finnhub-provider';
import type { FxRateBand } from './market/price-bands';
import { isOperatorName, parseOperatorLicence } from './operator-registration';

// Configuration comes from environment variables, validated once at start. A bad value stops the
// server with a message that names the variable and says what is expected.

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => value === undefined || protocols.some((protocol) => value.startsWith(`${protocol}://`)),
      `must start with ${protocols.map((protocol) => `${protocol}://`).join(' or ')}`,
    );

/** Opening hours: "HH:MM" as shown, and minutes after midnight for comparing (24:00 is 1440). */
export type OpeningHours = {
  readonly opens: string;
  readonly closes: string;
  readonly opensAtMinute: number;
  readonly closesAtMinute: number;
};

const minuteOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Opening hours as "HH:MM-HH:MM" in FUNDS_TIME_ZONE ("24:00" closes at midnight). */
const hoursSchema = (fallback: string) =>
  z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d-(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'hours like "09:00-17:30"')
    .default(fallback)
    .transform((hours): OpeningHours => {
      const [opens = '', closes = ''] = hours.split('-');
      return { opens, closes, opensAtMinute: minuteOfDay(opens), closesAtMinute: minuteOfDay(closes) };
    })
    .refine((hours) => hours.opensAtMinute < hours.closesAtMinute, 'must close after it opens');

/** The highest withdrawal minimum: a higher floor would keep ordinary users from their own money. */
export const WITHDRAWAL_MINIMUM_CAP_MINOR = 1_000_00n;
/** The highest correction threshold: above it one staff member could move large sums alone. */
export const CORRECTION_THRESHOLD_CAP_MINOR = 10_000_00n;

/** A cash amount in one currency ("1.50"), parsed once into minor units. */
const cashSchema = (fallback: string, capMinor: bigint | null = null) =>
  z
    .string()
    .regex(/^\d{1,9}\.\d{2}$/, 'an amount with two decimals, like "1.50"')
    .default(fallback)
    .transform((amount, context) => {
      const minor = parseCash(amount);
      if (minor === null) context.addIssue({ code: 'custom', message: 'not an amount' });
      return minor ?? 0n;
    })
    .refine((minor) => capMinor === null || minor <= capMinor, `at most ${formatCash(capMinor ?? 0n)}`);

const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    DATA_DIR: z.string().default('data'),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24 * 7),
    INITIAL_STAFF_PASSWORD: z.string().min(12).optional(),
    SUPPORT_URL: z.string().url().default('mailto:support@beurs.example'),
    MARKET_PROVIDER: z.enum(['simulator', 'finnhub']).default('simulator'),
    FINNHUB_API_KEY: z.string().trim().optional(),
    FINNHUB_REST_URL: optionalUrl(['http', 'https']),
    FINNHUB_WS_URL: optionalUrl(['ws', 'wss']),
    OPERATOR_NAME: z
      .string()
      .trim()
      .optional()
      .refine((name) => !name || isOperatorName(name), 'a legal name (see docs/security.md, "Live mode")'),
    OPERATOR_LICENCE: z
      .string()
      .optional()
      .refine(
        (licence) => !licence || parseOperatorLicence(licence),
        '"FSMA 0xxx.xxx.xxx" (enterprise number) or "LEI <20 characters>", with valid check digits',
      ),
    FX_RATE_BAND_EUR_USD: z
      .string()
      .regex(/^\d\.\d{2,6}-\d\.\d{2,6}$/, 'a range like "0.80-1.65"')
      .refine((range) => {
        const [low = '', high = ''] = range.split('-');
        return (parseDecimal(low, scales.fxRate) ?? 0n) < (parseDecimal(high, scales.fxRate) ?? 0n);
      }, 'the low end below the high end')
      .default('0.80-1.65'),
    LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    REGISTER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    ACCOUNT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    STREAM_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(20),
    UPLOADS_DIR: z.string().optional(),
    DEPOSIT_HOURS: hoursSchema('08:30-22:00'),
    WITHDRAWAL_HOURS: hoursSchema('09:00-17:30'),
    FUNDS_TIME_ZONE: z.string().default('Europe/Brussels'),
    WITHDRAWAL_FEE_EUR: cashSchema('0.00'),
    WITHDRAWAL_FEE_USD: cashSchema('0.00'),
    WITHDRAWAL_MINIMUM_EUR: cashSchema('100.00', WITHDRAWAL_MINIMUM_CAP_MINOR),
    WITHDRAWAL_MINIMUM_USD: cashSchema('100.00', WITHDRAWAL_MINIMUM_CAP_MINOR),
    CORRECTION_APPROVAL_THRESHOLD_EUR: cashSchema('100.00', CORRECTION_THRESHOLD_CAP_MINOR),
    CORRECTION_APPROVAL_THRESHOLD_USD: cashSchema('100.00', CORRECTION_THRESHOLD_CAP_MINOR),
    FX_SPREAD_BASIS_POINTS: z.coerce.number().int().min(0).max(1_000).default(50),
    REGULATOR_WARNING_URL: z
      .string()
      .url()
      .default('https://www.fsma.be/en/warnings/companies-operating-unlawfully-in-belgium'),
    CLOCK_START: z.iso
      .datetime({ offset: true })
      .optional()
      .transform((value) => (value ? new Date(value) : undefined)),
    HSTS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(63_072_000).default(0),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .superRefine((environment, context) => {
    if (environment.CLOCK_START && environment.NODE_ENV !== 'test') {
      context.addIssue({
        code: 'custom',
        path: ['CLOCK_START'],
        message: 'a started clock is for tests only (NODE_ENV=test)',
      });
    }
    for (const name of ['FINNHUB_REST_URL', 'FINNHUB_WS_URL'] as const) {
      if (environment[name] && environment.NODE_ENV !== 'test') {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `the vendor's endpoints are fixed (${FINNHUB_REST_URL}, ${FINNHUB_SOCKET_URL}); another is for tests only (NODE_ENV=test), and keeps demo mode`,
        });
      }
    }
    if (
      environment.MARKET_PROVIDER !== 'simulator' &&
      (!environment.OPERATOR_NAME || !environment.OPERATOR_LICENCE)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['OPERATOR_NAME'],
        message: 'live mode (a real MARKET_PROVIDER) needs OPERATOR_NAME and OPERATOR_LICENCE',
      });
    }
    for (const currency of currencies) {
      const fee = environment[`WITHDRAWAL_FEE_${currency}`];
      const minimum = environment[`WITHDRAWAL_MINIMUM_${currency}`];
      // Fees come out of the amount withdrawn (DESIGN.md §1.4): every allowed amount pays out more than 0.
      if (fee > 0n && fee >= minimum) {
        context.addIssue({
          code: 'custom',
          path: [`WITHDRAWAL_FEE_${currency}`],
          message: `must be below WITHDRAWAL_MINIMUM_${currency} (${formatCash(minimum)})`,
        });
      }
    }
    if (environment.MARKET_PROVIDER === 'finnhub' && !environment.FINNHUB_API_KEY) {
      context.addIssue({
        code: 'custom',
        path: ['FINNHUB_API_KEY'],
        message: 'MARKET_PROVIDER=finnhub needs an API key',
      });
    }
  });

/** Where prices come from: the built-in simulator (demo mode) or a real vendor (live mode). */
export type MarketConfig =
  | { provider: 'simulator' }
  | {
      provider: 'finnhub';
      apiKey: string;
      /** Tests only (NODE_ENV=test): a local fake of the vendor; the mode then stays demo. */
      restUrl?: string;
      socketUrl?: string;
      /** Configured ranges a vendor's FX rate must also lie in (the second reference). */
      fxRateBands: readonly FxRateBand[];
    };

export type Config = {
  readonly environment: 'development' | 'production' | 'test';
  readonly host: string;
  readonly port: number;
  readonly logLevel: string;
  readonly database: { engine: 'pglite'; dataDir: string | null } | { engine: 'postgres'; url: string };
  readonly redisUrl: string | undefined;
  readonly sessionTtlHours: number;
  readonly initialStaffPassword: string | undefined;
  readonly supportUrl: string;
  readonly market: MarketConfig;
  /** Demo mode whenever prices come from the built-in simulator (DESIGN.md §1.2). */
  readonly mode: 'demo' | 'live';
  readonly operator: { name: string; licence: string } | null;
  readonly trustProxy: boolean;
  /** Strict-Transport-Security max-age; 0 sends none (set it where Beurs is served over TLS). */
  readonly hstsMaxAgeSeconds: number;
  /** Tests only (NODE_ENV=test): the server's clock starts at this instant and runs at real speed. */
  readonly clockStart: Date | null;
  /** Private uploads (ID photos, deposit proofs): UPLOADS_DIR, or DATA_DIR/uploads. */
  readonly uploadsDir: string;
  /** Deposits and withdrawals (issue 4): hours in `timeZone`, the withdrawal fee and minimum per currency, the FX spread. */
  readonly funds: {
    readonly depositHours: OpeningHours;
    readonly withdrawalHours: OpeningHours;
    readonly timeZone: string;
    /** Flat fee per currency, in minor units, taken out of the amount withdrawn. */
    readonly withdrawalFeeMinor: Readonly<Record<Currency, bigint>>;
    /** The smallest withdrawal per currency, in minor units. */
    readonly withdrawalMinimumMinor: Readonly<Record<Currency, bigint>>;
    readonly fxSpreadBasisPoints: number;
    /** Staff balance corrections above this (per currency, minor units) need a second staff member. */
    readonly correctionThresholdMinor: Readonly<Record<Currency, bigint>>;
    readonly warningListUrl: string;
  };
  /** Per client address, per minute; `account`: per account on the password-checking calls. */
  readonly rateLimits: { login: number; register: number; account: number };
  /** Open quote-stream sockets per client address, on each node (the count is not shared). */
  readonly streamConnectionsPerAddress: number;
};

export class ConfigError extends Error {}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = env.DATA_DIR.startsWith('/') ? env.DATA_DIR : `${repositoryRoot}${env.DATA_DIR}`;
  return {
    environment: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    database: env.DATABASE_URL
      ? { engine: 'postgres', url: env.DATABASE_URL }
      : { engine: 'pglite', dataDir },
    redisUrl: env.REDIS_URL,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    initialStaffPassword: env.INITIAL_STAFF_PASSWORD,
    supportUrl: env.SUPPORT_URL,
    market:
      env.MARKET_PROVIDER === 'finnhub'
        ? {
            provider: 'finnhub',
            apiKey: env.FINNHUB_API_KEY ?? '',
            ...(env.FINNHUB_REST_URL ? { restUrl: env.FINNHUB_REST_URL } : {}),
            ...(env.FINNHUB_WS_URL ? { socketUrl: env.FINNHUB_WS_URL } : {}),
            fxRateBands: [fxRateBand('EUR', 'USD', env.FX_RATE_BAND_EUR_USD)],
          }
        : { provider: 'simulator' },
    // Live only with a real vendor at its own endpoints: a fake vendor (tests) never leaves demo.
    mode: env.MARKET_PROVIDER === 'simulator' || env.FINNHUB_REST_URL || env.FINNHUB_WS_URL ? 'demo' : 'live',
    operator:
      env.OPERATOR_NAME && env.OPERATOR_LICENCE
        ? { name: env.OPERATOR_NAME, licence: parseOperatorLicence(env.OPERATOR_LICENCE)?.display ?? '' }
        : null,
    trustProxy: env.TRUST_PROXY,
    hstsMaxAgeSeconds: env.HSTS_MAX_AGE_SECONDS,
    clockStart: env.CLOCK_START ?? null,
    uploadsDir: env.UPLOADS_DIR ?? join(dataDir, 'uploads'),
    funds: {
      depositHours: env.DEPOSIT_HOURS,
      withdrawalHours: env.WITHDRAWAL_HOURS,
      timeZone: env.FUNDS_TIME_ZONE,
      withdrawalFeeMinor: { EUR: env.WITHDRAWAL_FEE_EUR, USD: env.WITHDRAWAL_FEE_USD },
      withdrawalMinimumMinor: { EUR: env.WITHDRAWAL_MINIMUM_EUR, USD: env.WITHDRAWAL_MINIMUM_USD },
      fxSpreadBasisPoints: env.FX_SPREAD_BASIS_POINTS,
      correctionThresholdMinor: {
        EUR: env.CORRECTION_APPROVAL_THRESHOLD_EUR,
        USD: env.CORRECTION_APPROVAL_THRESHOLD_USD,
      },
      warningListUrl: env.REGULATOR_WARNING_URL,
    },
    rateLimits: {
      login: env.LOGIN_RATE_LIMIT_PER_MINUTE,
      register: env.REGISTER_RATE_LIMIT_PER_MINUTE,
      account: env.ACCOUNT_RATE_LIMIT_PER_MINUTE,
    },
    streamConnectionsPerAddress: env.STREAM_CONNECTIONS_PER_ADDRESS,
  };
}

function fxRateBand(base: string, quote: string, range: string): FxRateBand {
  const [low = '', high = ''] = range.split('-');
  return {
    base,
    quote,
    lowMinor: parseDecimal(low, scales.fxRate) ?? 0n,
    highMinor: parseDecimal(high, scales.fxRate) ?? 0n,
  };
}

/**
 * A configuration for tests: in-memory PGlite, quiet logs, rate limits high enough that only the
 * tests about rate limits meet them; override what a test needs.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    database: { engine: 'pglite', dataDir: null },
    rateLimits: { login: 10_000, register: 10_000, account: 10_000 },
    uploadsDir: join(tmpdir(), `beurs-test-uploads-${process.pid}`),
    ...overrides,
  };
}
