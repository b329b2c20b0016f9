import { formatMoney, type Language } from '@beurs/i18n';

// Formats of the trade screens. Numbers arrive as decimal strings and stay strings: nothing here
// turns money into a float.

/** A price at the price scale ("123.4500") with at least two decimals: "123.45", "0.0123". */
export function formatTradePrice(text: string, language: Language): string {
  const decimals = (text.split('.')[1] ?? '').replace(/0+$/, '').length;
  return formatMoney(text, language, Math.max(2, decimals));
}

/** A quantity at the asset's scale: "12" shares, "0.015" BTC (trailing zeros dropped). */
export function formatQuantity(text: string, language: Language): string {
  const decimals = (text.split('.')[1] ?? '').replace(/0+$/, '').length;
  return formatMoney(text, language, decimals);
}

/** Basis points as a percentage: 35 → "0.35 %", 132 → "1.32 %". */
export function formatBasisPoints(basisPoints: number, language: Language): string {
  const negative = basisPoints < 0;
  const digits = String(Math.abs(basisPoints)).padStart(3, '0');
  const text = `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
  // The sign stays with its number (a non-breaking space in French, as its typography asks).
  return `${formatMoney(text, language)}${language === 'fr' ? '\u00a0' : ' '}%`;
}
