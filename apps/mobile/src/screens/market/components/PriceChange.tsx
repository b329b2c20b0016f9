import type { HTMLAttributes } from 'react';
import { currentLanguage } from '../../../app/i18n';
import type { Quote } from '../../../features/market/market-types';
import { useColourScheme, toneClass } from '../../../features/market/price-colours';
import {
  directionOf,
  formatChangePercent,
  formatPrice,
  formatPriceWithCurrency,
} from '../../../features/market/quote-format';
import { classNames } from '../../../shell/common';
import styles from '../market.module.css';

type Native = HTMLAttributes<HTMLSpanElement> & { 'data-testid'?: string };

/**
 * A price coloured by the day's direction, in the user's up/down colours; `withCurrency` where a
 * list mixes currencies (markets, movers, watchlist).
 */
export function Price({
  quote,
  value,
  withCurrency = false,
  className,
  ...rest
}: Native & { quote: Quote; value?: string; withCurrency?: boolean }) {
  const scheme = useColourScheme();
  return (
    <span
      className={classNames('numeric', styles[toneClass(directionOf(quote.change), scheme)], className)}
      {...rest}
    >
      {(withCurrency ? formatPriceWithCurrency : formatPrice)(
        value ?? quote.latest,
        quote,
        currentLanguage(),
      )}
    </span>
  );
}

/** The change in percent as a coloured pill ("+1.45%"). */
export function ChangePill({ quote, className, ...rest }: Native & { quote: Quote }) {
  const scheme = useColourScheme();
  const tone = toneClass(directionOf(quote.changePercent), scheme);
  return (
    <span
      className={classNames(styles.changePill, 'numeric', styles[`pill-${tone}`], className)}
      data-change-pill=""
      data-tone={tone}
      {...rest}
    >
      {formatChangePercent(quote.changePercent, currentLanguage())}
    </span>
  );
}
