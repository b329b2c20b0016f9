// The closed value lists of the contract, zod-free (`@beurs/contract/enums`): the zod schemas are
// built from these lists, and clients import them without loading zod. Values are the strings on
// the wire (snake_case unless the spec fixes another spelling, such as the market ids).

export { currencies, type Currency } from './decimal';
export { entryKinds, sourceTypes, type EntryKind, type SourceType } from './assets';
export { errorCodes, isErrorCode, type ErrorCode } from './errors';

// Accounts and sessions

/** The app's languages; 'zh' is Traditional Chinese. */
export const languages = ['de', 'en', 'zh', 'nl', 'fr', 'ko'] as const;
export type Language = (typeof languages)[number];

export const identityStates = ['not_certified', 'under_review', 'authenticated', 'failed'] as const;
export type IdentityState = (typeof identityStates)[number];

export const restrictionKinds = [
  'frozen',
  'login_banned',
  'disabled',
  'trading_barred',
  'withdrawal_barred',
] as const;
export type RestrictionKind = (typeof restrictionKinds)[number];

/**
 * The published reasons for barring a user's withdrawals (issue 12, item 3): the user sees only the
 * listed reason, in their language, never staff's own words, so no bar can ask for a payment.
 */
export const withdrawalBarReasons = [
  'court_order',
  'sanctions_screening',
  'suspected_account_takeover',
  'fraud_investigation',
  'regulator_request',
  'account_review',
] as const;
export type WithdrawalBarReason = (typeof withdrawalBarReasons)[number];
/** A bar lasts at most this many days; renewing it takes a new request and a new approval. */
export const WITHDRAWAL_BAR_MAX_DAYS = 30;
export const withdrawalBarStates = ['pending', 'approved', 'rejected'] as const;

/** Demo (the built-in simulator, no real money) or live (a real market-data provider). */
export const siteModes = ['demo', 'live'] as const;
export type SiteMode = (typeof siteModes)[number];

// Identity documents and uploads

/** Documents whose numbers we check: the Belgian national register number (mod 97), or a passport. */
export const documentTypes = ['be_national_register', 'passport'] as const;
export type DocumentType = (typeof documentTypes)[number];

export const uploadPurposes = [
  'identity_document',
  'deposit_proof',
  'support_attachment',
  'professional_evidence',
] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

// Payment methods, deposits, withdrawals, records

export const walletNetworks = ['BTC', 'ETH', 'TRON'] as const;
export type WalletNetwork = (typeof walletNetworks)[number];

/** Scam friction (DESIGN.md §1.12): asked before these steps; the answer is recorded. */
export const scamCheckTriggers = ['first_payout_method', 'first_deposit', 'large_deposit'] as const;
export type ScamCheckTrigger = (typeof scamCheckTriggers)[number];

/** `demo`: created at first start in demo mode; its reference is no bank account and takes no real money. */
export const depositChannelKinds = ['bank_transfer', 'institutional', 'crypto', 'demo'] as const;
export type DepositChannelKind = (typeof depositChannelKinds)[number];

/** The review state of a deposit or a withdrawal. */
/** A pending deposit or withdrawal is approved or rejected by staff, or cancelled by the user. */
/** A staff list of deposits or withdrawals: all, or those past their decide-by time (the supervisors' queue). */
export const reviewQueues = ['all', 'escalated'] as const;
export type ReviewQueue = (typeof reviewQueues)[number];

export const fundStates = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type FundState = (typeof fundStates)[number];

/** What a pending withdrawal waits for. */
export const withdrawalWaits = ['staff_review', 'nothing'] as const;
export type WithdrawalWait = (typeof withdrawalWaits)[number];

export const withdrawalRuleIds = [
  'identity_verified',
  'fund_password_set',
  'fund_password_not_locked',
  'own_card',
  'not_barred',
  'minimum',
  'hours',
  'no_pending_operation',
  'funds_free',
] as const;
export type WithdrawalRuleId = (typeof withdrawalRuleIds)[number];

/** The tabs of the fund records screen. */
export const recordTabs = ['all', 'trade', 'deposit', 'withdrawal', 'exchange'] as const;
export type RecordTab = (typeof recordTabs)[number];

// Back-office

/**
 * Staff roles: `admin` (administrator: every call), `reviewer` (identities), `finance` (payments:
 * deposits, withdrawals, corrections, deposit channels), `support` (users and their restrictions),
 * `product` (reads the configuration), `auditor` (reads the audit log and the queues, changes
 * nothing). `demo_desk` is the built-in reviewer of demo mode (one account, created by the server,
 * never signed in to, never in live mode); the others are people's.
 */
export const staffRoles = [
  'admin',
  'reviewer',
  'finance',
  'support',
  'product',
  'auditor',
  'demo_desk',
] as const;
export type StaffRole = (typeof staffRoles)[number];
/** The roles an admin may give a new staff account. */
export const assignableStaffRoles = [
  'admin',
  'reviewer',
  'finance',
  'support',
  'product',
  'auditor',
] as const;

