import type { Currency } from '@beurs/contract/decimal';
import { languageTags, type Language } from './languages';

// Formats of spec section 3: money with two decimals, `1,234.56` (en, zh, ko) or `1.234,56`
// (de, nl, fr); `€` after the value and `$` before it; dates `Y.M.D h:m:s`, with ` Uhr` in German.
// Money arrives as decimal strings ("1234.5", "-0.005") and never goes through a float: the
// digits are rounded half-up as text.

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

type Separators = { group: string; decimal: string };

const separators: Record<Language, Separators> = {
  de: { group: '.', decimal: ',' },
  nl: { group: '.', decimal: ',' },
  fr: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
  zh: { group: ',', decimal: '.' },
  ko: { group: ',', decimal: '.' },
};

/** Splits a decimal string into sign and digits, rounded half-up to `decimals` places. */
function roundDecimal(
  text: string,
  decimals: number,
): { negative: boolean; whole: string; fraction: string } {
  const match = DECIMAL.exec(text.trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) {
    throw new RangeError(`not a decimal string: ${JSON.stringify(text)}`);
  }
  const [, sign, wholeText = '', fractionText = ''] = match;
  const padded = fractionText.padEnd(decimals + 1, '0');
  let units = BigInt((wholeText || '0') + padded.slice(0, decimals));
  const nextDigit = Number(padded[decimals]);
  if (nextDigit >= 5) units += 1n;
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  const isZero = units === 0n;
  return { negative: sign === '-' && !isZero, whole, fraction };
}

function groupThousands(whole: string, group: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/** `formatMoney('1234.5', 'en')` → `1,234.50`; `formatMoney('1234.5', 'de')` → `1.234,50`. */
export function formatMoney(decimal: string, language: Language, decimals = 2): string {
  const { negative, whole, fraction } = roundDecimal(decimal, decimals);
  const { group, decimal: point } = separators[language];
  const body = groupThousands(whole, group) + (decimals > 0 ? point + fraction : '');
  return negative ? `-${body}` : body;
}

/** `€` after the value (`1.234,56 €`), `$` before it (`$1,234.56`, `-$5.00`). */
export function formatCurrency(decimal: string, currency: Currency, language: Language): string {
  const money = formatMoney(decimal, language);
  if (currency === 'EUR') return `${money} €`;
  return money.startsWith('-') ? `-$${money.slice(1)}` : `$${money}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

// Building an Intl.DateTimeFormat costs far more than using one: keep one per time zone.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/**
 * `Y.M.D h:m:s` on a 24-hour clock (`2026.11.21 14:05:09`), with ` Uhr` in German. Takes an ISO
 * string or a Date; shows the device's time zone unless `timeZone` names one.
 */
export function formatDateTime(value: string | Date, language: Language, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${String(value)}`);
  const parts = dateTimeFormat(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const text = `${part('year')}.${pad(part('month'))}.${pad(part('day'))} ${pad(part('hour'))}:${pad(part('minute'))}:${pad(part('second'))}`;
  return language === 'de' ? `${text} Uhr` : text;
}

// Error parameters (packages/contract errors.ts). Amounts travel as decimal strings with their
// decimals ("1000.00"); counts (days, a watchlist limit) as integers, which stay as they are.
const currencyParams = new Set(['available', 'withdrawable', 'limit', 'remaining', 'outstanding', 'minimum']);
const priceParams = new Set(['low', 'high']);
const timeParams = new Set(['until', 'opensAt', 'retakeFrom', 'autoCloseAt']);
const DECIMAL_FRACTION = /^-?\d+\.\d+$/;

/**
 * Formats the parameters of a refusal for display (spec section 8: "a number inside it is formatted
 * as money"): decimal amounts as money, with the currency when the refusal names one; prices keep
 * their own decimals; times as dates; integers and words unchanged.
 */
export function formatErrorParams(
  params: Record<string, unknown>,
  language: Language,
  timeZone?: string,
): Record<string, string> {
  const currency = params.currency === 'EUR' || params.currency === 'USD' ? params.currency : undefined;
  const shown: Record<string, string> = {};
  for (const [name, raw] of Object.entries(params)) {
    const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : undefined;
    if (text === undefined) continue;
    if (timeParams.has(name)) {
      shown[name] = safe(() => formatDateTime(text, language, timeZone), text);
    } else if (!DECIMAL_FRACTION.test(text)) {
      shown[name] = text;
    } else if (priceParams.has(name)) {
      shown[name] = formatMoney(text, language, Math.max(2, (text.split('.')[1] ?? '').length));
    } else if (currency && currencyParams.has(name)) {
      shown[name] = formatCurrency(text, currency, language);
    } else {
      shown[name] = formatMoney(text, language);
    }
  }
  return shown;
}

function safe(format: () => string, fallback: string): string {
  try {
    return format();
  } catch {
    return fallback;
  }
}

/** A currency rate at its own decimals ("1.162000" → "1,162000" in French and German). */
export function formatRate(rate: string, language: Language): string {
  return formatMoney(rate, language, (rate.split('.')[1] ?? '').length);
}

// One formatter per language and zone: building them is the costly part.
const zoneNames = new Map<string, string>();

/**
 * A time zone's name in the user's language instead of its IANA id: "Europe/Brussels" →
 * "Central European Time", "heure d’Europe centrale", "中歐時間"; "UTC" → "Coordinated Universal
 * Time". The id itself when the runtime does not know the zone.
 */
export function formatTimeZone(timeZone: string, language: Language): string {
  const key = `${language} ${timeZone}`;
  const known = zoneNames.get(key);
  if (known) return known;
  const nameIn = (style: 'longGeneric' | 'long') =>
    new Intl.DateTimeFormat(languageTags[language], { timeZone, timeZoneName: style })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
  let name = timeZone;
  try {
    const generic = nameIn('longGeneric');
    // A zone without a generic name (UTC) reads as an offset ("GMT+00:00"): its long name says more.
    name = (generic && !/^(GMT|UTC)[+-]/.test(generic) ? generic : nameIn('long')) ?? timeZone;
  } catch {
    name = timeZone;
  }
  zoneNames.set(key, name);
  return name;
}
