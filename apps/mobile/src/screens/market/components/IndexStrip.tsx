import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Quote } from '../../../features/market/market-types';
import { classNames } from '../../../shell/common';
import { openStock } from './open-stock';
import { ChangePill, Price } from './PriceChange';
import styles from '../market.module.css';

/** BEL 20, CAC 40, AEX, S&P 500, Nasdaq 100, Dow Jones: a row of cards that scrolls sideways. */
export function IndexStrip({
  quotes,
  className,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { quotes: readonly Quote[]; 'data-testid'?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className={classNames(styles.indexStrip, className)} aria-label={t('market.indices')} {...rest}>
      {quotes.map((quote) => (
        <button
          key={quote.symbol}
          type="button"
          className={styles.indexCard}
          data-testid={`index-${quote.symbol}`}
          onClick={() => openStock(navigate, quote)}
        >
          <span className={styles.indexName}>{quote.name}</span>
          <Price quote={quote} className={styles.indexLatest} />
          <ChangePill quote={quote} />
        </button>
      ))}
    </section>
  );
}
