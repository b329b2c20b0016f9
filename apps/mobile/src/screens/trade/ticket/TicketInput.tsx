import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../trade.module.css';

type Props = {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Already translated (a refusal's catalogued message, or a message key's text). */
  error?: string | null;
  /** Shown after the input: a currency, a percent sign. */
  suffix?: string;
  /** − and + buttons around the input. */
  onStep?: (direction: 1 | -1) => void;
  /** A button after the input ("Max"). */
  extra?: ReactNode;
  'data-testid'?: string;
};

/**
 * A number field of the ticket: `inputMode="decimal"` (the phone's decimal keypad), typed text kept
 * as a string and parsed once into minor units (ticket.ts), with optional −/+ buttons.
 */
export function TicketInput({ label, value, onValueChange, error, suffix, onStep, extra, ...rest }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field trade-field">
      <label htmlFor={id}>{label}</label>
      <div className={styles.tradeInputRow}>
        {onStep && (
          <button
            type="button"
            className={styles.tradeStep}
            aria-label={t('trade.less', { label })}
            onClick={() => onStep(-1)}
          >
            −
          </button>
        )}
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          enterKeyHint="done"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onValueChange(event.target.value)}
          data-testid={rest['data-testid']}
        />
        {suffix && <span className={styles.tradeSuffix}>{suffix}</span>}
        {onStep && (
          <button
            type="button"
            className={styles.tradeStep}
            aria-label={t('trade.more', { label })}
            onClick={() => onStep(1)}
          >
            +
          </button>
        )}
        {extra}
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