/** Who decided a review, as the user is told: a staff member, or the demo desk (demo mode only). */
export const deciders = ['staff', 'demo_desk'] as const;
export type Decider = (typeof deciders)[number];

/** A staff decision on a submission, deposit, withdrawal or correction. */
export const reviewDecisions = ['approve', 'reject'] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];

export const correctionStates = ['pending', 'applied', 'rejected'] as const;
export type CorrectionState = (typeof correctionStates)[number];

// Market data

/** The app's market switcher (stored as `stockType`). */
export const stockTypes = ['frank', 'usd', 'ETF-BEL', 'ETF-USA'] as const;
export type StockType = (typeof stockTypes)[number];
/** The market switcher and the other tabs with data. */
export const marketTabs = [...stockTypes, 'pre_market', 'after_hours', 'forex', 'crypto', 'index'] as const;
export type MarketTab = (typeof marketTabs)[number];
export const instrumentMarkets = ['frank', 'usd', 'ETF-BEL', 'ETF-USA', 'index', 'forex', 'crypto'] as const;
export type InstrumentMarket = (typeof instrumentMarkets)[number];
export const instrumentKinds = ['stock', 'etf', 'index', 'forex', 'crypto'] as const;
export type InstrumentKind = (typeof instrumentKinds)[number];
export const sessionPhases = ['pre_market', 'regular', 'after_hours', 'closed'] as const;
export type SessionPhase = (typeof sessionPhases)[number];
export const corporateActionKinds = ['dividend', 'split'] as const;
export type CorporateActionKind = (typeof corporateActionKinds)[number];

/** Chart periods (spec section 9): time-share is the one-minute line. */
export const candlePeriods = [
  'time_share',
  '5m',
  '15m',
  '30m',
  'day',
  'week',
  'month',
  'half_year',
  'year',
] as const;
export type CandlePeriod = (typeof candlePeriods)[number];
/** Chart ranges, shortest first. */
export const candleRanges = ['1d', '1w', '1m', '3m', '6m', '1y', '2y'] as const;
export type CandleRange = (typeof candleRanges)[number];
export const priceAdjustments = ['none', 'forward', 'backward'] as const;
export type PriceAdjustment = (typeof priceAdjustments)[number];
/** The longest range each period may be asked for (more would be thousands of candles). */
export const longestRangeByPeriod: Readonly<Record<CandlePeriod, CandleRange>> = {
  time_share: '1w',
  '5m': '1m',
  '15m': '3m',
  '30m': '3m',
  day: '2y',
  week: '2y',
  month: '2y',
  half_year: '2y',
  year: '2y',
};

export const listSorts = ['change', 'volume', 'turnover'] as const;
export type ListSort = (typeof listSorts)[number];
export const sortOrders = ['desc', 'asc'] as const;
export type SortOrder = (typeof sortOrders)[number];

// Trading (issue 11, DESIGN.md §5)

export const orderSides = ['buy', 'sell'] as const;
export type OrderSide = (typeof orderSides)[number];
/**
 * How an order was given. `allotment` is no ticket a user can send: it is the order an IPO allocation
 * is filled through (at the issue price, from the subscription's frozen money).
 */
export const orderTypes = ['market', 'limit', 'stop', 'stop_limit', 'trailing_stop', 'allotment'] as const;
export type OrderType = (typeof orderTypes)[number];
/** The order types a user can place on the ticket. */
export const placeableOrderTypes = ['market', 'limit', 'stop', 'stop_limit', 'trailing_stop'] as const;
export type PlaceableOrderType = (typeof placeableOrderTypes)[number];
/** Day (until the venue's close), good-till-cancelled (at most 90 days), immediate-or-cancel, fill-or-kill. */
export const timesInForce = ['day', 'gtc', 'ioc', 'fok'] as const;
export type TimeInForce = (typeof timesInForce)[number];
/** Spec §4: pending → (partially) filled, or cancelled / expired / rejected. */
export const orderStates = [
  'pending',
  'partially_filled',
  'filled',
  'cancelled',
  'expired',
  'rejected',
] as const;
export type OrderState = (typeof orderStates)[number];
/** A filled buy opens a holding; selling all of it closes it (spec §4 "holding", "closed"). */
export const positionStates = ['holding', 'closed'] as const;
export type PositionState = (typeof positionStates)[number];
/** `short`: a short sale of borrowed shares, closed by a buy-to-cover (issue 16 item 3). */
export const positionDirections = ['long', 'short'] as const;
export type PositionDirection = (typeof positionDirections)[number];
/** How a trailing stop trails the market: by a price amount or by a percentage. */
export const trailUnits = ['amount', 'percent'] as const;
export type TrailUnit = (typeof trailUnits)[number];
/**
 * The Belgian tax on stock-exchange transactions (TOB) class of an instrument: shares (and funds
 * taxed like shares), distributing or EEA-registered funds and ETFs at the reduced rate,
 * accumulating funds that carry the high rate, or none (crypto).
 */
