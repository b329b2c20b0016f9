import { isValidBic, isValidIban, REALNAME_LENGTH } from '@beurs/contract/rules';

// The card form's checks before any call, with the server's own rules (it checks again). Values
// are message keys.

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
  if (form.holderName.trim().length < REALNAME_LENGTH.min) errors.holderName = 'bankCard.holderRequired';
  if (!isValidIban(form.iban)) errors.iban = 'bankCard.ibanInvalid';
  if (!isValidBic(form.bic)) errors.bic = 'bankCard.bicInvalid';
  if (form.bankName.trim() === '') errors.bankName = 'bankCard.bankNameRequired';
  return errors;
}
