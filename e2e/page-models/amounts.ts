import { formatMoney, type Language } from '@beurs/i18n';

// Amounts as the app shows them ("1,234.50 €" in English, "1.234,50 €" in German, "-$12.00") read
// back as plain decimal strings ("1234.50", "-12.00") to compare with the server's figures.

/** The decimal mark of a language, from the formatter the app itself uses. */
export const decimalMark = (language: Language): string =>
  formatMoney('1.5', language, 1).replace(/[0-9]/g, '');

/** "1.234,50 €" (de) → "1234.50"; a minus sign (- or −) is kept; null when there is no number. */
export function readAmount(text: string | null, language: Language): string | null {
  if (text === null) return null;
  const mark = decimalMark(language);
  const negative = /[-−]/.test(text);
  const kept = text.replace(new RegExp(`[^0-9${mark === ',' ? ',' : '.'}]`, 'g'), '');
  if (!/\d/.test(kept)) return null;
  const plain = mark === ',' ? kept.replace(',', '.') : kept;
  return `${negative ? '-' : ''}${plain}`;
}

/** A decimal string in minor units at `scale` decimals ("12.5", 2 → 1250n). */
export function minorUnits(text: string, scale = 2): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace(/^-/, '').split('.');
  const minor =
    BigInt(whole) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0').slice(0, scale) || '0');
  return negative ? -minor : minor;
}

/** Minor units back to a decimal string ("-1250n, 2" → "-12.50"). */
export function decimalOf(minor: bigint, scale = 2): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(scale + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}
