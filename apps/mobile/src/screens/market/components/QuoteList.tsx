import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../app/i18n';
import { ariaSort, type SortState } from '../../../features/market/list-sort';
import { listSorts, type ListSort } from '@beurs/contract/enums';
import type { Quote } from '../../../features/market/market-types';
import { formatClock, formatCompact } from '../../../features/market/quote-format';
import { classNames } from '../../../shell/common';
import { openStock } from './open-stock';
import { ChangePill, Price } from './PriceChange';
import styles from '../market.module.css';

type Props = HTMLAttributes<HTMLDivElement> & {
  quotes: readonly Quote[];
  /** With a sort, the header sorts; without one the list is shown as it comes. */
  sort?: SortState;
  onSort?: (column: ListSort) => void;
  'data-testid'?: string;
};

/** Rows of name and code, latest price, and the change (or the sorted figure); a tap opens the stock. */
export function QuoteList({ quotes, sort, onSort, className, ...rest }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = currentLanguage();
  const metric: ListSort = sort?.sort ?? 'change';
  return (
    <div className={classNames('quote-list', className)} {...rest}>
      {sort && onSort && (
        <div className={styles.sortBar} role="group" aria-label={t('market.sortBy')}>
          {listSorts.map((column) => {
            const state = ariaSort(sort, column);
            return (
              <button
                key={column}
                type="button"
                className={styles.sortButton}
                aria-pressed={state !== 'none'}
                data-sort={state}
                data-testid={`sort-${column}`}
                onClick={() => onSort(column)}
              >
                {t(`market.sort.${column}`)}
                <span aria-hidden="true">
                  {state === 'ascending' ? ' ▲' : state === 'descending' ? ' ▼' : ''}
                </span>
                {state !== 'none' && (
                  <span className="visually-hidden">
                    {' '}
                    {t(state === 'ascending' ? 'market.sort.ascending' : 'market.sort.descending')}
                  </span>
                )}
              </button>
            );
          })}
        </div>
      )}
      <ul className={styles.quoteRows}>
        {quotes.map((quote) => (
          <li key={quote.symbol}>
            <button
              type="button"
              className={styles.quoteRow}
              data-testid={`quote-row-${quote.symbol}`}
              onClick={() => openStock(navigate, quote)}
            >
              <span className={styles.quoteName}>
                <strong>{quote.name}</strong>
                <small>
                  {quote.code} ·{' '}
                  <time dateTime={quote.timestamp}>{formatClock(quote.timestamp, language)}</time>
                </small>
              </span>
              <Price
                quote={quote}
                withCurrency
                className={styles.quoteLatest}
                data-testid={`latest-${quote.symbol}`}
              />
              {metric === 'change' ? (
                <ChangePill quote={quote} />
              ) : (
                <span className={classNames(styles.quoteMetric, 'numeric')}>
                  {formatCompact(metric === 'volume' ? quote.volume : quote.turnover, language)}
                  <ChangePill quote={quote} className={styles.changePillSmall} />
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
