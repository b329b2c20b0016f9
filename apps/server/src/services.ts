import type { Config } from './config';
import type { Clock } from './core/clock';
import type { InvalidationBus } from './core/invalidation-bus';
import type { RandomSource } from './core/random';
import type { Database } from './db/database';
import { createLedgerService } from './ledger/ledger.service';
import { openSigningKey } from './ledger/ledger-signing';
import { createMarketProvider } from './market/create-provider';
import { createMarketService } from './modules/market/market.service';
import { createCommonService } from './modules/common/common.service';
import { createAttemptLimitsService } from './modules/attempt-limits/attempt-limits.service';
import { createAuditService } from './modules/audit/audit.service';
import { createDecisionsService } from './modules/decisions/decisions.service';
import { createTwoFactorService } from './modules/two-factor/two-factor.service';
import { createRestrictionsService } from './modules/restrictions/restrictions.service';
import { createStaffAuthService } from './modules/staff-auth/staff-auth.service';
import { createStaffService } from './modules/staff/staff.service';
import { createUploadsService } from './modules/uploads/uploads.service';
import { createIdentityService } from './modules/identity/identity.service';
import { createFundPasswordService } from './modules/fund-password/fund-password.service';
import { createScamChecksService } from './modules/payment-methods/scam-checks.service';
import { createPaymentMethodsService } from './modules/payment-methods/payment-methods.service';
import { createDepositsService } from './modules/deposits/deposits.service';
import { createFundOperationsService } from './modules/fund-operations/fund-operations.service';
import { createWithdrawalsService } from './modules/withdrawals/withdrawals.service';
import { createExchangeService } from './modules/exchange/exchange.service';
import { createRecordsService } from './modules/records/records.service';
import { createCorrectionsService } from './modules/corrections/corrections.service';
import { createSessionsService } from './modules/users/sessions.service';
import { createUsersService } from './modules/users/users.service';
import { createTradingService } from './modules/trading/trading.service';
import { createReportsService } from './modules/reports/reports.service';
import { createUserSearchService } from './modules/user-search/user-search.service';
import { createDemoDeskService, type DemoDeskLog } from './modules/demo-desk/demo-desk.service';
import { createCreditService } from './modules/credit/credit.service';
import { createCheckInService } from './modules/check-in/check-in.service';
import { createProfessionalService } from './modules/professional/professional.service';
import { createMarginService } from './modules/margin/margin.service';
import { createMarginLevelService } from './modules/margin/margin-level.service';
import { createMessagesService } from './modules/messages/messages.service';
import { createSupportService } from './modules/support/support.service';
import { createPriceAlertsService } from './modules/price-alerts/price-alerts.service';
import { createNewsService } from './modules/news/news.service';
import { createOfferingsService } from './modules/offerings/offerings.service';
import { createDemoIpoService } from './modules/offerings/demo-ipo.service';
import { createIpoListingsService } from './modules/offerings/ipo-listings.service';
import { createDemoPlacementService } from './modules/placements/demo-placement.service';
import { createPlacementsService } from './modules/placements/placements.service';
import { createStrategiesService } from './modules/strategies/strategies.service';

// The composition root: every module's service is built here, once, from the injected database,
// clock, random source and configuration. Modules reach each other only through these services.

export type ServiceDeps = {
  db: Database;
  clock: Clock;
  random: RandomSource;
  config: Config;
  bus: InvalidationBus;
  /** Where services that act on their own (the demo desk) report; silent when absent. */
  log?: DemoDeskLog;
};