export const tobClasses = ['shares', 'fund_reduced', 'fund_accumulating', 'none'] as const;
export type TobClass = (typeof tobClasses)[number];
/** What the estimated execution price of a ticket is based on. */
export const priceBases = ['ask', 'bid', 'last', 'limit', 'stop', 'issue'] as const;
export type PriceBasis = (typeof priceBases)[number];
/** The order lists of the trade screen: pending, filled (in full or in part), ended without a fill, all. */
export const orderListTabs = ['pending', 'filled', 'cancelled', 'all'] as const;
export type OrderListTab = (typeof orderListTabs)[number];
/** What a fee schedule row applies to: listed securities (shares, ETFs) or crypto. */
export const feeAssetClasses = ['security', 'crypto'] as const;
export type FeeAssetClass = (typeof feeAssetClasses)[number];
/** The markets whose instruments can be traded (indices and currency pairs cannot). */
export const tradableMarkets = ['frank', 'usd', 'ETF-BEL', 'ETF-USA', 'crypto'] as const;
export type TradableMarket = (typeof tradableMarkets)[number];

// Messages, support chat, price alerts and push (issue 14, items 3 and 4; issue 13, item 5)

/** What an in-app message is about; its text is rendered in the reader's language from the kind and its parameters. */
export const messageKinds = [
  'identity_approved',
  'identity_rejected',
  'deposit_credited',
  'deposit_rejected',
  'withdrawal_paid',
  'withdrawal_rejected',
  'deposit_overdue',
  'withdrawal_overdue',
  'fund_password_locked',
  'price_alert',
  'support_reply',
  'professional_approved',
  'professional_rejected',
  'order_filled',
  'margin_call',
  'margin_liquidation',
  'short_recall',
] as const;
export type MessageKind = (typeof messageKinds)[number];

/** The groups of messages a user turns push notifications on or off for. */
export const notificationKinds = [
  'identity',
  'deposits',
  'withdrawals',
  'security',
  'price_alerts',
  'support',
  'trading',
  'margin',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Price above or below a level, or the day's change (against the previous close) up or down by a percentage. */
export const priceAlertConditions = ['price_above', 'price_below', 'change_up', 'change_down'] as const;
export type PriceAlertCondition = (typeof priceAlertConditions)[number];
export const priceAlertStates = ['active', 'triggered', 'cancelled'] as const;
export type PriceAlertState = (typeof priceAlertStates)[number];

/** Who wrote a message of a support conversation. */
export const supportAuthors = ['user', 'staff'] as const;
export type SupportAuthor = (typeof supportAuthors)[number];

/** The news centre's tabs: everything, or stock price news (issue 14, item 2). */
export const newsTabs = ['hot', 'stock'] as const;
export type NewsTab = (typeof newsTabs)[number];
export * from './account-services-enums';
export * from './margin-enums';

// Offerings (issue 17, DESIGN.md §1 rules 6 and 7)

/**
 * An IPO offering's phase, from its dates and its draw: to be subscribed (before the window),
 * subscribing, subscription ended, awaiting draw (the lottery date passed, the draw not yet run),
 * drawn, listed (from the listing date).
 */
export const ipoPhases = [
  'to_be_subscribed',
  'subscribing',
  'subscription_ended',
  'awaiting_draw',
  'drawn',
  'listed',
] as const;
export type IpoPhase = (typeof ipoPhases)[number];
/** A subscription's state: the offering's phase until the draw, then allocated or not, then listed. No "payment due": the money was frozen when subscribing. */
export const ipoSubscriptionStates = [
  'subscribing',
  'subscription_ended',
  'awaiting_draw',
  'allocated',
  'not_allocated',
  'listed',
] as const;
export type IpoSubscriptionState = (typeof ipoSubscriptionStates)[number];

/**
 * A placement's (block trade's) phase: upcoming (before the window), open, closed (the window
 * passed, allocation not yet run), allocated, closed early by staff (every subscriber refunded).
 */
export const placementPhases = ['upcoming', 'open', 'closed', 'allocated', 'closed_early'] as const;
export type PlacementPhase = (typeof placementPhases)[number];
/** A placement subscription: requested (money frozen), allocated (N shares, the rest released), not allocated, refunded (closed early). */
export const placementSubscriptionStates = ['requested', 'allocated', 'not_allocated', 'refunded'] as const;
export type PlacementSubscriptionState = (typeof placementSubscriptionStates)[number];
/**
 * A strategy's rule kind, with its parameters on the strategy: fixed weights (basis points per
 * instrument, traded back to them at each run), a moving-average trend over the last N prices the
 * rule recorded, or momentum (the top K names by their rise over the last N recorded prices).
 */
export const strategyRules = ['fixed_weights', 'trend_moving_average', 'momentum_top'] as const;
export type StrategyRule = (typeof strategyRules)[number];
/** A follower's request: to follow (money frozen) or to redeem (units set aside), until the next NAV settles it. */
export const strategyRequestKinds = ['follow', 'redeem'] as const;
export type StrategyRequestKind = (typeof strategyRequestKinds)[number];
/** Pending until the NAV it waits for is struck; then settled (units issued, or cash paid). */
export const strategyRequestStates = ['pending', 'settled'] as const;
export type StrategyRequestState = (typeof strategyRequestStates)[number];
