import type { documentTypes } from '@beurs/contract';

// ID numbers checked per document type. The Belgian national register number (rijksregisternummer,
// numéro de registre national) is YYMMDD-SSS-CC: CC = 97 − (first nine digits mod 97), and for
// people born from 2000 on the nine digits are prefixed with 2 before the division.

export type DocumentType = (typeof documentTypes)[number];

/** The number in its stored form (digits only, or upper-case letters and digits), or null if invalid. */
export function normaliseDocumentNumber(type: DocumentType, raw: string): string | null {
  if (type === 'be_national_register') {
    if (!/^[\d.\s-]+$/.test(raw)) return null;
    const digits = raw.replace(/\D/g, '');
    return isValidBelgianNationalNumber(digits) ? digits : null;
  }
  const passport = raw.replace(/\s/g, '').toUpperCase();
  return /^[A-Z0-9]{6,9}$/.test(passport) && /\d/.test(passport) ? passport : null;
}

export function isValidBelgianNationalNumber(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const body = BigInt(digits.slice(0, 9));
  const check = BigInt(digits.slice(9));
  const expected = (value: bigint) => 97n - (value % 97n);
  return check === expected(body) || check === expected(2_000_000_000n + body);
}

/** Shown to the user: the first 6 and the last 1 characters (spec section 9). */
export function maskDocumentNumber(number: string): string {
  if (number.length <= 7) return number;
  return `${number.slice(0, 6)}${'*'.repeat(number.length - 7)}${number.slice(-1)}`;
}
