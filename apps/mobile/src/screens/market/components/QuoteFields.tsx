import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import type { Quote } from '../../../features/market/market-types';
import { formatCompact, formatCount, formatPrice } from '../../../features/market/quote-format';
import styles from '../market.module.css';
import { classNames } from '../../../shell/common';

/** The quote fields of spec section 3: open, previous close, high, low, volume, turnover, market cap, bid, ask. */
export function QuoteFields({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const price = (value: string | null) => (value === null ? '—' : formatPrice(value, quote, language));
  const fields: [string, string][] = [
    ['open', price(quote.open)],
    ['previousClose', price(quote.previousClose)],
    ['high', price(quote.high)],
    ['low', price(quote.low)],
    ['volume', formatCount(quote.volume, language)],
    ['turnover', formatCompact(quote.turnover, language)],
    ['marketCap', quote.marketCap === null ? '—' : formatCompact(quote.marketCap, language)],
    ['bid', price(quote.bid)],
    ['ask', price(quote.ask)],
  ];
  return (
    <dl className={classNames(styles.quoteFields, 'numeric')} data-testid="quote-fields">
      {fields.map(([name, value]) => (
        <div key={name}>
          <dt>{t(`market.fields.${name}`)}</dt>
          <dd data-testid={`field-${name}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
