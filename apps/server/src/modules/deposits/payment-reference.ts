import type { RandomSource } from '../../core/random';

// Each deposit gets its own payment reference in the Belgian structured-communication format
// (+++123/4567/89012+++): ten digits and a two-digit check, the ten mod 97 (97 when that is 0).
// Banks validate the check digits, so a mistyped reference is caught before the money leaves.

export function structuredReference(random: RandomSource): string {
  let digits = String(random.int(9) + 1);
  for (let index = 1; index < 10; index += 1) digits += String(random.int(10));
  return formatStructured(digits);
}

export function formatStructured(tenDigits: string): string {
  const remainder = Number(BigInt(tenDigits) % 97n);
  const check = String(remainder === 0 ? 97 : remainder).padStart(2, '0');
  const all = `${tenDigits}${check}`;
  return `+++${all.slice(0, 3)}/${all.slice(3, 7)}/${all.slice(7)}+++`;
}

export function isValidStructured(reference: string): boolean {
  const match = /^\+\+\+(\d{3})\/(\d{4})\/(\d{5})\+\+\+$/.exec(reference);
  if (!match) return false;
  const all = match.slice(1).join('');
  return formatStructured(all.slice(0, 10)) === reference;
}
