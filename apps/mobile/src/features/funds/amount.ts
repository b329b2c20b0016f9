// Money typed by the user becomes a decimal string once, here, and is compared in minor units
// (bigint): never a float (DESIGN.md §2 "Data"). Cash has two decimals.

const SCALE = 2;

/** "100", "100.5", "100,50" → "100.00", "100.50"; anything else (signs, exponents, 3 decimals) → null. */
export function parseAmountInput(text: string): string | null {
  const match = /^(\d{1,12})(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').padEnd(SCALE, '0');
  return `${whole}.${fraction}`;
}

/** "1234.56" → 123456n. */
export function toMinor(decimal: string): bigint {
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction = ''] = decimal.replace('-', '').split('.');
  const minor = BigInt(whole) * 10n ** BigInt(SCALE) + BigInt(fraction.padEnd(SCALE, '0').slice(0, SCALE));
  return negative ? -minor : minor;
}

/** 123456n → "1234.56". */
export function fromMinor(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const absolute = minor < 0n ? -minor : minor;
  const text = absolute.toString().padStart(SCALE + 1, '0');
  return `${sign}${text.slice(0, -SCALE)}.${text.slice(-SCALE)}`;
}

/** What reaches the card: the fee comes out of the amount withdrawn, never on top. */
export const payoutOf = (amount: string, fee: string): string => fromMinor(toMinor(amount) - toMinor(fee));

/** A fresh idempotency key for one user action (docs/identity-and-money.md). */
export const newIdempotencyKey = (): string => crypto.randomUUID();
