import type { Currency } from '@beurs/contract/decimal';
import { parseTypedDecimal, scales } from '@beurs/contract/decimal';
import type {
  OrderSide,
  PlaceableOrderType as OrderType,
  TimeInForce,
  TrailUnit,
} from '@beurs/contract/enums';
import { TRADING_LIMITS } from '@beurs/contract/rules';

// The order ticket's form (issue 11, stockDetailBuy): what the user typed, checked before any call,
// turned into the contract's ticket (decimal strings, only the fields the order type takes), and
// the refusals of spec §8 placed at the field they concern. Values of `errors` are message keys.

export type Sizing = 'quantity' | 'amount';

export type TicketForm = {
  side: OrderSide;
  type: OrderType;
  /** Shares (or crypto units) typed, or — buys only — an amount of cash to spend. */
  sizing: Sizing;
  quantity: string;
  amount: string;
  limitPrice: string;
  stopPrice: string;
  trailUnit: TrailUnit;
  trail: string;
  timeInForce: TimeInForce;
  /** GTC: the last day the order lives (YYYY-MM-DD); empty = the longest allowed. */
  expiresOn: string;
  payCurrency: Currency;
  queueForOpen: boolean;
  /** Buys on margin: "1.00" (cash only) up to the instrument's cap; only an open margin account offers more. */
  leverage: string;
  /** A day trade (issue 16 item 5): a market buy on the day-trading list, closed at the auto-close time. */
  intraday: boolean;
  /** A short sale, or on a buy a buy-to-cover (issue 16 item 3): a market order for a quantity. */
  short: boolean;
};

export type TicketField = 'quantity' | 'amount' | 'limitPrice' | 'stopPrice' | 'trail' | 'expiresOn';
export type TicketErrors = Partial<Record<TicketField, string>>;

/** The ticket as the contract takes it (orderTicketRequest), amounts and prices as decimal strings. */
export type TicketRequest = {
  symbol: string;
  side: OrderSide;
  type: OrderType;
  quantity?: string;
  amount?: string;
  limitPrice?: string;
  stopPrice?: string;
  trailAmount?: string;
  trailPercent?: string;
  timeInForce: TimeInForce;
  expiresOn?: string;
  payCurrency: Currency;
  queueForOpen: boolean;
  leverage?: string;
  intraday?: boolean;
  direction?: 'short';
};

export const needsLimitPrice = (type: OrderType) => type === 'limit' || type === 'stop_limit';
export const needsStopPrice = (type: OrderType) => type === 'stop' || type === 'stop_limit';

/** Times in force an order type may take: a market order fills at once or at the open, never GTC. */
export const timesInForceFor = (type: OrderType): readonly TimeInForce[] =>
  type === 'market' ? ['day', 'ioc', 'fok'] : ['day', 'gtc', 'ioc', 'fok'];

export function emptyTicket(side: OrderSide, payCurrency: Currency): TicketForm {
  return {
    side,
    type: 'market',
    sizing: 'quantity',
    quantity: '',
    amount: '',
    limitPrice: '',
    stopPrice: '',
    trailUnit: 'amount',
    trail: '',
    timeInForce: 'day',
    expiresOn: '',
    payCurrency,
    queueForOpen: false,
    leverage: '1.00',
    intraday: false,
    short: false,
  };
}

/** The leverages the ticket offers up to an instrument's cap ("2.00", "1.66"): 1.00, 1.25, 1.50, the cap. */
export function leverageChoices(cap: string | null): string[] {
  if (cap === null) return ['1.00'];
  const hundredths = (text: string) => Number(text.replace('.', ''));
  const steps = ['1.00', '1.25', '1.50', '1.75'].filter((step) => hundredths(step) < hundredths(cap));
  return [...steps, cap];
}

/**
 * A quantity from the server ("10", "2.50000000") as the ticket's field shows it: trailing zeros
 * of the decimals dropped ("10", "2.5"), never those of a whole number.
 */
export const typedQuantity = (text: string): string =>
  text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;

/** A typed number in minor units at `scale` ("12,5" and "12.5" both read), or null. */
const typed = (text: string, scale: number) => parseTypedDecimal(text, scale);

/** Minor units back to the wire's decimal string, trailing zeros kept to at most `scale`. */
function wire(minor: bigint, scale: number): string {
  if (scale === 0) return minor.toString();
  const digits = minor.toString().padStart(scale + 1, '0');
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  const whole = digits.slice(0, -scale);
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * Checks the form and builds the ticket. `quantityScale` is the instrument's (0 for shares, 8 for
 * crypto): a share count with decimals is refused here as the server would (QUANTITY_NOT_WHOLE_LOTS).
 */
