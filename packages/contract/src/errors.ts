// The closed catalogue of error codes (spec section 8 plus the transport errors of DESIGN.md §2).
// Each code has an HTTP status and the names of its parameters; the apps translate the code and
// format the parameters. A refused call answers `{status: 0, msg: code, code, params}`.
//
// HTTP status rules: 200 for business refusals, 400 malformed payload, 401 session, 403 rights,
// 404 unknown route, 413 body too large, 429 rate limited, 500 faults.

type Entry = {
  /** HTTP status of the answer. */
  readonly http: 200 | 400 | 401 | 403 | 404 | 413 | 429 | 500 | 503;
  /** Names of the parameters that travel in `params` (numbers as decimal strings, times as ISO). */
  readonly params: readonly string[];
  /** What the code means, for developers; users see the translation in @beurs/i18n. */
  readonly description: string;
};

/** A business refusal (HTTP 200); its parameter names stay literal so params are typed per code. */
const refusal = <const Params extends readonly string[] = readonly []>(
  description: string,
  params?: Params,
): Entry & { readonly http: 200; readonly params: Params } => ({
  http: 200,
  params: params ?? ([] as readonly string[] as Params),
  description,
});

export const errorCatalogue = {
  // Transport and session
  VALIDATION_FAILED: {
    http: 400,
    params: ['issues'],
    description: 'The payload does not match the contract.',
  },
  MALFORMED_JSON: { http: 400, params: [], description: 'The body is not valid JSON.' },
  UNAUTHENTICATED: { http: 401, params: [], description: 'Missing, expired, revoked or mismatched session.' },
  FORBIDDEN: { http: 403, params: [], description: 'The staff member lacks the role for this call.' },
  NOT_FOUND: { http: 404, params: [], description: 'No such route.' },
  PAYLOAD_TOO_LARGE: { http: 413, params: ['limitBytes'], description: 'The body exceeds the size limit.' },
  RATE_LIMITED: { http: 429, params: ['retryAfterSeconds'], description: 'Too many requests; try later.' },
  INTERNAL_ERROR: {
    http: 500,
    params: [],
    description: 'A fault on our side; the request id identifies it.',
  },
  SERVICE_UNAVAILABLE: { http: 503, params: [], description: 'The server is starting or shutting down.' },

  // Account
  ACCOUNT_NOT_FOUND: refusal('The account does not exist.'),
  WRONG_CREDENTIALS: refusal('Wrong account or password (never says which).'),
  ACCOUNT_EXISTS: refusal('An account with this phone number already exists.'),
  INVITER_NOT_FOUND: refusal('The invitation code belongs to no one.'),
  LOGIN_LOCKED: refusal('Too many failed logins; locked until the given time.', ['until']),

  // Access (each carries the reason staff recorded)
  ACCOUNT_FROZEN: refusal('The account is frozen; contact customer service.', ['reason']),
  LOGIN_BANNED: refusal('Login is banned for this account; contact customer service.', ['reason']),
  ACCOUNT_DISABLED: refusal('The account is disabled.', ['reason']),
  TRADING_BARRED: refusal('This account cannot trade.', ['reason']),
  WITHDRAWAL_BARRED: refusal(
    'This account cannot withdraw until the time given, for a reason of the published list (withdrawalBarReasons).',
    ['barReason', 'until'],
  ),

  // Passwords
  PASSWORDS_DO_NOT_MATCH: refusal('The password and its confirmation differ.'),
  WRONG_ORIGINAL_PASSWORD: refusal('The current password is wrong.'),
  WRONG_FUND_PASSWORD: refusal('The fund password is wrong.', ['attemptsLeft']),
  FUND_PASSWORD_NOT_SET: refusal('Set a fund password first.'),
  FUND_PASSWORD_LOCKED: refusal('Too many wrong fund passwords; locked until the given time.', ['until']),
  WRONG_CHANNEL_PASSWORD: refusal('The channel password is wrong.'),
  SECRET_KEY_MISMATCH: refusal('The secret key does not match.'),

  // Identity verification
  IDENTITY_REQUIRED: refusal('Verify your identity first.'),
  IDENTITY_PENDING: refusal('Your identity verification awaits review.'),
  IDENTITY_REJECTED: refusal('Your identity verification did not pass.', ['reason']),

  // Funds
  INSUFFICIENT_BALANCE: refusal('Insufficient balance.', ['currency', 'available']),
  INSUFFICIENT_AVAILABLE: refusal('Insufficient available balance.', ['currency', 'available']),
  INSUFFICIENT_WITHDRAWABLE: refusal(
    'Insufficient withdrawable amount; sale proceeds still settling become withdrawable on `settlesOn`.',
    ['currency', 'withdrawable', 'settlesOn'],
  ),
  INSUFFICIENT_CREDIT_SCORE: refusal('Credit score too low for this loan.', ['required']),
  INSUFFICIENT_CREDIT_LIMIT: refusal('Credit limit exceeded.', ['limit']),
  INSUFFICIENT_QUOTA: refusal('Fundraising quota exhausted.', ['remaining']),

  // Cards and wallets
  CARD_EXISTS: refusal('This card is already registered.'),
  CARD_NOT_FOUND: refusal('The card does not exist.'),
  CARD_NOT_OWN: refusal("The card is not in the account holder's own name."),

  // Pending work
  FUND_OPERATION_IN_PROGRESS: refusal('Another fund operation is in progress.'),
  DEPOSIT_PENDING: refusal('A deposit is already pending.'),
  FUND_OPERATION_NOT_PENDING: refusal(
    'Only a pending deposit or withdrawal may be cancelled; this one was decided already.',
  ),
  UNPAID_LOAN: refusal('A credit loan is unpaid; repay it first.'),
  ORDER_IN_REVIEW: refusal('An order awaits review.'),
  REPAYMENT_EXCEEDS_LOAN: refusal('The repayment exceeds the loan.', ['outstanding']),

  // Trading
  MARKET_CLOSED: refusal('Not trading time.', ['opensAt']),
  PRICE_LIMIT_EXCEEDED: refusal('The price is beyond the rise/fall limit.', ['low', 'high']),
  PRICE_UNAVAILABLE: refusal('No price could be obtained for this instrument.'),
  PRICE_NOT_POSITIVE: refusal('The order price must be above 0.'),
  BELOW_PRODUCT_MINIMUM: refusal('The amount is below the product minimum.', ['minimum']),
  POSITION_LOCKED: refusal('The position is locked.', ['until']),
  SELL_LOCKED_DAYS: refusal('Cannot sell within T+N days of buying; sellable from `until`.', [
    'days',
    'until',
  ]),
  SELL_LOCKED_MINUTES: refusal('Cannot sell within N minutes of buying; sellable from `until`.', [
    'minutes',
    'until',
  ]),
  QUANTITY_NOT_WHOLE_LOTS: {
    http: 400,
    params: ['lotSize', 'decimals'],
    description: "The quantity is not a whole number of the instrument's lots at its scale.",
  },
  INSTRUMENT_NOT_TRADABLE: refusal('This instrument (an index, a currency pair) cannot be traded.', [
    'symbol',
  ]),
  ORDER_EXPIRY_OUT_OF_RANGE: refusal(
    'A good-till-cancelled order expires from today up to at most 90 days ahead.',
    ['latest'],
  ),
  INSUFFICIENT_POSITION: refusal('The sell is larger than the shares held and not frozen.', ['available']),

  // Strategies defined by staff (issue 17 item 5)
  STRATEGY_CODE_TAKEN: refusal('A strategy with this code exists already (open or closed).', ['code']),
  STRATEGY_INSTRUMENT_REPEATED: refusal('An instrument appears twice in the strategy.', ['symbol']),
  STRATEGY_CURRENCIES_MIXED: refusal(
    "A strategy's instruments all trade in one currency; this one trades in another.",
    ['symbol', 'currency'],
  ),
  STRATEGY_WEIGHTS_INVALID: refusal(
    'Fixed weights: one weight per instrument, each above 0, summing to 10,000 basis points.',
    ['total'],
  ),
  STRATEGY_RULE_PARAMETERS_INVALID: refusal(
    "The rule's parameters do not fit its kind: weights only for fixed weights; a lookback of 2 to 250 prices for trend and momentum; a top count from 1 to one less than the instruments for momentum.",
  ),
  STRATEGY_MANAGEMENT_FEE_ABOVE_CAP: refusal(
    'The management fee is above its cap (`cap`: a percentage a year).',
    ['cap'],
  ),
  STRATEGY_PERFORMANCE_FEE_ABOVE_CAP: refusal(
    'The performance fee is above its cap (`cap`: a percentage of the gain above the high-water mark).',
    ['cap'],
  ),

  // Offers
  BLOCK_TRADE_CLOSED: refusal('Block trading is closed.'),
  MARGIN_NOT_ENABLED: refusal(
    'Margin trading is not enabled: open a margin account first (test passed, risk disclosure accepted).',
  ),
  MARGIN_QUOTA_FULL: refusal('The margin-lending quota is full or the channel closed.'),
  SHORT_NOT_LENDABLE: refusal('This instrument is not on the lendable list: it cannot be sold short.', [
    'symbol',
  ]),
  LENDING_CHANNEL_CLOSED: refusal('Securities lending is paused for this instrument: no new short sales.', [
    'symbol',
  ]),
  PRODUCT_UNAVAILABLE: refusal('The product does not exist, is off shelf or delisted.'),
  COPY_TRADING_CLOSED: refusal('The copy-trading time limit has passed.'),
  SUBSCRIPTION_NOT_OPEN: refusal('The subscription time has not been reached.', ['opensAt']),
  IPO_CHANNEL_CLOSED: refusal('The new-share channel is not open.'),
  NOT_LISTED: refusal('Not yet listed.'),
  IPO_SUBSCRIPTION_LIMIT: refusal('This offering takes only so many subscriptions per user.', ['limit']),
  BLOCK_TRADE_DAILY_LIMIT: refusal(
    "Over the placement's daily purchase limit per user (shares requested today, Brussels time).",
    ['limit', 'left'],
  ),

  // Orders
  ORDER_NOT_FOUND: refusal('The order does not exist.'),
  ORDER_NOT_PENDING: refusal('Only a pending order may be cancelled.'),
  ORDER_NOT_HOLDING: refusal('Only a holding order may be sold or closed.'),
  ORDER_NOT_IN_REVIEW: refusal('Only an order in review may be processed.'),
  ORDER_NOT_SUBSCRIBABLE: refusal('Only an order in subscription or payment-due status may be operated.'),
  ALREADY_PROCESSED: refusal('This was already done; do not repeat the operation.'),

  // Check-in
  ALREADY_CHECKED_IN: refusal('Already checked in today.'),
  INSUFFICIENT_CHECKINS: refusal('Not enough check-ins.', ['required']),

  // Money movement
  IDEMPOTENCY_KEY_REUSED: refusal('The idempotency key was used with another request.'),
  INVALID_AMOUNT: refusal('The amount is not a valid positive amount in this currency.', ['currency']),
  SESSION_NOT_FOUND: refusal('The session does not exist or is not yours.'),

  // Market data
  UNKNOWN_SYMBOL: refusal('No instrument has this symbol.', ['symbol']),
  UNKNOWN_MARKET: refusal('No market or tab has this name.', ['market']),
  UNKNOWN_PERIOD: refusal('No chart period has this name.', ['period']),
  UNKNOWN_RANGE: refusal('No chart range has this name.', ['range']),
  UNKNOWN_ADJUSTMENT: refusal('No price adjustment mode has this name.', ['adjustment']),
  PERIOD_RANGE_UNSUPPORTED: refusal('This period cannot be shown over this long a range.', [
    'period',
    'range',
    'longestRange',
  ]),
  WATCHLIST_FULL: refusal('The watchlist holds its maximum number of symbols.', ['limit']),
  STREAM_MESSAGE_INVALID: refusal('The stream message is not valid JSON in the stream protocol.'),
  STREAM_SUBSCRIPTION_LIMIT: refusal('A stream connection may follow only so many symbols.', ['limit']),
  STREAM_CONNECTION_LIMIT: refusal('Too many live-price connections from one address at once.'),
  STREAM_RATE_LIMITED: refusal('The stream client sends messages too fast.', ['messagesPerSecond']),

  // Back-office, identity documents, payment methods and fund operations (issue 4)
  STAFF_USERNAME_EXISTS: refusal('A staff member with this username already exists.'),
  STAFF_DISABLED: refusal('This staff account is disabled; an admin can re-enable it.'),
  STAFF_NOT_FOUND: refusal('No staff member has this id.'),
  STAFF_ALREADY_DISABLED: refusal('This staff account is already disabled.'),
  STAFF_NOT_DISABLED: refusal('This staff account is not disabled.'),
  STAFF_CANNOT_DISABLE_SELF: refusal('A staff member cannot disable their own account.'),
  STAFF_LAST_ADMIN: refusal('The last enabled admin account cannot be disabled.'),
  TWO_FACTOR_REQUIRED: refusal('Enter the code from your authenticator app (or a recovery code).'),
  WRONG_TWO_FACTOR_CODE: refusal('The two-factor code is wrong, expired or already used.'),
  TWO_FACTOR_ALREADY_ENABLED: refusal('Two-factor sign-in is already on.'),
  TWO_FACTOR_NOT_STARTED: refusal('Start the two-factor setup first.'),
  STAFF_TWO_FACTOR_REQUIRED: {
    http: 403,
    params: [],
    description:
      'Staff must set up two-factor sign-in (/auth/twoFactor/setup, then /enable) before any other call.',
  },
  STAFF_PASSWORD_CHANGE_REQUIRED: {
    http: 403,
    params: [],
    description:
      'The first-start staff password must be changed (/auth/changePassword) before any other call.',
  },
  RESTRICTION_ALREADY_ACTIVE: refusal('This restriction is already in force on the account.', ['kind']),
  RESTRICTION_NOT_ACTIVE: refusal('The account has no such restriction in force.', ['kind']),
  RECORD_NOT_FOUND: refusal('The submission, deposit or withdrawal does not exist.'),
  UPLOAD_TOO_LARGE: {
    http: 413,
    params: ['limitBytes'],
    description: 'The file exceeds the upload size limit.',
  },
  UPLOAD_TYPE_UNSUPPORTED: refusal('The file is not a JPEG, PNG or WebP image (checked by content).', [
    'accepted',
  ]),
  UPLOAD_HEIC_UNSUPPORTED: refusal('HEIC photos cannot be read by this server; send JPEG, PNG or WebP.'),
  UPLOAD_TOO_MANY_PIXELS: refusal('The image has more pixels than allowed.', ['limitMegapixels']),
  UPLOAD_IMAGE_INVALID: refusal('The image is damaged or truncated and cannot be read.'),
  UPLOAD_NOT_FOUND: refusal('The uploaded file does not exist or is not yours.'),
  IDENTITY_ALREADY_VERIFIED: refusal('Your identity is already verified.'),
  ID_NUMBER_INVALID: refusal('The ID number is not valid for this document type.', ['documentType']),
  FUND_PASSWORD_ALREADY_SET: refusal('A fund password is already set; change or reset it instead.'),
  IBAN_INVALID: refusal('The IBAN is not valid (format or check digits).'),
  BIC_INVALID: refusal('The BIC is not valid.'),
  WALLET_ADDRESS_INVALID: refusal('The address is not valid for this network (format or checksum).', [
    'network',
  ]),
  WALLET_EXISTS: refusal('This wallet address is already registered.'),
  WALLET_NOT_FOUND: refusal('The wallet address does not exist.'),
  SCAM_CHECK_REQUIRED: refusal('Answer the safety question before this step.', ['trigger']),
  INSTITUTIONAL_MINIMUM_TOO_LOW: refusal(
    'An institutional collection account takes deposits of at least 1,000 (spec: minimum deposit).',
    ['currency', 'minimum'],
  ),
  DEPOSIT_CHANNEL_UNAVAILABLE: refusal('The deposit channel does not exist or is closed.'),
  DEMO_CHANNEL_NOT_ALLOWED: refusal(
    'A demo deposit channel exists only in demo mode, and its reference must not be a bank account number (IBAN).',
  ),
  // Reasons a reviewer (a person or the demo desk) rejects a submission with: stored as the code, translated.
  ID_NUMBER_CHECK_FAILED: refusal('The ID number does not pass the check of its document type.'),
  ID_PHOTOS_MISSING: refusal('A photo of the ID document is missing or cannot be read.'),
  DEPOSIT_PROOF_MISSING: refusal('The proof of the transfer is missing or cannot be read.'),
  WITHDRAWAL_RULES_NOT_MET: refusal(
    'A withdrawal rule is no longer met (identity, restrictions, payout card).',
  ),
  DEMO_DESK_NOT_ALLOWED: refusal(
    'The demo desk decides nothing outside demo mode, or when it is turned off.',
  ),
  DEPOSIT_AMOUNT_OUT_OF_RANGE: refusal('The amount is outside the channel minimum and maximum.', [
    'currency',
    'minimum',
    'maximum',
  ]),
  WITHDRAWAL_BELOW_MINIMUM: refusal('The amount is below the minimum withdrawal.', ['currency', 'minimum']),
  WITHDRAWAL_OUTSIDE_HOURS: refusal('Withdrawals are accepted only during withdrawal hours.', [
    'opens',
    'closes',
    'timeZone',
  ]),
  IDEMPOTENCY_KEY_REQUIRED: {
    http: 400,
    params: ['header'],
    description: 'Money-moving calls need an idempotency-key header.',
  },
  EXCHANGE_SAME_CURRENCY: refusal('The two currencies must differ.'),
  CORRECTION_NEEDS_SECOND_STAFF: refusal(
    'A correction above the threshold must be approved by another staff member.',
    ['threshold'],
  ),
  CORRECTION_APPROVER_NOT_INDEPENDENT: refusal(
    'The approver was created or re-enabled by the author of the correction within the last days given; another staff member must approve.',
    ['days'],
  ),
  WITHDRAWAL_BAR_NEEDS_APPROVAL: refusal(
    'Withdrawals are barred only through a bar request (a listed reason, a note, at most 30 days) approved by a second staff member.',
  ),
  WITHDRAWAL_BAR_NEEDS_SECOND_STAFF: refusal(
    'A withdrawal bar must be approved by another staff member than the one who asked for it.',
  ),
  EXCHANGE_QUOTE_EXPIRED: refusal(
    'The quote is no longer held (expired or already used); ask for a new one.',
    ['seconds'],
  ),
  EXCHANGE_QUOTE_INVALID: refusal('This quote was not issued to you; ask for a new one.'),

  // Messages, support chat, price alerts and push (issue 14)
  SUPPORT_MESSAGE_EMPTY: refusal('Write a message or attach a picture.'),
  SUPPORT_CONVERSATION_NOT_FOUND: refusal('This user has not written to support.'),
  ALERT_LIMIT_REACHED: refusal('You have the most active price alerts allowed.', ['limit']),
  ALERT_ALREADY_MET: refusal('The condition is already met at the current price; choose another level.', [
    'symbol',
    'price',
  ]),
  ALERT_VALUE_INVALID: refusal('The level must be above 0 (a percentage at most the given maximum).', [
    'maximum',
  ]),
  ALERT_NOT_FOUND: refusal('The price alert does not exist or is not yours.'),
  ALERT_NOT_ACTIVE: refusal('The price alert has already fired or was cancelled.'),
  NEWS_NOT_FOUND: refusal('The news item does not exist.'),
  PUSH_SERVICE_NOT_ALLOWED: refusal(
    "The subscription does not point at a browser's push service this server sends to.",
  ),

  // Credit line, check-in and professional-client application (issue 14, items 1, 5, 6)
  CREDIT_AMOUNT_NOT_WHOLE: refusal('Additional credit is asked in whole euros above 0.'),
  LOAN_NOT_FOUND: refusal('The loan does not exist or is not yours.'),
  LOAN_NOT_OPEN: refusal('This loan is repaid; nothing is owed on it.'),
  TIME_ZONE_INVALID: refusal('The time zone is not a known IANA zone name.'),
  ALREADY_PROFESSIONAL: refusal('You are already a professional client (seat account).'),
  PROFESSIONAL_APPLICATION_PENDING: refusal('Your professional-client application awaits a decision.'),
  PROFESSIONAL_CRITERIA_TOO_FEW: refusal('State at least two of the three criteria.', ['required']),
  PROFESSIONAL_TRADES_NOT_MET: refusal(
    'Your own fills do not show significant trades at an average of ten a quarter over the last four quarters.',
    ['required', 'counted'],
  ),
  PROFESSIONAL_EVIDENCE_REQUIRED: refusal('Upload evidence for the portfolio and experience criteria.'),
  PROFESSIONAL_PROTECTIONS_NOT_ACKNOWLEDGED: refusal('Read and confirm the protections you give up.'),

  // Margin account (issue 16, item 1); MARGIN_NOT_ENABLED (above, with the offers) until it is open
  MARGIN_TEST_RETAKE_TOO_SOON: refusal(
    'A failed appropriateness test can be taken again 30 days after it was taken, from `retakeFrom`.',
    ['retakeFrom'],
  ),
  MARGIN_TEST_ALREADY_PASSED: refusal('You have already passed the appropriateness test.'),
  MARGIN_TEST_NOT_PASSED: refusal('Pass the appropriateness test before accepting the risk disclosure.'),
  MARGIN_DISCLOSURE_NOT_ACCEPTED: refusal('Read and accept the risk disclosure to open a margin account.'),
  MARGIN_DISCLOSURE_OUTDATED: refusal(
    'The risk disclosure changed since it was shown (version or hash differs); read the current one.',
    ['version'],
  ),
  MARGIN_ACCOUNT_ALREADY_OPEN: refusal('Your margin account is already open.'),
  // Buying on margin and the capital transfer (issue 16, items 2 and 6)
  MARGIN_NOT_MARGINABLE: refusal(
    'This instrument cannot be bought on margin (crypto, illiquid, or not tradable).',
    ['symbol'],
  ),
  MARGIN_LEVERAGE_ABOVE_CAP: refusal(
    "The leverage is above the instrument's cap, 1 / its initial margin (`leverageMax`).",
    ['leverageMax'],
  ),
  MARGIN_PAY_IN_TRADE_CURRENCY: refusal(
    "A buy on margin, and a sale while a margin loan is open, pay in the instrument's currency (`currency`).",
    ['currency'],
  ),
  // Day trading (issue 16, item 5)
  DAY_TRADE_NOT_ELIGIBLE: refusal(
    'This instrument is not on the published list of day-trading instruments (`symbol`).',
    ['symbol'],
  ),
  DAY_TRADE_CUTOFF_PASSED: refusal(
    'Day trades are taken only while the venue is open and before the auto-close time (`autoCloseAt`, empty while the venue is closed).',
    ['autoCloseAt'],
  ),
  MARGIN_REPAY_ABOVE_OWED: refusal(
    'A repayment of the margin loan larger than what is owed in that currency (`owed`, possibly 0.00).',
    ['owed'],
  ),
  MARGIN_TRANSFER_BELOW_MAINTENANCE: refusal(
    'Moving this much out of the margin side would leave its equity below the maintenance requirement; at most `available` can move.',
    ['available'],
  ),

  // General
  TOO_FREQUENT: refusal('Submission too frequent.'),
  SYSTEM_BUSY: { http: 503, params: [], description: 'System busy, try again later.' },
} as const satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof errorCatalogue;
export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

