import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  currencies,
  languages,
  type Language,
  formatCash,
  parseCash,
  parseDecimal,
  scales,
  tradableMarkets,
  type Currency,
  type TobClass,
  type TradableMarket,
} from '@beurs/contract';
import { z } from 'zod';
import { FINNHUB_REST_URL, FINNHUB_SOCKET_URL } from './market/finnhub/finnhub-provider';
import type { FxRateBand } from './market/price-bands';
import { parsePriceScenario, type PriceScenario } from './market/price-scenario';
import { isOperatorName, parseOperatorLicence } from './operator-registration';
import { fromServerRoot } from './server-root';

// Configuration comes from environment variables, validated once at start. A bad value stops the
// server with a message that names the variable and says what is expected.

const repositoryRoot = fromServerRoot('..', '..');

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

/**
 * The highest daily correction limit (per staff member, per user): above it one staff member could
 * move large sums alone by splitting them into corrections under the threshold.
 */
export const CORRECTION_DAILY_LIMIT_CAP_MINOR = 50_000_00n;

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

/** The highest trading fee and TOB rate accepted, in basis points (10 %): anything above is a typo. */
export const TRADING_RATE_CAP_BASIS_POINTS = 1_000;
/** The highest TOB cap accepted, in EUR cents. */
export const TOB_CAP_CAP_MINOR = 100_000_00n;

const basisPointsSchema = (fallback: number) =>
  z.coerce.number().int().min(0).max(TRADING_RATE_CAP_BASIS_POINTS).default(fallback);

/** A sell lock: "0" (none), "2d" (T+2 trading days) or "30m" (minutes after the buy). */
export type SellLock = { readonly days: number; readonly minutes: number };

/**
 * A per-market setting as "frank=10,usd=10,…": every tradable market named at most once; markets
 * left out take the default. Unknown markets and malformed values stop the server.
 */
const perMarketSchema = <T>(fallback: T, parse: (text: string) => T | null, expected: string) =>
  z
    .string()
    .default('')
    .transform((text, context): Record<TradableMarket, T> => {
      const result = Object.fromEntries(tradableMarkets.map((market) => [market, fallback])) as Record<
        TradableMarket,
        T
      >;
      const seen = new Set<string>();
      for (const pair of text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const [market = '', value = ''] = pair.split('=').map((part) => part.trim());
        if (!(tradableMarkets as readonly string[]).includes(market) || seen.has(market)) {
          context.addIssue({
            code: 'custom',
            message: `"${market}" is not a tradable market named once (${tradableMarkets.join(', ')})`,
          });
          continue;
        }
        seen.add(market);
        const parsed = parse(value);
        if (parsed === null) context.addIssue({ code: 'custom', message: `${market}: ${expected}` });
        else result[market as TradableMarket] = parsed;
      }
      return result;
    });

function parseSellLock(text: string): SellLock | null {
  if (text === '0') return { days: 0, minutes: 0 };
  const match = /^(\d{1,3})([dm])$/.exec(text);
  if (!match) return null;
  const amount = Number(match[1]);
  if (match[2] === 'd') return amount <= 30 ? { days: amount, minutes: 0 } : null;
  return amount <= 24 * 60 ? { days: 0, minutes: amount } : null;
}

