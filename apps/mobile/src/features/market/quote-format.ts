import { formatDateTime, formatMoney, languageTags, percentSuffix, type Language } from '@beurs/i18n';
import type { Quote } from './market-types';

// Prices, changes and volumes arrive as decimal strings and are formatted as text: no float on
// the way (CONVENTIONS.md "Money"). Compact figures (1.2M, 12萬) use Intl, which reads a decimal
// string exactly.

export type Direction = 'up' | 'down' | 'flat';

const ZERO = /^[+-]?0*(\.0*)?$/;

/** The direction of a signed decimal string ("-1.25" → down, "0.00" → flat). */
export function directionOf(change: string): Direction {
  if (ZERO.test(change.trim())) return 'flat';
  return change.trim().startsWith('-') ? 'down' : 'up';
}

/** Decimals shown for a price: 2, or 4 for forex and prices below 1 (XRP at 0.9504). */
export function priceDecimals(quote: Pick<Quote, 'kind' | 'latest'>): number {
  if (quote.kind === 'forex') return 4;
  const whole = quote.latest.replace(/^-/, '').split('.')[0] ?? '';
  return /^0*$/.test(whole) ? 4 : 2;
}

export function formatPrice(text: string, quote: Pick<Quote, 'kind' | 'latest'>, language: Language): string {
  return formatMoney(text, language, priceDecimals(quote));
}

/** A change with its sign: "+2.50", "-0.0197". */
export function formatSignedPrice(
  text: string,
  quote: Pick<Quote, 'kind' | 'latest'>,
  language: Language,
): string {
  const shown = formatPrice(text, quote, language);
  return directionOf(text) === 'up' ? `+${shown}` : shown;
}

/** "+1.45%", "-2.03%", "0.00%"; in French "+1,45 %" (a non-breaking space). */
export function formatChangePercent(text: string, language: Language): string {
  const shown = `${formatMoney(text, language, 2)}${percentSuffix(language)}`;
  return directionOf(text) === 'up' ? `+${shown}` : shown;
}

/** A whole count with thousands separators ("1.008.078"). */
export function formatCount(text: string, language: Language): string {
  return formatMoney(text, language, 0);
}

/** A large figure in the language's compact form: "713.7M", "7.1億", "7억". */
export function formatCompact(text: string, language: Language): string {
  const format = new Intl.NumberFormat(languageTags[language], {
    notation: 'compact',
    maximumFractionDigits: 2,
  });
  return format.format(text as Intl.StringNumericLiteral);
}

export function formatQuoteTime(timestamp: string, language: Language): string {
  return formatDateTime(timestamp, language);
}

/** Whole seconds of delay, rounded down; 0 means real time. */
export function delaySeconds(delayMs: number): number {
  return Math.floor(delayMs / 1000);
}

/** The time part of a quote's timestamp ("14:05:09"), in the device's time zone. */
export function formatClock(timestamp: string, language: Language): string {
  return formatDateTime(timestamp, 'en').split(' ')[1] ?? formatDateTime(timestamp, language);
}

/**
 * A price with its currency where lists mix EUR and USD ("52.14 €", "$67,432.10"). Index levels
 * (points) and currency-pair rates are no amount of one currency and stay bare.
 */
export function formatPriceWithCurrency(
  text: string,
  quote: Pick<Quote, 'kind' | 'latest' | 'currency'>,
  language: Language,
): string {
  const shown = formatPrice(text, quote, language);
  if (quote.kind === 'index' || quote.kind === 'forex') return shown;
  if (quote.currency === 'EUR') return `${shown} €`;
  if (quote.currency === 'USD') return shown.startsWith('-') ? `-$${shown.slice(1)}` : `$${shown}`;
  return `${shown} ${quote.currency}`;
}
