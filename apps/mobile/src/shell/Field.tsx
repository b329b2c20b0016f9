import { useId, type InputHTMLAttributes } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * A validation message: its key, its key with the figures it names ("The minimum is 10.00 €"), or
 * a server refusal already in the user's language (`describeError`).
 */
export type FieldMessage = string | { key: string; values: Record<string, string> } | { text: string };

/** The message in the user's language. */
export const fieldMessageText = (t: TFunction, message: FieldMessage): string =>
  typeof message === 'string'
    ? t(message)
    : 'text' in message
      ? message.text
      : t(message.key, message.values);

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: string;
  /** The validation error, shown under the input. */
  error?: FieldMessage | undefined;
  onValueChange: (value: string) => void;
};

/** A labelled input with its validation message (accessible: label, aria-invalid, describedby). */
export function Field({ label, error, onValueChange, id, className, ...input }: Props) {
  const { t } = useTranslation();
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onValueChange(event.target.value)}
        {...input}
      />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {fieldMessageText(t, error)}
        </p>
      )}
    </div>
  );
}
