// The verification form's checks before any upload or call. Values are message keys.

export type AuthForm = {
  realname: string;
  documentType: 'be_national_register' | 'passport';
  documentNumber: string;
  front: Blob | null;
  back: Blob | null;
};

export type AuthFormErrors = Partial<Record<keyof AuthForm, string>>;

export function validateAuthForm(form: AuthForm): AuthFormErrors {
  const errors: AuthFormErrors = {};
  if (form.realname.trim().length < 2) errors.realname = 'authInfo.nameRequired';
  if (form.documentNumber.trim().length < 5) errors.documentNumber = 'authInfo.numberRequired';
  if (!form.front) errors.front = 'authInfo.photoRequired';
  if (!form.back) errors.back = 'authInfo.photoRequired';
  return errors;
}
