// Field rules and limits, zod-free (`@beurs/contract/rules`): the zod schemas are built from them,
// the server checks with them, and the apps check a form with the same rules before sending it.

export * from './iban';

/** The phone number is the account: digits only, with country code, 6 to 15 digits. */
export const ACCOUNT_PATTERN = /^\d{6,15}$/;
/** The login password. */
export const PASSWORD_LENGTH = { min: 6, max: 128 } as const;
/** A staff member's password. */
export const STAFF_PASSWORD_LENGTH = { min: 12, max: 128 } as const;
/**
 * A two-factor code: six digits from the authenticator app, or one of the ten single-use recovery
 * codes (`XXXXX-XXXXX`, base32 letters and digits; the dash may be left out).
 */
export const TWO_FACTOR_CODE_PATTERN = /^(\d{6}|[A-Z2-7]{5}-?[A-Z2-7]{5})$/i;
/** The fund password: six digits. */
export const FUND_PASSWORD_PATTERN = /^\d{6}$/;
/** The real name on an identity submission or a payout card. */
export const REALNAME_LENGTH = { min: 2, max: 140 } as const;
/** An ID document number as typed (checked per document type by the server). */
export const DOCUMENT_NUMBER_LENGTH = { min: 5, max: 32 } as const;

// Uploads
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
export const UPLOAD_LIMIT_MEGAPIXELS = 40;

// Market data
export const WATCHLIST_LIMIT = 200;
export const QUOTES_PER_CALL_MAX = 100;
/** Limits of the live stream (`STREAM_PATH`). */
export const STREAM_LIMITS = {
  /** Symbols one connection may follow at once. */
  symbolsPerClient: 100,
  /** Messages a client may send per second before it is disconnected. */
  messagesPerSecond: 20,
  /** Largest client message, bytes (room for a 10,000-symbol subscribe, which is then capped). */
  messageBytesMax: 262_144,
  /** Invalid messages tolerated before the connection is closed. */
  invalidMessagesMax: 5,
  heartbeatMs: 15_000,
} as const;

// Trading
export const TRADING_LIMITS = {
  /** A good-till-cancelled order lives at most this many days. */
  gtcDaysMax: 90,
  /** Whole digits of a quantity (up to 999,999,999 shares or units). */
  quantityWholeDigitsMax: 9,
  /** Decimals of a quantity on the wire (crypto; shares are whole lots, checked per instrument). */
  quantityDecimalsMax: 8,
  /** A trailing stop trails by at most this percentage. */
  trailPercentMax: 50,
} as const;

/** The built-in simulator's name as a price and rate source; the apps show it translated. */
export const SIMULATOR_SOURCE = 'Beurs simulator (demo)';

/** Scale of a copy-following strategy's units (1 unit = 1 share of the NAV): 4 decimals. */
export const STRATEGY_UNIT_SCALE = 4;
/** Scale of a strategy's NAV per unit: 6 decimals of the currency. */
export const STRATEGY_NAV_SCALE = 6;

/** What staff may define in a new strategy (the server refuses the rest; the back office checks first). */
export const strategyLimits = {
  /** The code: 3 to 8 capital letters and digits, unique. */
  codePattern: /^[A-Z0-9]{3,8}$/,
  instrumentsMax: 10,
  /** Fixed weights, in basis points, sum to exactly this. */
  weightsTotal: 10_000,
  /** The rule's lookback, in prices it recorded at its runs (one a trading day). */
  lookbackMin: 2,
  lookbackMax: 250,
  /** Management fee a year and performance fee above the high-water mark, in basis points. */
  managementBasisPointsMax: 300,
  performanceBasisPointsMax: 2_500,
  noticeDaysMax: 30,
} as const;
