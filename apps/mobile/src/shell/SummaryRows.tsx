import type { HTMLAttributes, ReactNode } from 'react';
import { classNames } from './common';

export type SummaryRow = {
  key: string;
  label: string;
  value: ReactNode;
  testId?: string;
  /** The figure the others add up to: set off by a rule above it and larger. */
  isTotal?: boolean;
  /** Text that may wrap (a card or an address) rather than a figure kept on one line. */
  isText?: boolean;
};

type Props = HTMLAttributes<HTMLDListElement> & { rows: SummaryRow[]; 'data-testid'?: string };

/**
 * Label-left, value-right lines of a money summary (a withdrawal to confirm, an exchange quote):
 * values right-aligned in tabular figures so amounts line up, long labels wrap beside them.
 */
export function SummaryRows({ rows, className, ...rest }: Props) {
  return (
    <dl className={classNames('summary-rows', className)} {...rest}>
      {rows.map((row) => (
        <div
          key={row.key}
          className={classNames('summary-row', row.isTotal && 'summary-total', row.isText && 'summary-text')}
        >
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
