import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import type { Quote } from '../../../features/market/market-types';
import { toneClass, useColourScheme } from '../../../features/market/price-colours';
import { directionOf, formatChangePercent, formatSignedPrice } from '../../../features/market/quote-format';
import type { StreamStatus } from '../../../features/market/quote-stream';
import { Price } from './PriceChange';
import { QuoteSource } from './QuoteSource';
import { StreamBadge } from './StreamBadge';
import { classNames } from '../../../shell/common';
import styles from '../market.module.css';

/** Name, code and market; the latest price with its change; its source, delay and time. */
export function QuoteHeader({ quote, streamStatus }: { quote: Quote; streamStatus: StreamStatus }) {
  const { t } = useTranslation();
  const scheme = useColourScheme();
  const language = currentLanguage();
  const tone = toneClass(directionOf(quote.change), scheme);
  return (
    <header className={styles.quoteHeader} data-testid="quote-header">
      <div className={styles.quoteTitle}>
        <h2 data-testid="stock-name">{quote.name}</h2>
        <p>
          <span data-testid="stock-code">{quote.code}</span> · {quote.exchange} · {quote.currency}
          <span
            className={classNames(styles.sessionBadge, styles[`session-${quote.session}`])}
            data-testid="session"
          >
            {t(`market.session.${quote.session}`)}
          </span>
        </p>
      </div>
      <div className={styles.quotePriceLine}>
        <Price quote={quote} className={styles.quotePrice} data-testid="stock-price" />
        <span className={classNames('numeric', styles[tone])} data-testid="stock-change">
          {formatSignedPrice(quote.change, quote, language)} (
          {formatChangePercent(quote.changePercent, language)})
        </span>
      </div>
      <div className={styles.listCaption}>
        <QuoteSource source={quote} data-testid="stock-source" />
        <StreamBadge status={streamStatus} />
      </div>
    </header>
  );
}