/** A parameter's value: money as a decimal string, a time as ISO 8601, a count as a number. */
export type ErrorParamValue = string | number | readonly unknown[];

/** Parameters travel as strings or numbers; money as decimal strings, times as ISO 8601. */
export type ErrorParams = Readonly<Record<string, ErrorParamValue>>;

/**
 * The parameters of one code: exactly the names its catalogue entry lists. A union of codes gives
 * the union of their parameter objects.
 */
export type ErrorParamsOf<C extends ErrorCode> = C extends ErrorCode
  ? [ParamNames<C>] extends [never]
    ? NoParams
    : { readonly [Name in ParamNames<C>]: ErrorParamValue }
  : never;
type ParamNames<C extends ErrorCode> = (typeof errorCatalogue)[C]['params'][number];
/** A code without parameters takes none (an empty object at most). */
type NoParams = Readonly<Record<string, never>>;

/** The parameter argument for a code: optional when the code has none, required otherwise. */
export type ErrorParamsArgument<C extends ErrorCode> =
  NoParams extends ErrorParamsOf<C> ? [params?: ErrorParamsOf<C>] : [params: ErrorParamsOf<C>];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

/**
 * The one error type that services throw for a catalogued refusal. The HTTP layer maps it to the
 * envelope; clients switch on `code`. The parameters are typed per code from the catalogue, so a
 * refusal cannot leave out a parameter its message needs nor send one no client expects.
 */
export class DomainError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly params: ErrorParamsOf<C>;

  constructor(code: C, ...[params]: ErrorParamsArgument<C>) {
    super(code);
    this.name = 'DomainError';
    this.code = code;
    this.params = params ?? ({} as ErrorParamsOf<C>);
  }

  get httpStatus(): number {
    return errorCatalogue[this.code].http;
  }
}
