import { tradeEndpoints, type DataOf } from '@beurs/contract';

// Fixtures of the trade screens, typed by endpoint and checked against the contract's response
// schema when built: a fixture that drifts from the contract fails the test that uses it.

type Trade = typeof tradeEndpoints;
type Key = keyof Trade;

/** Checks `data` against the answer schema of the trade endpoint `key` and gives it back. */
export function checked<K extends Key>(key: K, data: DataOf<Trade[K]>): DataOf<Trade[K]> {
  const result = tradeEndpoints[key].data.safeParse(data);
  if (!result.success) {
    throw new Error(
      `the ${String(key)} fixture does not match the contract: ${result.error.issues
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ')}`,
    );
  }
  return data;
}

export type Preview = DataOf<Trade['preview']>;

/** KBC.BR, 10 shares at the ask 52.16: fee at its minimum 2.50, TOB 0.35 %, paid in EUR. */
export const kbcPreview = (patch: Partial<Preview> = {}): Preview =>
  checked('preview', {
    symbol: 'KBC.BR',
    code: 'KBC',
    name: 'KBC Group',
    market: 'frank',
    currency: 'EUR',
    side: 'buy',
    type: 'market',
    timeInForce: 'day',
    quantity: '10',
    quantityScale: 0,
    lotSize: 1,
    requestedAmount: null,
    isRoundedDown: false,
    price: '52.1600',
    priceBasis: 'ask',
    quote: {
      bid: '52.1200',
      ask: '52.1600',
      last: '52.1400',
      previousClose: '51.1400',
      source: 'Beurs simulator (demo)',
      delayMs: 0,
      timestamp: '2026-11-20T10:29:59.000Z',
      isSimulated: true,
    },
    gross: '521.60',
    fee: { basisPoints: 10, minimum: '2.50', amount: '2.50', isMinimum: true },
    tob: {
      class: 'shares',
      rateBasisPoints: 35,
      base: '521.60',
      amount: '1.83',
      cap: '1600.00',
      capEur: '1600.00',
      isCapped: false,
    },
    totalInTradeCurrency: '525.93',
    fx: null,
    payCurrency: 'EUR',
    total: '525.93',
    available: '1000.00',
    cashLeft: '474.07',
    reserve: '525.93',
    session: {
      phase: 'regular',
      isOpen: true,
      opensAt: null,
      closesAt: '2026-11-20T16:30:00.000Z',
      timeZone: 'Europe/Brussels',
    },
    willQueueForOpen: false,
    sellLock: { days: 1, minutes: 0 },
    settlementDays: 2,
    collar: { low: '46.9300', high: '57.3500', reference: '52.1400', percent: 10 },
    expiresAt: '2026-11-20T16:30:00.000Z',
    margin: null,
    ...patch,
  });

export const feesFixture = () =>
  checked('fees', {
    schedule: [
      {
        assetClass: 'security',
        basisPoints: 10,
        minimum: [
          { currency: 'EUR', amount: '2.50' },
          { currency: 'USD', amount: '2.50' },
        ],
      },
      { assetClass: 'crypto', basisPoints: 50, minimum: [{ currency: 'USD', amount: '1.00' }] },
    ],
    tob: [
      { class: 'shares', rateBasisPoints: 35, capEur: '1600.00' },
      { class: 'fund_reduced', rateBasisPoints: 12, capEur: '1300.00' },
      { class: 'fund_accumulating', rateBasisPoints: 132, capEur: '4000.00' },
    ],
    fxSpreadBasisPoints: 50,
    marketBuyBufferBasisPoints: 500,
    markets: [
      {
        market: 'frank',
        settlementDays: 2,
        sellLock: { days: 0, minutes: 0 },
        collarPercent: 10,
        tobClasses: ['shares'],
      },
      {
        market: 'ETF-BEL',
        settlementDays: 2,
        sellLock: { days: 0, minutes: 30 },
        collarPercent: 10,
        tobClasses: ['fund_reduced', 'fund_accumulating'],
      },
      {
        market: 'crypto',
        settlementDays: 0,
        sellLock: { days: 0, minutes: 0 },
        collarPercent: 20,
        tobClasses: ['none'],
      },
    ],
  });

