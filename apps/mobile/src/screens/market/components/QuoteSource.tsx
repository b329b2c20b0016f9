import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../app/i18n';
import type { Quote } from '../../../features/market/market-types';
import { delaySeconds, formatQuoteTime } from '../../../features/market/quote-format';
import { classNames } from '../../../shell/common';
import styles from '../market.module.css';

type Props = HTMLAttributes<HTMLParagraphElement> & {
  source: Pick<Quote, 'source' | 'delayMs' | 'isSimulated'> & { timestamp?: string | null };
  'data-testid'?: string;
};

/**
 * Where a price comes from, how late it is and when it was made (DESIGN.md §1.1), beside the price:
 * "Simulated — Beurs demo simulator · real time · 2026.11.21 14:05:09". A real vendor's name is
 * shown as the vendor gives it.
 */
export function QuoteSource({ source, className, ...rest }: Props) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const seconds = delaySeconds(source.delayMs);
  const parts = [
    source.isSimulated ? t('market.source.simulated') : source.source,
    seconds === 0
      ? t('market.source.realTime')
      : seconds % 60 === 0
        ? t('market.source.delayedMinutes', { minutes: seconds / 60 })
        : t('market.source.delayedSeconds', { seconds }),
  ];
  if (source.timestamp) parts.push(formatQuoteTime(source.timestamp, language));
  return (
    <p className={classNames(styles.quoteSource, className)} data-testid="quote-source" {...rest}>
      {parts.join(' · ')}
    </p>
  );
}