function parseCollarPercent(text: string): number | null {
  if (!/^\d{1,2}$/.test(text)) return null;
  const percent = Number(text);
  return percent >= 1 && percent <= 50 ? percent : null;
}

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
    // Web Push: a VAPID key pair (base64url, as `web-push generate-vapid-keys` prints it); when
    // absent, one is generated at first start and kept in the database.
    VAPID_PUBLIC_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{80,100}$/)
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{40,50}$/)
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .trim()
      .regex(/^(mailto:|https:\/\/)/)
      .default('mailto:support@beurs.example'),
    // News feeds (issue 14): `language|category|name|url` separated by ';' (category hot or stock),
    // e.g. `en|stock|Example Markets|https://example.com/markets.rss`. None by default.
    NEWS_FEEDS: z
      .string()
      .default('')
      .transform((value, context) => {
        const feeds = value
          .split(';')
          .map((entry) => entry.trim())
          .filter(Boolean)
          .map((entry) => {
            const [language = '', category = '', name = '', url = ''] = entry
              .split('|')
              .map((part) => part.trim());
            return { language, category, name, url };
          });
        for (const feed of feeds) {
          const isValid =
            (languages as readonly string[]).includes(feed.language) &&
            (feed.category === 'hot' || feed.category === 'stock') &&
            feed.name !== '' &&
            /^https?:\/\/\S+$/.test(feed.url);
          if (!isValid)
            context.addIssue({
              code: 'custom',
              message: `not language|hot or stock|name|http(s) URL: ${feed.url || feed.name}`,
            });
        }
        return feeds as Array<{ language: Language; category: 'hot' | 'stock'; name: string; url: string }>;
      }),
    // The push services a subscription may point at (host suffixes): the browsers' own by default.
    PUSH_SERVICE_HOSTS: z
      .string()
      .default(
        'fcm.googleapis.com,updates.push.services.mozilla.com,push.services.mozilla.com,notify.windows.com,push.apple.com',
      )
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
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
    CORRECTION_DAILY_LIMIT_PER_STAFF_EUR: cashSchema('500.00', CORRECTION_DAILY_LIMIT_CAP_MINOR),
    CORRECTION_DAILY_LIMIT_PER_STAFF_USD: cashSchema('500.00', CORRECTION_DAILY_LIMIT_CAP_MINOR),
    CORRECTION_DAILY_LIMIT_PER_USER_EUR: cashSchema('200.00', CORRECTION_DAILY_LIMIT_CAP_MINOR),
    CORRECTION_DAILY_LIMIT_PER_USER_USD: cashSchema('200.00', CORRECTION_DAILY_LIMIT_CAP_MINOR),
    FX_SPREAD_BASIS_POINTS: z.coerce.number().int().min(0).max(1_000).default(50),
    EXCHANGE_QUOTE_HOLD_SECONDS: z.coerce.number().int().min(5).max(120).default(15),
    EXCHANGE_QUOTE_SECRET: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => value === undefined || value.length >= 32, 'at least 32 characters'),
    TRADE_FEE_BASIS_POINTS: basisPointsSchema(10),
    TRADE_FEE_MINIMUM_EUR: cashSchema('2.50'),
    TRADE_FEE_MINIMUM_USD: cashSchema('2.50'),
    TRADE_FEE_CRYPTO_BASIS_POINTS: basisPointsSchema(50),
    TRADE_FEE_CRYPTO_MINIMUM_USD: cashSchema('1.00'),
    TOB_SHARES_BASIS_POINTS: basisPointsSchema(35),
    TOB_SHARES_CAP_EUR: cashSchema('1600.00', TOB_CAP_CAP_MINOR),
    TOB_FUND_REDUCED_BASIS_POINTS: basisPointsSchema(12),
    TOB_FUND_REDUCED_CAP_EUR: cashSchema('1300.00', TOB_CAP_CAP_MINOR),
    TOB_FUND_ACCUMULATING_BASIS_POINTS: basisPointsSchema(132),
    TOB_FUND_ACCUMULATING_CAP_EUR: cashSchema('4000.00', TOB_CAP_CAP_MINOR),
    TRADE_SELL_LOCKS: perMarketSchema<SellLock>(
      { days: 0, minutes: 0 },
      parseSellLock,
      '"0", days like "2d" (at most 30) or minutes like "30m" (at most 1440)',
    ),
    TRADE_PRICE_COLLARS_PERCENT: perMarketSchema(10, parseCollarPercent, 'a whole percentage from 1 to 50'),
    TRADE_MARKET_BUY_BUFFER_BASIS_POINTS: basisPointsSchema(200),
    TRADE_QUOTE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(15),
    DIVIDEND_WITHHOLDING_BE_BASIS_POINTS: z.coerce.number().int().min(0).max(10_000).default(3_000),
    DIVIDEND_WITHHOLDING_US_BASIS_POINTS: z.coerce.number().int().min(0).max(10_000).default(1_500),
    MARGIN_BENCHMARK_NAME: z.string().trim().min(1).max(60).default('€STR'),
    MARGIN_BENCHMARK_BASIS_POINTS: z.coerce.number().int().min(0).max(5_000).default(200),
    MARGIN_SPREAD_BASIS_POINTS: z.coerce.number().int().min(0).max(2_000).default(300),
    /** Day trading's intraday initial margin (issue 16 item 5): 10 % (10×, the orders' cap) to 100 %. */
    MARGIN_INTRADAY_INITIAL_BASIS_POINTS: z.coerce.number().int().min(1_000).max(10_000).default(2_500),
    /** Securities lending (issue 16 item 3): the annual borrow fee, the lenders' share, the recall notice. */
    LENDING_BORROW_FEE_BASIS_POINTS: z.coerce.number().int().min(0).max(10_000).default(300),
    LENDING_LENDER_SHARE_BASIS_POINTS: z.coerce.number().int().min(0).max(10_000).default(5_000),
    LENDING_RECALL_NOTICE_MINUTES: z.coerce.number().int().min(0).max(10_080).default(1_440),
    REGULATOR_WARNING_URL: z
      .string()
      .url()
      .default('https://www.fsma.be/en/warnings/companies-operating-unlawfully-in-belgium'),
    /** Tests only (NODE_ENV=test): scales simulated prices along a path (market/price-scenario.ts). */
    MARKET_PRICE_SCENARIO: z
      .string()
      .optional()
      .refine(
        (value) => value === undefined || parsePriceScenario(value) !== null,
        '"SYMBOL:seconds=percent,seconds=percent,…", symbols separated by ";"',
      ),
    CLOCK_START: z.iso
      .datetime({ offset: true })
      .optional()
      .transform((value) => (value ? new Date(value) : undefined)),
    HSTS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(63_072_000).default(0),
    DEMO_DESK: z
      .enum(['on', 'off'])
      .default('on')
      .transform((value) => value === 'on'),
    DEMO_DESK_DELAY_SECONDS: z.coerce.number().int().min(0).max(3_600).default(10),
    DEMO_IPO: z
      .enum(['on', 'off'])
      .default('on')
      .transform((value) => value === 'on'),
    DEMO_IPO_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(30),
    /** Shares the simulator offers in each demo IPO (whole lots of 100). */
    DEMO_IPO_SHARES_OFFERED: z.coerce.number().int().min(100).max(10_000_000).multipleOf(100).default(20_000),
    DEMO_IPO_DRAW_AFTER_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .default(5),
    DEMO_PLACEMENT: z
      .enum(['on', 'off'])
      .default('on')
      .transform((value) => value === 'on'),
    DEMO_PLACEMENT_WINDOW_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(30),
    DEMO_DEPOSIT_MINIMUM: cashSchema('10.00'),
    DEMO_DEPOSIT_MAXIMUM: cashSchema('100000.00', 1_000_000_00n),
    LEDGER_SIGNING_KEY: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine(
        (value) => value === undefined || /^ed25519-private:[\w-]{43}$/.test(value),
        '"ed25519-private:<43 characters>" (printed at first start; see docs/guarantees.md)',
      ),
    LEDGER_SIGNING_KEY_FILE: z.string().optional(),
    LEDGER_CHECKPOINT_DIR: z.string().optional(),
    LEDGER_SEAL_DEADLINE_SECONDS: z.coerce.number().int().min(5).max(3_600).default(60),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .superRefine((environment, context) => {
    if (environment.DEMO_DEPOSIT_MAXIMUM < environment.DEMO_DEPOSIT_MINIMUM) {
      context.addIssue({
        code: 'custom',
        path: ['DEMO_DEPOSIT_MAXIMUM'],
        message: 'must not be below DEMO_DEPOSIT_MINIMUM',
      });
    }
    if (environment.MARKET_PRICE_SCENARIO && environment.NODE_ENV !== 'test') {
      context.addIssue({
        code: 'custom',
        path: ['MARKET_PRICE_SCENARIO'],
        message: 'a price scenario is for tests only (NODE_ENV=test)',
      });
    }
    if (environment.MARKET_PRICE_SCENARIO && environment.MARKET_PROVIDER !== 'simulator') {
      context.addIssue({
        code: 'custom',
        path: ['MARKET_PRICE_SCENARIO'],
        message: 'a price scenario scales the simulator only (MARKET_PROVIDER=simulator)',
      });
    }
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
    if (Boolean(environment.VAPID_PUBLIC_KEY) !== Boolean(environment.VAPID_PRIVATE_KEY)) {
      context.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (or neither: a pair is generated)',
      });
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
  | {
      provider: 'simulator';
      /** Tests only (NODE_ENV=test): MARKET_PRICE_SCENARIO (market/price-scenario.ts). */
      priceScenario?: PriceScenario;
    }
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
  /**
   * The journal's seals and published heads (ADR 0007): the signing key (LEDGER_SIGNING_KEY, else
   * its file, written at first start), where the daily signed checkpoints go, and how long an entry
   * may wait for its seal (null: no deadline, for tests that move a manual clock by days).
   */
  readonly ledger: {
    readonly signingKey: string | null;
    readonly signingKeyFile: string;
    readonly checkpointDir: string;
    readonly sealDeadlineMs: number | null;
  };
  /** Strict-Transport-Security max-age; 0 sends none (set it where Beurs is served over TLS). */
  readonly hstsMaxAgeSeconds: number;
  /** Tests only (NODE_ENV=test): the server's clock starts at this instant and runs at real speed. */
  readonly clockStart: Date | null;
  /** Private uploads (ID photos, deposit proofs): UPLOADS_DIR, or DATA_DIR/uploads. */
  readonly uploadsDir: string;
  /** News feeds fetched by the news job (language, tab category, name shown as the source, URL). */
  readonly newsFeeds: ReadonlyArray<{
    readonly language: Language;
    readonly category: 'hot' | 'stock';
    readonly name: string;
    readonly url: string;
  }>;
  /** Web Push (VAPID): a configured key pair or null (generated once and stored), and where subscriptions may point. */
  readonly push: {
    readonly vapidKeys: { readonly publicKey: string; readonly privateKey: string } | null;
    readonly subject: string;
    readonly serviceHosts: readonly string[];
    /** Tests only: a certificate to trust (a local fake push service's); never read from the environment. */
    readonly trustedCertificate?: string;
  };
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
    /** How long an exchange quote holds its rate, in seconds. */
    readonly exchangeQuoteHoldSeconds: number;
    /**
     * The key that signs exchange quotes; null: a random key per process (one node only — several
     * nodes must share EXCHANGE_QUOTE_SECRET, or a quote from one is refused by another).
     */
    readonly exchangeQuoteSecret: string | null;
    /** Staff balance corrections above this (per currency, minor units) need a second staff member. */
    readonly correctionThresholdMinor: Readonly<Record<Currency, bigint>>;
    /**
     * What one staff member may apply alone (at or under the threshold, no second approval) within
     * 24 hours, per currency: in all (`perStaff`) and to any one user (`perUser`). A correction that
     * would pass either waits for a second staff member, so a large sum cannot be split.
     */
    readonly correctionDailyLimitMinor: {
      readonly perStaff: Readonly<Record<Currency, bigint>>;
      readonly perUser: Readonly<Record<Currency, bigint>>;
    };
    readonly warningListUrl: string;
  };
  /** Trading (issue 11): the published fee schedule, TOB, and each market's terms. */
  readonly trading: TradingConfig;
  /**
   * The margin account (issue 16): borrowed cash accrues the benchmark rate plus the spread a year
   * (basis points), published on the rules and parameters. Leverage itself is not built yet.
   */
  readonly margin: {
    readonly benchmarkName: string;
    readonly benchmarkBasisPoints: number;
    readonly spreadBasisPoints: number;
    /** Day trading's intraday initial margin, basis points (leverage up to 1 / it). */
    readonly intradayInitialBasisPoints: number;
    /** Securities lending: annual borrow fee and lenders' share (basis points), recall notice (minutes). */
    readonly lending: {
      readonly borrowFeeBasisPoints: number;
      readonly lenderShareBasisPoints: number;
      readonly recallNoticeMinutes: number;
    };
  };
  /** Per client address, per minute; `account`: per account on the password-checking calls. */
  readonly rateLimits: { login: number; register: number; account: number };
  /** Open quote-stream sockets per client address, on each node (the count is not shared). */
  readonly streamConnectionsPerAddress: number;
  /**
   * Demo mode's automatic reviewer (issue 18): decides identities, deposits and withdrawals after
   * `delaySeconds`, through the same review services as staff. Never in live mode, whatever
   * `isOn` says (`DEMO_DESK=off` turns it off in demo mode).
   */
  readonly demoDesk: { readonly isOn: boolean; readonly delaySeconds: number };
  /**
   * Demo mode's IPOs (issue 17): the simulator keeps one offering open or upcoming, its window
   * `windowMinutes` long, its draw `drawAfterMinutes` after it closes, listed at the next Euronext
   * open after the draw, `sharesOffered` shares. Never in live mode (`DEMO_IPO=off` turns it off in demo mode).
   */
  readonly demoIpo: {
    readonly isOn: boolean;
    readonly windowMinutes: number;
    readonly drawAfterMinutes: number;
    readonly sharesOffered: number;
  };
  /**
   * Demo mode's placements (issue 17): the simulator keeps one placement open or upcoming, a block
   * of a listed Brussels share at its last price rounded down to the tick, its window
   * `windowMinutes` long. Never in live mode (`DEMO_PLACEMENT=off` turns it off in demo mode).
   */
  readonly demoPlacement: { readonly isOn: boolean; readonly windowMinutes: number };
  /** The demo deposit channels' limits (one per currency, created at first start in demo mode). */
  readonly demoDeposit: { readonly minimumMinor: bigint; readonly maximumMinor: bigint };
};

