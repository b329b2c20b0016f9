import { useId, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: string;
  /** Message key of the validation error, shown under the input. */
  error?: string;
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
          {t(error)}
        </p>
      )}
    </div>
  );
}