export type Order = DataOf<Trade['order']>;
export type Position = DataOf<Trade['positions']>['items'][number];

/** A market buy of 10 KBC filled at 52.16 with its fee, TOB voucher and quote source. */
export const kbcOrder = (patch: Partial<Order> = {}): Order =>
  checked('order', {
    id: '7',
    symbol: 'KBC.BR',
    code: 'KBC',
    name: 'KBC Group',
    market: 'frank',
    currency: 'EUR',
    side: 'buy',
    type: 'market',
    timeInForce: 'day',
    direction: 'long',
    leverage: 1,
    leverageRatio: '1.00',
    quantity: '10',
    filledQuantity: '10',
    limitPrice: null,
    stopPrice: null,
    trail: null,
    payCurrency: 'EUR',
    reserved: '0.00',
    state: 'filled',
    reason: null,
    expiresAt: null,
    createdAt: '2026-11-20T10:30:00.000Z',
    filledAt: '2026-11-20T10:30:00.000Z',
    cancelledAt: null,
    expiredAt: null,
    rejectedAt: null,
    fills: [
      {
        id: '11',
        quantity: '10',
        price: '52.1600',
        priceBasis: 'ask',
        quoteSource: 'Beurs simulator (demo)',
        quoteTimestamp: '2026-11-20T10:29:59.000Z',
        gross: '521.60',
        fee: '2.50',
        tob: {
          class: 'shares',
          rateBasisPoints: 35,
          base: '521.60',
          amount: '1.83',
          cap: '1600.00',
          capEur: '1600.00',
          isCapped: false,
        },
        fx: null,
        total: '525.93',
        payCurrency: 'EUR',
        entryId: '41',
        settlesOn: null,
        createdAt: '2026-11-20T10:30:00.000Z',
      },
    ],
    ...patch,
  });

/** A pending limit sell of 10 KBC at 57.00, good till cancelled. */
export const pendingSell = (): Order =>
  kbcOrder({
    id: '8',
    side: 'sell',
    type: 'limit',
    timeInForce: 'gtc',
    limitPrice: '57.0000',
    filledQuantity: '0',
    reserved: '10',
    state: 'pending',
    expiresAt: '2027-02-18T16:30:00.000Z',
    createdAt: '2026-11-20T10:35:00.000Z',
    filledAt: null,
    fills: [],
  });

export const kbcHolding = (patch: Partial<Position> = {}): Position => ({
  id: '3',
  symbol: 'KBC.BR',
  code: 'KBC',
  name: 'KBC Group',
  market: 'frank',
  currency: 'EUR',
  direction: 'long',
  leverage: 1,
  state: 'holding',
  quantity: '10',
  availableQuantity: '10',
  averageCost: '52.1600',
  costBasis: '521.60',
  lastPrice: '52.1400',
  marketValue: '521.40',
  unrealisedPnl: '-0.20',
  unrealisedPnlEur: '-0.20',
  realisedPnl: '0.00',
  realisedPnlEur: '0.00',
  todayChange: '10.00',
  lockedUntil: null,
  margin: null,
  isLiquidating: false,
  openedAt: '2026-11-20T10:30:00.000Z',
  closedAt: null,
  ...patch,
});

export const positionPage = (items: Position[]) => checked('positions', { total: items.length, items });
export const orderPage = (items: Order[]) => checked('orders', { total: items.length, items });
export const kbcPositionDetail = (orders: Order[] = [pendingSell(), kbcOrder()]) =>
  checked('position', {
    ...kbcHolding(),
    lots: [{ quantity: '10', price: '52.1600', openedAt: '2026-11-20T10:30:00.000Z', fillId: '11' }],
    orders,
  });