export function buildTicket(
  symbol: string,
  form: TicketForm,
  quantityScale: number,
): { request: TicketRequest; errors: TicketErrors } {
  const errors: TicketErrors = {};
  const request: TicketRequest = {
    symbol,
    side: form.side,
    type: form.type,
    timeInForce: timesInForceFor(form.type).includes(form.timeInForce) ? form.timeInForce : 'day',
    payCurrency: form.payCurrency,
    queueForOpen: form.queueForOpen,
  };
  if (form.side === 'buy' && form.leverage !== '1.00') request.leverage = form.leverage;
  // A day trade is a market buy (the server refuses any other as VALIDATION_FAILED).
  if (form.side === 'buy' && form.intraday) {
    request.intraday = true;
    request.type = 'market';
  }
  // A short sale or buy-to-cover is a market order for a quantity, without leverage or day trade.
  if (form.short) {
    request.direction = 'short';
    request.type = 'market';
    request.timeInForce = 'day';
    delete request.leverage;
    delete request.intraday;
  }
  if (form.sizing === 'amount' && form.side === 'buy' && !form.short) {
    const amount = typed(form.amount, scales.cash);
    if (amount === null || amount <= 0n) errors.amount = 'trade.errors.amount';
    else request.amount = formatAmount(amount);
  } else {
    const quantity = typed(form.quantity, TRADING_LIMITS.quantityDecimalsMax);
    const scaleFactor = 10n ** BigInt(TRADING_LIMITS.quantityDecimalsMax - quantityScale);
    if (quantity === null || quantity <= 0n) errors.quantity = 'trade.errors.quantity';
    else if (quantity % scaleFactor !== 0n) errors.quantity = 'trade.errors.wholeLots';
    else if (quantity / 10n ** BigInt(TRADING_LIMITS.quantityDecimalsMax) >= 10n ** 9n)
      errors.quantity = 'trade.errors.quantity';
    else request.quantity = wire(quantity / scaleFactor, quantityScale);
  }
  const price = (field: 'limitPrice' | 'stopPrice') => {
    const minor = typed(form[field], scales.price);
    if (minor === null || minor <= 0n) errors[field] = 'trade.errors.price';
    else request[field] = wire(minor, scales.price);
  };
  // The order's type as sent (a short or a day trade is a market order whatever was chosen).
  if (needsLimitPrice(request.type)) price('limitPrice');
  if (needsStopPrice(request.type)) price('stopPrice');
  if (request.type === 'trailing_stop') {
    if (form.trailUnit === 'amount') {
      const minor = typed(form.trail, scales.price);
      if (minor === null || minor <= 0n) errors.trail = 'trade.errors.price';
      else request.trailAmount = wire(minor, scales.price);
    } else {
      const hundredths = typed(form.trail, 2);
      if (
        hundredths === null ||
        hundredths <= 0n ||
        hundredths > BigInt(TRADING_LIMITS.trailPercentMax) * 100n
      )
        errors.trail = 'trade.errors.trailPercent';
      else request.trailPercent = wire(hundredths, 2);
    }
  }
  if (request.timeInForce === 'gtc' && form.expiresOn !== '') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(form.expiresOn)) request.expiresOn = form.expiresOn;
    else errors.expiresOn = 'trade.errors.expiresOn';
  }
  return { request, errors };
}

/** A cash amount on the wire: two decimals ("500.00"). */
function formatAmount(minor: bigint): string {
  const digits = minor.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The latest GTC expiry day the user may pick (today + TRADING_LIMITS.gtcDaysMax, local calendar). */
export function latestExpiry(now: Date): string {
  const last = new Date(now.getFullYear(), now.getMonth(), now.getDate() + TRADING_LIMITS.gtcDaysMax);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${last.getFullYear()}-${pad(last.getMonth() + 1)}-${pad(last.getDate())}`;
}

/**
 * Where a catalogued refusal belongs on the ticket: the field it concerns, or `form` for the line
 * above the confirm button (market closed, no price, identity, trading bar…), or `pin` for the
 * confirm sheet's fund password.
 */
export function fieldOfRefusal(
  code: string,
  form: Pick<TicketForm, 'type' | 'sizing' | 'side'>,
): TicketField | 'pin' | 'form' {
  const sizeField: TicketField = form.sizing === 'amount' && form.side === 'buy' ? 'amount' : 'quantity';
  switch (code) {
    case 'QUANTITY_NOT_WHOLE_LOTS':
    case 'INSUFFICIENT_POSITION':
    case 'POSITION_LOCKED':
    case 'SELL_LOCKED_DAYS':
    case 'SELL_LOCKED_MINUTES':
      return 'quantity';
    case 'BELOW_PRODUCT_MINIMUM':
    case 'INSUFFICIENT_AVAILABLE':
    case 'INSUFFICIENT_BALANCE':
      return sizeField;
    case 'PRICE_LIMIT_EXCEEDED':
    case 'PRICE_NOT_POSITIVE':
      return form.type === 'trailing_stop'
        ? 'trail'
        : needsLimitPrice(form.type)
          ? 'limitPrice'
          : 'stopPrice';
    case 'ORDER_EXPIRY_OUT_OF_RANGE':
      return 'expiresOn';
    case 'WRONG_FUND_PASSWORD':
    case 'FUND_PASSWORD_LOCKED':
      return 'pin';
    default:
      return 'form';
  }
}