export function createServices(deps: ServiceDeps) {
  const { db, clock, random, config, bus, log } = deps;
  const signingKey = openSigningKey({ key: config.ledger.signingKey, keyFile: config.ledger.signingKeyFile });
  const ledger = createLedgerService({
    clock,
    sealing: { signer: signingKey.signer, deadlineMs: config.ledger.sealDeadlineMs },
  });
  const sessions = createSessionsService({
    db,
    clock,
    random,
    bus,
    sessionTtlHours: config.sessionTtlHours,
  });
  const attemptLimits = createAttemptLimitsService({ db, clock });
  const twoFactor = createTwoFactorService({ db, clock, random, attemptLimits });
  // The account overview's totals come from the trading module, built below.
  const users = createUsersService({
    db,
    clock,
    random,
    bus,
    sessions,
    ledger,
    accountTotals: (userId) => trading.accountTotals(userId),
    attemptLimits,
    twoFactor,
  });
  const common = createCommonService({ db, config });
  // In-app messages: posted by the modules that decide things, in their transactions; pushed after commit.
  const messages = createMessagesService({
    db,
    clock,
    common,
    push: config.push,
    timeZone: config.funds.timeZone,
    ...(log ? { log } : {}),
  });
  const market = createMarketService({
    db,
    clock,
    provider: createMarketProvider({ market: config.market, clock }),
  });
  const priceAlerts = createPriceAlertsService({ db, clock, market, messages, users });
  const news = createNewsService({ db, clock, market, feeds: config.newsFeeds, ...(log ? { log } : {}) });
  // The audit log names staff through the staff module, built below (it writes audit rows itself).
  // The user's trail finds the staff actions on their items through the items' modules (below).
  const audit = createAuditService({
    db,
    clock,
    staffUsernames: (ids) => staff.usernamesOf(ids),
    targetsOwnedBy: (userId) =>
      [identity, deposits, withdrawals, corrections, restrictions, professional, uploads].map((items) =>
        items.auditTargetsOwnedBy(userId),
      ),
  });
  const staffAuth = createStaffAuthService({ db, clock, random, audit, attemptLimits, twoFactor });
  const staff = createStaffService({ db, clock, audit, staffAuth });
  const uploads = createUploadsService({ db, clock, random, uploadsDir: config.uploadsDir, audit });
  const support = createSupportService({ db, clock, audit, messages, uploads, users });
  const decisions = createDecisionsService({ db, audit });
  const restrictions = createRestrictionsService({
    db,
    clock,
    audit,
    decisions,
    sessions,
    staff,
    users,
    ledger,
  });
  const identity = createIdentityService({ db, clock, decisions, messages, staff, uploads, users });
  const fundPassword = createFundPasswordService({ db, clock, identity, users, attemptLimits, messages });
  const scamChecks = createScamChecksService({ db, clock, warningListUrl: config.funds.warningListUrl });
  const paymentMethods = createPaymentMethodsService({
    db,
    clock,
    identity,
    scamChecks,
    ledger,
    secondFactor: users,
  });
  const fundOperations = createFundOperationsService({ users });
  const deposits = createDepositsService({
    db,
    clock,
    random,
    config,
    ledger,
    audit,
    decisions,
    fundOperations,
    identity,
    messages,
    restrictions,
    scamChecks,
    staff,
    uploads,
    users,
  });
  // The margin account (issue 16): the test, the disclosure, the parameters, the loan and the
  // capital transfer. Created before trading, which asks it about a ticket's leverage; it values
  // the margin side with trading's holdings (read when asked, after both exist).
  const margin = createMarginService({
    db,
    clock,
    audit,
    identity,
    market,
    users,
    rate: config.margin,
    ledger,
    holdings: {
      marginHoldings: (userId) => trading.marginHoldings(userId),
      marginHoldingsOf: (userIds) => trading.marginHoldingsOf(userIds),
    },
    recordOrders: (userId, orderIds) => trading.recordOrders(userId, orderIds),
    // Securities lending (issue 16 item 3): trading's fully paid shares for the pool, its buy-to-cover for a buy-in.
    lending: {
      config: config.margin.lending,
      fullyPaid: (executor, symbol, userIds) => trading.fullyPaidQuantities(executor, symbol, userIds),
      buyIn: (userId, symbol, quantity, key) =>
        trading.placeForRule(
          userId,
          {
            symbol,
            side: 'buy',
            direction: 'short',
            type: 'market',
            timeInForce: 'day',
            quantity,
            queueForOpen: false,
          },
          key,
        ),
    },
    messages,
    dayTrading: {
      intradayInitialBasisPoints: config.margin.intradayInitialBasisPoints,
      sellLocks: config.trading.sellLocks,
    },
  });
  const credit = createCreditService({ db, clock, ledger, users, identity, restrictions });
  const trading = createTradingService({
    margin,
    credit,
    db,
    clock,
    ledger,
    market,
    identity,
    restrictions,
    fundPassword,
    users,
    messages,
    trading: config.trading,
    fxSpreadBasisPoints: config.funds.fxSpreadBasisPoints,
    bus,
  });
  // The margin level, margin calls and liquidation (issue 16 item 4): on the ticks of held symbols.
  const marginLevel = createMarginLevelService({ db, clock, margin, messages, trading });
  const withdrawals = createWithdrawalsService({
    db,
    clock,
    config,
    ledger,
    decisions,
    fundOperations,
    identity,
    messages,
    restrictions,
    fundPassword,
    paymentMethods,
    staff,
    users,
    settlements: trading,
  });
  const demoDesk = createDemoDeskService({
    config,
    clock,
    staff,
    identity,
    deposits,
    withdrawals,
    ...(log ? { log } : {}),
  });
  const exchange = createExchangeService({
    db,
    clock,
    ledger,
    market,
    restrictions,
    users,
    random,
    spreadBasisPoints: config.funds.fxSpreadBasisPoints,
    quoteHoldSeconds: config.funds.exchangeQuoteHoldSeconds,
    quoteSecret: config.funds.exchangeQuoteSecret,
  });
  const corrections = createCorrectionsService({
    db,
    clock,
    ledger,
    audit,
    decisions,
    staff,
    users,
    thresholdMinor: config.funds.correctionThresholdMinor,
    dailyLimitMinor: config.funds.correctionDailyLimitMinor,
  });
  // Account services (issue 14): the credit line (created before trading, whose account totals
  // subtract what is owed on it), the daily check-in, the professional-client application.
  const checkIn = createCheckInService({ db, clock, users });
  const professional = createProfessionalService({
    db,
    clock,
    decisions,
    identity,
    messages,
    trading,
    uploads,
    users,
  });
  // IPO offerings (issue 17): subscriptions freeze money; the draw allots through the trading module.
  // An offering may bring a new instrument, which the simulator lists on its listing date.
  const ipoListings = createIpoListingsService({ db, clock, market });
  const offerings = createOfferingsService({
    db,
    clock,
    random,
    ledger,
    market,
    trading,
    identity,
    restrictions,
    audit,
    users,
    listings: ipoListings,
    mode: config.mode,
  });
  // In demo mode the simulator keeps one IPO open or upcoming, created through the same service.
  const demoIpo = createDemoIpoService({ config, clock, db, offerings });
  // Placements ("block trades", issue 17 item 4): the same holds and allotment fill as the IPO.
  const placements = createPlacementsService({
    db,
    clock,
    ledger,
    market,
    trading,
    identity,
    restrictions,
    audit,
    users,
    timeZone: config.funds.timeZone,
    mode: config.mode,
  });
  // In demo mode the simulator keeps one placement open or upcoming, created through the same service.
  const demoPlacement = createDemoPlacementService({ config, clock, db, market, placements });
  // Copy-following strategies (issue 17 item 5): rule sets run in accounts of their own, units at the next NAV.
  const strategies = createStrategiesService({
    db,
    clock,
    ledger,
    market,
    trading,
    identity,
    restrictions,
    users,
    audit,
  });
  // Records page the ledger's entries and ask each source's module to describe its own.
  const userSearch = createUserSearchService({ users, identity, paymentMethods });
  const reports = createReportsService({
    db,
    clock,
    ledger,
    withdrawals,
    trading,
    timeZone: config.funds.timeZone,
  });
  const records = createRecordsService({
    db,
    ledger,
    deposits,
    withdrawals,
    exchange,
    corrections,
    trading,
    credit,
    offerings,
    placements,
    strategies,
    margin,
    users,
  });
  return {
    demoDesk,
    messages,
    support,
    priceAlerts,
    news,
    ledger,
    /** Where the ledger's signing key came from (the start-up banner prints a new one once). */
    ledgerSigningKey: signingKey,
    sessions,
    attemptLimits,
    twoFactor,
    users,
    common,
    market,
    audit,
    decisions,
    staffAuth,
    staff,
    restrictions,
    uploads,
    identity,
    fundPassword,
    scamChecks,
    paymentMethods,
    fundOperations,
    deposits,
    userSearch,
    reports,
    withdrawals,
    exchange,
    records,
    corrections,
    trading,
    credit,
    checkIn,
    professional,
    margin,
    marginLevel,
    offerings,
    ipoListings,
    demoIpo,
    placements,
    demoPlacement,
    strategies,
  };
}

export type Services = ReturnType<typeof createServices>;
