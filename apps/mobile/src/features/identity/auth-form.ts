import type { DocumentType } from '@beurs/contract/enums';
import { DOCUMENT_NUMBER_LENGTH, REALNAME_LENGTH } from '@beurs/contract/rules';
import type { FieldMessage } from '../../shell/Field';

// The verification form's checks before any upload or call. Values are message keys.

export type AuthForm = {
  realname: string;
  documentType: DocumentType;
  documentNumber: string;
  front: Blob | null;
  back: Blob | null;
};

export type AuthFormErrors = Partial<Record<keyof AuthForm, FieldMessage>>;

export function validateAuthForm(form: AuthForm): AuthFormErrors {
  const errors: AuthFormErrors = {};
  if (form.realname.trim().length < REALNAME_LENGTH.min) errors.realname = 'authInfo.nameRequired';
  if (form.documentNumber.trim().length < DOCUMENT_NUMBER_LENGTH.min) {
    errors.documentNumber = 'authInfo.numberRequired';
  }
  if (!form.front) errors.front = 'authInfo.photoRequired';
  if (!form.back) errors.back = 'authInfo.photoRequired';
  return errors;
}
