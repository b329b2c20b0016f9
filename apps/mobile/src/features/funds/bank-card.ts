// The card form's checks before any call (the server checks again). Values are message keys.

/** Upper case, no spaces: "be68 5390 0754 7034" → "BE68539007547034". */
export const compact = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** ISO 13616: move the first four characters to the end, letters to numbers, mod 97 must be 1. */
export function isValidIban(raw: string): boolean {
  const iban = compact(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) =>
    String(letter.charCodeAt(0) - 55),
  );
  return BigInt(digits) % 97n === 1n;
}

export const isValidBic = (raw: string) => /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compact(raw));

export type BankCardForm = {
  holderName: string;
  iban: string;
  bic: string;
  bankName: string;
  branch: string;
};
export type BankCardErrors = Partial<Record<keyof BankCardForm, string>>;

export function validateBankCard(form: BankCardForm): BankCardErrors {
  const errors: BankCardErrors = {};
  if (form.holderName.trim().length < 2) errors.holderName = 'bankCard.holderRequired';
  if (!isValidIban(form.iban)) errors.iban = 'bankCard.ibanInvalid';
  if (!isValidBic(form.bic)) errors.bic = 'bankCard.bicInvalid';
  if (form.bankName.trim() === '') errors.bankName = 'bankCard.bankNameRequired';
  return errors;
}