export type TradingConfig = {
  /** Listed securities: a percentage of quantity × price with a minimum per trade currency. */
  readonly securityFee: {
    readonly basisPoints: number;
    readonly minimumMinor: Readonly<Record<Currency, bigint>>;
  };
  /** Crypto trades (in USD). */
  readonly cryptoFee: {
    readonly basisPoints: number;
    readonly minimumMinor: Readonly<Record<Currency, bigint>>;
  };
  /** Belgian TOB per class: rate and cap in EUR cents (converted to the trade currency). */
  readonly tob: Readonly<Record<TobClass, { readonly basisPoints: number; readonly capEurMinor: bigint }>>;
  readonly sellLocks: Readonly<Record<TradableMarket, SellLock>>;
  readonly collarPercent: Readonly<Record<TradableMarket, number>>;
  /** A pending market buy reserves this much above the ask (a buy queued for the open). */
  readonly marketBuyBufferBasisPoints: number;
  /** A quote is used only while younger than the provider's stated delay plus this grace. */
  readonly quoteGraceMs: number;
  /** Dividends: Belgian withholding on every dividend; US withholding at source first on US instruments. */
  readonly dividendWithholding: { readonly belgianBasisPoints: number; readonly usBasisPoints: number };
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
  const dataDir = env.DATA_DIR.startsWith('/') ? env.DATA_DIR : join(repositoryRoot, env.DATA_DIR);
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
        : {
            provider: 'simulator',
            ...(env.MARKET_PRICE_SCENARIO && env.NODE_ENV === 'test'
              ? { priceScenario: parsePriceScenario(env.MARKET_PRICE_SCENARIO) ?? new Map() }
              : {}),
          },
    // Live only with a real vendor at its own endpoints: a fake vendor (tests) never leaves demo.
    mode: env.MARKET_PROVIDER === 'simulator' || env.FINNHUB_REST_URL || env.FINNHUB_WS_URL ? 'demo' : 'live',
    operator:
      env.OPERATOR_NAME && env.OPERATOR_LICENCE
        ? { name: env.OPERATOR_NAME, licence: parseOperatorLicence(env.OPERATOR_LICENCE)?.display ?? '' }
        : null,
    trustProxy: env.TRUST_PROXY,
    ledger: {
      signingKey: env.LEDGER_SIGNING_KEY ?? null,
      signingKeyFile: inDataDir(dataDir, env.LEDGER_SIGNING_KEY_FILE ?? 'ledger-signing-key'),
      checkpointDir: inDataDir(dataDir, env.LEDGER_CHECKPOINT_DIR ?? 'ledger-checkpoints'),
      sealDeadlineMs: env.LEDGER_SEAL_DEADLINE_SECONDS * 1000,
    },
    hstsMaxAgeSeconds: env.HSTS_MAX_AGE_SECONDS,
    clockStart: env.CLOCK_START ?? null,
    uploadsDir: env.UPLOADS_DIR ?? join(dataDir, 'uploads'),
    newsFeeds: env.NEWS_FEEDS,
    push: {
      vapidKeys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : null,
      subject: env.VAPID_SUBJECT,
      serviceHosts: env.PUSH_SERVICE_HOSTS,
    },
    funds: {
      depositHours: env.DEPOSIT_HOURS,
      withdrawalHours: env.WITHDRAWAL_HOURS,
      timeZone: env.FUNDS_TIME_ZONE,
      withdrawalFeeMinor: { EUR: env.WITHDRAWAL_FEE_EUR, USD: env.WITHDRAWAL_FEE_USD },
      withdrawalMinimumMinor: { EUR: env.WITHDRAWAL_MINIMUM_EUR, USD: env.WITHDRAWAL_MINIMUM_USD },
      fxSpreadBasisPoints: env.FX_SPREAD_BASIS_POINTS,
      exchangeQuoteHoldSeconds: env.EXCHANGE_QUOTE_HOLD_SECONDS,
      exchangeQuoteSecret: env.EXCHANGE_QUOTE_SECRET ?? null,
      correctionThresholdMinor: {
        EUR: env.CORRECTION_APPROVAL_THRESHOLD_EUR,
        USD: env.CORRECTION_APPROVAL_THRESHOLD_USD,
      },
      correctionDailyLimitMinor: {
        perStaff: {
          EUR: env.CORRECTION_DAILY_LIMIT_PER_STAFF_EUR,
          USD: env.CORRECTION_DAILY_LIMIT_PER_STAFF_USD,
        },
        perUser: {
          EUR: env.CORRECTION_DAILY_LIMIT_PER_USER_EUR,
          USD: env.CORRECTION_DAILY_LIMIT_PER_USER_USD,
        },
      },
      warningListUrl: env.REGULATOR_WARNING_URL,
    },
    trading: {
      securityFee: {
        basisPoints: env.TRADE_FEE_BASIS_POINTS,
        minimumMinor: { EUR: env.TRADE_FEE_MINIMUM_EUR, USD: env.TRADE_FEE_MINIMUM_USD },
      },
      // Crypto trades in USD; the EUR row is the same amount for completeness (never used today).
      cryptoFee: {
        basisPoints: env.TRADE_FEE_CRYPTO_BASIS_POINTS,
        minimumMinor: { EUR: env.TRADE_FEE_CRYPTO_MINIMUM_USD, USD: env.TRADE_FEE_CRYPTO_MINIMUM_USD },
      },
      tob: {
        shares: { basisPoints: env.TOB_SHARES_BASIS_POINTS, capEurMinor: env.TOB_SHARES_CAP_EUR },
        fund_reduced: {
          basisPoints: env.TOB_FUND_REDUCED_BASIS_POINTS,
          capEurMinor: env.TOB_FUND_REDUCED_CAP_EUR,
        },
        fund_accumulating: {
          basisPoints: env.TOB_FUND_ACCUMULATING_BASIS_POINTS,
          capEurMinor: env.TOB_FUND_ACCUMULATING_CAP_EUR,
        },
        none: { basisPoints: 0, capEurMinor: 0n },
      },
      sellLocks: env.TRADE_SELL_LOCKS,
      collarPercent: env.TRADE_PRICE_COLLARS_PERCENT,
      marketBuyBufferBasisPoints: env.TRADE_MARKET_BUY_BUFFER_BASIS_POINTS,
      quoteGraceMs: env.TRADE_QUOTE_GRACE_SECONDS * 1000,
      dividendWithholding: {
        belgianBasisPoints: env.DIVIDEND_WITHHOLDING_BE_BASIS_POINTS,
        usBasisPoints: env.DIVIDEND_WITHHOLDING_US_BASIS_POINTS,
      },
    },
    margin: {
      benchmarkName: env.MARGIN_BENCHMARK_NAME,
      benchmarkBasisPoints: env.MARGIN_BENCHMARK_BASIS_POINTS,
      spreadBasisPoints: env.MARGIN_SPREAD_BASIS_POINTS,
      intradayInitialBasisPoints: env.MARGIN_INTRADAY_INITIAL_BASIS_POINTS,
      lending: {
        borrowFeeBasisPoints: env.LENDING_BORROW_FEE_BASIS_POINTS,
        lenderShareBasisPoints: env.LENDING_LENDER_SHARE_BASIS_POINTS,
        recallNoticeMinutes: env.LENDING_RECALL_NOTICE_MINUTES,
      },
    },
    rateLimits: {
      login: env.LOGIN_RATE_LIMIT_PER_MINUTE,
      register: env.REGISTER_RATE_LIMIT_PER_MINUTE,
      account: env.ACCOUNT_RATE_LIMIT_PER_MINUTE,
    },
    streamConnectionsPerAddress: env.STREAM_CONNECTIONS_PER_ADDRESS,
    demoDesk: { isOn: env.DEMO_DESK, delaySeconds: env.DEMO_DESK_DELAY_SECONDS },
    demoIpo: {
      isOn: env.DEMO_IPO,
      windowMinutes: env.DEMO_IPO_WINDOW_MINUTES,
      drawAfterMinutes: env.DEMO_IPO_DRAW_AFTER_MINUTES,
      sharesOffered: env.DEMO_IPO_SHARES_OFFERED,
    },
    demoPlacement: { isOn: env.DEMO_PLACEMENT, windowMinutes: env.DEMO_PLACEMENT_WINDOW_MINUTES },
    demoDeposit: { minimumMinor: env.DEMO_DEPOSIT_MINIMUM, maximumMinor: env.DEMO_DEPOSIT_MAXIMUM },
  };
}

