import { useState } from 'react';

/** Validation messages (i18n keys) by field name. */
export type FieldErrors<F> = Partial<Record<keyof F & string, string>>;

/**
 * A form of text fields: its values, its validation messages, and `field(name)`, the props that
 * bind a `<Field>` to one of them (`<Field label={…} {...field('iban')} />`).
 */
export function useFormFields<F extends Record<string, string>>(initial: F | (() => F)) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const field = (name: keyof F & string) => ({
    name,
    value: form[name],
    error: errors[name],
    onValueChange: (value: string) => setForm((previous) => ({ ...previous, [name]: value })),
  });
  return { form, setForm, errors, setErrors, field };
}
