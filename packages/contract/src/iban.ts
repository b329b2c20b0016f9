import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

// Bank account rules (part of `@beurs/contract/rules`), with ibantools' country table. A module of
// its own so a screen that checks only a phone number does not load the table.

/** An IBAN in its electronic form: no spaces or separators, upper case ("BE68539007547034"). */
export const normaliseIban = (raw: string): string => electronicFormatIBAN(raw) ?? '';
/** ISO 13616: the country's length and format, and the mod-97 check digits. */
export const isValidIban = (raw: string): boolean => isValidIBAN(normaliseIban(raw));
/** A BIC without spaces, upper case. */
export const normaliseBic = (raw: string): string => raw.replace(/\s/g, '').toUpperCase();
/** ISO 9362: 8 or 11 characters with a known country. */
export const isValidBic = (raw: string): boolean => isValidBIC(normaliseBic(raw));