/** A path as given when absolute, else under DATA_DIR. */
const inDataDir = (dataDir: string, path: string) => (path.startsWith('/') ? path : join(dataDir, path));

function fxRateBand(base: string, quote: string, range: string): FxRateBand {
  const [low = '', high = ''] = range.split('-');
  return {
    base,
    quote,
    lowMinor: parseDecimal(low, scales.fxRate) ?? 0n,
    highMinor: parseDecimal(high, scales.fxRate) ?? 0n,
  };
}

const TEST_SIGNING_KEY = `ed25519-private:${randomBytes(32).toString('base64url')}`;

/**
 * A configuration for tests: in-memory PGlite, quiet logs, rate limits high enough that only the
 * tests about rate limits meet them; override what a test needs.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const loaded = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  return {
    ...loaded,
    // One key per test process; no deadline, since tests move their manual clocks by days.
    ledger: {
      ...loaded.ledger,
      signingKey: TEST_SIGNING_KEY,
      checkpointDir: join(tmpdir(), `beurs-test-checkpoints-${process.pid}`),
      sealDeadlineMs: null,
    },
    database: { engine: 'pglite', dataDir: null },
    rateLimits: { login: 10_000, register: 10_000, account: 10_000 },
    uploadsDir: join(tmpdir(), `beurs-test-uploads-${process.pid}`),
    // Tests review by hand; the demo desk's own tests turn it on.
    demoDesk: { isOn: false, delaySeconds: 10 },
    // Tests create their own offerings; the demo IPO's own tests turn it on.
    demoIpo: { isOn: false, windowMinutes: 30, drawAfterMinutes: 5, sharesOffered: 20_000 },
    // Tests create their own placements; the demo placement's own tests turn it on.
    demoPlacement: { isOn: false, windowMinutes: 30 },
    ...overrides,
  };
}
